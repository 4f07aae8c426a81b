import { beforeEach, describe, expect, it } from 'vitest';
import { cart, type CartList } from '#src/shared/api/contract/cart.ts';
import { order } from '#src/shared/api/contract/order.ts';
import type { ApiError } from '#src/shared/api/errors.ts';
import { goods } from '#sandbox/seed/goods.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const { client, sandbox, raw, hook } = useSandbox();
beforeEach(async () => {
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null));
  // List pricing: the demo company's agreed prices of these SKUs are tested in prices.test.ts, so the agreement is off here.
  await hook('/view-control', { viewName: 'price_part', isShow: 0 });
});
const api = client(() => 'u1');

/** The server's msg of a call expected to fail. */

const N2 = 100101;
const n2 = goods.find((g) => g.id === 1001)!.skus[0]!;
/** Buyable SKUs per shop, picked from the seed so the tests follow the catalogue. */
const byShop = new Map<number, number[]>();
for (const g of goods.filter((x) => x.marketEnable === 1)) {
  for (const s of g.skus.filter((x) => x.stock >= 30)) byShop.set(g.shop_id, [...(byShop.get(g.shop_id) ?? []), s.sku_id]);
}
const [shopA, skusA] = [...byShop].find(([, skus]) => skus.length >= 2)!;
const [shopB, skusB] = [...byShop].find(([shop]) => shop !== shopA)!;

