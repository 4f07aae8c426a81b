// The standing-order domain: create and validate, the calendar with cut-offs, skip and change before the cut-off, run-due
// ordering through the order path once per occurrence, a failure reported and kept, pause/resume, another member's 404, the
// view-control switch, and the empties exchange on delivery.
import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '#src/shared/api/contract/auth.ts';
import { cylinders } from '#src/shared/api/contract/cylinders.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { standing } from '#src/shared/api/contract/standing.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

// Friday 2026-11-27 10:00 China time.
const START = Date.parse('2026-11-27T10:00:00+08:00');
let clock = START;
const { client, sandbox, hook } = useSandbox(() => clock);
beforeEach(() => {
  clock = START;
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null));
});
const api = client(() => 'u1');
const u2 = client(() => 'u2');
const N2 = 100101;
const CUTOFF_MON = Date.parse('2026-11-27T16:00:00+08:00');

const input = {
  skuId: N2,
  quantity: 2,
  cadence: 'WEEKLY' as const,
  weekdays: [1],
  window: 'AM' as const,
  addressId: 1,
  collectEmpties: true,
};
const runDue = async (at: number) =>
  (await hook('/standing-orders/run-due', { at })).body.data as { ordered: { sn: string; date: string }[]; failed: { msg: string }[] };

