/** Contract samples of the cylinders calls (an extension of the supplier's API). */
import { expect } from 'vitest';
import { cylinders } from '#src/shared/api/contract/cylinders.ts';
import { dateOf } from '#src/features/cylinders/rent.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

const DAY = 86_400_000;
/** Seeded cylinders of the demo member: SZ24050137 came with its first order, SH23110412 is on site without a request. */
const ORDERED = 'SZ24050137';
const ON_SITE = 'SH23110412';

/** The order number the demo member's first seeded order delivered SZ24050137 with. */
async function orderSnOf(h: Harness) {
  const held = await (await h.client('member')).call(cylinders.export, { input: {} });
  const c = held.find((x) => x.serial === ORDERED);
  if (!c) throw new Error(`${ORDERED} is not among the demo member's cylinders`);
  return c.orderSn;
}
/** A fresh return request of the demo member for one seeded cylinder, picked up in three days. */
async function requested(h: Harness) {
  const made = await (await h.client('member')).call(cylinders.requestReturn, {
    input: { serials: [ON_SITE], addressId: 1, pickupDate: dateOf(Date.now() + 3 * DAY), slot: 'PM' },
    idempotencyKey: 'contract-sample-return',
  });
  return made.id;
}

export const samples: Sample[] = [
  sample({
    endpoint: cylinders.list,
    as: 'member',
    prepare: () => ({ input: { pageNumber: 1, pageSize: 10 } }),
    check: (d) => {
      expect(d.list).toHaveLength(10);
      expect(d.total).toBe(d.totals.cylinders);
      expect(d.totals.pastFreeDays).toBeGreaterThan(0);
      expect(d.gases.length).toBeGreaterThan(1);
    },
  }),
  sample({
    endpoint: cylinders.export,
    as: 'member',
    prepare: () => ({ input: { filter: 'inspection' as const } }),
    check: (d) => {
      expect(d.length).toBeGreaterThan(0);
      expect(d.every((c) => c.inspectionState !== 'ok')).toBe(true);
    },
  }),
  sample({
    endpoint: cylinders.statement,
    as: 'member',
    prepare: () => ({ input: { month: dateOf(Date.now()).slice(0, 7) } }),
    check: (d) => {
      expect(d.lines.some((l) => l.serial === ORDERED)).toBe(true);
      expect(d.depositHeld).toBeGreaterThan(0);
    },
  }),
  sample({
    endpoint: cylinders.ledger,
    as: 'member',
    prepare: () => ({ input: { pageNumber: 1, pageSize: 20 } }),
    check: (d) => {
      expect(d.total).toBeGreaterThan(0);
      expect(d.list.map((e) => e.time)).toEqual([...d.list.map((e) => e.time)].sort((a, b) => b - a));
    },
  }),
  sample({
    endpoint: cylinders.returns,
    as: 'member',
    prepare: () => ({ input: { pageNumber: 1, pageSize: 10, status: 'STORED' as const } }),
    check: (d) => {
      expect(d.total).toBeGreaterThan(0);
      expect(d.list.every((r) => r.status === 'STORED' && r.receivedAt !== null)).toBe(true);
    },
  }),
  sample({
    endpoint: cylinders.returnDetail,
    as: 'member',
    prepare: async (h) => ({ params: { id: await requested(h) } }),
    check: (d) => expect(d).toMatchObject({ status: 'WAITING', slot: 'PM', cylinders: [{ serial: ON_SITE, result: null }] }),
  }),
  sample({
    endpoint: cylinders.requestReturn,
    as: 'member',
    prepare: () => ({
      input: {
        serials: [ON_SITE.toLowerCase()],
        addressId: 2,
        pickupDate: dateOf(Date.now() + 2 * DAY),
        slot: 'AM' as const,
        remark: '门卫处取件',
      },
      idempotencyKey: 'contract-sample-request',
    }),
    check: (d) => {
      expect(d).toMatchObject({ status: 'WAITING', slot: 'AM', cylinders: [{ serial: ON_SITE }], address: { name: '李敏' } });
      expect(d.no).toMatch(/^HS\d{12}$/);
    },
  }),
  sample({
    endpoint: cylinders.trace,
    prepare: () => ({ params: { serial: 'SZ21040077' } }),
    check: (d) => {
      expect(d).toMatchObject({ serial: 'SZ21040077', inspectionState: 'overdue', location: 'CUSTOMER' });
      expect(d).not.toHaveProperty('holder');
      expect(d.fills.length).toBeLessThanOrEqual(5);
    },
  }),
  sample({
    endpoint: cylinders.orderSerials,
    as: 'member',
    prepare: async (h) => ({ params: { sn: await orderSnOf(h) } }),
    check: (d) => {
      expect(d).toHaveLength(1);
      expect(d[0]!.serials).toEqual(['SZ24050137', 'SZ24050138', 'SZ24050139', 'SZ24050140']);
    },
  }),
];
