// The delivery domain: the checkout's days and windows for the address's district, a window filled by the hook not offered
// and a stale choice refused with the next free one, pickup with its code, shipments advanced forward only with SMS notices
// and the order's states following, window changes only before loading, the proof's empties through the cylinder ledger,
// the waybill from the hazard data, another member's order 404, and the feature off.
import { beforeEach, describe, expect, it } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { cylinders } from '#src/shared/api/contract/cylinders.ts';
import { delivery } from '#src/shared/api/contract/delivery.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { standing } from '#src/shared/api/contract/standing.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

// Friday 2026-11-27 10:00 China time: 吴中区 (Mon–Sat route, lead 1 working day) delivers from Monday 11-30.
const clock = Date.parse('2026-11-27T10:00:00+08:00');
const { client, sandbox, hook, raw } = useSandbox(() => clock);
beforeEach(() => {
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null));
});
const api = client(() => 'u1');
const u2 = client(() => 'u2');
const N2 = 100101;

async function place(extra: Record<string, unknown> = {}) {
  await api.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
  const c = await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, ...extra } });
  return c;
}
const advance = (sn: string, n: number, body: Record<string, unknown>) => hook(`/orders/${sn}/shipments/${n}/advance`, body);

describe('delivery at checkout', () => {
  it('offers the district’s days with what is left, preselects the earliest free one, and refuses a stale choice', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    const c = await api.call(order.confirm, { input: { way: 'CART' } });
    expect(c.delivery!.regionId).toBe(320506);
    expect(c.delivery!.preselected).toEqual({ date: '2026-11-30', window: 'AM' });
    expect(c.delivery!.days[0]!.windows[0]).toEqual({ window: 'AM', label: '上午 9:00–12:00', left: 20 });
    expect(c.delivery!.stations.map((s) => s.name)).toContain('苏州吴中充装站');

    await hook('/delivery/fill', { regionId: 320506, date: '2026-11-30', window: 'AM' });
    const after = await api.call(order.confirm, { input: { way: 'CART' } });
    expect(after.delivery!.days[0]!.windows[0]!.left).toBe(0);
    expect(after.delivery!.preselected).toEqual({ date: '2026-11-30', window: 'PM' });
    const msg = await failure(
      api.call(order.create, {
        params: { type: 'CART' },
        input: { addressId: 1, deliveryMode: 'DELIVERY', deliveryDate: '2026-11-30', deliveryWindow: 'AM' },
      }),
    );
    expect(msg).toBe('所选送货时段已约满，最早可约 11月30日（周一）下午 13:00–17:00，请重新选择');
    const ok = await api.call(order.create, {
      params: { type: 'CART' },
      input: { addressId: 1, deliveryMode: 'DELIVERY', deliveryDate: '2026-11-30', deliveryWindow: 'PM' },
    });
    const d = await api.call(delivery.order, { params: { sn: ok.sn } });
    expect(d).toMatchObject({ mode: 'DELIVERY', slotText: '11月30日（周一）下午 13:00–17:00', changeable: true, pickupCode: null });
    expect(await api.call(delivery.glance, { input: { sns: `${ok.sn},X1` } })).toEqual([
      { sn: ok.sn, mode: 'DELIVERY', slotText: '11月30日（周一）下午 13:00–17:00', stateText: '待备货' },
    ]);
    expect(await failure(u2.call(delivery.order, { params: { sn: ok.sn } }))).toBe('订单不存在');
  });

  it('a standing order holds its window ahead, and its order keeps the day and window it was planned for', async () => {
    await api.call(standing.create, {
      input: { skuId: N2, quantity: 1, cadence: 'WEEKLY', weekdays: [1], window: 'PM', addressId: 1, collectEmpties: false },
    });
    await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    const monday = (await api.call(order.confirm, { input: { way: 'CART' } })).delivery!.days[0]!;
    expect(monday.date).toBe('2026-11-30');
    expect(monday.windows.map((w) => w.left)).toEqual([20, 19]);
    const ran = (await hook('/standing-orders/run-due', { at: Date.parse('2026-11-27T16:01:00+08:00') })).body.data as {
      ordered: { sn: string }[];
    };
    const d = await api.call(delivery.order, { params: { sn: ran.ordered[0]!.sn } });
    expect({ date: d.date, window: d.window }).toEqual({ date: '2026-11-30', window: 'PM' });
    // Ordered: counted once, by its booking.
    expect((await api.call(order.confirm, { input: { way: 'CART' } })).delivery!.days[0]!.windows[1]!.left).toBe(19);
  });

  it('pickup at a station gives a six-digit code', async () => {
    const c = await place({ deliveryMode: 'PICKUP', stationId: 1, deliveryDate: '2026-11-30', deliveryWindow: 'AM' });
    const d = await api.call(delivery.order, { params: { sn: c.sn } });
    expect(d.station!.name).toBe('苏州吴中充装站');
    expect(d.pickupCode).toMatch(/^\d{6}$/);
    expect(await failure(place({ deliveryMode: 'PICKUP', stationId: 99 }))).toBe('请选择可充装本订单气体的自提站');
  });

  it('with delivery_part off, confirm has no delivery and orders book nothing', async () => {
    await hook('/view-control', { viewName: 'delivery_part', isShow: 0 });
    await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    expect((await api.call(order.confirm, { input: { way: 'CART' } })).delivery).toBeUndefined();
    const c = await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
    expect(await failure(api.call(delivery.order, { params: { sn: c.sn } }))).toBe('订单不存在');
  });
});