describe('standing orders', () => {
  it('lists the options: cylinder goods only', async () => {
    const o = await api.call(standing.options);
    expect(o.goods.length).toBeGreaterThan(0);
    expect(o.goods.every((g) => g.skus.every((k) => k.deposit > 0))).toBe(true);
    expect(o.goods.flatMap((g) => g.skus.map((k) => k.skuId))).toContain(N2);
  });

  it('creates one with its cadence, next delivery, cut-off and an 8-week calendar', async () => {
    const so = await api.call(standing.create, { input });
    expect(so).toMatchObject({ status: 'ACTIVE', cadenceText: '每周一', quantity: 2, windowText: '上午 9:00–12:00' });
    expect(so.next).toMatchObject({
      date: '2026-11-30',
      deliveryDate: '2026-11-30',
      cutoffDate: '2026-11-27',
      cutoff: CUTOFF_MON,
      changeable: true,
    });
    expect(so.calendar).toHaveLength(8);
    expect((await api.call(standing.list, { input: {} })).list.map((x) => x.id)).toEqual([so.id]);
    // Another member does not see it.
    expect(await failure(u2.call(standing.detail, { params: { id: String(so.id) } }))).toBe('定期订单不存在');
    expect((await u2.call(standing.list, { input: {} })).total).toBe(0);
  });

  it('validates: weekdays, a non-cylinder SKU, a missing address', async () => {
    expect(await failure(api.call(standing.create, { input: { ...input, weekdays: [] } }))).toBe('请选择配送日（周一至周六）');
    expect(await failure(api.call(standing.create, { input: { ...input, quantity: 0 } }))).toBe('每次至少 1 瓶');
    expect(await failure(api.call(standing.create, { input: { ...input, addressId: 999 } }))).toBe('收货地址不存在');
    expect(await failure(api.call(standing.create, { input: { ...input, cadence: 'BIWEEKLY', weekdays: [1, 3] } }))).toBe(
      '每两周配送请只选择一个配送日',
    );
    // A bought container (no cylinder deposit) is not delivered on a cadence.
    const bought = sandbox().db.get<{ sku_id: number }>(
      'SELECT s.sku_id FROM skus s JOIN goods g ON g.id = s.goods_id WHERE g.category_pid NOT IN (1, 2) AND g.market_enable = 1 LIMIT 1',
    )!;
    expect(await failure(api.call(standing.create, { input: { ...input, skuId: bought.sku_id } }))).toBe('该商品不支持定期配送');
  });

  it('orders at the cut-off exactly once; a skipped occurrence makes no order', async () => {
    const so = await api.call(standing.create, { input });
    // Skip Monday 12-07, change 12-14 to 5.
    await api.call(standing.occurrence, { params: { id: String(so.id) }, input: { date: '2026-12-07', action: 'SKIP' } });
    const changed = await api.call(standing.occurrence, {
      params: { id: String(so.id) },
      input: { date: '2026-12-14', action: 'CHANGE', quantity: 5 },
    });
    expect(changed.calendar.find((o) => o.date === '2026-12-07')).toMatchObject({ state: 'SKIPPED' });
    expect(changed.calendar.find((o) => o.date === '2026-12-14')).toMatchObject({ state: 'CHANGED', quantity: 5 });
    const before = (await api.call(order.list, { input: {} })).total;

    expect((await runDue(CUTOFF_MON - 1)).ordered).toEqual([]);
    const first = await runDue(CUTOFF_MON + 60_000);
    expect(first.ordered).toHaveLength(1);
    expect((await runDue(CUTOFF_MON + 120_000)).ordered).toEqual([]);
    expect((await api.call(order.list, { input: {} })).total).toBe(before + 1);
    const detail = await api.call(order.detail, { params: { sn: first.ordered[0]!.sn } });
    expect(detail.lines).toEqual([expect.objectContaining({ sku_id: N2, num: 2 })]);
    expect(detail.remark).toMatch(/定期订单 DQ\d+：2026-11-30（周一） 上午 9:00–12:00送达，随车回收空瓶 2 只/);

    // Past 12-07's cut-off (Friday 12-04 16:00): skipped, nothing ordered; 12-14 orders 5.
    expect((await runDue(Date.parse('2026-12-04T16:30:00+08:00'))).ordered).toEqual([]);
    const third = await runDue(Date.parse('2026-12-11T16:30:00+08:00'));
    expect(third.ordered.map((o) => o.date)).toEqual(['2026-12-14']);
    expect((await api.call(order.detail, { params: { sn: third.ordered[0]!.sn } })).lines[0]!.num).toBe(5);
    expect((await api.call(order.list, { input: {} })).total).toBe(before + 2);
    const after = await api.call(standing.detail, { params: { id: String(so.id) } });
    expect(after.history.map((o) => [o.date, o.state])).toEqual([
      ['2026-12-14', 'ORDERED'],
      ['2026-11-30', 'ORDERED'],
    ]);
  });

  it('cannot change an occurrence past its cut-off', async () => {
    const so = await api.call(standing.create, { input });
    clock = CUTOFF_MON;
    expect(
      await failure(api.call(standing.occurrence, { params: { id: String(so.id) }, input: { date: '2026-11-30', action: 'SKIP' } })),
    ).toBe('该次配送已过截单时间（2026-11-27（周五）16:00），无法修改');
    expect(
      await failure(api.call(standing.occurrence, { params: { id: String(so.id) }, input: { date: '2026-12-01', action: 'SKIP' } })),
    ).toBe('该日期不是此定期订单的配送日');
  });

  it('reports a failure (no stock) to the member and keeps the standing order', async () => {
    const so = await api.call(standing.create, { input });
    await hook('/stock', { skuId: N2, stock: 1 });
    const unread = (await api.call(auth.unread)).total;
    const r = await runDue(CUTOFF_MON + 1);
    expect(r.failed).toEqual([expect.objectContaining({ msg: expect.stringMatching(/库存不足/) })]);
    const after = await api.call(standing.detail, { params: { id: String(so.id) } });
    expect(after.status).toBe('ACTIVE');
    expect(after.history[0]).toMatchObject({
      date: '2026-11-30',
      state: 'FAILED',
      note: expect.stringMatching(/库存不足.*请减少数量或更换规格.*之后的配送照常进行/),
    });
    expect((await api.call(auth.unread)).total).toBe(unread + 1);
    // Still once: the failed occurrence is not retried into a second attempt.
    expect((await runDue(CUTOFF_MON + 2)).failed).toEqual([]);
  });

  it('pause: nothing is ordered; resume does not order what passed while paused', async () => {
    const so = await api.call(standing.create, { input });
    const paused = await api.call(standing.pause, { params: { id: String(so.id) } });
    expect(paused).toMatchObject({ status: 'PAUSED', next: null });
    expect((await runDue(CUTOFF_MON + 1)).ordered).toEqual([]);
    clock = CUTOFF_MON + 3_600_000;
    const resumed = await api.call(standing.resume, { params: { id: String(so.id) } });
    expect(resumed.next!.date).toBe('2026-12-07');
    expect((await runDue(CUTOFF_MON + 7_200_000)).ordered).toEqual([]);
  });

  it('hides everything while standing_part is off', async () => {
    const so = await api.call(standing.create, { input });
    await hook('/view-control', { viewName: 'standing_part', isShow: 0 });
    expect(await failure(api.call(standing.list, { input: {} }))).toBe('接口不存在');
    expect((await runDue(CUTOFF_MON + 1)).ordered).toEqual([]);
    expect(so.id).toBeGreaterThan(0);
  });

  it('collects as many empties of that SKU on delivery: the cylinder ledger refunds them once received', async () => {
    await api.call(standing.create, { input });
    const deliver = async (at: number) => {
      const { ordered } = await runDue(at);
      const o = await api.call(order.detail, { params: { sn: ordered[0]!.sn } });
      await hook(`/orders/${o.orderId}/pay`, {});
      await hook(`/orders/${o.orderId}/ship`, {});
      return (await api.call(cylinders.orderSerials, { params: { sn: o.sn } }))[0]!.serials;
    };
    const first = await deliver(CUTOFF_MON + 1);
    expect(first).toHaveLength(2);
    const second = await deliver(Date.parse('2026-12-04T16:01:00+08:00'));
    // Each delivery took back two cylinders of that SKU the member had on site (the longest held), never the full ones it brought.
    const exchanges = (await api.call(cylinders.returns, { input: {} })).list.filter((r) =>
      r.logs.some((l) => /随车回收空瓶/.test(l.note)),
    );
    expect(exchanges).toHaveLength(2);
    for (const r of exchanges) expect(r).toMatchObject({ status: 'PICKED_UP', cylinders: [expect.anything(), expect.anything()] });
    const taken = exchanges.flatMap((r) => r.cylinders.map((c) => c.serial));
    expect(taken.some((sn) => second.includes(sn))).toBe(false);
    const exchange = exchanges[0]!;
    await hook(`/cylinders/returns/${exchange!.id}/receive`, {});
    const ledger = (await api.call(cylinders.ledger, { input: {} })).list;
    expect(ledger.filter((e) => e.kind === 'REFUND' && exchange.cylinders.some((c) => c.serial === e.serial))).toHaveLength(2);
  });
});
