/** What the cart screen shows: the server's cart with the shopper's unconfirmed wishes laid over it, totals recomputed in cents, and the small rules around it. */
import type { CartLine, CartList, CartShop } from '#src/shared/api/contract/cart.ts';

const cents = (yuan: number): number => Math.round(yuan * 100);
const yuan = (c: number): number => c / 100;

/** A wish not yet confirmed by the server. */
export type Wish =
  | { kind: 'num'; skuId: number; num: number }
  | { kind: 'check'; skuId: number; checked: 0 | 1 }
  | { kind: 'checkShop'; shopId: number; checked: 0 | 1 }
  | { kind: 'checkAll'; checked: 0 | 1 };

/** A shop is checked only when every one of its lines is (docs/product.md §4). */
export const shopChecked = (lines: readonly Pick<CartLine, 'checked'>[]): 0 | 1 =>
  lines.length > 0 && lines.every((l) => l.checked === 1) ? 1 : 0;

/** Every line of every shop checked: the "select all" box. */
export const allChecked = (list: CartList): boolean => list.valid.length > 0 && list.valid.every((s) => shopChecked(s.sku_list) === 1);

/** Shop and cart totals from the lines: goods of checked lines, the discount of the activity in force when its threshold is met, in cents to avoid float drift. */
export function recompute(list: CartList): CartList {
  let goods = 0;
  let discount = 0;
  let checkedNum = 0;
  const valid = list.valid.map((shop): CartShop => {
    const sku_list = shop.sku_list.map((l) => ({ ...l, subtotal: yuan(cents(l.price) * l.num) }));
    const shopGoods = sku_list.filter((l) => l.checked === 1).reduce((sum, l) => sum + cents(l.price) * l.num, 0);
    const active = shop.activities.find((a) => a.activity_id === shop.activity_id);
    const shopDiscount = active && shopGoods >= cents(active.threshold) ? cents(active.reduction) : 0;
    goods += shopGoods;
    discount += shopDiscount;
    checkedNum += sku_list.filter((l) => l.checked === 1).reduce((sum, l) => sum + l.num, 0);
    return { ...shop, sku_list, checked: shopChecked(sku_list), goodsTotal: yuan(shopGoods), discount: yuan(shopDiscount) };
  });
  return {
    ...list,
    valid,
    goodsTotal: yuan(goods),
    discount: yuan(discount),
    cartTotal: yuan(goods - discount),
    checkedNum,
    cartNum: valid.length,
  };
}

/** The server's cart with the wishes applied in the order they were made; without wishes it is the server's cart unchanged. */
export function overlay(list: CartList, wishes: readonly Wish[]): CartList {
  if (wishes.length === 0) return list;
  let valid = list.valid;
  const lines = (fn: (shop: CartShop, line: CartLine) => CartLine) => {
    valid = valid.map((shop) => ({ ...shop, sku_list: shop.sku_list.map((line) => fn(shop, line)) }));
  };
  for (const w of wishes) {
    if (w.kind === 'num') lines((_, l) => (l.sku_id === w.skuId ? { ...l, num: w.num } : l));
    else if (w.kind === 'check') lines((_, l) => (l.sku_id === w.skuId ? { ...l, checked: w.checked } : l));
    else if (w.kind === 'checkShop') lines((s, l) => (s.shop_id === w.shopId ? { ...l, checked: w.checked } : l));
    else lines((_, l) => ({ ...l, checked: w.checked }));
  }
  return recompute({ ...list, valid });
}

/** The SKUs of the checked lines (delete selected). */
export const checkedSkuIds = (list: CartList): number[] =>
  list.valid.flatMap((s) => s.sku_list.filter((l) => l.checked === 1).map((l) => l.sku_id));

/** The quantity a typed text asks for: a whole number, else null (the field goes back to the server's value). */
export function typedQuantity(text: string): number | null {
  const t = text.trim();
  if (!/^-?\d{1,12}$/.test(t)) return null;
  return Number(t);
}

/** The SKU a goods card adds: the cheapest one in stock (the card shows the lowest price, "起"), else null. */
export function cardSku<S extends { sku_id: number; price: number; stock: number }>(skus: readonly S[]): S | null {
  return [...skus].filter((s) => s.stock > 0).sort((a, b) => a.price - b.price || a.sku_id - b.sku_id)[0] ?? null;
}
