/** Contract samples of the quick-order and purchase-list calls (an extension of the supplier's API). */
import { expect } from 'vitest';
import { quick } from '#src/shared/api/contract/quick.ts';
import { sample, type Sample } from '../harness.ts';

export const samples: Sample[] = [
  sample({
    endpoint: quick.resolve,
    as: 'member',
    prepare: () => ({
      input: {
        lines: [
          { code: '7727-37-9', qty: 2 },
          { code: 'nope', qty: 1 },
        ],
      },
    }),
    check: (d) => expect(d.lines.map((l) => l.status)).toEqual(['OK', 'UNKNOWN']),
  }),
  sample({
    endpoint: quick.add,
    as: 'member',
    prepare: () => ({ input: { lines: [{ skuId: 103201, qty: 1 }] } }),
    check: (d) => expect(d.added).toBe(1),
  }),
  sample({ endpoint: quick.lists, as: 'member', prepare: () => ({ input: {} }), check: (d) => expect(d.canEdit).toBe(true) }),
  sample({
    endpoint: quick.saveList,
    as: 'member',
    prepare: () => ({ input: { name: '常用气体', lines: [{ skuId: 103201, qty: 2 }] } }),
    check: (d) => expect(d.id).toBeGreaterThan(0),
  }),
  sample({
    endpoint: quick.list,
    as: 'member',
    prepare: async (h) => {
      const { id } = await (await h.client('member')).call(quick.saveList, { input: { name: '样例', lines: [{ skuId: 103201, qty: 1 }] } });
      return { params: { id } };
    },
    check: (d) => expect(d.lines[0]?.sku?.skuId).toBe(103201),
  }),
  sample({
    endpoint: quick.deleteList,
    as: 'member',
    prepare: async (h) => {
      const { id } = await (await h.client('member')).call(quick.saveList, { input: { name: '删', lines: [{ skuId: 103201, qty: 1 }] } });
      return { input: { id } };
    },
    check: (d) => expect(d).toBeNull(),
  }),
];
