/** Contract samples of the standing-order calls (an extension of the supplier's API, standing_part). */
import { expect } from 'vitest';
import { standing, type StandingInput } from '#src/shared/api/contract/standing.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

/** Seeded nitrogen 40 L cylinder SKU of the demo member's usual order. */
const N2 = 100101;
const input: StandingInput = {
  skuId: N2,
  quantity: 2,
  cadence: 'WEEKLY',
  weekdays: [2, 4],
  window: 'AM',
  addressId: 1,
  collectEmpties: true,
};

/** A standing order of the demo member, made for the sample. */
async function made(h: Harness): Promise<string> {
  const so = await (await h.client('member')).call(standing.create, { input });
  return String(so.id);
}

export const samples: Sample[] = [
  sample({ endpoint: standing.options, as: 'member', check: (d) => expect(d.goods.length).toBeGreaterThan(0) }),
  sample({
    endpoint: standing.create,
    as: 'member',
    prepare: () => ({ input }),
    check: (d) => expect(d).toMatchObject({ status: 'ACTIVE', cadenceText: '每周二、四', calendar: expect.any(Array) }),
  }),
  sample({
    endpoint: standing.list,
    as: 'member',
    prepare: async (h) => (await made(h), { input: {} }),
    check: (d) => expect(d.total).toBeGreaterThan(0),
  }),
  sample({ endpoint: standing.detail, as: 'member', prepare: async (h) => ({ params: { id: await made(h) } }) }),
  sample({
    endpoint: standing.update,
    as: 'member',
    prepare: async (h) => ({ params: { id: await made(h) }, input: { ...input, quantity: 3 } }),
    check: (d) => expect(d.quantity).toBe(3),
  }),
  sample({
    endpoint: standing.pause,
    as: 'member',
    prepare: async (h) => ({ params: { id: await made(h) } }),
    check: (d) => expect(d.status).toBe('PAUSED'),
  }),
  sample({
    endpoint: standing.resume,
    as: 'member',
    prepare: async (h) => {
      const id = await made(h);
      await (await h.client('member')).call(standing.pause, { params: { id } });
      return { params: { id } };
    },
    check: (d) => expect(d.status).toBe('ACTIVE'),
  }),
  sample({
    endpoint: standing.occurrence,
    as: 'member',
    prepare: async (h) => {
      const id = await made(h);
      const so = await (await h.client('member')).call(standing.detail, { params: { id } });
      return { params: { id }, input: { date: so.next!.date, action: 'SKIP' as const } };
    },
    check: (d) => expect(d.calendar[0]!.state).toBe('SKIPPED'),
  }),
  sample({
    endpoint: standing.end,
    as: 'member',
    prepare: async (h) => ({ params: { id: await made(h) } }),
    check: (d) => expect(d.status).toBe('ENDED'),
  }),
];
