/** Fresh data for the checkout specs: a new member registered through the sandbox (SMS hook), with company information or without, and goods of two shops. */
import type { Page } from '@playwright/test';
import { encryptCredential } from '#sandbox/rsa.ts';
import { goods } from '#sandbox/seed/goods.ts';
import { PNG_HEADER } from '#scripts/lib/sandbox-client.ts';
import { loginToken, sandboxGet, sandboxPost } from './sandbox.ts';

export const PASSWORD = 'Gas@2026pass';
/** 5N nitrogen in a 40L cylinder (shop 1, ¥180, cylinder deposit ¥600). */
export const N2 = 100101;
/** A well-stocked SKU of the second shop. */
export const OTHER_SHOP_SKU = goods
  .find((g) => g.shop_id === 2 && g.marketEnable === 1 && g.skus.some((s) => s.stock >= 50))!
  .skus.find((s) => s.stock >= 50)!.sku_id;
/** A small PNG header: the upload tells the type by its first bytes. */
export const PNG = PNG_HEADER;

/** A phone number no other spec uses: 13x with a random tail. */
export const freshPhone = (): string => `13${Math.floor(Math.random() * 10)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Registers a new member and logs them in; with `company` its company information is uploaded, so it may order. */
export async function newMember(company: boolean): Promise<{ phone: string; token: string }> {
  const phone = freshPhone();
  await sandboxPost('/sms/send', { phone, type: 'register' });
  const { code } = await sandboxGet<{ code: string }>(`/__sandbox/sms?phone=${phone}`);
  const privacy = await sandboxGet<{ id: number }[]>('/wsPrivacy?isDisplay=1');
  await sandboxPost('/register', {
    account: encryptCredential(phone),
    password: encryptCredential(PASSWORD),
    captcha: code,
    wsPrivacyLogList: privacy.map((p) => ({ privacyId: p.id, createDate: '2026-11-22 10:00:00' })),
  });
  const token = await loginToken(phone, PASSWORD);
  if (company) {
    const { url } = await sandboxPost<{ url: string }>('/api/upload', { name: '营业执照.png', data: PNG.toString('base64') }, token);
    await sandboxPost(
      '/member/company',
      { companyName: '苏州工业园区测试气体用户有限公司', taxNo: '91320594MA1PTEST8X', licenseUrl: url, contact: '李工', phone },
      token,
    );
  }
  return { phone, token };
}

/** Puts a line in the member's cart (or the buy-now line). */
export const addToCart = (token: string, sku_id: number, num: number, way: 'CART' | 'BUY_NOW' = 'CART') =>
  sandboxPost('/cart/add', { sku_id, num, way }, token);

/** The member's orders, newest first. */
export const ordersOf = (token: string) =>
  sandboxGet<{ list: { sn: string; orderId: number; status: string; payable: number }[]; total: number }>('/order/list?pageSize=50', token);

/** The confirm form hydrates on the member's first move (client:interaction): move, then wait until React owns it. */
export async function untilHydrated(page: Page): Promise<void> {
  await page.mouse.move(20, 20);
  await page.mouse.move(40, 60);
  await page.locator('astro-island[component-url*="ConfirmOrder"]:not([ssr])').waitFor({ state: 'attached' });
}
