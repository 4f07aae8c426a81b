/** e2e helpers of the member centre specs: fresh members registered through the sandbox API, their orders, and waiting for islands to hydrate. */
import { expect, type BrowserContext, type Page } from './fixtures.ts';
import { encryptCredential } from '#sandbox/rsa.ts';
import { putSession, REGION } from '#scripts/lib/sandbox-client.ts';
import { loginToken, sandboxGet, sandboxPost, sandboxUrl } from './sandbox.ts';

export const PASSWORD = 'Gas@2026pass';
export { REGION };
/** 高纯氮气 40L: a seeded SKU with stock and a cylinder deposit. */
export const N2_SKU = 100101;

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d = new Date()) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** Registers a new member the way the register dialog does (SMS code, all privacy items, encrypted credentials) and returns its phone and token. */
export async function freshMember(): Promise<{ phone: string; token: string }> {
  const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await sandboxPost('/sms/send', { phone, type: 'register' });
  const { code } = await sandboxGet<{ code: string }>(`/__sandbox/sms?phone=${phone}`);
  const privacy = await sandboxGet<{ id: number }[]>('/wsPrivacy?isDisplay=1');
  await sandboxPost('/register', {
    account: encryptCredential(phone),
    password: encryptCredential(PASSWORD),
    captcha: code,
    wsPrivacyLogList: privacy.map((p) => ({ privacyId: p.id, createDate: stamp() })),
  });
  return { phone, token: await loginToken(phone, PASSWORD) };
}

/** A member with company information and an address, ready to order. */
export async function orderingMember(): Promise<{ phone: string; token: string; addressId: number }> {
  const m = await freshMember();
  await sandboxPost(
    '/member/company',
    {
      companyName: '苏州测试气体用户有限公司',
      taxNo: '91320506MA1N2QK83W',
      licenseUrl: '/uploads/licence.png',
      contact: '测试',
      phone: m.phone,
    },
    m.token,
  );
  const address = await sandboxPost<{ id: number }>(
    '/member/address/save',
    { name: '测试', phone: m.phone, regionIds: REGION.ids, regionText: REGION.text, detail: '郭巷街道 1 号' },
    m.token,
  );
  return { ...m, addressId: address.id };
}

/** Places an order of `num` N2 cylinders; `until` moves it on through the sandbox's payment and shipping hooks and the member's receipt. */
export async function placeOrder(
  m: { token: string; addressId: number },
  until: 'NEW' | 'PAID_OFF' | 'SHIPPED' | 'ROG' = 'NEW',
  num = 2,
): Promise<string> {
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num, way: 'CART' }, m.token);
  const { sn } = await sandboxPost<{ sn: string }>('/order/create/CART', { addressId: m.addressId }, m.token);
  if (until === 'NEW') return sn;
  await sandboxPost(`/__sandbox/orders/${sn}/pay`, {});
  if (until === 'PAID_OFF') return sn;
  await sandboxPost(`/__sandbox/orders/${sn}/ship`, {});
  if (until === 'SHIPPED') return sn;
  await sandboxPost(`/order/receive/${sn}`, {}, m.token);
  return sn;
}

/** Puts a member's session cookies into the browser (as the login endpoint would). */
export const signInWith = (context: BrowserContext, baseURL: string, token: string): Promise<void> =>
  putSession(sandboxUrl(), context, baseURL, token);

/** Switches a docs/product.md §6 feature through the sandbox hook. */
export const setView = (viewName: 'cancel_part' | 'refund_part', isShow: 0 | 1) =>
  sandboxPost('/__sandbox/view-control', { viewName, isShow });

/** Hydrates the page's interaction islands the way a first hover does, and waits until they are live. */
export async function hydrate(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll('main astro-island[client="interaction"]').forEach((el) => el.dispatchEvent(new Event('pointerover'))),
  );
  await expect(page.locator('main astro-island[client="interaction"][ssr]')).toHaveCount(0);
}

/** A small valid PNG (1×1), and a text file given a picture's name. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const RENAMED_TEXT = Buffer.from('这不是图片，只是改了扩展名的文本文件。\n');
