import { expect, test } from './fixtures.ts';
import { orderingMember, signInWith } from './member-support.ts';
import { sandboxGet, sandboxPost, signIn } from './sandbox.ts';

// Flows through the sandbox and several page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

interface TankView {
  id: number;
  name: string;
  level: { pct: number } | null;
  forecast: { runOutDay: string } | null;
  nextDelivery: { orderSn: string; plannedOn: string } | null;
}
const pctText = (n: number) => `${(Math.round(n * 10) / 10).toLocaleString('zh-CN')}%`;

test('the demo member sees both tanks with level, forecast run-out, the 30-day chart with deliveries and its data table', async ({
  context,
  baseURL,
  page,
}) => {
  const token = await signIn(context, baseURL!);
  const api = await sandboxGet<{ list: TankView[] }>('/tanks', token);
  expect(api.list).toHaveLength(2);
  await page.goto('/member/my-tanks');
  await expect(page.getByRole('heading', { name: '我的储罐', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: '我的储罐' }).first()).toBeVisible();
  for (const t of api.list) {
    const card = page.locator(`[data-tank="${t.id}"]`);
    await expect(card.getByRole('heading', { name: t.name })).toBeVisible();
    await expect(card.locator('[data-level]')).toHaveText(pctText(t.level!.pct));
    await expect(card.locator('[data-runout]')).toHaveText(t.forecast!.runOutDay);
    await expect(card.getByRole('img', { name: /近 30 天液位趋势/ })).toBeVisible();
    await expect(card.locator('svg[data-chart] .tk-line')).toHaveAttribute('d', /^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+){100,}$/);
    // The generated history has tanker deliveries in the last 30 days, each marked on the chart and in the table.
    expect(await card.locator('[data-delivery]').count()).toBeGreaterThanOrEqual(1);
    await card.getByText('按日用量明细（数据表）').click();
    await expect(card.getByRole('table', { name: /近 30 天每日用量/ }).getByRole('row')).toHaveCount(
      (await card
        .getByRole('table', { name: /近 30 天每日用量/ })
        .locator('tbody tr')
        .count()) + 1,
    );
    await expect(
      card
        .getByRole('table', { name: /近 30 天每日用量/ })
        .getByText('槽车补液')
        .first(),
    ).toBeVisible();
  }
  await expect(page.locator('[data-tank="1"]')).toContainText('液氮');
  await expect(page.locator('[data-tank="2"]')).toContainText('液氩');
});

test('readings through the hook change the level; a sharp drop raises the abnormal-drop alert; below the reorder point a delivery is scheduled and shown', async ({
  context,
  baseURL,
  page,
}) => {
  const m = await orderingMember();
  const tank = await sandboxPost<{ id: number }>('/__sandbox/tanks', {
    member: m.phone,
    name: '测试液氮储罐',
    product: 'LIN',
    capacityM3: 10,
    endPct: 60,
    reorderPct: 30,
    leadDays: 2,
    days: 30,
    addressId: m.addressId,
  });
  await signInWith(context, baseURL!, m.token);
  const card = page.locator(`[data-tank="${tank.id}"]`);

  // A new reading: the page shows it. The generated history ends on the hour before the tank was made, so the readings
  // posted here come after it, ten minutes apart (the hook, like a gateway's clock, may run a little ahead).
  const t0 = Date.now();
  await sandboxPost(`/__sandbox/tanks/${tank.id}/readings`, { readings: [{ at: t0, levelPct: 57.3 }] });
  await page.goto('/member/my-tanks');
  await expect(card.locator('[data-level]')).toHaveText('57.3%');
  await expect(card.locator('[data-alert]')).toHaveCount(0);

  // 57.3 % to 35 % in ten minutes: far faster than the tank's normal use.
  await sandboxPost(`/__sandbox/tanks/${tank.id}/readings`, { readings: [{ at: t0 + 600_000, levelPct: 35 }] });
  await page.goto('/member/my-tanks');
  await expect(card.locator('[data-level]')).toHaveText('35%');
  await expect(card.locator('[data-alert="ABNORMAL_DROP"]')).toContainText('液位异常下降');
  await expect(card.locator('[data-next-delivery]')).toHaveText('暂无');

  // Below the reorder point: the backend places the replenishment order through the order path.
  await sandboxPost(`/__sandbox/tanks/${tank.id}/readings`, { readings: [{ at: t0 + 1_200_000, levelPct: 24.5 }] });
  const after = await sandboxGet<{ list: TankView[] }>('/tanks', m.token);
  const next = after.list[0]!.nextDelivery!;
  expect(next.orderSn).toMatch(/\d/);
  await page.goto('/member/my-tanks');
  await expect(card.locator('[data-alert="LOW"]')).toContainText('低于订货点');
  await expect(card.locator('[data-next-delivery]')).toHaveText(next.plannedOn);
  await expect(card.locator('[data-next-order]')).toContainText(next.orderSn);
  await expect(card.locator('tr[data-replenishment="OPEN"]')).toHaveCount(1);
  // One order per need: another low reading schedules nothing more.
  await sandboxPost(`/__sandbox/tanks/${tank.id}/readings`, { readings: [{ at: t0 + 1_800_000, levelPct: 24.1 }] });
  const orders = await sandboxGet<{ total: number; list: { sn: string }[] }>('/order/list?pageSize=50', m.token);
  expect(orders.list.map((o) => o.sn)).toEqual([next.orderSn]);
  // The order is in the member's orders.
  await page.getByRole('link', { name: next.orderSn }).first().click();
  await expect(page).toHaveURL(/\/member\/my-order\/detail\?sn=/);
  await expect(page.getByText('储罐自动补货').first()).toBeVisible();
});

test('with tank_part off the page is gone (404) and so is the menu link', async ({ context, baseURL, page }) => {
  await signIn(context, baseURL!);
  await sandboxPost('/__sandbox/view-control', { viewName: 'tank_part', isShow: 0 });
  try {
    await expect(async () => {
      const res = await page.goto('/member/my-tanks');
      expect(res?.status()).toBe(404);
    }).toPass();
    await page.goto('/member');
    await expect(page.getByRole('link', { name: '我的储罐' })).toHaveCount(0);
  } finally {
    await sandboxPost('/__sandbox/view-control', { viewName: 'tank_part', isShow: 1 });
  }
  await expect(async () => {
    const res = await page.goto('/member/my-tanks');
    expect(res?.status()).toBe(200);
  }).toPass();
});
