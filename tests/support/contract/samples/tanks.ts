/** Contract samples of the bulk-tank calls (an extension of the supplier's API). */
import { expect } from 'vitest';
import { tanks } from '#src/shared/api/contract/tanks.ts';
import { sample, type Sample } from '../harness.ts';

export const samples: Sample[] = [
  sample({
    endpoint: tanks.list,
    as: 'member',
    check: (d) => {
      expect(d.total).toBe(2);
      expect(d.list.map((t) => [t.product, t.capacityM3])).toEqual([
        ['LIN', 10],
        ['LAR', 5],
      ]);
      expect(d.list[0]!.readings.length).toBeGreaterThan(600);
      expect(d.list[0]!.forecast).not.toBeNull();
    },
  }),
  sample({
    endpoint: tanks.setAuto,
    as: 'member',
    prepare: () => ({ params: { id: '2' }, input: { on: false } }),
    check: (d) => expect(d).toMatchObject({ id: 2, autoReplenish: false }),
  }),
];