describe('cart', () => {
  it('needs a member', async () => {
    const err = (await client()
      .call(cart.list)
      .catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
  });

  it('lists an added line under its shop with joined specs, subtotal and totals in yuan', async () => {
    const list = await api.call(cart.add, { input: { sku_id: N2, num: 3, way: 'CART' } });
    expect(list.valid).toHaveLength(1);
    const shop = list.valid[0]!;
    expect(shop).toMatchObject({ shop_id: 1, shopName: '华气云商自营旗舰店', checked: 1 });
    expect(shop.sku_list[0]).toMatchObject({
      sku_id: N2,
      goods_id: 1001,
      specs: n2.spec_list.map((s) => s.spec_value).join(' - '),
      price: n2.price,
      num: 3,
      stock: n2.stock,
      checked: 1,
      subtotal: n2.price * 3,
    });
    expect(list).toMatchObject({ cartTotal: n2.price * 3, cartNum: 1, checkedNum: 3, invalid: [] });
    expect(await api.call(cart.total)).toEqual({ cartTotal: n2.price * 3, cartNum: 1, checkedNum: 3 });
  });

  it('adds to the quantity of a line already there, and refuses more than the stock', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 3, way: 'CART' } });
    const list = await api.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    expect(list.valid[0]!.sku_list[0]!.num).toBe(5);
    expect(await failure(api.call(cart.add, { input: { sku_id: N2, num: n2.stock, way: 'CART' } }))).toBe('库存不足');
    expect((await api.call(cart.list)).valid[0]!.sku_list[0]!.num).toBe(5);
  });

  it('validates the quantity and the line with Chinese messages', async () => {
    expect(await failure(api.call(cart.add, { input: { sku_id: N2, num: 0, way: 'CART' } }))).toBe('购买数量不能小于 1');
    expect(await failure(api.call(cart.add, { input: { sku_id: N2, num: 10000, way: 'CART' } }))).toBe('购买数量不能大于 9999');
    expect(await failure(api.call(cart.add, { input: { sku_id: N2, num: 1.5, way: 'CART' } }))).toBe('购买数量必须是整数');
    expect(await failure(api.call(cart.add, { input: { sku_id: 999999, num: 1, way: 'CART' } }))).toBe('商品不存在');
    expect(await failure(api.call(cart.num, { input: { sku_id: N2, num: 2 } }))).toBe('购物车中没有该商品');
  });

  it('checks a shop only when every item of it is checked', async () => {
    const [a1, a2] = skusA as [number, number];
    await api.call(cart.add, { input: { sku_id: a1, num: 1, way: 'CART' } });
    await api.call(cart.add, { input: { sku_id: a2, num: 1, way: 'CART' } });
    const shopOf = (l: CartList) => l.valid.find((s) => s.shop_id === shopA)!;

    let list = await api.call(cart.check, { input: { sku_id: a1, checked: 0 } });
    expect(shopOf(list).checked).toBe(0);
    list = await api.call(cart.check, { input: { sku_id: a1, checked: 1 } });
    expect(shopOf(list).checked).toBe(1);

    list = await api.call(cart.checkShop, { input: { shop_id: shopA, checked: 0 } });
    expect(shopOf(list).sku_list.map((l) => l.checked)).toEqual([0, 0]);
    expect(list).toMatchObject({ cartTotal: 0, checkedNum: 0 });

    list = await api.call(cart.checkAll, { input: { checked: 1 } });
    expect(shopOf(list)).toMatchObject({ checked: 1 });
    expect(list.checkedNum).toBe(2);
  });

  it('removes a shop left empty by a delete, and clears everything on clear', async () => {
    await api.call(cart.add, { input: { sku_id: skusA[0]!, num: 1, way: 'CART' } });
    await api.call(cart.add, { input: { sku_id: skusB[0]!, num: 1, way: 'CART' } });
    expect((await api.call(cart.list)).cartNum).toBe(2);

    const list = await api.call(cart.del, { input: { sku_ids: [skusB[0]!] } });
    expect(list.valid.map((s) => s.shop_id)).toEqual([shopA]);
    expect(list.cartNum).toBe(1);
    expect(await failure(api.call(cart.checkShop, { input: { shop_id: shopB, checked: 1 } }))).toBe('购物车中没有该店铺的商品');

    const cleared = await api.call(cart.clear);
    expect(cleared).toMatchObject({ valid: [], invalid: [], cartTotal: 0, cartNum: 0 });
  });

  it('sets the absolute quantity, so 50 concurrent identical requests end at that number', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.call(cart.num, { input: { sku_id: N2, num: 7 } })));
    expect(answers.every((a) => a.valid[0]!.sku_list[0]!.num === 7)).toBe(true);
    expect((await api.call(cart.list)).valid[0]!.sku_list[0]!.num).toBe(7);
  });

  it('ends at the last number sent when 50 different numbers are sent in a row', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    for (let n = 1; n <= 50; n++) await api.call(cart.num, { input: { sku_id: N2, num: n } });
    expect((await api.call(cart.list)).valid[0]!.sku_list[0]!.num).toBe(50);
  });

  it('clamps a quantity above the stock to the stock and says 库存不足', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    expect(await failure(api.call(cart.num, { input: { sku_id: N2, num: n2.stock + 1 } }))).toBe('库存不足');
    expect((await api.call(cart.list)).valid[0]!.sku_list[0]!.num).toBe(n2.stock);
  });

  it('computes totals in cents: three of a ¥19.90 SKU cost ¥59.70', async () => {
    const original = n2.price;
    n2.price = 19.9;
    try {
      // The seed was laid (by beforeEach's hook) before the price changed: lay it again, list pricing as above.
      await hook('/reset');
      await hook('/view-control', { viewName: 'price_part', isShow: 0 });
      const list = await api.call(cart.add, { input: { sku_id: N2, num: 3, way: 'CART' } });
      expect(list.valid[0]!.sku_list[0]!.subtotal).toBe(59.7);
      expect(list.cartTotal).toBe(59.7);
    } finally {
      n2.price = original;
    }
  });

  it('applies the best shop activity met, lets the member change or clear it, and hints what is missing', async () => {
    let list = await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    let shop = list.valid[0]!;
    expect(shop.activity_id).toBeNull();
    const first = shop.activities.find((a) => a.activity_id === 1)!;
    expect(first).toMatchObject({ title: '满2000减100', met: false });
    expect(first.hint).toBe(`再买 ¥${(2000 - n2.price).toFixed(2)} 可减 ¥100.00`);

    const over5000 = Math.ceil(5000 / n2.price);
    list = await api.call(cart.num, { input: { sku_id: N2, num: over5000 } });
    shop = list.valid[0]!;
    expect(shop).toMatchObject({ activity_id: 2, discount: 300 });
    expect(list.cartTotal).toBe(n2.price * over5000 - 300);

    list = await api.call(cart.activityChange, { input: { shop_id: 1, activity_id: 1 } });
    expect(list.valid[0]).toMatchObject({ activity_id: 1, discount: 100 });
    expect(list.cartTotal).toBe(n2.price * over5000 - 100);

    list = await api.call(cart.activityClear, { input: { shop_id: 1 } });
    expect(list.valid[0]).toMatchObject({ activity_id: null, discount: 0 });
    expect(list.cartTotal).toBe(n2.price * over5000);
    expect(await failure(api.call(cart.activityChange, { input: { shop_id: 1, activity_id: 3 } }))).toBe('该店铺没有这个促销活动');
  });

  it('keeps a buy-now line apart from the cart', async () => {
    const list = await api.call(cart.add, { input: { sku_id: N2, num: 2, way: 'BUY_NOW' } });
    expect(list.valid).toEqual([]);
    const checkout = await api.call(order.confirm, { input: { way: 'BUY_NOW' } });
    expect(checkout.shops[0]!.sku_list).toMatchObject([{ sku_id: N2, num: 2 }]);
  });

  it('moves a sold-out line to invalid, out of the totals', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    // Buying the whole stock now leaves the cart line with nothing to buy.
    await api.call(cart.add, { input: { sku_id: N2, num: n2.stock, way: 'BUY_NOW' } });
    await api.call(order.create, { params: { type: 'BUY_NOW' }, input: { addressId: 1 } });
    const list = await api.call(cart.list);
    expect(list.valid).toEqual([]);
    expect(list.invalid).toMatchObject([{ sku_id: N2, num: 2, stock: 0, reason: '商品已售罄' }]);
    expect(list).toMatchObject({ cartTotal: 0, cartNum: 0 });
    expect(await failure(api.call(cart.num, { input: { sku_id: N2, num: 1 } }))).toBe('商品已售罄');
  });

  it('keeps each member their own cart', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    expect((await client(() => 'u2').call(cart.list)).valid).toEqual([]);
  });
});

