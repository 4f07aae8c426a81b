/** Stock under concurrency: orders for the last units of a SKU are checked and taken inside their transaction, so they never oversell. */
import { beforeEach, describe, expect, it } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { member, type AddressInput } from '#src/shared/api/contract/member.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const { client, sandbox, hook } = useSandbox();
// Tokens m1001 … m1030 act as members 1001 … 1030.
beforeEach(() => sandbox().authenticate((t) => (/^m\d{4}$/.test(t) ? Number(t.slice(1)) : null)));

const N2 = 100101;
const company = {
  companyName: '无锡恒达焊接工程有限公司',
  taxNo: '91320211MA1P8HX27K',
  licenseUrl: '/uploads/licence.png',
  contact: '赵工',
  phone: '13900139000',
};
const address: AddressInput = {
  name: '赵工',
  phone: '13900139000',
  regionIds: [320000, 320200, 320211, 320211001000],
  regionText: '江苏省 无锡市 滨湖区 河埒街道',
  detail: '梁溪路 8 号',
};

/** A member with approved company information, an address and one cylinder of nitrogen in the cart. */
async function buyer(uid: number) {
  const api = client(() => `m${uid}`);
  await api.call(member.saveCompany, { input: company });
  const { id } = await api.call(member.saveAddress, { input: address });
  await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
  return { api, addressId: id };
}

describe('stock', () => {
  it('sets a SKU stock through the hook, refusing what is not a SKU or not a count', async () => {
    expect((await hook('/stock', { skuId: N2, stock: 3 })).body).toMatchObject({ status: 200, data: { skuId: N2, stock: 3 } });
    const detail = await client().call(catalog.goodsDetail, { params: { id: '1001' } });
    expect(detail.skus.find((s) => s.sku_id === N2)!.stock).toBe(3);
    expect((await hook('/stock', { skuId: 1, stock: 3 })).body).toMatchObject({ status: 404, msg: '商品不存在' });
    expect((await hook('/stock', { skuId: N2, stock: -1 })).body).toMatchObject({ status: 400, msg: 'stock 不能为负数' });
  });

  it('makes exactly 10 orders out of 30 concurrent ones for the last 10 units, and the rest are refused', async () => {
    const buyers = await Promise.all(Array.from({ length: 30 }, (_, i) => buyer(1001 + i)));
    await hook('/stock', { skuId: N2, stock: 10 });
    const results = await Promise.allSettled(
      buyers.map(({ api, addressId }) => api.call(order.create, { params: { type: 'CART' }, input: { addressId } })),
    );
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(made).toHaveLength(10);
    expect(refused).toHaveLength(20);
    // Refused while units were left: not enough stock; once none are left the line is sold out, so nothing is left to check out.
    for (const msg of refused) expect(msg).toMatch(/库存不足|请选择要结算的商品/);
    const detail = await client().call(catalog.goodsDetail, { params: { id: '1001' } });
    expect(detail.skus.find((s) => s.sku_id === N2)!.stock).toBe(0);
  });
});
