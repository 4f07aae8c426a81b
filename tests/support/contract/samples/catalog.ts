import { expect } from 'vitest';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { sample, type Sample } from '../harness.ts';

export const samples: Sample[] = [
  sample({ endpoint: catalog.categories, check: (d) => expect(d).toHaveLength(6) }),
  sample({ endpoint: catalog.goodsList, check: (d) => expect(d.pageSize).toBe(16) }),
  sample({
    endpoint: catalog.goodsList,
    prepare: () => ({ input: { keyword: '氮', pageSize: 5 } }),
    check: (d) => expect(d.list.length).toBeGreaterThan(0),
  }),
  sample({
    endpoint: catalog.goodsList,
    prepare: () => ({ input: { sid: '103', pid: '1' } }),
    check: (d) => expect(d.list.every((g) => g.categoryId === 103)).toBe(true),
  }),
  sample({
    endpoint: catalog.goodsList,
    prepare: () => ({ input: { pid: '1', sort: 'newest' as const } }),
    check: (d) => expect(d.list.map((g) => g.id)).toEqual([...d.list.map((g) => g.id)].sort((a, b) => b - a)),
  }),
  sample({
    endpoint: catalog.goodsDetail,
    prepare: () => ({ params: { id: 1001 } }),
    check: (d) => {
      expect(d.skus.length).toBeGreaterThan(0);
      expect(d.gasId).toBe(1);
      expect(d.skus[0]?.deposit).toBe(600);
    },
  }),
  sample({ endpoint: catalog.hotGoods, prepare: () => ({ input: { limit: 4 } }), check: (d) => expect(d.length).toBeLessThanOrEqual(4) }),
  sample({
    endpoint: catalog.suggest,
    prepare: () => ({ input: { keyword: '氮' } }),
    check: (d) => expect(d[0]?.goods_num).toBeGreaterThan(0),
  }),
  sample({ endpoint: catalog.shop, prepare: () => ({ params: { id: 1 } }), check: (d) => expect(d.goodsCount).toBeGreaterThan(0) }),
];
