/**
 * Quick order, purchase lists and search that speaks gas (docs/quick-order.md): five pasted lines resolve four with prices and
 * mark the unknown code, the same lines uploaded as .xlsx do the same, and the four go into the cart in one request; a list
 * the second company's buyer saves is in its lab member's lists, whose seeded list shows a discontinued line and goes into
 * the cart with a quantity changed; the lab member's past order is bought again in one tap from its detail, its delisted line
 * listed with why; the goods and knowledge searches read CO2, carbon dioxide, eryanghuatan, 干冰, nitrogen,
 * danqi and 电石气; with quick_part off the pad, the lists, their links and 再次购买 on the orders are gone. Members of the second company only
 * (13711110001, 13711110002), whose carts no other spec touches.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from './fixtures.ts';
import { sandboxGet, sandboxPost, signIn } from './sandbox.ts';
import { knowledgeSearchUrl, searchUrl } from '#src/shared/http/routes.ts';

const BUYER = '13711110001';
const LAB = '13711110002';
const LINES: [string, number][] = [
  ['1032', 2],
  ['103601', 1],
  ['74-86-2', 3],
  ['UN1006', 1],
  ['ZZ-404', 1],
];

/** The member's cart lines as [SKU, quantity], from the sandbox. */
const cartLines = async (token: string): Promise<number[][]> =>
  (await sandboxGet<{ valid: { sku_list: { sku_id: number; num: number }[] }[] }>('/cart/list', token)).valid.flatMap((s) =>
    s.sku_list.map((l) => [l.sku_id, l.num]),
  );

const padReady = (page: Page) => page.waitForFunction(() => !document.querySelector('astro-island[component-url*="QuickOrderPad"][ssr]'));
const rows = (page: Page) => page.locator('.qo-table tbody tr');

async function expectResolved(page: Page): Promise<void> {
  await expect(rows(page)).toHaveCount(5);
  await expect(page.locator('.qo-table tr[data-status="OK"]')).toHaveCount(4);
  const unknown = page.locator('.qo-table tr[data-status="UNKNOWN"]');
  await expect(unknown).toContainText('未找到「ZZ-404」对应的商品');
  const goods = (i: number) => rows(page).nth(i).locator('td').nth(2).getByRole('link');
  await expect(rows(page).nth(0).locator('td').nth(3)).toContainText('¥42.00');
  await expect(goods(2)).toHaveText('溶解乙炔 C₂H₂');
  await expect(goods(3)).toHaveText('工业氩气 Ar 99.99%');
}

test.describe.configure({ mode: 'serial' });

test('five pasted lines resolve four with prices, the same .xlsx does too, and the four go into the cart in one request', async ({
  page,
  context,
  baseURL,
}) => {
  const token = await signIn(context, baseURL!, LAB);
  await sandboxPost('/cart/clear', {}, token);
  await page.goto('/member');
  await page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('link', { name: '快速下单' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await padReady(page);
  await page.getByLabel('商品清单').fill(LINES.map(([c, q]) => `${c}\t${q}`).join('\n'));
  await page.getByRole('button', { name: '识别' }).click();
  await expectResolved(page);

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('订货');
  ws.addRow(['商品编码', '数量']);
  for (const l of LINES) ws.addRow(l);
  await page.getByLabel('商品清单').fill('');
  await page.locator('input[type="file"]').setInputFiles({
    name: '订货单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  });
  await expect(page.getByLabel('商品清单')).toHaveValue(/^1032\t2\n103601\t1/);
  await expectResolved(page);

  const calls: string[] = [];
  page.on('request', (r) => /\/(quick|cart)\/add/.test(r.url()) && calls.push(r.url()));
  await page.getByRole('button', { name: '将 4 种可下单商品加入购物车' }).click();
  await expect(page.locator('.qo-added')).toContainText('已全部加入购物车');
  expect(calls).toHaveLength(1);
  expect(calls[0]).toContain('/quick/add');
  expect((await cartLines(token)).map(([sku]) => sku).sort()).toEqual([103201, 103401, 103601, 103801]);
});

test('a list the buyer saves is in the lab member’s lists; the seeded list shows its discontinued line and goes into the cart', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const buyer = await browser.newContext({ baseURL });
  const buyerPage = await buyer.newPage();
  await signIn(buyer, baseURL!, BUYER);
  await buyerPage.goto('/quick-order');
  await padReady(buyerPage);
  await buyerPage.getByLabel('商品清单').fill('C2H2 2\n氩气 4瓶');
  await buyerPage.getByRole('button', { name: '识别' }).click();
  await expect(buyerPage.locator('.qo-table tr[data-status="OK"]')).toHaveCount(2);
  const name = `焊接车间 ${Date.now() % 100000}`;
  await buyerPage.getByLabel('清单名称').fill(name);
  await buyerPage.getByRole('button', { name: '保存为采购清单' }).click();
  await expect(buyerPage.getByText('已保存为采购清单')).toBeVisible();
  await buyer.close();

  const token = await signIn(context, baseURL!, LAB);
  await sandboxPost('/cart/clear', {}, token);
  await page.goto('/member/my-lists');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '新建清单' })).toHaveCount(0);
  await page.getByRole('link', { name: '激光实验室月度用气', exact: true }).click();
  const discontinued = page.locator('.qo-table tr[data-status="DISCONTINUED"]');
  await expect(discontinued).toContainText('钢瓶集装格 16 瓶组（旧款焊接框架）');
  await expect(discontinued).toContainText('已下架');
  await page.waitForFunction(() => !document.querySelector('astro-island[component-url*="ListUse"][ssr]'));
  await page.getByLabel('第 1 行数量').fill('3');
  await page.getByLabel('第 1 行数量').blur();
  await expect(page.getByLabel('第 1 行数量')).toHaveValue('3');
  await page.getByRole('button', { name: '将 2 种商品加入购物车' }).click();
  await expect(page.getByText('已加入购物车 2 种商品')).toBeVisible();
  expect((await cartLines(token)).sort()).toEqual([
    [100201, 3],
    [103601, 1],
  ]);
});

