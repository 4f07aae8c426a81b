/**
 * 数电票 as the demo member 13800138000 (docs/invoices.md): the demo company's finance role (the owner holds every role) merges
 * the month's received orders into one invoice: its PDF holds the 20-digit number, the company's 统一社会信用代码 and the total
 * in Chinese capitals; its XML parses and totals the orders to the fen; the files are private. A serial spec
 * (playwright.config.ts): the demo member's orders, invoices and messages are what the parallel specs' member pages assert.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './fixtures.ts';
import { freshMember, hydrate, placeOrder, signInWith } from './member-support.ts';
import { loginToken, sandboxGet, sandboxPost } from './sandbox.ts';

test.describe.configure({ timeout: 90_000 });

const DEMO = '13800138000';
/** The demo company's 统一社会信用代码 (sandbox/seed/member.ts COMPANY_TITLE). */
const CODE = '91320506MA1N2QK83W';

/** Fen invoiced for an order: what was paid less the refundable deposit. */
async function invoicedFen(sn: string, token: string): Promise<number> {
  const o = await sandboxGet<{ payable: number; deposit: number }>(`/order/detail/${sn}`, token);
  return Math.round((o.payable - o.deposit) * 100);
}

test("the demo company's finance (the owner, 13800138000) merges a month of received orders into one 数电票: PDF and XML named by the number, totals to the fen, private", async ({
  context,
  baseURL,
  page,
}) => {
  const m = { token: await loginToken(DEMO), addressId: 1 };
  await sandboxPost('/cart/clear', {}, m.token);
  await placeOrder(m, 'ROG', 2);
  await placeOrder(m, 'ROG', 3);
  await signInWith(context, baseURL!, m.token);
  await page.goto('/member/my-invoice/invoice');
  await hydrate(page);
  const merge = page.getByRole('form', { name: '合并开票' });
  await expect(merge).toContainText(/苏州华芯微电子材料有限公司 \d{4}-\d{2} 已收货未开票订单 \d+ 笔/);
  const count = Number((await merge.textContent())!.match(/已收货未开票订单 (\d+) 笔/)![1]);
  expect(count).toBeGreaterThanOrEqual(2);
  await merge.getByRole('button', { name: '合并开票' }).click();
  await expect(page.getByText(/合并发票已开具，号码 \d{20}/)).toBeVisible();
  const row = page.locator('tr[data-invoice]').first();
  await expect(row).toContainText(`合并 ${count} 笔订单`);
  await expect(row).toContainText('已开具');
  const number = (await row.getAttribute('data-invoice'))!;
  expect(number).toMatch(/^\d{20}$/);

  // The total is the covered orders' (the two placed here and the month's other received ones), each less its deposit.
  const { sns } = await sandboxGet<{ sns: string[] }>(`/member/einvoice/detail/${number}`, m.token);
  expect(sns).toHaveLength(count);
  let total = 0;
  for (const sn of sns) total += await invoicedFen(sn, m.token);
  const pdf = await page.request.get(`/member/einvoice/${number}.pdf`);
  expect(pdf.headers()['content-disposition']).toContain(`${number}.pdf`);
  expect(pdf.headers()['cache-control']).toContain('no-store');
  const text = (await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })).text as string;
  expect(text).toContain(number);
  expect(text).toContain(CODE);
  const inv = await sandboxGet<{ capitals: string; totals: { grossFen: number } }>(`/member/einvoice/detail/${number}`, m.token);
  expect(inv.totals.grossFen).toBe(total);
  expect(text.replace(/\s/g, '')).toContain(inv.capitals);

  const xml = await page.request.get(`/member/einvoice/${number}.xml`);
  expect(xml.headers()['content-disposition']).toContain(`${number}.xml`);
  const body = await xml.text();
  const parsed = await page.evaluate((x) => {
    const doc = new DOMParser().parseFromString(x, 'application/xml');
    return {
      error: doc.querySelector('parsererror') !== null,
      number: doc.querySelector('TaxSupervisionInfo > InvoiceNumber')?.textContent,
      total: doc.querySelector('BasicInformation > TotalTax-includedAmount')?.textContent,
    };
  }, body);
  expect(parsed).toEqual({ error: false, number, total: (total / 100).toFixed(2) });

  const zip = await page.request.get(`/member/einvoice/zip?n=${number}`);
  expect(zip.headers()['content-type']).toBe('application/zip');
  // Another member never reaches it.
  const other = await freshMember();
  const stranger = await context.browser()!.newContext({ baseURL });
  try {
    await signInWith(stranger, baseURL!, other.token);
    expect((await stranger.request.get(`/member/einvoice/${number}.pdf`)).status()).toBe(404);
    expect((await stranger.request.get(`/member/einvoice/${number}.xml`)).status()).toBe(404);
  } finally {
    await stranger.close();
  }
});
