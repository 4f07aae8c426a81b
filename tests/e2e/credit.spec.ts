/**
 * Buying on credit (docs/credit.md), beside the parallel specs: an overdue bill holds ordering on account until it is paid; a
 * tank's replenishment goes on account and survives the unpaid timeout; the line is never overdrawn. Each test uses a company
 * of its own (a fresh member with terms granted through the back-office hook) or the seeded 无锡恒泰, so the demo member's
 * state, which other specs read, is left alone: the demo member's own order on account, month and bill, and the credit_part
 * switch, are credit-demo.spec.ts's, in the serial lane.
 */
import { expect, test } from './fixtures.ts';
import { type Account, payByTransfer } from './credit-support.ts';
import { untilHydrated } from './checkout-data.ts';
import { N2_SKU, orderingMember, signInWith } from './member-support.ts';
import { loginToken, sandboxGet, sandboxPost } from './sandbox.ts';

test.describe.configure({ timeout: 90_000 });

/** A fresh company on 月结30天 with a line of `lineFen`. */
async function companyWithTerms(lineFen: number) {
  const m = await orderingMember();
  await sandboxPost('/__sandbox/credit/terms', { member: m.phone, lineFen });
  return m;
}

test('无锡恒泰 with an overdue bill cannot order on account and is told why; paying the bill lifts the hold', async ({
  context,
  baseURL,
  page,
}) => {
  const token = await loginToken('13722220002', 'Gas@2026pass');
  // The seed's bill is overdue; a rerun against the same sandbox finds it paid and records another one overdue.
  if (!(await sandboxGet<Account>('/member/credit', token)).hold)
    await sandboxPost('/__sandbox/credit/bills', { member: '13722220002', amountFen: 123_456, month: '2026-01', dueOn: '2026-03-02' });
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 1, way: 'CART' }, token);
  await signInWith(context, baseURL!, token);
  await page.goto('/member');
  await expect(page.locator('[data-credit-hold]')).toContainText('您有账单已逾期，请先付款');
  await page.goto('/Confirmorder');
  await untilHydrated(page);
  await expect(page.getByRole('radio', { name: '账期支付（月结）' })).toBeDisabled();
  await expect(page.locator('[data-credit-block]')).toContainText('您有账单已逾期，请先付款');

  const { code, amountFen } = await payByTransfer(page);
  await sandboxPost('/__sandbox/credit/bank-receipts', { receiptId: `E2E-${code}`, amountFen, note: code });
  await page.goto('/member/my-bills');
  await expect(page.locator('[data-credit-hold]')).toHaveCount(0);
  await page.goto('/Confirmorder');
  await untilHydrated(page);
  await expect(page.getByRole('radio', { name: '账期支付（月结）' })).toBeEnabled();
});

test('over the available credit the order is refused with the figures; 20 parallel orders never overdraw the line', async ({
  context,
  baseURL,
  page,
}) => {
  // Room for two ¥1,610.00 orders and ¥1.00 more.
  const m = await companyWithTerms(2 * 161_000 + 100);
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 5, way: 'CART' }, m.token);
  await signInWith(context, baseURL!, m.token);
  await page.goto('/Confirmorder');
  await untilHydrated(page);
  await page.getByRole('radio', { name: '账期支付（月结）' }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.locator('.co-notice[role="alert"]').first()).toContainText('超出可用额度：订单金额 ¥3,950.00，可用额度 ¥3,221.00');

  const tries = await Promise.allSettled(
    Array.from({ length: 20 }, async () => {
      await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 2, way: 'BUY_NOW' }, m.token);
      return sandboxPost('/order/create/BUY_NOW', { addressId: m.addressId, payMethod: 'CREDIT' }, m.token);
    }),
  );
  const made = tries.filter((t) => t.status === 'fulfilled').length;
  const account = await sandboxGet<Account & { lineFen: number }>('/member/credit', m.token);
  expect(made).toBeLessThanOrEqual(2);
  expect(account.usedFen).toBe(made * 161_000);
  expect(account.availableFen).toBeGreaterThanOrEqual(0);
  expect(account.usedFen).toBeLessThanOrEqual(account.lineFen);
});

test('a tank below its reorder point gets a replenishment on account, still open after run-due two hours later, shown as the next delivery', async ({
  context,
  baseURL,
  page,
}) => {
  const m = await companyWithTerms(50_000_000);
  const tank = await sandboxPost<{ id: number }>('/__sandbox/tanks', {
    member: m.phone,
    product: 'LIN',
    endPct: 60,
    reorderPct: 30,
    leadDays: 2,
    days: 30,
    addressId: m.addressId,
  });
  await sandboxPost(`/__sandbox/tanks/${tank.id}/readings`, { readings: [{ at: Date.now(), levelPct: 24.5 }] });
  // The clock for this member only: other specs' unpaid orders keep their own half hour.
  await sandboxPost('/__sandbox/run-due', { at: Date.now() + 2 * 3_600_000, member: m.phone });
  const { list } = await sandboxGet<{ list: { sn: string; status: string }[] }>('/order/list?pageSize=50', m.token);
  expect(list).toHaveLength(1);
  expect(list[0]!.status).toBe('PAID_OFF');
  await signInWith(context, baseURL!, m.token);
  await page.goto('/member/my-tanks');
  const card = page.locator(`[data-tank="${tank.id}"]`);
  await expect(card.locator('[data-next-delivery]')).not.toHaveText('暂无');
  await expect(card.locator('[data-next-order]')).toContainText(list[0]!.sn);
  await expect(card.locator('[data-next-order]')).toContainText('待发货（账期支付）');
});
