/** e2e helpers of the cart specs: a freshly registered member (so no spec depends on another's cart), their cart through the sandbox, and the sandbox's fault hook. */
import type { BrowserContext, Page } from '@playwright/test';
import { encryptCredential } from '#sandbox/rsa.ts';
import type { CartList } from '#src/shared/api/contract/cart.ts';
import { sandboxGet, sandboxPost, signIn } from './sandbox.ts';

const PASSWORD = 'Gas@2026pass';
const ALL_PRIVACY = [1, 2, 3].map((privacyId) => ({ privacyId, createDate: '2026-03-02 10:00:00' }));

/** A phone number no other run used: 13x plus the time and a random tail. */
const freshPhone = () => `137${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

/** Registers a new member through the sandbox (SMS code read from its hook), signs them in the browser and returns their token. */
export async function freshMember(context: BrowserContext, baseURL: string): Promise<string> {
  const phone = freshPhone();
  await sandboxPost('/sms/send', { phone, type: 'register' });
  const { code } = await sandboxGet<{ code: string }>(`/__sandbox/sms?phone=${phone}`);
  await sandboxPost('/register', {
    account: encryptCredential(phone),
    password: encryptCredential(PASSWORD),
    captcha: code,
    wsPrivacyLogList: ALL_PRIVACY,
  });
  return signIn(context, baseURL, phone);
}

export const serverCart = (token: string): Promise<CartList> => sandboxGet<CartList>('/cart/list', token);

export const serverAdd = (token: string, sku_id: number, num = 1): Promise<CartList> =>
  sandboxPost<CartList>('/cart/add', { sku_id, num, way: 'CART' }, token);

/** Slows (or fails) the next `count` sandbox calls; `reset` clears. */
export const faults = (f: { latencyMs?: number; failRate?: number; status?: number; count?: number } | { reset: true }) =>
  sandboxPost('/__sandbox/faults', f);

/** Hovers the cart page so its island hydrates (client:interaction), and waits until it has (Astro drops the `ssr` attribute then). */
export async function hydrated(page: Page, selector = 'astro-island[component-url*="CartPage"]'): Promise<void> {
  await page.locator('.cart-wrap h1').hover();
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((el) => !el.hasAttribute('ssr')), selector);
}

/** The line of a SKU on the cart page. */
export const pageLine = (page: Page, skuId: number) => page.locator(`.cart-page li[data-sku="${skuId}"]`);
