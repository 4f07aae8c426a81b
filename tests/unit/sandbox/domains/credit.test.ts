import { beforeEach, describe, expect, it } from 'vitest';
import { chinaDay, chinaMonth } from '#src/shared/formats/china-time.ts';
import { cart } from '#src/shared/api/contract/cart.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { company } from '#src/shared/api/contract/company.ts';
import { member } from '#src/shared/api/contract/member.ts';
import { credit } from '#src/shared/api/contract/credit.ts';
import { cylinders } from '#src/shared/api/contract/cylinders.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { dueDate } from '#src/features/credit/rules.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

let skewMs = 0;
const { client, sandbox, hook, raw } = useSandbox(() => Date.now() + skewMs);
beforeEach(async () => {
  skewMs = 0;
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : t === 'u3' ? 3 : null));
  // The figures below are the list price of 100101 (¥1,610 for ten); the demo company's agreed price is docs/prices.md's matter.
  await hook('/view-control', { viewName: 'price_part', isShow: 0 });
});
const demo = client(() => 'u1');
const hengtai = client(() => 'u3');
const N2 = 100101;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).toString('base64');
const month = () => chinaMonth(Date.now() + skewMs);

async function onAccount(api = demo, num = 2, addressId = 1) {
  await api.call(cart.add, { input: { sku_id: N2, num, way: 'CART' } });
  return api.call(order.create, { params: { type: 'CART' }, input: { addressId, payMethod: 'CREDIT' } });
}

describe('orders on account', () => {
  it('skip the cashier: PAID_OFF by CREDIT, shown at checkout, the credit available falls by the payable', async () => {
    await demo.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    const checkout = await demo.call(order.confirm, { input: {} });
    expect(checkout.credit).toMatchObject({
      termLabel: '月结30天',
      lineFen: 20_000_000,
      availableFen: 20_000_000,
      held: null,
      month: month(),
    });
    const o = await demo.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, payMethod: 'CREDIT' } });
    expect(o.status).toBe('PAID_OFF');
    const d = await demo.call(order.detail, { params: { sn: o.sn } });
    expect(d).toMatchObject({ payType: 'CREDIT', paidAt: null });
    expect(d.logs.at(-1)!.note).toContain(`计入 ${month()} 对账单`);
    expect((await demo.call(credit.account))!).toMatchObject({ usedFen: 161_000, availableFen: 20_000_000 - 161_000 });
    // Hours later the unpaid timeout has nothing to cancel.
    skewMs = 2 * 3_600_000;
    await hook('/run-due', {});
    expect((await demo.call(order.detail, { params: { sn: o.sn } })).status).toBe('PAID_OFF');
  });

  it('refuses an order over the available credit with the figures; other payment methods remain', async () => {
    await hook('/credit/terms', { member: '13800138000', lineFen: 100_000 });
    await demo.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    expect(await failure(demo.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, payMethod: 'CREDIT' } }))).toBe(
      '超出可用额度：订单金额 ¥1,610.00，可用额度 ¥1,000.00（授信额度 ¥1,000.00，已用 ¥0.00）',
    );
    expect((await demo.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } })).status).toBe('NEW');
  });

  it('never takes the line below zero under 20 parallel orders', async () => {
    // Room for exactly 3 orders of ¥1,610.00 (one cylinder each would be smaller: every order here is the same 2 cylinders).
    await hook('/credit/terms', { member: '13800138000', lineFen: 3 * 161_000 + 100 });
    const tries = await Promise.allSettled(
      Array.from({ length: 20 }, async () => {
        await demo.call(cart.add, { input: { sku_id: N2, num: 2, way: 'BUY_NOW' } });
        return demo.call(order.create, { params: { type: 'BUY_NOW' }, input: { addressId: 1, payMethod: 'CREDIT' } });
      }),
    );
    const made = tries.filter((t) => t.status === 'fulfilled');
    expect(made.length).toBeLessThanOrEqual(3);
    expect(made.length).toBeGreaterThan(0);
    const acct = (await demo.call(credit.account))!;
    expect(acct.usedFen).toBe(made.length * 161_000);
    expect(acct.usedFen).toBeLessThanOrEqual(acct.lineFen);
    expect(acct.availableFen).toBeGreaterThanOrEqual(0);
  });
});

