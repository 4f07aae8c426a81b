import { expect } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

/** 5N nitrogen, 40L cylinder: the SKU the seed always has. */
export const N2 = 100101;

/** Puts `num` cylinders of nitrogen in the demo member's cart. */
export async function withNitrogen(h: Harness, num = 2) {
  const api = await h.client('member');
  await api.call(cart.add, { input: { sku_id: N2, num, way: 'CART' } });
  return api;
}

export const samples: Sample[] = [
  sample({ endpoint: cart.list, as: 'member', check: (d) => expect(d).toMatchObject({ valid: [], invalid: [], cartNum: 0 }) }),
  sample({
    endpoint: cart.list,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h), {}),
    check: (d) => expect(d.valid[0]!.sku_list[0]).toMatchObject({ sku_id: N2, num: 2, checked: 1 }),
  }),
  sample({
    endpoint: cart.add,
    as: 'member',
    prepare: () => ({ input: { sku_id: N2, num: 3, way: 'CART' as const } }),
    check: (d) => expect(d.checkedNum).toBe(3),
  }),
  sample({
    endpoint: cart.add,
    as: 'member',
    prepare: () => ({ input: { sku_id: N2, num: 1, way: 'BUY_NOW' as const } }),
    check: (d) => expect(d.cartNum).toBe(0),
  }),
  sample({
    endpoint: cart.num,
    as: 'member',
    // 13 at the demo company's agreed ¥158 (10-49 tier) pass the ¥2000 of activity 1, as 12 at list ¥180 did.
    prepare: async (h) => (await withNitrogen(h), { input: { sku_id: N2, num: 13 } }),
    check: (d) => expect(d.valid[0]).toMatchObject({ activity_id: 1, discount: 100 }),
  }),
  sample({
    endpoint: cart.del,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h), { input: { sku_ids: [N2] } }),
    check: (d) => expect(d.valid).toEqual([]),
  }),
  sample({
    endpoint: cart.check,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h), { input: { sku_id: N2, checked: 0 as const } }),
    check: (d) => expect(d.valid[0]).toMatchObject({ checked: 0, goodsTotal: 0 }),
  }),
  sample({
    endpoint: cart.checkShop,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h), { input: { shop_id: 1, checked: 0 as const } }),
    check: (d) => expect(d.cartTotal).toBe(0),
  }),
  sample({
    endpoint: cart.checkAll,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h), { input: { checked: 1 as const } }),
    check: (d) => expect(d.valid[0]!.checked).toBe(1),
  }),
  sample({
    endpoint: cart.clear,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h), {}),
    check: (d) => expect(d.cartNum).toBe(0),
  }),
  sample({
    endpoint: cart.total,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h), {}),
    check: (d) => expect(d).toMatchObject({ cartNum: 1, checkedNum: 2 }),
  }),
  sample({
    endpoint: cart.activityChange,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h, 30), { input: { shop_id: 1, activity_id: 1 } }),
    check: (d) => expect(d.valid[0]).toMatchObject({ activity_id: 1, discount: 100 }),
  }),
  sample({
    endpoint: cart.activityClear,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h, 30), { input: { shop_id: 1 } }),
    check: (d) => expect(d.valid[0]).toMatchObject({ activity_id: null, discount: 0 }),
  }),
];
