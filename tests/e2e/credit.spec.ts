/**
 * Buying on credit (docs/credit.md): an order on account skips the cashier and uses the credit, the month closes, finance
 * confirms, the bill is paid by transfer (remittance code + slip) and matched by a bank receipt; an overdue bill holds ordering
 * on account until it is paid; a tank's replenishment goes on account and survives the unpaid timeout; the line is never
 * overdrawn. Each test uses a company of its own (a fresh member with terms granted through the back-office hook) or the
 * seeded 无锡恒泰, so the demo member's state, which other specs read, is left alone.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { chinaMonth } from '#src/shared/formats/china-time.ts';
import { expect, test, type Page } from './fixtures.ts';
import { untilHydrated } from './checkout-data.ts';
import { hydrate, N2_SKU, orderingMember, signInWith } from './member-support.ts';
import { loginToken, sandboxGet, sandboxPost } from './sandbox.ts';

test.describe.configure({ timeout: 90_000 });

/** A PNG header and a few bytes: the upload tells the type by content. */
const SLIP = {
  name: '回单.png',
  mimeType: 'image/png',
  buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
};
interface Account {
  availableFen: number;
  usedFen: number;
  hold: { billIds: number[] } | null;
}

/** Waits until an island (client:idle) is React's: a click before that would do nothing. */
const islandLive = (page: Page, name: string) =>
  page.locator(`astro-island[component-url*="${name}"]:not([ssr])`).waitFor({ state: 'attached' });

/** The company's VAT details as its finance checks them (company buying's 开票信息): the title of its 数电票. */
const VAT = {
  name: '苏州测试气体用户有限公司',
  taxNo: '91320506MA1N2QK83W',
  address: '苏州工业园区星湖街 328 号',
  phone: '0512-62880000',
  bank: '中国银行苏州工业园区支行',
  account: '5367 5820 1234',
};

/** A fresh company on 月结30天 with a line of `lineFen`. */
async function companyWithTerms(lineFen: number) {
  const m = await orderingMember();
  await sandboxPost('/__sandbox/credit/terms', { member: m.phone, lineFen });
  return m;
}

/** Pays the ticked bills on /member/my-bills: the code shown, the slip uploaded; answers the code. */
async function payByTransfer(page: Page): Promise<{ code: string; amountFen: number }> {
  await page.goto('/member/my-bills');
  await islandLive(page, 'BillPayment');
  const pay = page.locator('[data-bill-payment]');
  await pay.getByRole('button', { name: '获取汇款识别码' }).click();
  const code = (await pay.locator('[data-remittance-code]').textContent())!.trim();
  expect(code).toMatch(/^HK\d{7}$/);
  const amount = (await pay.getByText(/^转账金额：/).textContent())!;
  await pay.locator('input[type="file"]').setInputFiles(SLIP);
  await pay.getByRole('button', { name: '提交汇款凭证' }).click();
  await expect(pay.locator('[data-slip-sent]')).toBeVisible();
  return { code, amountFen: Math.round(Number(amount.replace(/[^\d.]/g, '')) * 100) };
}

test('an order on account skips the cashier, uses the credit, is on the month statement; confirmed it is a bill paid by transfer', async ({
  context,
  baseURL,
  page,
}) => {
  const m = await companyWithTerms(20_000_000);
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 2, way: 'CART' }, m.token);
  await signInWith(context, baseURL!, m.token);
  await page.goto('/Confirmorder');
  await untilHydrated(page);
  // Online payment stays the default; the credit is one choice with its figures.
  await expect(page.getByRole('radio', { name: '在线支付（微信、支付宝或对公转账）' })).toBeChecked();
  await expect(page.locator('[data-credit-available]')).toContainText('月结30天 · 可用额度 ¥200,000.00');
  await page.getByRole('radio', { name: '账期支付（月结）' }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/member\/my-order\/detail\?sn=/);
  const sn = new URL(page.url()).searchParams.get('sn')!;
  await expect(page.getByText('账期支付（月结）').first()).toBeVisible();
  await expect(page.getByText(`计入 ${chinaMonth(Date.now())} 对账单`)).toBeVisible();

  await page.goto('/member/my-bills');
  await expect(page.locator('[data-credit-available]')).toHaveText('¥198,390.00');
  const month = chinaMonth(Date.now());
  await page.goto(`/member/my-statement?month=${month}`);
  const st = page.locator('[data-credit-statement]');
  await expect(st.locator('[data-credit-line="ORDER"]')).toContainText(sn);
  await expect(st.locator('[data-credit-payable]')).toHaveText('¥1,610.00');
  // The same statement for Excel: a CSV whose payable is the page's.
  const csv = await page.request.get(`/member/my-statement.csv?kind=credit&month=${month}`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('应付合计,,,,,1610.00');

  // The back office closes the month; finance (the owner holds every role) confirms; a bill appears with its due date. (Finance
  // checked the company's VAT details: the title of the statement's 数电票 below.)
  await sandboxPost('/__sandbox/credit/close-month', { month, member: m.phone });
  await sandboxPost('/member/companyAccount/vat', VAT, m.token);
  await page.reload();
  await expect(st).toHaveAttribute('data-status', 'ISSUED');
  await islandLive(page, 'StatementActions');
  await st.getByRole('button', { name: '确认对账单' }).click();
  await expect(st.locator('[data-credit-billed]')).toBeVisible();
  const due = (await st.locator('[data-credit-due]').textContent())!;
  // The same statement as a PDF (linked beside the CSV): private, named by the month, its text holds the month and the payable.
  const pdf = await page.request.get((await st.locator('[data-credit-pdf]').getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['cache-control']).toBe('private, no-store');
  expect(pdf.headers()['content-disposition']).toContain(`credit-statement-${month}.pdf`);
  const pdfText = (await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })).text;
  for (const s of [`对账月份 ${month}`, '应付合计', '￥1,610.00', `账单到期日`, due]) expect(pdfText).toContain(s);
  // 数电票 (einvoice_part): finance requests one merged invoice of the confirmed statement, titled with the company's checked VAT
  // details; the deposits (¥1,200) are not invoiced; a second request for the statement is refused.
  const einvoice = st.locator('[data-statement-einvoice]');
  await expect(einvoice).toContainText('本对账单 1 笔订单（扣除退货）合并开具一张数电票，价税合计 ¥410.00');
  await hydrate(page);
  await einvoice.getByRole('button', { name: '申请合并开票' }).click();
  await expect(einvoice.locator('[data-einvoice-number]')).toHaveText(/^\d{20}$/);
  await expect(sandboxPost(`/member/einvoice/statement/${month}`, { titleId: 1 }, m.token)).rejects.toThrow('该对账单已申请合并开票');
  await page.goto('/member/my-bills');
  await expect(page.locator('tr[data-bill]')).toContainText(due);

  const { code, amountFen } = await payByTransfer(page);
  expect(amountFen).toBe(161_000);
  await sandboxPost('/__sandbox/credit/bank-receipts', { receiptId: `E2E-${code}`, amountFen, note: `货款 ${code}` });
  await page.reload();
  await expect(page.locator('tr[data-bill]')).toHaveAttribute('data-state', 'PAID');
  await expect(page.locator('tr[data-bill]')).toContainText('已付款');
  await expect(page.locator('[data-credit-available]')).toHaveText('¥200,000.00');
});

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

test('with credit_part off checkout and the member centre are as before: no credit choice, no hold banner, no bills page', async ({
  context,
  baseURL,
  page,
}) => {
  const m = await companyWithTerms(20_000_000);
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
