/**
 * Buying on credit as the demo member 13800138000 (docs/credit.md): an order on account skips the cashier and uses the
 * demo company's ¥200,000 line, is on the month's statement; the back office closes the month, finance (the owner holds every
 * role) confirms, the bill is paid by transfer (remittance code + slip) and matched by a bank receipt. And credit_part off.
 * A serial spec (playwright.config.ts): closing the demo company's month messages the demo member, whose unread count and
 * orders the parallel specs read on the main site; here it has the serial site's sandbox to itself.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { chinaMonth } from '#src/shared/formats/china-time.ts';
import { untilHydrated } from './checkout-data.ts';
import { type Account, islandLive, payByTransfer } from './credit-support.ts';
import { expect, test } from './fixtures.ts';
import { hydrate, N2_SKU, orderingMember, signInWith } from './member-support.ts';
import { loginToken, sandboxGet, sandboxPost } from './sandbox.ts';

test.describe.configure({ timeout: 90_000 });

const DEMO = '13800138000';
/** ¥ as the member centre shows it: ¥198,390.00. */
const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the demo member orders on account without the cashier, sees the credit fall and the order on the statement; confirmed it is a bill paid by transfer', async ({
  context,
  baseURL,
  page,
}) => {
  const token = await loginToken(DEMO);
  const before = await sandboxGet<Account>('/member/credit', token);
  await sandboxPost('/cart/clear', {}, token);
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 2, way: 'CART' }, token);
  await signInWith(context, baseURL!, token);
  await page.goto('/Confirmorder');
  await untilHydrated(page);
  // Online payment stays the default; the credit is one choice with its figures.
  await expect(page.getByRole('radio', { name: '在线支付（微信、支付宝或对公转账）' })).toBeChecked();
  await expect(page.locator('[data-credit-available]')).toContainText(/^月结30天 · 可用额度 ¥[\d,]+\.\d\d/);
  await page.getByRole('radio', { name: '账期支付（月结）' }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/member\/my-order\/detail\?sn=/);
  const sn = new URL(page.url()).searchParams.get('sn')!;
  const month = chinaMonth(Date.now());
  await expect(page.getByText('账期支付（月结）').first()).toBeVisible();
  await expect(page.getByText(`计入 ${month} 对账单`)).toBeVisible();

  // The line fell by the order's amount (the demo company's agreed price for nitrogen, docs/prices.md), or more: the demo
  // company's standing orders go on account too, placed by the sandbox's one-minute timer whenever they fall due.
  await page.goto(`/member/my-statement?month=${month}`);
  const st = page.locator('[data-credit-statement]');
  const line = st.locator('[data-credit-line="ORDER"]').filter({ hasText: sn });
  await expect(line).toContainText('账期支付（月结）');
  const orderFen = Math.round(Number((await line.textContent())!.match(/¥([\d,]+\.\d\d)/)![1]!.replace(/,/g, '')) * 100);
  expect(orderFen).toBeGreaterThan(0);
  const after = await sandboxGet<Account>('/member/credit', token);
  expect(after.availableFen).toBeLessThanOrEqual(before.availableFen - orderFen);
  await expect(async () => {
    await page.goto('/member/my-bills');
    const now = await sandboxGet<Account>('/member/credit', token);
    await expect(page.locator('[data-credit-available]')).toHaveText(yuan(now.availableFen), { timeout: 1000 });
  }).toPass();

  // The back office closes the month; finance confirms; a bill appears with its due date.
  await sandboxPost('/__sandbox/credit/close-month', { month, member: DEMO });
  await page.goto(`/member/my-statement?month=${month}`);
  await expect(st).toHaveAttribute('data-status', 'ISSUED');
  // Read once issued: the timer's orders placed later go on next month's statement.
  const payable = (await st.locator('[data-credit-payable]').textContent())!.trim();
  await islandLive(page, 'StatementActions');
  await st.getByRole('button', { name: '确认对账单' }).click();
  await expect(st.locator('[data-credit-billed]')).toBeVisible();
  const due = (await st.locator('[data-credit-due]').textContent())!;
  // The statement for Excel (a CSV) and as a PDF: private, named by the month, the page's payable in both.
  const csv = await page.request.get(`/member/my-statement.csv?kind=credit&month=${month}`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(`应付合计,,,,,${payable.replace(/[¥,]/g, '')}`);
  const pdf = await page.request.get((await st.locator('[data-credit-pdf]').getAttribute('href'))!);
  expect(pdf.headers()['cache-control']).toBe('private, no-store');
  expect(pdf.headers()['content-disposition']).toContain(`credit-statement-${month}.pdf`);
  const pdfText = (await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })).text;
  for (const s of [`对账月份 ${month}`, payable.replace('¥', '￥'), due]) expect(pdfText).toContain(s);
  // 数电票 (einvoice_part, docs/invoices.md): finance requests one merged invoice of the confirmed statement, titled with the
  // company's checked VAT details: its orders (the 账期订单 figure), not the deposits or the rent; a second request is refused.
  const ordersFigure = (await st
    .locator('.credit-figures > div')
    .filter({ has: page.locator('dt', { hasText: /^账期订单$/ }) })
    .locator('dd')
    .textContent())!.trim();
  const einvoice = st.locator('[data-statement-einvoice]');
  await expect(einvoice).toContainText(
    new RegExp(`本对账单 \\d+ 笔订单（扣除退货）合并开具一张数电票，价税合计 ${ordersFigure.replace(/[.$]/g, '\\$&')}`),
  );
  await hydrate(page);
  await einvoice.getByRole('button', { name: '申请合并开票' }).click();
  await expect(einvoice.locator('[data-einvoice-number]')).toHaveText(/^\d{20}$/);
  await expect(sandboxPost(`/member/einvoice/statement/${month}`, { titleId: 1 }, token)).rejects.toThrow('该对账单已申请合并开票');
  await page.goto('/member/my-bills');
  await expect(page.locator('tr[data-bill]').filter({ hasText: due })).toHaveCount(1);

  const { code, amountFen } = await payByTransfer(page);
  expect(yuan(amountFen)).toBe(payable);
  await sandboxPost('/__sandbox/credit/bank-receipts', { receiptId: `E2E-${code}`, amountFen, note: `货款 ${code}` });
  await page.reload();
  await expect(page.locator('tr[data-bill]').filter({ hasText: due })).toHaveAttribute('data-state', 'PAID');
  await expect(page.locator('tr[data-bill]').filter({ hasText: due })).toContainText('已付款');
  // The bill's orders left the line: what is used is only what came after the month closed.
  const paid = await sandboxGet<Account & { lineFen: number }>('/member/credit', token);
  expect(paid.availableFen).toBe(paid.lineFen - paid.usedFen);
});

