// The sandbox's goods hook: it edits what every catalogue call answers, and a new sandbox starts from the seed.
import { describe, expect, it } from 'vitest';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const { client, hook } = useSandbox();

describe('POST /__sandbox/goods', () => {
  it('sets the price (the cheapest SKU costs it, the others move in proportion), delists, and a new sandbox starts from the seed', async () => {
    const before = await client().call(catalog.goodsDetail, { params: { id: '1002' } });
    const r = await hook('/goods', { id: 1002, price: 999.5 });
    expect(r.body.status).toBe(200);
    const after = await client().call(catalog.goodsDetail, { params: { id: '1002' } });
    expect(after.price).toBe(999.5);
    expect(Math.min(...after.skus.map((s) => s.price))).toBe(999.5);
    const ratio = 999.5 / before.price;
    after.skus.forEach((s, i) => expect(s.price).toBeCloseTo(before.skus[i]!.price * ratio, 1));
    await hook('/goods', { id: 1002, marketEnable: 0, delistReason: '停产' });
    expect(await client().call(catalog.goodsDetail, { params: { id: '1002' } })).toMatchObject({
      marketEnable: 0,
      delistReason: '停产',
      price: 999.5,
    });
    expect((await hook('/goods', { id: 999999, price: 1 })).body.status).toBe(404);
  });

  it("is back at the seed in the next test's sandbox", async () => {
    const g = await client().call(catalog.goodsDetail, { params: { id: '1002' } });
    expect(g.price).not.toBe(999.5);
    expect(g.marketEnable).toBe(1);
  });
});
