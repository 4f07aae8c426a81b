import { describe, expect, it } from 'vitest';
import type { CartLine, CartList, CartShop } from '#src/shared/api/contract/cart.ts';
import { cartBadgeText } from '#src/boot/chrome-rules.ts';
import { forgetAdd, hasPendingAdds, PENDING_TTL_MS, rememberAdd, takePendingAdds } from '#src/features/cart/pending.ts';
import { AnswerOrder, KeyedQueue } from '#src/features/cart/queue.ts';
import { allChecked, cardSku, checkedSkuIds, overlay, recompute, shopChecked, typedQuantity } from '#src/features/cart/view.ts';

const line = (sku_id: number, price: number, num: number, checked: 0 | 1 = 1): CartLine => ({
  sku_id,
  goods_id: sku_id,
  shop_id: 1,
  goodsName: `G${sku_id}`,
  thumbnail: '',
  specs: '',
  unit: '瓶',
  price,
  num,
  stock: 100,
  checked,
  subtotal: price * num,
});
const shop = (shop_id: number, sku_list: CartLine[], extra: Partial<CartShop> = {}): CartShop => ({
  shop_id,
  shopName: `S${shop_id}`,
  checked: shopChecked(sku_list),
  sku_list,
  activities: [],
  activity_id: null,
  goodsTotal: 0,
  discount: 0,
  ...extra,
});
const cartOf = (valid: CartShop[]): CartList =>
  recompute({ valid, invalid: [], goodsTotal: 0, discount: 0, cartTotal: 0, cartNum: 0, checkedNum: 0 });

describe('cart totals', () => {
  it('adds the checked lines in cents: three of ¥19.90 and one of ¥0.10 make ¥59.80', () => {
    const list = cartOf([shop(1, [line(1, 19.9, 3), line(2, 0.1, 1), line(3, 5, 2, 0)])]);
    expect(list.goodsTotal).toBe(59.8);
    expect(list.cartTotal).toBe(59.8);
    expect(list.checkedNum).toBe(4);
    expect(list.valid[0]!.sku_list[0]!.subtotal).toBe(59.7);
  });

  it('takes the discount of the activity in force only when the checked goods reach its threshold', () => {
    const activities = [{ activity_id: 7, title: '满100减10', threshold: 100, reduction: 10, met: false, hint: '' }];
    const met = cartOf([shop(1, [line(1, 50, 2)], { activities, activity_id: 7 })]);
    expect(met).toMatchObject({ goodsTotal: 100, discount: 10, cartTotal: 90 });
    const unmet = cartOf([shop(1, [line(1, 50, 1)], { activities, activity_id: 7 })]);
    expect(unmet).toMatchObject({ goodsTotal: 50, discount: 0, cartTotal: 50 });
  });

  it('counts shops for the badge, shown as 99+ above 99', () => {
    expect(cartOf([shop(1, [line(1, 1, 1)]), shop(2, [line(2, 1, 1)])]).cartNum).toBe(2);
    expect(cartBadgeText(99)).toBe('99');
    expect(cartBadgeText(100)).toBe('99+');
    expect(cartBadgeText(0)).toBe('');
  });
});

describe('checks', () => {
  it('checks a shop only when all its lines are checked', () => {
    expect(shopChecked([{ checked: 1 }, { checked: 1 }])).toBe(1);
    expect(shopChecked([{ checked: 1 }, { checked: 0 }])).toBe(0);
    expect(shopChecked([])).toBe(0);
  });

  it('lays wishes over the server cart in the order they were made, and the shop check follows its lines', () => {
    const server = cartOf([shop(1, [line(1, 10, 1), line(2, 10, 1)]), shop(2, [line(3, 10, 1)])]);
    let shown = overlay(server, [{ kind: 'check', skuId: 1, checked: 0 }]);
    expect(shown.valid[0]!.checked).toBe(0);
    expect(allChecked(shown)).toBe(false);
    expect(shown.cartTotal).toBe(20);
    shown = overlay(server, [
      { kind: 'check', skuId: 1, checked: 0 },
      { kind: 'checkAll', checked: 1 },
    ]);
    expect(allChecked(shown)).toBe(true);
    shown = overlay(server, [
      { kind: 'checkShop', shopId: 1, checked: 0 },
      { kind: 'num', skuId: 3, num: 5 },
    ]);
    expect(checkedSkuIds(shown)).toEqual([3]);
    expect(shown).toMatchObject({ cartTotal: 50, checkedNum: 5 });
    expect(overlay(server, [])).toBe(server);
  });
});

describe('one request per key in flight', () => {
  it('sends the first wish at once and keeps only the latest one waiting', () => {
    const q = new KeyedQueue<string, number>();
    expect(q.want('a', 2)).toBe(2);
    expect(q.want('a', 3)).toBeUndefined();
    expect(q.want('a', 51)).toBeUndefined();
    expect(q.wish('a')).toBe(51);
    expect(q.done('a')).toBe(51);
    expect(q.done('a')).toBeUndefined();
    expect(q.busy('a')).toBe(false);
    expect(q.wish('a')).toBeUndefined();
  });

  it('does not send a waiting wish equal to the value just confirmed', () => {
    const q = new KeyedQueue<string, number>();
    q.want('a', 2);
    q.want('a', 3);
    q.want('a', 2);
    expect(q.done('a')).toBeUndefined();
  });

  it('forgets every wish of a key on failure (no automatic retry), other keys untouched', () => {
    const q = new KeyedQueue<string, number>();
    q.want('a', 2);
    q.want('a', 3);
    q.want('b', 1);
    q.fail('a');
    expect(q.wish('a')).toBeUndefined();
    expect(q.wishes()).toEqual([{ key: 'b', value: 1 }]);
    expect(q.want('a', 4)).toBe(4);
  });

  it('lists wishes by when the shopper last acted', () => {
    const q = new KeyedQueue<string, number>();
    q.want('a', 1);
    q.want('b', 1);
    q.want('a', 2);
    expect(q.wishes().map((w) => w.key)).toEqual(['b', 'a']);
  });
});