test('with credit_part off checkout and the member centre are as before: no credit choice, no hold banner, no bills page', async ({
  context,
  baseURL,
  page,
}) => {
  // A company of its own: the overdue bill it is given must not hold the demo company.
  const m = await orderingMember();
  await sandboxPost('/__sandbox/credit/terms', { member: m.phone, lineFen: 20_000_000 });
  await sandboxPost('/__sandbox/credit/bills', { member: m.phone, amountFen: 10_000, month: '2026-01', dueOn: '2026-03-02' });
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 1, way: 'CART' }, m.token);
  await signInWith(context, baseURL!, m.token);
  await sandboxPost('/__sandbox/view-control', { viewName: 'credit_part', isShow: 0 });
  try {
    await expect(async () => {
      const res = await page.goto('/member/my-bills');
      expect(res?.status()).toBe(404);
    }).toPass();
    await expect(page.locator('[data-credit-hold]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '账期账单' })).toHaveCount(0);
    await page.goto('/Confirmorder');
    await expect(page.getByRole('button', { name: '提交订单' })).toBeVisible();
    await expect(page.locator('[data-credit-part]')).toHaveCount(0);
  } finally {
    await sandboxPost('/__sandbox/view-control', { viewName: 'credit_part', isShow: 1 });
  }
  await expect(async () => {
    await page.goto('/member');
    await expect(page.locator('[data-credit-hold]')).toContainText('您有账单已逾期，请先付款');
  }).toPass();
});
