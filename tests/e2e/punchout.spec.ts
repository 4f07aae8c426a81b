/**
 * Punchout (docs/punchout.md): the sandbox's tester plays the demo organisation's procurement system on another site
 * (localhost) than the shop (127.0.0.1). cXML create → two goods (one at the agreed price) → 返回采购系统 → the returned
 * PunchOutOrderMessage meets the DTD's rules with BuyerCookie, prices, units and UNSPSC; edit shows the same cart, inspect
 * read-only; OrderRequest new (twice: one order, the PO number), update, delete; OCI returns the cart as NEW_ITEM-* fields.
 * The cXML test starts in a browser signed in to the shop: the member is themselves again with their own cart after the return.
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { orderMessageProblems } from '#tests/support/cxml-dtd.ts';
import { sandboxUrl } from './sandbox.ts';
import { loginThroughShop, newMember } from './auth-helpers.ts';

const N2 = 100101; // goods 1001, the demo company's agreed ¥165.00
const OTHER = 100201; // goods 1002's first SKU, at its list price

const addLine = (page: Page, baseURL: string, sku_id: number, num: number) =>
  page.request.post('/api/buyer/cart/add', { data: { sku_id, num }, headers: { origin: baseURL } }).then((r) => r.ok());

/** The signed-in member's cart lines as SKU → quantity, through the shop's own proxy (so, with this browser's session). */
async function cartOfBrowser(page: Page): Promise<Record<number, number>> {
  const body = (await (await page.request.get('/api/buyer/cart/list')).json()) as {
    data: { valid: { sku_list: { sku_id: number; num: number }[] }[] };
  };
  return Object.fromEntries(body.data.valid.flatMap((s) => s.sku_list.map((l) => [l.sku_id, l.num])));
}

const testerUrl = (baseURL: string) =>
  `${sandboxUrl().replace('127.0.0.1', 'localhost')}/__sandbox/punchout/?shop=${encodeURIComponent(baseURL)}`;

async function punchIn(page: Page, baseURL: string, operation: string) {
  await page.goto(testerUrl(baseURL));
  await page.getByLabel('operation').selectOption(operation);
  await page.getByRole('button', { name: '发起 punchout（cXML）' }).click();
}

async function addTwo(page: Page, baseURL: string) {
  for (const [sku_id, num] of [
    [N2, 2],
    [OTHER, 1],
  ] as const)
    expect(await addLine(page, baseURL, sku_id, num)).toBe(true);
}

