import { beforeEach, describe, expect, it } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { prices } from '#src/shared/api/contract/prices.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const START = Date.parse('2026-03-18T02:00:00Z');
let clock = START;
const DAY = 86_400_000;
const { client, sandbox, hook } = useSandbox(() => clock);
beforeEach(() => {
  clock = START;
  // u1: the demo company's admin; u2: no company; u3: the second company's buyer.
  sandbox().authenticate((t) => ({ u1: 1, u2: 2, u3: 3 })[t] ?? null);
});
const demo = client(() => 'u1');
const second = client(() => 'u3');
const goods = (ids: number[]) => ({ input: { ids: ids.join(',') } });

describe('what each member sees', () => {
  it('gives the demo company its agreement lines of the goods asked, and nothing of SKUs it does not cover', async () => {
    const r = await demo.call(prices.goods, goods([1001, 1002, 1023]));
    expect(r.agreement).toMatchObject({ agreementNo: 'HQXY-2026-0318', companyName: '苏州华芯微电子材料有限公司' });
    expect(r.lines.map((l) => l.skuId).sort()).toEqual([100101, 100202, 102301, 102302]);
    const n2 = r.lines.find((l) => l.skuId === 100101)!;
    expect(n2).toMatchObject({ goodsId: 1001, listFen: 18_000, minQty: 1, multiple: 1, unit: '瓶' });
    expect(n2.tiers).toEqual([
      { minQty: 1, unitFen: 16_500 },
      { minQty: 10, unitFen: 15_800 },
      { minQty: 50, unitFen: 14_800 },
    ]);
    expect((await demo.call(prices.agreement))!.lines.length).toBeGreaterThanOrEqual(8);
  });

  it('gives the second company its own prices for the same SKU, and no company nothing', async () => {
    const r = await second.call(prices.goods, goods([1001]));
    expect(r.agreement?.agreementNo).toBe('HQXY-2026-0442');
    expect(r.lines[0]!.tiers).toEqual([{ minQty: 1, unitFen: 17_200 }]);
    expect(await client(() => 'u2').call(prices.goods, goods([1001]))).toEqual({ agreement: null, lines: [] });
    expect(await client(() => 'u2').call(prices.agreement)).toBeNull();
  });

  it('hides them from a member without an ordering role, outside the validity, with price_part off, and from visitors', async () => {
    await second.call(prices.agreement);
    sandbox().db.run(`UPDATE company_members SET roles = '["FINANCE"]' WHERE uid = 3`);
    expect((await second.call(prices.goods, goods([1001]))).agreement).toBeNull();
    clock = START + 200 * DAY;
    expect((await demo.call(prices.goods, goods([1001]))).lines).toEqual([]);
    clock = START;
    await hook('/view-control', { viewName: 'price_part', isShow: 0 });
    expect((await demo.call(prices.goods, goods([1001]))).agreement).toBeNull();
    expect(await failure(client().call(prices.goods, goods([1001])))).toBe('登录过期，请重新登录');
  });

  it('refuses a malformed goods list', async () => {
    expect(await failure(demo.call(prices.goods, { input: { ids: '1,x' } }))).toBe('商品编号格式错误');
  });
});

describe('cart and order at the agreed price', () => {
  it('prices the cart at the tier of the quantity and shows the next tier', async () => {
    let list = await demo.call(cart.add, { input: { sku_id: 100101, num: 9, way: 'CART' } });
    let line = list.valid[0]!.sku_list[0]!;
    expect(line).toMatchObject({
      price: 165,
      listPrice: 180,
      subtotal: 1485,
      agreementNo: 'HQXY-2026-0318',
      nextTier: '再买 1 瓶 单价 ¥158.00',
    });
    list = await demo.call(cart.num, { input: { sku_id: 100101, num: 10 } });
    line = list.valid[0]!.sku_list[0]!;
    expect(line).toMatchObject({ price: 158, subtotal: 1580, nextTier: '再买 40 瓶 单价 ¥148.00' });
    expect(list.goodsTotal).toBe(1580);
  });

  it('refuses a quantity under the minimum or off the multiple, in cart add and quantity alike', async () => {
    expect(await failure(demo.call(cart.add, { input: { sku_id: 102301, num: 9, way: 'CART' } }))).toBe('该商品协议起订量 10 瓶');
    expect(await failure(demo.call(cart.add, { input: { sku_id: 100202, num: 6, way: 'BUY_NOW' } }))).toBe('须按 4 瓶的整数倍订购');
    await demo.call(cart.add, { input: { sku_id: 100202, num: 8, way: 'CART' } });
    expect(await failure(demo.call(cart.num, { input: { sku_id: 100202, num: 7 } }))).toBe('须按 4 瓶的整数倍订购');
  });

  it('places the order at the agreed price with the agreement number, and keeps it when the agreement changes', async () => {
    await demo.call(cart.add, { input: { sku_id: 100101, num: 2, way: 'CART' } });
    const c = await demo.call(order.confirm, { input: { way: 'CART' } });
    expect(c.goodsTotal).toBe(330);
    const o = await demo.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, payable: c.payable } });
    sandbox().db.run(`UPDATE price_lines SET tiers = '[{"minQty":1,"unitFen":10000}]' WHERE sku_id = 100101`);
    const placed = await demo.call(order.detail, { params: { sn: o.sn } });
    expect(placed.lines[0]).toMatchObject({ price: 165, listPrice: 180, agreementNo: 'HQXY-2026-0318', subtotal: 330 });
  });
});