describe('shipments', () => {
  it('moves forward only, ships and receives the order, sends SMS, and allows window changes only before loading', async () => {
    const c = await place();
    expect((await advance(c.sn, 1, { to: 'PREPARED' })).body.msg).toBe('订单未支付，不能配送');
    await hook(`/orders/${c.orderId}/pay`, {});
    await advance(c.sn, 1, { to: 'PREPARED' });
    const moved = await api.call(delivery.changeWindow, { params: { sn: c.sn }, input: { date: '2026-12-01', window: 'PM' } });
    expect(moved.slotText).toBe('12月1日（周二）下午 13:00–17:00');
    await advance(c.sn, 1, { to: 'IN_TRANSIT' });
    expect((await advance(c.sn, 1, { to: 'LOADED' })).body.msg).toBe('配送单已是「运输中」，不能回到「已装车」');
    const d = await api.call(delivery.order, { params: { sn: c.sn } });
    expect(d.shipments[0]!.steps.map((s) => s.time !== null)).toEqual([true, true, true, false, false]);
    expect(d.shipments[0]!.vehicle!.plate).toMatch(/^苏E·D\d{4}$/);
    expect(d.changeable).toBe(false);
    expect((await api.call(order.detail, { params: { sn: c.sn } })).status).toBe('SHIPPED');
    expect(await failure(api.call(delivery.changeWindow, { params: { sn: c.sn }, input: { date: '2026-12-02', window: 'AM' } }))).toMatch(
      /货物已装车/,
    );
    const phone = (await api.call(order.detail, { params: { sn: c.sn } })).address.phone;
    // The one SMS log (notices.ts): the order's notices among the phone's others, signed like every SMS notice.
    const sms = (await raw(`/__sandbox/sms/notices?phone=${phone}`)).body.data as { text: string; sn: string | null }[];
    expect(sms.filter((m) => m.sn === c.sn).map((m) => m.text)).toEqual([
      expect.stringMatching(/^【华气云商】您的订单 .+已装车，车牌 苏E·D\d{4}，预计 12月1日（周二）下午 13:00–17:00 送达/),
      expect.stringMatching(/^【华气云商】.+正在配送途中/),
    ]);
    expect((await raw(`/__sandbox/delivery/sms?phone=${phone}`)).http).toBe(404);
  });

  it('a shortage on the proof: the cylinder not signed for leaves the holdings with its deposit refunded; after-sales flagged', async () => {
    const c = await place();
    await hook(`/orders/${c.orderId}/pay`, {});
    await advance(c.sn, 1, { to: 'DELIVERED' });
    const loaded = (await api.call(cylinders.orderSerials, { params: { sn: c.sn } }))[0]!.serials;
    expect((await advance(c.sn, 1, { to: 'SIGNED', delivered: ['XX0000'] })).body.msg).toBe('钢瓶 XX0000 不在第 1 车的装车清单中');
    await advance(c.sn, 1, { to: 'SIGNED', delivered: [loaded[0]], remark: '少送 1 瓶' });
    const proof = (await api.call(delivery.order, { params: { sn: c.sn } })).shipments[0]!.proof!;
    expect(proof).toMatchObject({ delivered: [loaded[0]], problem: true });
    const held = (await api.call(cylinders.list, { input: {} })).list.map((h) => h.serial);
    expect(held).toContain(loaded[0]);
    expect(held).not.toContain(loaded[1]);
    const ledger = (await api.call(cylinders.ledger, { input: {} })).list;
    expect(ledger.filter((e) => e.serial === loaded[1]).map((e) => e.kind)).toEqual(expect.arrayContaining(['DEPOSIT', 'REFUND']));
  });

  it('signing with 2 delivered and 2 empties collected moves the cylinder ledger; the waybill carries UN1066 and the plate', async () => {
    const held = (await api.call(cylinders.list, { input: {} })).list.filter((h) => h.state === 'ON_SITE');
    const empties = held.slice(0, 2).map((h) => h.serial);
    const c = await place();
    await hook(`/orders/${c.orderId}/pay`, {});
    await advance(c.sn, 1, { to: 'DELIVERED' });
    await advance(c.sn, 1, { to: 'SIGNED', signedBy: '王工', collected: empties });
    const d = await api.call(delivery.order, { params: { sn: c.sn } });
    const proof = d.shipments[0]!.proof!;
    expect(proof).toMatchObject({ signedBy: '王工', collected: empties, problem: false });
    expect(proof.delivered).toHaveLength(2);
    expect((await api.call(order.detail, { params: { sn: c.sn } })).status).toBe('ROG');
    const after = (await api.call(cylinders.list, { input: {} })).list.map((h) => h.serial);
    for (const s of empties) expect(after).not.toContain(s);
    for (const s of proof.delivered) expect(after).toContain(s);
    const ledger = (await api.call(cylinders.ledger, { input: {} })).list;
    expect(ledger.filter((e) => e.kind === 'REFUND' && empties.includes(e.serial))).toHaveLength(2);
    const wb = await api.call(delivery.waybill, { params: { sn: c.sn, n: '1' } });
    expect(wb.goods[0]).toMatchObject({ un: 'UN1066', properName: '氮，压缩的', hazardClass: '2.2', cylinders: 2 });
    expect(wb.plate).toBe(d.shipments[0]!.vehicle!.plate);
    expect(wb.driver.certificate).toMatch(/^\d{4}\*+\d{4}$/);
    // Another member reaches neither document.
    expect(await failure(u2.call(delivery.waybill, { params: { sn: c.sn, n: '1' } }))).toBe('订单不存在');
    expect(await failure(u2.call(delivery.proof, { params: { sn: c.sn, n: '1' } }))).toBe('订单不存在');
  });
});