describe('cart input at the edge', () => {
  /** A raw POST as member u1, bypassing the client's types, like a tampered request would. */
  const post = async (path: string, body: unknown) =>
    (
      await raw(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer u1' },
        body: JSON.stringify(body),
      })
    ).body;

  it.each([
    ['a missing sku_id', { num: 1 }, '请选择商品规格'],
    ['a text sku_id', { sku_id: 'abc', num: 1 }, '请选择商品规格'],
    ['a negative sku_id', { sku_id: -5, num: 1 }, '商品规格编号格式错误'],
    ['a fractional sku_id', { sku_id: 1.5, num: 1 }, '商品规格编号格式错误'],
    ['an unknown sku_id', { sku_id: 987654321, num: 1 }, '商品不存在'],
    ['a huge sku_id', { sku_id: 1e20, num: 1 }, '商品不存在'],
    ['a missing num', { sku_id: N2 }, '请输入购买数量'],
    ['a text num', { sku_id: N2, num: '3' }, '请输入购买数量'],
    ['a zero num', { sku_id: N2, num: 0 }, '购买数量不能小于 1'],
    ['a negative num', { sku_id: N2, num: -3 }, '购买数量不能小于 1'],
    ['a fractional num', { sku_id: N2, num: 2.5 }, '购买数量必须是整数'],
    ['a huge num', { sku_id: N2, num: 1e12 }, '购买数量不能大于 9999'],
    ['a num above the stock', { sku_id: N2, num: n2.stock + 1 }, '库存不足'],
  ])('add refuses %s with status 400 and a clear msg', async (_, body, msg) => {
    expect(await post('/cart/add', body)).toEqual({ status: 400, msg, data: null });
    expect((await api.call(cart.list)).valid).toEqual([]);
  });

  it.each([
    ['a zero num', 0, '购买数量不能小于 1'],
    ['a negative num', -1, '购买数量不能小于 1'],
    ['a huge num', 99999999, '购买数量不能大于 9999'],
  ])('quantity refuses %s and keeps the line as it was', async (_, num, msg) => {
    await api.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    expect(await post('/cart/num', { sku_id: N2, num })).toEqual({ status: 400, msg, data: null });
    expect((await api.call(cart.list)).valid[0]!.sku_list[0]!.num).toBe(2);
  });

  it('quantity of a SKU not in the cart, or not at all, says so', async () => {
    expect(await post('/cart/num', { sku_id: 987654321, num: 1 })).toEqual({ status: 400, msg: '购物车中没有该商品', data: null });
    expect(await post('/cart/num', { sku_id: 'x', num: 1 })).toEqual({ status: 400, msg: '请选择商品规格', data: null });
  });

  it('check, delete and activity calls refuse malformed ids and flags', async () => {
    expect((await post('/cart/check', { sku_id: N2, checked: 2 })).msg).toBe('勾选状态只能是 0 或 1');
    expect((await post('/cart/checkShop', { shop_id: 0, checked: 1 })).msg).toBe('店铺编号格式错误');
    expect((await post('/cart/del', { sku_ids: [] })).msg).toBe('请选择要删除的商品');
    expect((await post('/cart/del', { sku_ids: [-1] })).msg).toBe('商品规格编号格式错误');
    expect((await post('/cart/activity/change', { shop_id: 1 })).msg).toBe('请选择促销活动');
  });
});
