import { beforeEach, describe, expect, it } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { credit } from '#src/shared/api/contract/credit.ts';
import { einvoice } from '#src/shared/api/contract/einvoice.ts';
import { member } from '#src/shared/api/contract/member.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { chinaMonth } from '#src/shared/formats/china-time.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

let skewMs = 0;
const { client, sandbox, hook } = useSandbox(() => Date.now() + skewMs);
beforeEach(() => {
  skewMs = 0;
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null));
});
const finance = client(() => 'u1');
const other = client(() => 'u2');
const N2 = 100101;
const HOUR = 3_600_000;

/** Member 1 (the demo company, every role) orders `num` N2 cylinders; paid, shipped and received. */
async function received(num: number): Promise<{ sn: string; grossFen: number }> {
  await finance.call(cart.add, { input: { sku_id: N2, num, way: 'CART' } });
  const created = await finance.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
  await hook(`/orders/${created.orderId}/pay`);
  await hook(`/orders/${created.orderId}/ship`);
  const o = await finance.call(order.receive, { params: { sn: created.sn } });
  return { sn: created.sn, grossFen: Math.round((o.payable - o.deposit) * 100) };
}

async function mergedThisMonth() {
  const month = chinaMonth(Date.now());
  return finance.call(einvoice.merge, { input: { month, titleId: 1 } });
}

describe('issuing', () => {
  it('merges a month of received orders into one invoice: 20-digit number, total to the fen, capitals, XML', async () => {
    const a = await received(2);
    const b = await received(3);
    const c = await finance.call(einvoice.candidates, { input: {} });
    expect(c.merge?.orders.map((o) => o.sn)).toEqual([a.sn, b.sn]);
    const inv = await mergedThisMonth();
    expect(inv.number).toMatch(/^\d{20}$/);
    expect(inv.totals.grossFen).toBe(a.grossFen + b.grossFen);
    expect(inv.totals.netFen + inv.totals.taxFen).toBe(inv.totals.grossFen);
    expect(inv.buyer).toMatchObject({ taxNo: '91320506MA1N2QK83W', natural: false });
    expect(inv.type).toBe('VAT_SPECIAL');
    expect(inv.sns).toEqual([a.sn, b.sn]);
    expect(inv.capitals).toMatch(/圆/);
    expect(await failure(mergedThisMonth())).toBe('该月没有可开票的已收货订单');
    expect(await failure(finance.call(einvoice.request, { input: { sn: a.sn, titleId: 1 } }))).toBe('该订单已开具发票');
  });

  it('requests one order after receipt only; another member never reaches the invoice', async () => {
    await finance.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    const open = await finance.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
    expect(await failure(finance.call(einvoice.request, { input: { sn: open.sn, titleId: 1 } }))).toBe('确认收货后才能申请发票');
    const r = await received(1);
    const inv = await finance.call(einvoice.request, { input: { sn: r.sn, titleId: 2 } });
    expect(inv).toMatchObject({ type: 'NORMAL', buyer: { name: '王建国', taxNo: '', natural: true }, status: 'ISSUED' });
    expect(await failure(other.call(einvoice.detail, { params: { number: inv.number } }))).toBe('发票不存在');
    expect((await other.call(einvoice.list, { input: {} })).total).toBe(0);
    expect(await failure(other.call(einvoice.merge, { input: { month: chinaMonth(Date.now()), titleId: 1 } }))).toBe(
      '只有企业管理员或财务可以合并开票',
    );
  });
});

describe('red-letter', () => {
  it('a return before confirm-use: the full red invoice at once and a new blue one for the rest', async () => {
    const r = await received(3);
    const blue = await finance.call(einvoice.request, { input: { sn: r.sn, titleId: 1 } });
    const as = await finance.call(member.applyAfterSale, { input: { sn: r.sn, skuId: N2, type: 'RETURN', reason: '多订了', num: 1 } });
    expect((await hook(`/aftersales/${as.id}/review`, { result: 'COMPLETE' })).body.status).toBe(200);
    const after = await finance.call(einvoice.detail, { params: { number: blue.number } });
    expect(after.status).toBe('RED');
    const red = await finance.call(einvoice.detail, { params: { number: after.redNumbers[0]! } });
    expect(red).toMatchObject({ kind: 'RED', blueNumber: blue.number, totals: { grossFen: -blue.totals.grossFen } });
    expect(red.remark).toContain(`被红冲蓝字数电发票号码：${blue.number}`);
    const list = await finance.call(einvoice.list, { input: {} });
    const reissued = list.list.find((i) => i.kind === 'BLUE' && i.number !== blue.number)!;
    const n2 = blue.lines.find((l) => !l.discount && l.num === 3)!;
    expect(reissued.totals.grossFen).toBe(blue.totals.grossFen - n2.grossFen / 3);
    expect((await finance.call(einvoice.confirmations))[0]).toMatchObject({ status: '01', redNumber: red.number });
  });

  it('after confirm-use: a 确认单 waits for the buyer and lapses 72 hours later (run-due)', async () => {
    const r = await received(2);
    const blue = await finance.call(einvoice.request, { input: { sn: r.sn, titleId: 1 } });
    await hook(`/invoices/${blue.number}/confirm-use`);
    const started = await hook(`/invoices/${blue.number}/allowance`, { amountFen: 5_000 });
    expect(started.body.data).toMatchObject({ status: '02', redNumber: null });
    const [c] = await finance.call(einvoice.confirmations);
    expect(c).toMatchObject({ status: '02', amountFen: 5_000, canDecide: true, reason: 'ALLOWANCE' });
    // The one sandbox clock (domains/clock.ts) runs the lapse among its jobs.
    const lapsedAt = async (at: number) => ((await hook('/run-due', { at })).body.data as { invoices: unknown }).invoices;
    expect(await lapsedAt(c!.createdAt + 71 * HOUR)).toEqual({ lapsed: 0 });
    expect(await lapsedAt(c!.createdAt + 73 * HOUR)).toEqual({ lapsed: 1 });
    expect((await finance.call(einvoice.confirmations))[0]).toMatchObject({ status: '07', canDecide: false });
    expect(await failure(finance.call(einvoice.decide, { params: { no: c!.no }, input: { accept: true } }))).toBe(
      '确认单已超过72小时未确认，已作废',
    );
    expect((await finance.call(einvoice.detail, { params: { number: blue.number } })).status).toBe('ISSUED');
  });

  it('confirmed in time: the red invoice is issued and the blue one shows 部分红冲', async () => {
    const r = await received(2);
    const blue = await finance.call(einvoice.request, { input: { sn: r.sn, titleId: 1 } });
    await hook(`/invoices/${blue.number}/confirm-use`);
    await hook(`/invoices/${blue.number}/allowance`, { amountFen: 5_000 });
    const [c] = await finance.call(einvoice.confirmations);
    expect(await failure(other.call(einvoice.decide, { params: { no: c!.no }, input: { accept: true } }))).toBe('确认单不存在');
    skewMs = 10 * HOUR;
    const done = await finance.call(einvoice.decide, { params: { no: c!.no }, input: { accept: true } });
    expect(done.status).toBe('04');
    const red = await finance.call(einvoice.detail, { params: { number: done.redNumber! } });
    expect(red.totals.grossFen).toBe(-5_000);
    const after = await finance.call(einvoice.detail, { params: { number: blue.number } });
    expect(after).toMatchObject({ status: 'PARTLY_RED', redFen: 5_000, redNumbers: [red.number] });
  });

  it('an allowance larger than what is left is refused', async () => {
    const r = await received(1);
    const blue = await finance.call(einvoice.request, { input: { sn: r.sn, titleId: 1 } });
    const res = await hook(`/invoices/${blue.number}/allowance`, { amountFen: blue.totals.grossFen + 1 });
    expect(res.body.msg).toBe('红冲金额不能超过发票未红冲的金额');
  });
});

