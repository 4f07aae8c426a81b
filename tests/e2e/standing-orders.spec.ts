// Standing orders (docs/supply-standing.md, standing_part): made in the member centre with the form's checks, shown with cadence, cut-off
// and the 8-week calendar; a skipped delivery makes no order; run-due past a cut-off makes exactly one order (twice: still
// one); switched off, the pages are 404 and the menu link is gone.
import { expect, test, type Page } from './fixtures.ts';
import type { StandingOptions, StandingOrder } from '#src/shared/api/contract/standing.ts';
import { cutoffOf, cutoffText } from '#src/features/standing/schedule.ts';
import { hydrate, N2_SKU, orderingMember, signInWith } from './member-support.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const setStanding = (isShow: 0 | 1) => sandboxPost('/__sandbox/view-control', { viewName: 'standing_part', isShow });
const runDue = (at: number) =>
  sandboxPost<{ ordered: { id: number; date: string; sn: string }[]; failed: unknown[] }>('/__sandbox/standing-orders/run-due', { at });
const ordersOf = async (token: string) =>
  (await sandboxGet<{ total: number; list: { sn: string; remark?: string }[] }>('/order/list?pageSize=50', token)).total;
const mine = async (token: string) => (await sandboxGet<{ list: StandingOrder[] }>('/standing-orders', token)).list;

let member: Awaited<ReturnType<typeof orderingMember>>;

async function openList(page: Page) {
  await page.goto('/member/my-standing-orders');
  await expect(page.getByRole('heading', { level: 1, name: '定期订单' })).toBeVisible();
}