describe('approval of an order on account', () => {
  const buyer = client(() => 'u2');
  async function buyerOverLimit() {
    const inv = await demo.call(company.invite, {
      input: { phone: '13900139000', roles: ['BUYER'], limitPerOrder: '1000', limitPerMonth: '' },
    });
    await buyer.call(company.accept, { input: { id: inv.id } });
    const address = await buyer.call(member.saveAddress, {
      input: {
        name: '李工',
        phone: '13900139000',
        regionIds: [320000, 320200, 320211, 320211001000],
        regionText: '江苏省 无锡市 滨湖区 河埒街道',
        detail: '梁溪路 8 号',
      },
    });
    return { o: await onAccount(buyer, 2, address.id), addressId: address.id };
  }

  it('waits in APPROVAL holding its credit; approved it is on account (PAID_OFF), rejected its credit is freed', async () => {
    const { o, addressId } = await buyerOverLimit();
    expect(o.status).toBe('APPROVAL');
    expect((await demo.call(credit.account))!.usedFen).toBe(161_000);
    await demo.call(company.decide, { params: { sn: o.sn }, input: { approve: true, comment: '' } });
    expect(await buyer.call(order.detail, { params: { sn: o.sn } })).toMatchObject({ status: 'PAID_OFF', payType: 'CREDIT' });
    const again = await onAccount(buyer, 2, addressId);
    expect(again.status).toBe('APPROVAL');
    await demo.call(company.decide, { params: { sn: again.sn }, input: { approve: false, comment: '预算不足' } });
    expect((await demo.call(credit.account))!.usedFen).toBe(161_000);
  });
});

describe('statements, bills and payment', () => {
  // The demo company's cylinders accrue rent every month: without the cylinder feature the figures are the orders' alone.
  beforeEach(() => hook('/view-control', { viewName: 'cylinder_part', isShow: 0 }));

  it("lists the cylinder rent the company's members accrued in the month, billed with it", async () => {
    await hook('/view-control', { viewName: 'cylinder_part', isShow: 1 });
    const st = await demo.call(credit.statement, { input: { month: month() } });
    const rent = st.lines.filter((l) => l.kind === 'RENT');
    expect(rent.length).toBeGreaterThan(0);
    expect(st.totals.rent).toBe(rent.reduce((a, l) => a + l.amountFen, 0));
    expect(st.totals.payable).toBe(st.totals.rent);
  });

  async function billOfMonth() {
    await onAccount();
    expect((await hook('/credit/close-month', { month: month() })).body.status).toBe(200);
    const st = await demo.call(credit.statement, { input: { month: month() } });
    expect(st).toMatchObject({ status: 'ISSUED', totals: { orders: 41_000, deposits: 120_000, total: 41_000, payable: 161_000 } });
    expect(st.lines.map((l) => l.kind)).toEqual(['ORDER', 'DEPOSIT']);
    return (await demo.call(credit.confirm, { params: { month: month() } })).billId!;
  }

  it('close → confirm → a bill due 30 days after the month end; a transfer with its code marks it paid, once per receipt', async () => {
    const billId = await billOfMonth();
    const { list } = await demo.call(credit.bills, { input: {} });
    expect(list[0]).toMatchObject({
      id: billId,
      amountFen: 161_000,
      dueOn: dueDate(month(), { kind: 'MONTHLY', days: 30, workingDays: false }),
    });
    const r = await demo.call(credit.remit, { input: { billIds: [billId] } });
    expect(r).toMatchObject({ amountFen: 161_000, status: 'AWAITING_SLIP', payee: { account: '1001 2345 0920 0088 123' } });
    // A second payer gets the same code: one payment.
    expect((await demo.call(credit.remit, { input: { billIds: [billId] } })).code).toBe(r.code);
    const { url } = await demo.call(common.upload, { input: { name: '回单.png', data: PNG } });
    expect((await demo.call(credit.slip, { params: { code: r.code }, input: { slipUrl: url } })).status).toBe('AWAITING_RECEIPT');

    const wrong = `${r.code.slice(0, -1)}${(Number(r.code.slice(-1)) + 1) % 10}`;
    expect((await hook('/credit/bank-receipts', { receiptId: 'B1', amountFen: 161_000, note: wrong })).body.data).toMatchObject({
      kind: 'WRONG_CODE',
    });
    expect((await hook('/credit/bank-receipts', { receiptId: 'B2', amountFen: 61_000, note: `货款 ${r.code}` })).body.data).toMatchObject({
      kind: 'PARTIAL',
      leftFen: 100_000,
    });
    expect((await demo.call(credit.bills, { input: {} })).list[0]).toMatchObject({
      paidFen: 61_000,
      remittance: { code: r.code, slipSent: true },
    });
    const exact = await hook('/credit/bank-receipts', { receiptId: 'B3', amountFen: 100_000, note: r.code });
    expect(exact.body.data).toMatchObject({ kind: 'EXACT', duplicate: false });
    // The bank sends the same receipt again: nothing more is paid.
    expect((await hook('/credit/bank-receipts', { receiptId: 'B3', amountFen: 100_000, note: r.code })).body.data).toMatchObject({
      duplicate: true,
    });
    const paid = (await demo.call(credit.bills, { input: {} })).list[0]!;
    expect(paid).toMatchObject({ paidFen: 161_000, state: 'PAID', stateText: '已付款' });
    expect(paid.receipts.map((x) => [x.receiptId, x.amountFen])).toEqual([
      ['B2', 61_000],
      ['B3', 100_000],
    ]);
    // Another receipt with the same code finds nothing left to pay.
    expect((await hook('/credit/bank-receipts', { receiptId: 'B4', amountFen: 100_000, note: r.code })).body.data).toMatchObject({
      kind: 'UNKNOWN_CODE',
    });
    expect((await demo.call(credit.account))!.usedFen).toBe(0);
  });

  it("credits the deposit of a cylinder back from an order on account, apart in the month of the refund; not a paid order's", async () => {
    await hook('/view-control', { viewName: 'cylinder_part', isShow: 1 });
    const shipped = async (payMethod?: 'CREDIT') => {
      await demo.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
      const o = await demo.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, ...(payMethod && { payMethod }) } });
      if (!payMethod) await hook(`/orders/${o.sn}/pay`, {});
      await hook(`/orders/${o.sn}/ship`, { company: '顺丰速运' });
      return (await demo.call(cylinders.orderSerials, { params: { sn: o.sn } })).flatMap((l) => l.serials);
    };
    const [credited, paid] = [await shipped('CREDIT'), await shipped()];
    expect(credited).toHaveLength(2);
    const r = await demo.call(cylinders.requestReturn, {
      input: { serials: [...credited, paid[0]!], addressId: 1, pickupDate: chinaDay(Date.now() + 86_400_000), slot: 'AM' },
    });
    await hook(`/cylinders/returns/${r.id}/pickup`, { date: r.pickupDate });
    expect((await hook(`/cylinders/returns/${r.id}/receive`, {})).body.status).toBe(200);
    const st = await demo.call(credit.statement, { input: { month: month() } });
    const deposits = st.lines.filter((l) => l.kind === 'DEPOSIT');
    // Taken with the order (¥600 a cylinder) and given back for each of its two cylinders; the paid order's goes back as paid.
    expect(deposits.map((l) => l.amountFen)).toEqual([120_000, -60_000, -60_000]);
    expect(deposits.slice(1).map((l) => l.note)).toEqual(credited.map((x) => `钢瓶 ${x} 已退回，押金退还`));
    expect(st.totals.deposits).toBe(0);
    expect(st.totals.payable).toBe(st.totals.total);
  });

  it('a dispute waits for the supplier; an adjustment is a credit note that lowers the bill', async () => {
    await onAccount();
    await hook('/credit/close-month', { month: month() });
    const st = await demo.call(credit.dispute, { params: { month: month() }, input: { lineIds: [1], reason: '少送一瓶' } });
    expect(st.status).toBe('DISPUTED');
    expect(await failure(demo.call(credit.confirm, { params: { month: month() } }))).toBe('有争议尚未处理，请等待供应商答复');
    await hook(`/credit/disputes/${st.disputes[0]!.id}/answer`, { result: 'ADJUST', amountFen: 20_500 });
    const after = await demo.call(credit.statement, { input: { month: month() } });
    expect(after).toMatchObject({ status: 'ISSUED', totals: { creditNotes: 20_500, total: 20_500, payable: 140_500 } });
    expect(after.totals.payable).toBe(
      after.lines.reduce((a, l) => a + (l.kind === 'CREDIT_NOTE' || l.kind === 'RETURN' ? -1 : 1) * l.amountFen, 0),
    );
    const confirmed = await demo.call(credit.confirm, { params: { month: month() } });
    expect((await demo.call(credit.bills, { input: {} })).list[0]).toMatchObject({ id: confirmed.billId, amountFen: 140_500 });
  });
});

