/** Contract samples of the delivery calls (an extension of the supplier's API, delivery_part). */
import { expect } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { delivery } from '#src/shared/api/contract/delivery.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

/** Seeded nitrogen 40 L cylinder SKU. */
const N2 = 100101;
const post = (h: Harness, path: string, body: unknown = {}) =>
  h.raw(`/__sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** An order of the demo member with its delivery booked; `to` moves its shipment that far (after paying). */
async function placed(h: Harness, to?: 'LOADED' | 'SIGNED'): Promise<string> {
  const api = await h.client('member');
  await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
  const c = await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
  if (to) {
    await post(h, `/orders/${c.orderId}/pay`);
    await post(h, `/orders/${c.sn}/shipments/1/advance`, { to });
  }
  return c.sn;
}

export const samples: Sample[] = [
  sample({ endpoint: delivery.stations, check: (d) => expect(d.length).toBeGreaterThan(0) }),
  sample({
    endpoint: delivery.order,
    as: 'member',
    prepare: async (h) => ({ params: { sn: await placed(h) } }),
    check: (d) => expect(d).toMatchObject({ mode: 'DELIVERY', changeable: true }),
  }),
  sample({ endpoint: delivery.glance, as: 'member', prepare: async (h) => ({ input: { sns: await placed(h) } }) }),
  sample({
    endpoint: delivery.changeWindow,
    as: 'member',
    prepare: async (h) => {
      const sn = await placed(h);
      const d = await (await h.client('member')).call(delivery.order, { params: { sn } });
      const last = d.days.at(-1)!;
      return { params: { sn }, input: { date: last.date, window: 'PM' as const } };
    },
  }),
  sample({
    endpoint: delivery.cancel,
    as: 'member',
    prepare: async (h) => ({ params: { sn: await placed(h) }, input: { reason: '计划有变' } }),
    check: (d) => expect(d.reason).toBe('订单已取消'),
  }),
  sample({ endpoint: delivery.waybill, as: 'member', prepare: async (h) => ({ params: { sn: await placed(h, 'LOADED'), n: '1' } }) }),
  sample({ endpoint: delivery.proof, as: 'member', prepare: async (h) => ({ params: { sn: await placed(h, 'SIGNED'), n: '1' } }) }),
];