describe('answers out of order', () => {
  it('drops an answer older than one already shown, then reads the cart once more when all are done', () => {
    const o = new AnswerOrder();
    const first = o.start();
    const second = o.start();
    expect(o.finish(second, true)).toEqual({ show: true, settle: false });
    expect(o.finish(first, true)).toEqual({ show: false, settle: true });
    expect(o.idle).toBe(true);
  });

  it('shows answers in order and needs no extra read when requests never overlapped', () => {
    const o = new AnswerOrder();
    expect(o.finish(o.start(), true)).toEqual({ show: true, settle: false });
    expect(o.finish(o.start(), true)).toEqual({ show: true, settle: false });
  });

  it('reads the server cart after a failed change, but a failed read does not read again', () => {
    const o = new AnswerOrder();
    expect(o.finish(o.start(), false)).toEqual({ show: false, settle: true });
    expect(o.finish(o.start(), false, true)).toEqual({ show: false, settle: false });
  });

  it('settles after overlapping requests even when every answer came in order', () => {
    const o = new AnswerOrder();
    const a = o.start();
    const b = o.start();
    expect(o.finish(a, true)).toEqual({ show: true, settle: false });
    expect(o.finish(b, true)).toEqual({ show: true, settle: true });
  });
});

describe('small rules', () => {
  it('reads a typed quantity as a whole number or nothing', () => {
    expect(typedQuantity(' 12 ')).toBe(12);
    expect(typedQuantity('-3')).toBe(-3);
    expect(typedQuantity('1.5')).toBeNull();
    expect(typedQuantity('abc')).toBeNull();
    expect(typedQuantity('')).toBeNull();
  });

  it('adds the cheapest SKU in stock from a goods card', () => {
    const skus = [
      { sku_id: 1, price: 10, stock: 0 },
      { sku_id: 2, price: 30, stock: 5 },
      { sku_id: 3, price: 20, stock: 5 },
    ];
    expect(cardSku(skus)?.sku_id).toBe(3);
    expect(cardSku([{ sku_id: 1, price: 10, stock: 0 }])).toBeNull();
  });
});

describe("a visitor's pending add", () => {
  const memory = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
      key: (i: number) => [...m.keys()][i] ?? null,
      get length() {
        return m.size;
      },
      m,
    };
  };

  it('is kept per SKU, taken once, and a second wish for the same SKU replaces the first', () => {
    const s = memory();
    expect(hasPendingAdds(s)).toBe(false);
    rememberAdd(s, 100101, 1, 0);
    rememberAdd(s, 100101, 3, 0);
    rememberAdd(s, 200201, 2, 0);
    s.setItem('other', 'x');
    expect(hasPendingAdds(s)).toBe(true);
    expect(takePendingAdds(s, 1000)).toEqual([
      { skuId: 100101, num: 3, way: 'CART' },
      { skuId: 200201, num: 2, way: 'CART' },
    ]);
    expect(hasPendingAdds(s)).toBe(false);
    expect(s.getItem('other')).toBe('x');
  });

  it('drops expired, forgotten and malformed wishes', () => {
    const s = memory();
    rememberAdd(s, 1, 1, 0);
    rememberAdd(s, 2, 1, 0);
    forgetAdd(s, 2);
    s.setItem('cart:pending:3', '{bad');
    s.setItem('cart:pending:4', JSON.stringify({ num: -1, at: 0 }));
    expect(takePendingAdds(s, PENDING_TTL_MS + 1)).toEqual([]);
    expect(s.m.size).toBe(0);
  });

  it('keeps one 立即购买 with its SKU, apart from the adds of the same SKU, and hands it over last', () => {
    const s = memory();
    rememberAdd(s, 100101, 2, 0, 'BUY_NOW');
    rememberAdd(s, 100102, 5, 0, 'BUY_NOW');
    rememberAdd(s, 100102, 1, 0);
    expect(hasPendingAdds(s)).toBe(true);
    expect(takePendingAdds(s, 1000)).toEqual([
      { skuId: 100102, num: 1, way: 'CART' },
      { skuId: 100102, num: 5, way: 'BUY_NOW' },
    ]);
    expect(s.m.size).toBe(0);
    rememberAdd(s, 100101, 2, 0, 'BUY_NOW');
    forgetAdd(s, 100101, 'BUY_NOW');
    s.setItem('cart:pending:buy-now', JSON.stringify({ skuId: 'x', num: 1, at: 0 }));
    expect(takePendingAdds(s, 1000)).toEqual([]);
    rememberAdd(s, 100101, 2, 0, 'BUY_NOW');
    expect(takePendingAdds(s, PENDING_TTL_MS + 1)).toEqual([]);
  });
});