describe('holds', () => {
  it('无锡恒泰 with an overdue bill cannot order on account and is told why; paying the bill lifts the hold at once', async () => {
    const acct = (await hengtai.call(credit.account))!;
    expect(acct).toMatchObject({ companyName: '无锡恒泰机械有限公司', termLabel: '月结30天', me: { order: true, finance: true } });
    expect(acct.hold!.reason).toContain('您有账单已逾期，请先付款');
    expect(await failure(onAccount(hengtai, 1, 90))).toBe('您有账单已逾期，请先付款，账期支付暂停');
    const bill = (await hengtai.call(credit.bills, { input: {} })).list[0]!;
    expect(bill.state).toBe('OVERDUE');
    const r = await hengtai.call(credit.remit, { input: { billIds: [bill.id] } });
    await hook('/credit/bank-receipts', { receiptId: 'HT-1', amountFen: r.amountFen, note: r.code });
    expect((await hengtai.call(credit.account))!.hold).toBeNull();
    expect((await onAccount(hengtai, 1, 90)).status).toBe('PAID_OFF');
  });

  it('another company cannot see or pay a bill that is not its own', async () => {
    const bill = (await hengtai.call(credit.bills, { input: {} })).list[0]!;
    expect(await failure(demo.call(credit.remit, { input: { billIds: [bill.id] } }))).toBe('账单不存在');
    expect((await demo.call(credit.bills, { input: {} })).total).toBe(0);
  });
});