test('a past order is bought again in one tap from its detail: the delisted line is listed with why, the others go into the cart', async ({
  page,
  context,
  baseURL,
}) => {
  const token = await signIn(context, baseURL!, LAB);
  await sandboxPost('/cart/clear', {}, token);
  await page.goto('/member/my-order');
  // The lab member's seeded order (sandbox/seed/quick.ts) holds the bundle the catalogue has since delisted.
  const card = page.locator('li.m-order', { has: page.getByRole('img', { name: '钢瓶集装格 16 瓶组（旧款焊接框架）' }) });
  await expect(card.getByRole('button', { name: /再次购买/ })).toBeVisible();
  await card.getByRole('link', { name: /订单详情/ }).click();
  await expect(page).toHaveURL(/\/member\/my-order\/detail/);
  const calls: string[] = [];
  page.on('request', (r) => /\/(quick|cart)\/add/.test(r.url()) && calls.push(r.url()));
  await page.getByRole('button', { name: /再次购买/ }).click();
  const result = page.locator('[data-reorder]');
  await expect(result).toContainText('已将 2 种商品加入购物车，以下 1 种未能加入');
  await expect(result.locator('[data-refused]')).toHaveText([/钢瓶集装格 16 瓶组（旧款焊接框架）：.*(下架|停)/]);
  expect(calls).toHaveLength(1);
  expect(calls[0]).toContain('/quick/add');
  expect((await cartLines(token)).sort()).toEqual([
    [100201, 2],
    [103601, 1],
  ]);
  await result.getByRole('link', { name: '去购物车' }).click();
  await expect(page).toHaveURL(/\/shopping-cart/);
});

test('the searches read CO2, carbon dioxide, eryanghuatan, 干冰, nitrogen, danqi and 电石气, and offer the nearest gas for nitrgn', async ({
  page,
}) => {
  const firstGoods = (page: Page) => page.locator('.goods-card .goods-link').first();
  for (const [q, goods] of [
    ['CO2', '二氧化碳'],
    ['carbon dioxide', '二氧化碳'],
    ['eryanghuatan', '二氧化碳'],
    ['干冰', '二氧化碳'],
    ['nitrogen', '氮气'],
    ['danqi', '氮气'],
    ['电石气', '乙炔'],
  ]) {
    await page.goto(searchUrl(q!));
    await expect(firstGoods(page), q).toContainText(goods!);
  }
  await page.goto(searchUrl('nitrgn'));
  await expect(page.locator('[data-nearest]').getByRole('link', { name: '氮气' })).toBeVisible();
  for (const q of ['CO2', '干冰', 'eryanghuatan']) {
    await page.goto(knowledgeSearchUrl(q));
    await expect(page.locator('#knowledge')).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
    await expect(page.locator('#knowledge').getByRole('listitem').first(), q).toContainText('二氧化碳');
  }
});

// The header's link follows the site chrome, cached for 60 s (src/shared/site/chrome.server.ts): it is checked on, not off.
test('with quick_part off the pad, the lists and their links are gone', async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!, LAB);
  await page.goto('/member');
  await expect(page.locator('.header').getByRole('link', { name: '快速下单' })).toBeVisible();
  await sandboxPost('/__sandbox/view-control', { viewName: 'quick_part', isShow: 0 });
  try {
    await page.goto('/member');
    await expect(page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('link', { name: '快速下单' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('link', { name: '采购清单' })).toHaveCount(0);
    for (const path of ['/quick-order', '/member/my-lists']) expect((await page.goto(path))!.status(), path).toBe(404);
    await page.goto('/member/my-order');
    await expect(page.getByRole('button', { name: /再次购买/ })).toHaveCount(0);
  } finally {
    await sandboxPost('/__sandbox/view-control', { viewName: 'quick_part', isShow: 1 });
  }
});