test('cXML: create, two goods, the cart back through the browser; edit and inspect; OrderRequest new, again, update, delete', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A member signed in to the shop, with a line in their cart, punches out in the same browser (docs/punchout.md "Two
  // sessions, one browser"): the punchout's member shops meanwhile, and the return gives the member back.
  const { phone } = await newMember();
  await loginThroughShop(page, phone);
  expect(await addLine(page, baseURL!, OTHER, 3)).toBe(true);
  await punchIn(page, baseURL!, 'create');
  await expect(page).toHaveURL(/127\.0\.0\.1.*\/punchout\/cart/);
  await expect(page.getByRole('complementary', { name: '采购系统会话' })).toContainText('来自SAP Ariba（演示）');
  await addTwo(page, baseURL!);
  await page.goto('/shopping-cart');
  await expect(page.locator('.cart-go')).toHaveText('返回采购系统');
  await page.goto('/punchout/cart');
  await expect(page.locator(`[data-punchout-lines] tr[data-sku="${N2}"] [data-price]`)).toHaveText('¥165.00');
  await page.locator('.po-cart').getByRole('button', { name: '返回采购系统' }).click();

  await expect(page).toHaveURL(/localhost.*__sandbox\/punchout/);
  const raw = (await page.locator('[data-raw]').textContent())!;
  expect(orderMessageProblems(raw)).toEqual([]);
  expect(raw).not.toContain('punchout-demo-secret');
  await expect(page.locator('[data-buyer-cookie]')).toContainText('tester-');
  const n2 = page.locator(`[data-returned] tr[data-sku="${N2}"]`);
  await expect(n2.locator('[data-price]')).toHaveText('165.00');
  await expect(n2.locator('[data-unit]')).toHaveText('EA');
  await expect(n2.locator('[data-class]')).toHaveText('UNSPSC 12140000');
  await expect(page.locator(`[data-returned] tr[data-sku="${OTHER}"] [data-num]`)).toHaveText('1');
  // Back in the shop: the member themselves, their own cart as they left it, no punchout line in it (nor theirs in the one sent).
  expect(((await (await page.request.get('/api/buyer/userinfo')).json()) as { data: { phone: string } }).data.phone).toContain(
    phone.slice(-4),
  );
  expect(await cartOfBrowser(page)).toEqual({ [OTHER]: 3 });

  // edit: the same cart rebuilt in the shop; inspect: the same lines, read-only.
  await page.getByLabel('operation').selectOption('edit');
  await page.getByRole('button', { name: '发起 punchout（cXML）' }).click();
  await expect(page.locator(`[data-punchout-lines] tr[data-sku="${N2}"] [data-num]`)).toContainText('2');
  await expect(page.locator(`[data-punchout-lines] tr[data-sku="${OTHER}"]`)).toBeVisible();
  await expect(page.getByRole('link', { name: '修改数量' })).toBeVisible();
  await punchIn(page, baseURL!, 'inspect');
  await expect(page.locator('#po-cart-title')).toHaveText('采购购物车（查看模式，只读）');
  await expect(page.locator(`[data-punchout-lines] tr[data-sku="${N2}"]`)).toBeVisible();
  await expect(page.getByRole('link', { name: '修改数量' })).toHaveCount(0);

  // OrderRequests built from the returned cart.
  await page.goto(testerUrl(baseURL!));
  const po = `PO-E2E-${Date.now()}`;
  await page.getByLabel('采购订单号（orderID）').fill(po);
  await page.getByRole('button', { name: '发送 OrderRequest（new）' }).click();
  // The demo company buys on 月结30天: the order goes on its account instead of waiting for payment.
  await expect(page.locator('[data-order-status]')).toContainText(`OrderRequest new ${po}：200 OK 订单`);
  await expect(page.locator('[data-order-status]')).toContainText('（账期支付，待发货）');
  await page.getByLabel('采购订单号（orderID）').fill(po);
  await page.getByRole('button', { name: '发送 OrderRequest（new）' }).click();
  await expect(page.locator('[data-order-status]')).toContainText('（未变化）');
  await page.getByLabel('采购订单号（orderID）').fill(po);
  await page.getByRole('button', { name: '发送 update（数量各加 1）' }).click();
  await expect(page.locator('[data-order-status]')).toContainText(`OrderRequest update ${po}：200`);
  await page.getByLabel('采购订单号（orderID）').fill(po);
  await page.getByRole('button', { name: '发送 delete' }).click();
  await expect(page.locator('[data-order-status]')).toContainText(`OrderRequest delete ${po}：200`);
});

test('OCI: the same cart comes back as NEW_ITEM-* fields within their lengths', async ({ page, baseURL }) => {
  await page.goto(testerUrl(baseURL!));
  await page.getByRole('button', { name: '发起 punchout（OCI）' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1.*\/punchout\/cart/);
  await addTwo(page, baseURL!);
  await page.goto('/punchout/cart');
  await page.locator('.po-cart').getByRole('button', { name: '返回采购系统' }).click();
  await expect(page).toHaveURL(/localhost.*__sandbox\/punchout/);
  const raw = (await page.locator('[data-raw]').textContent())!;
  const fields = Object.fromEntries(raw.split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
  const n = [1, 2].find((i) => fields[`NEW_ITEM-VENDORMAT[${i}]`] === String(N2))!;
  expect(fields[`NEW_ITEM-PRICE[${n}]`]).toBe('165.00');
  expect(fields[`NEW_ITEM-UNIT[${n}]`]).toBe('EA');
  expect(fields[`NEW_ITEM-QUANTITY[${n}]`]).toBe('2');
  expect(fields[`NEW_ITEM-CURRENCY[${3 - n}]`]).toBe('CNY');
  for (const [name, max] of [
    ['DESCRIPTION', 40],
    ['UNIT', 3],
    ['QUANTITY', 15],
    ['PRICE', 15],
    ['MATGROUP', 10],
  ] as const)
    for (const n of [1, 2]) expect([...(fields[`NEW_ITEM-${name}[${n}]`] ?? '')].length).toBeLessThanOrEqual(max);
});