describe('the sandbox clock', () => {
  it('runs every time-driven job as of `at`: order timeouts, reminders, tanks, and the standing-order and privacy jobs', async () => {
    await demo.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    const unpaid = await demo.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
    const ran = (await hook('/run-due', { at: Date.now() + 31 * 60_000 })).body.data as Record<string, unknown>;
    expect(ran).toMatchObject({ orders: 1, tanks: 2, 'standing-orders': { ordered: [], failed: [] }, privacy: { done: 0 } });
    skewMs = 31 * 60_000;
    expect((await demo.call(order.detail, { params: { sn: unpaid.sn } })).status).toBe('CANCELLED');
  });

  it("with `member` runs that member's jobs only: another member's unpaid order and the standing-order jobs are left alone", async () => {
    await demo.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    const others = await demo.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
    const ran = (await hook('/run-due', { at: Date.now() + 31 * 60_000, member: '13722220002' })).body.data as Record<string, unknown>;
    expect(ran).toMatchObject({ orders: 0, tanks: 0 });
    expect(ran).not.toHaveProperty('standing-orders');
    expect((await demo.call(order.detail, { params: { sn: others.sn } })).status).toBe('NEW');
    expect((await hook('/run-due', { at: Date.now() + 31 * 60_000, member: '13800138000' })).body.data).toMatchObject({ orders: 1 });
  });

  it('sends reminders 7 days and 1 day before the due date and the day after, each once, by message and SMS', async () => {
    const billId = await (async () => {
      await onAccount();
      await hook('/credit/close-month', { month: month() });
      return (await demo.call(credit.confirm, { params: { month: month() } })).billId!;
    })();
    const due = (await demo.call(credit.bills, { input: {} })).list.find((b) => b.id === billId)!.dueOn;
    const at = (day: string) => Date.parse(`${day}T02:00:00Z`);
    const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    for (const day of [shift(due, -7), shift(due, -7), shift(due, -1), shift(due, 1)]) await hook('/run-due', { at: at(day) });
    const all = (await raw('/__sandbox/sms/notices?phone=13800138000')).body.data as { text: string }[];
    expect(all[0]!.text).toContain('对账单已出具');
    const sms = all.filter((n) => n.text.includes('到期'));
    expect(sms).toHaveLength(3);
    expect(sms[0]!.text).toContain(`将于 ${due} 到期`);
    expect(sms[2]!.text).toContain('已于');
    expect(chinaDay(at(shift(due, 1)))).toBe(shift(due, 1));
  });
});

describe('orders the shop places for the buyer (tank replenishment)', () => {
  const HOUR = 3_600_000;
  async function lowTank() {
    const tank = (await hook('/tanks', { member: '13800138000', endPct: 60, reorderPct: 30, leadDays: 2, days: 20, addressId: 1 })).body
      .data as { id: number };
    await hook(`/tanks/${tank.id}/readings`, { readings: [{ at: Date.now() + skewMs, levelPct: 24.5 }] });
    const { list } = await demo.call(order.list, { input: { pageSize: 50 } });
    return { tank, placed: list.find((o) => o.createTime >= Date.now() + skewMs - 60_000)! };
  }

  it('goes on account when the company has terms: open after run-due two hours later', async () => {
    const { placed } = await lowTank();
    expect(placed.status).toBe('PAID_OFF');
    skewMs = 2 * HOUR;
    await hook('/run-due', {});
    expect((await demo.call(order.detail, { params: { sn: placed.sn } })).status).toBe('PAID_OFF');
  });

  it('without terms waits for payment (told by SMS), not cancelled while the tank is below its reorder point, then times out as usual', async () => {
    await hook('/view-control', { viewName: 'credit_part', isShow: 0 });
    const { tank, placed } = await lowTank();
    expect(placed.status).toBe('NEW');
    const sms = (await raw('/__sandbox/sms/notices?phone=13800138000')).body.data as { text: string }[];
    expect(sms.at(-1)!.text).toContain(placed.sn);
    skewMs = 2 * HOUR;
    expect((await hook('/run-due', {})).body.data).toMatchObject({ orders: 0 });
    expect((await demo.call(order.detail, { params: { sn: placed.sn } })).status).toBe('NEW');
    // Back above the reorder point: the usual 30 minutes from then.
    await hook(`/tanks/${tank.id}/readings`, { readings: [{ at: Date.now() + skewMs, levelPct: 31 }] });
    skewMs += HOUR;
    await hook('/run-due', {});
    expect((await demo.call(order.detail, { params: { sn: placed.sn } })).status).toBe('CANCELLED');
  });
});
