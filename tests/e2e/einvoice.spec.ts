// 数电票 (docs/invoices.md): red-letter invoices: a return before confirm-use, a 确认单 that lapses after 72 hours, and one
// confirmed in time; and einvoice_part off. The demo company's merged invoice of a month is einvoice-demo.spec.ts's (serial lane).
import { expect, test } from './fixtures.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';
import { hydrate, N2_SKU, orderingMember, placeOrder, signInWith } from './member-support.ts';

test.describe.configure({ timeout: 90_000 });

const CODE = '91320506MA1N2QK83W';
const HOUR = 3_600_000;

/** A company member (every role of a company of its own) with a company VAT title; answers the member and the title id. */
async function companyBuyer() {
  const m = await orderingMember();
  const title = await sandboxPost<{ id: number }>(
    '/member/invoice/save',
    {
      type: 'VAT_SPECIAL',
      titleType: 'COMPANY',
      title: '苏州测试气体用户有限公司',
      taxNo: CODE,
      bank: '中国工商银行苏州吴中支行',
      account: '1102020509000385216',
      address: '苏州市吴中区郭巷街道 1 号',
      phone: '0512-65801234',
      isDefault: 1,
    },
    m.token,
  );
  return { ...m, titleId: title.id };
}

test('red-letter: a return before confirm-use is red at once; after confirm-use a 确认单 lapses at 72 hours, or is confirmed in time', async ({
  context,
  baseURL,
  page,
}) => {
  const m = await companyBuyer();
  const request = async (num: number) => {
    const sn = await placeOrder(m, 'ROG', num);
    return { sn, ...(await sandboxPost<{ number: string }>('/member/einvoice/request', { sn, titleId: m.titleId }, m.token)) };
  };
  // Before confirm-use: a return of one of three cylinders gives the full red invoice at once and a new blue one for the rest.
  const returned = await request(3);
  const as = await sandboxPost<{ id: number }>(
    '/aftersale/apply',
    { sn: returned.sn, skuId: N2_SKU, type: 'RETURN', reason: '多订了', num: 1 },
    m.token,
  );
  await sandboxPost(`/__sandbox/aftersales/${as.id}/review`, { result: 'COMPLETE' });
  // After confirm-use: an allowance waits for the buyer.
  const lapsing = await request(2);
  await sandboxPost(`/__sandbox/invoices/${lapsing.number}/confirm-use`, {});
  await sandboxPost(`/__sandbox/invoices/${lapsing.number}/allowance`, { amountFen: 5_000 });

  await signInWith(context, baseURL!, m.token);
  await page.goto('/member/my-invoice/invoice');
  await expect(page.locator(`tr[data-invoice="${returned.number}"]`)).toContainText('已红冲');
  await expect(page.locator('tr[data-invoice]', { hasText: `冲销 ${returned.number}` })).toContainText('红字发票');
  const lapse = page.locator('tr[data-confirmation]', { hasText: lapsing.number });
  await expect(lapse).toContainText('待购方确认');
  await expect(lapse).toContainText(/还剩 7[01] 小时/);

  const [c] = await sandboxGet<{ createdAt: number; blueNumber: string }[]>('/member/einvoice/confirmations', m.token).then((l) =>
    l.filter((x) => x.blueNumber === lapsing.number),
  );
  // The clock for this member only: 73 hours on for everyone would time out other specs' unpaid orders.
  await sandboxPost('/__sandbox/run-due', { at: c!.createdAt + 73 * HOUR, member: m.phone });
  await page.reload();
  await expect(page.locator('tr[data-confirmation]', { hasText: lapsing.number })).toContainText('已作废（超72小时未确认）');

  // Entered after the clock moved: this one waits, and the buyer confirms it in time.
  const confirmed = await request(2);
  await sandboxPost(`/__sandbox/invoices/${confirmed.number}/confirm-use`, {});
  const waiting = await sandboxPost<{ no: string }>(`/__sandbox/invoices/${confirmed.number}/allowance`, { amountFen: 3_000 });
  await page.reload();
  await hydrate(page);
  await page.getByRole('button', { name: new RegExp(`^确认\\s*（确认单 ${waiting.no}）$`) }).click();
  await expect(page.getByText(/已确认，红字发票 \d{20} 已开具/)).toBeVisible();
  await expect(page.locator(`tr[data-invoice="${confirmed.number}"]`)).toContainText('部分红冲');
  await expect(page.locator(`tr[data-invoice="${lapsing.number}"]`)).toContainText('已开具');
});

test('with einvoice_part off the issued-invoices page is as before 数电票', async ({ context, baseURL, page }) => {
  const m = await companyBuyer();
  await signInWith(context, baseURL!, m.token);
  await sandboxPost('/__sandbox/view-control', { viewName: 'einvoice_part', isShow: 0 });
  try {
    await expect(async () => {
      await page.goto('/member/my-invoice/invoice');
      await expect(page.getByText('订单支付后申请开票，发货时开具电子发票', { exact: false })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(page.getByRole('form', { name: '按订单开票' })).toHaveCount(0);
    expect((await page.request.get('/member/einvoice/zip?n=26310000000000000001')).status()).toBe(404);
  } finally {
    await sandboxPost('/__sandbox/view-control', { viewName: 'einvoice_part', isShow: 1 });
  }
});