describe('the merged invoice of a confirmed credit statement', () => {
  /** An order of member 1 on account (the demo company has terms): `num` N2 cylinders. */
  async function onAccount(num: number) {
    await finance.call(cart.add, { input: { sku_id: N2, num, way: 'CART' } });
    return finance.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, payMethod: 'CREDIT' } });
  }

  it('covers the statement’s orders less their returns, no deposits; only once confirmed, once per statement', async () => {
    const month = chinaMonth(Date.now());
    const a = await onAccount(2);
    const b = await onAccount(1);
    // One of a's two cylinders comes back before the invoice: a 销货退回 the invoice leaves out.
    await hook(`/orders/${a.orderId}/ship`);
    await finance.call(order.receive, { params: { sn: a.sn } });
    const as = await finance.call(member.applyAfterSale, { input: { sn: a.sn, skuId: N2, type: 'RETURN', reason: '多订了', num: 1 } });
    await hook(`/aftersales/${as.id}/review`, { result: 'COMPLETE' });
    expect(await finance.call(einvoice.statement, { params: { month } })).toBeNull();

    await hook('/credit/close-month', { month });
    expect(await finance.call(einvoice.statement, { params: { month } })).toMatchObject({ status: 'ISSUED', number: null, orders: 2 });
    const request = (titleId: number) => finance.call(einvoice.statementRequest, { params: { month }, input: { titleId } });
    expect(await failure(request(1))).toBe('对账单确认后才能申请合并开票');
    await finance.call(credit.confirm, { params: { month } });
    expect(await failure(other.call(einvoice.statement, { params: { month } }))).toBe('只有企业管理员或财务可以合并开票');
    expect(await failure(request(2))).toBe('合并开票须使用单位抬头');

    const [da, db] = [
      await finance.call(order.detail, { params: { sn: a.sn } }),
      await finance.call(order.detail, { params: { sn: b.sn } }),
    ];
    const fen = (yuan: number) => Math.round(yuan * 100);
    const expected = fen(da.payable - da.deposit) - fen(da.lines[0]!.price) + fen(db.payable - db.deposit);
    expect(await finance.call(einvoice.statement, { params: { month } })).toMatchObject({ status: 'CONFIRMED', grossFen: expected });
    // The per-order figure shown before a request says the same: the returned cylinder is off a's amount.
    const own = (await finance.call(einvoice.candidates, { input: {} })).own.find((o) => o.sn === a.sn)!;
    expect(own.grossFen).toBe(fen(da.payable - da.deposit) - fen(da.lines[0]!.price));
    const inv = await request(1);
    expect(inv).toMatchObject({ type: 'VAT_SPECIAL', sns: [a.sn, b.sn], totals: { grossFen: expected } });
    expect(inv.remark).toBe(`${month} 对账单合并开票，共 2 笔订单`);
    expect(inv.lines.find((l) => !l.discount && l.name.includes('氮'))?.num).toBe(2);
    expect(await finance.call(einvoice.statement, { params: { month } })).toMatchObject({ number: inv.number, orders: 0 });
    expect(await failure(request(1))).toBe(`该对账单已申请合并开票（发票 ${inv.number}）`);
    // Its orders are invoiced: neither can be requested alone.
    expect(await failure(finance.call(einvoice.request, { input: { sn: a.sn, titleId: 1 } }))).toBe('该订单已开具发票');
    expect(await failure(finance.call(einvoice.statementRequest, { params: { month: '2020-01' }, input: { titleId: 1 } }))).toBe(
      '对账单不存在',
    );
  });
});