test('a standing order made in the member centre shows its cadence, cut-off and an 8-week calendar', async ({ page, context, baseURL }) => {
  member = await orderingMember();
  await signInWith(context, baseURL!, member.token);
  await openList(page);
  await expect(page.getByText('还没有定期订单')).toBeVisible();
  // The member menu links to it.
  await expect(page.getByRole('link', { name: '定期订单', exact: true }).first()).toHaveAttribute('href', '/member/my-standing-orders');

  await page.getByRole('link', { name: '新建定期订单' }).first().click();
  await expect(page).toHaveURL(/\/member\/my-standing-orders\/new$/);
  const form = page.getByRole('form', { name: '新建定期订单' });
  await expect(form).toBeVisible();
  // The form wakes on the first hover or focus (client:interaction: no React before the member uses it).
  await hydrate(page);

  // Empty: every missing field says what it needs.
  await form.getByRole('button', { name: '创建定期订单' }).click();
  await expect(form.locator('.m-error', { hasText: '请选择商品' })).toBeVisible();
  await expect(form.locator('.m-error', { hasText: '请填写每次数量' })).toBeVisible();
  await expect(form.locator('.m-error', { hasText: '请选择配送日（周一至周六）' })).toBeVisible();

  const options = await sandboxGet<StandingOptions>('/standing-orders/options', member.token);
  const goods = options.goods.find((g) => g.skus.some((k) => k.skuId === N2_SKU))!;
  await form.getByRole('combobox', { name: '商品' }).selectOption(String(goods.goodsId));
  await form.getByRole('combobox', { name: '规格' }).selectOption(String(N2_SKU));
  await form.getByLabel('每次数量（瓶）').fill('0');
  await form.getByRole('checkbox', { name: '周二' }).check();
  await form.getByRole('checkbox', { name: '周四' }).check();
  await form.getByLabel('备注').fill('放在 3 号仓库门口');
  await form.getByRole('button', { name: '创建定期订单' }).click();
  // Refused with the reason beside the field, and what was entered stays.
  await expect(form.locator('.m-error', { hasText: '每次至少 1 瓶' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: '规格' })).toHaveValue(String(N2_SKU));
  await expect(form.getByRole('checkbox', { name: '周四' })).toBeChecked();
  await expect(form.getByLabel('备注')).toHaveValue('放在 3 号仓库门口');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: 'test-results/standing-form-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/standing-form-1440.png', fullPage: true });

  await form.getByLabel('每次数量（瓶）').fill('2');
  await form.getByRole('button', { name: '创建定期订单' }).click();
  await expect(page).toHaveURL(/\/member\/my-standing-orders$/);

  const [so] = await mine(member.token);
  expect(so).toMatchObject({ cadenceText: '每周二、四', quantity: 2, collectEmpties: true });
  const tile = page.locator(`[data-standing-id="${so!.id}"]`);
  await expect(tile.locator('[data-cadence]')).toHaveText('每周二、四');
  // The cut-off is 16:00 on the working day before delivery, from the holiday calendar (computed here independently).
  await expect(tile.locator('[data-cutoff]')).toHaveText(cutoffText(cutoffOf(so!.next!.deliveryDate)));
  await expect(tile.locator('[data-cutoff]')).toContainText('16:00');
  const calendar = tile.getByRole('table', { name: /未来 8 周配送日历/ });
  // Two weekly days over 8 weeks: 15 to 16 open deliveries (one fewer when a holiday merges two), states in words.
  const rows = calendar.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(14);
  await expect(rows.first()).toContainText('待下单');
  await expect(rows.first()).toContainText('16:00');

  await page.screenshot({ path: 'test-results/standing-list-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: 'test-results/standing-list-390.png', fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a skipped delivery makes no order; run-due past a cut-off makes exactly one order, run twice still one', async ({
  page,
  context,
  baseURL,
}) => {
  await signInWith(context, baseURL!, member.token);
  await openList(page);
  const [so] = await mine(member.token);
  const [first, second] = so!.calendar;
  const tile = page.locator(`[data-standing-id="${so!.id}"]`);
  await hydrate(page);
  const firstRow = tile.locator(`tr[data-date="${first!.date}"]`);
  await firstRow.getByRole('button', { name: /跳过/ }).click();
  await expect(tile.locator(`tr[data-date="${first!.date}"]`)).toContainText('已跳过');
  await expect(tile.locator(`tr[data-date="${first!.date}"]`).getByRole('button', { name: /恢复配送/ })).toBeVisible();

  const before = await ordersOf(member.token);
  // The skipped delivery's cut-off passes: nothing is ordered for it.
  const skipped = await runDue(first!.cutoff + 60_000);
  expect(skipped.ordered.filter((o) => o.id === so!.id)).toEqual([]);
  expect(await ordersOf(member.token)).toBe(before);

  // The next one's cut-off passes: one order; the same run again (and the timer) adds none.
  const ran = await runDue(second!.cutoff + 60_000);
  const made = ran.ordered.filter((o) => o.id === so!.id);
  expect(made).toHaveLength(1);
  expect((await runDue(second!.cutoff + 120_000)).ordered.filter((o) => o.id === so!.id)).toEqual([]);
  expect(await ordersOf(member.token)).toBe(before + 1);

  // The member sees it: on the standing order's list and in their orders.
  await openList(page);
  await tile.getByText(/已生成的订单（1）/).click();
  const link = tile.getByRole('link', { name: `订单 ${made[0]!.sn}` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/member/my-order/detail\\?sn=${made[0]!.sn}$`));
  await expect(page.locator('main')).toContainText(so!.no);
});

test('pause and resume from the list', async ({ page, context, baseURL }) => {
  await signInWith(context, baseURL!, member.token);
  await openList(page);
  const [so] = await mine(member.token);
  const tile = page.locator(`[data-standing-id="${so!.id}"]`);
  await hydrate(page);
  await tile.getByRole('button', { name: '暂停' }).click();
  await expect(tile.getByText('已暂停：恢复后按周期继续配送')).toBeVisible();
  await hydrate(page);
  await tile.getByRole('button', { name: '恢复' }).click();
  await expect(tile.locator('[data-cutoff]')).toBeVisible();
});

test('with standing_part off the pages are 404 and the menu link is gone', async ({ page, context, baseURL }) => {
  await signInWith(context, baseURL!, member.token);
  await setStanding(0);
  try {
    const res = await page.goto('/member/my-standing-orders');
    expect(res!.status()).toBe(404);
    expect((await page.goto('/member/my-standing-orders/new'))!.status()).toBe(404);
    await page.goto('/member');
    await expect(page.getByRole('link', { name: '我的订单' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: '定期订单', exact: true })).toHaveCount(0);
  } finally {
    await setStanding(1);
  }
  expect((await page.goto('/member/my-standing-orders'))!.status()).toBe(200);
});
