/**
 * Agreed prices (docs/prices.md): the demo company sees its 协议价 on the goods list, the goods page, the cart (a tier crossed
 * changes the unit price) and the confirm order, and its order keeps the price; minimum and multiple in the stepper and on the
 * server; a visitor and another company loading the same cached page see none of it; /member/my-prices and its workbook.
 */
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import type { OrderDetail } from '#src/shared/api/contract/order.ts';
import { hydrated, pageLine, serverAdd } from './cart-support.ts';
import { sandboxGet, sandboxPost, signIn } from './sandbox.ts';

const N2 = 100101;
const LASER_N2 = 102301;
const AR_8L = 100202;
const SECOND_BUYER = '13711110001';

test('the demo company shops goods 1001 at its agreed price, tiers in the cart, minimum and multiple kept, the order keeps the price', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const token = await signIn(context, baseURL!);
  await sandboxPost('/cart/clear', {}, token);

  await page.goto('/search?keyword=高纯氮气');
  await expect(page.locator('[data-agreed-goods="1001"] .agreed-card').first()).toHaveText('协议价 ¥165.00 起');
  await page.goto('/goods/1001');
  const box = page.locator('[data-agreed-box]');
  await expect(box).toContainText('协议编号 HQXY-2026-0318');
  await expect(box).toContainText('1-9 瓶 ¥165.00；10-49 瓶 ¥158.00；50 瓶以上 ¥148.00');

  await serverAdd(token, N2, 9);
  await serverAdd(token, LASER_N2, 10);
  await serverAdd(token, AR_8L, 4);
  await page.goto('/shopping-cart');
  const n2 = pageLine(page, N2);
  await expect(n2.locator('.agreed-tag')).toHaveText('协议价');
  await expect(n2.locator('[data-agreed-price]')).toHaveText('¥165.00');
  await expect(n2.locator('.cart-tier')).toHaveText('再买 1 瓶 单价 ¥158.00');
  await hydrated(page);
  await n2.getByRole('button', { name: '增加' }).click();
  await expect(n2.locator('[data-agreed-price]')).toHaveText('¥158.00');
  await expect(n2.locator('[data-subtotal]')).toHaveText('¥1,580.00');

  // The minimum stops the stepper; the multiple steps it and refuses a typed 6; the server refuses both when bypassed.
  await expect(pageLine(page, LASER_N2).getByRole('button', { name: '减少' })).toBeDisabled();
  const ar = pageLine(page, AR_8L);
  await ar.getByRole('button', { name: '增加' }).click();
  await expect(ar.locator('input[data-qty]')).toHaveValue('8');
  await ar.locator('input[data-qty]').fill('6');
  await ar.locator('input[data-qty]').press('Enter');
  await expect(ar.getByRole('alert')).toHaveText('须按 4 瓶的整数倍订购');
  await expect(sandboxPost('/cart/num', { sku_id: AR_8L, num: 6 }, token)).rejects.toThrow('须按 4 瓶的整数倍订购');
  await expect(sandboxPost('/cart/add', { sku_id: LASER_N2, num: 5, way: 'BUY_NOW' }, token)).rejects.toThrow('该商品协议起订量 10 瓶');

  await page.goto('/Confirmorder');
  const row = page.locator('.co-lines tr', { hasText: '高纯氮气' });
  await expect(row.locator('[data-agreed-price]')).toHaveText('¥158.00');
  await expect(row).toContainText('协议编号 HQXY-2026-0318');
  const { sn } = await sandboxPost<{ sn: string }>('/order/create/CART', { addressId: 1 }, token);
  const placed = await sandboxGet<OrderDetail>(`/order/detail/${sn}`, token);
  expect(placed.lines.find((l) => l.sku_id === N2)).toMatchObject({ price: 158, listPrice: 180, agreementNo: 'HQXY-2026-0318' });
});

test('a visitor and another company loading the same goods page see no agreed price of the demo company; the other sees its own', async ({
  browser,
  baseURL,
}) => {
  const demo = await browser.newContext();
  await signIn(demo, baseURL!);
  const demoPage = await demo.newPage();
  await demoPage.goto('/goods/1001');
  await expect(demoPage.locator('[data-agreed-box]')).toContainText('¥165.00');

  const visitor = await (await browser.newContext()).newPage();
  const response = await visitor.goto('/goods/1001');
  expect(await response!.text()).not.toContain('协议价 ¥');
  await expect(visitor.locator('.buybox-price')).toContainText('¥180.00');
  await expect(visitor.locator('[data-agreed-box]')).toBeHidden();
  await expect(visitor.locator('body')).not.toContainText('165.00');

  const other = await browser.newContext();
  await signIn(other, baseURL!, SECOND_BUYER);
  const otherPage = await other.newPage();
  await otherPage.goto('/goods/1001');
  await expect(otherPage.locator('[data-agreed-box]')).toContainText('协议编号 HQXY-2026-0442');
  await expect(otherPage.locator('[data-agreed-box]')).toContainText('¥172.00');
  await expect(otherPage.locator('body')).not.toContainText('165.00');
  await Promise.all([demo.close(), other.close(), visitor.context().close()]);
});

test('/member/my-prices lists the agreement, searches it, downloads a real workbook; the second company is asked to renew', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  await signIn(context, baseURL!);
  await page.goto('/member/my-prices');
  await expect(page.locator('[data-agreement-no]')).toHaveText('HQXY-2026-0318');
  await expect(page.locator('[data-price-line]')).toHaveCount(10);
  await expect(page.locator('[data-renewal]')).toHaveCount(0);
  const search = page.getByRole('search', { name: '搜索协议商品' });
  await search.getByRole('searchbox').fill('氦气');
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(page.locator('[data-price-line]')).toHaveCount(3);

  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-download="xlsx"]').click()]);
  expect(download.suggestedFilename()).toBe('协议价-HQXY-2026-0318.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
  const n2 = rows.find((r) => r.includes(N2))!;
  expect(n2).toContain(165);
  expect(n2).toContain(180);
  expect(rows.filter((r) => typeof r[3] === 'number')).toHaveLength(10);

  const other = await browser.newContext();
  await signIn(other, baseURL!, SECOND_BUYER);
  const otherPage = await other.newPage();
  await otherPage.goto('/member/my-prices');
  const renew = otherPage.locator('[data-renewal]');
  await expect(renew).toContainText('剩余');
  await renew.getByRole('link', { name: '申请协议续签' }).click();
  await expect(otherPage.getByLabel('工单标题')).toHaveValue('协议续签');
  await other.close();
});
