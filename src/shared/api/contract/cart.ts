/** The shopping cart: lines per shop, quantities, checks, totals and activities. */
import * as v from 'valibot';
import { cartTotal } from './cart-total.ts';
import { endpoint, form } from './core.ts';

/** Amounts go out in yuan with at most two decimals; the sandbox computes in cents. */
const Money = v.number();
const Flag = v.picklist([0, 1]);

const id = (missing: string, bad: string) => v.pipe(v.number(missing), v.integer(bad), v.minValue(1, bad));
const SkuId = id('请选择商品规格', '商品规格编号格式错误');
const ShopId = id('请选择店铺', '店铺编号格式错误');
const CheckedInput = v.picklist([0, 1], '勾选状态只能是 0 或 1');
/** Quantity of one line: 1 to 9999. */
export const CART_MAX_NUM = 9999;
export const CartNum = v.pipe(
  v.number('请输入购买数量'),
  v.integer('购买数量必须是整数'),
  v.minValue(1, '购买数量不能小于 1'),
  v.maxValue(CART_MAX_NUM, `购买数量不能大于 ${CART_MAX_NUM}`),
);

/** `CART` puts goods in the cart; `BUY_NOW` keeps a separate one-line cart that checkout reads with way BUY_NOW (docs/product.md §2 step bar). */
export const CartWay = v.picklist(['CART', 'BUY_NOW'], '购买方式错误');
export type CartWay = v.InferOutput<typeof CartWay>;

/** What a cart line and an order line both say of the goods: which SKU, its name, picture and specs, unit price and quantity. */
export const goodsLineEntries = {
  sku_id: v.number(),
  goods_id: v.number(),
  shop_id: v.number(),
  goodsName: v.string(),
  thumbnail: v.string(),
  /** The SKU's spec values joined by ' - ' (docs/product.md §3). */
  specs: v.string(),
  unit: v.string(),
  price: Money,
  num: v.number(),
  /** price × num. */
  subtotal: Money,
  /** On a backend with agreed prices (contract/prices.ts): the agreement the price comes from, and the list price beside it. */
  agreementNo: v.optional(v.string()),
  listPrice: v.optional(Money),
};

export const CartLine = v.object({
  ...goodsLineEntries,
  /** What can still be bought; the quantity control stops here. */
  stock: v.number(),
  checked: Flag,
  /** An agreed line's minimum and multiple (the stepper keeps to them) and the next tier in words ("再买 N 瓶 单价 ¥x" or ''). */
  minQty: v.optional(v.number()),
  multiple: v.optional(v.number()),
  nextTier: v.optional(v.string()),
});
export type CartLine = v.InferOutput<typeof CartLine>;

/** A line that cannot be bought now; `reason` says why (商品已下架 or 商品已售罄). */
export const InvalidCartLine = v.object({ ...CartLine.entries, reason: v.string() });
export type InvalidCartLine = v.InferOutput<typeof InvalidCartLine>;

/** A shop promotion such as 满 2000 减 100, applied to the shop's checked goods. */
export const CartActivity = v.object({
  activity_id: v.number(),
  title: v.string(),
  /** Goods amount the shop's checked lines must reach. */
  threshold: Money,
  reduction: Money,
  /** The checked goods reach the threshold. */
  met: v.boolean(),
  /** Shown next to the activity, e.g. 已满足 or 再买 ¥120.00 可减 ¥100.00. */
  hint: v.string(),
});
export type CartActivity = v.InferOutput<typeof CartActivity>;

export const CartShop = v.object({
  shop_id: v.number(),
  shopName: v.string(),
  /** 1 only when every line of the shop is checked (docs/product.md §4). */
  checked: Flag,
  sku_list: v.array(CartLine),
  /** Promotions the shop offers. */
  activities: v.array(CartActivity),
  /** The activity in force: the one chosen, else the best one met; null when none or cleared. */
  activity_id: v.nullable(v.number()),
  /** Sum of the checked lines' subtotals. */
  goodsTotal: Money,
  /** What the activity in force takes off the checked goods. */
  discount: Money,
});
export type CartShop = v.InferOutput<typeof CartShop>;

/** The cart: `valid` lists the shops (docs/product.md §3 "data.valid holds valid items"). */
export const CartList = v.object({
  valid: v.array(CartShop),
  invalid: v.array(InvalidCartLine),
  /** Checked goods before activities. */
  goodsTotal: Money,
  /** Activities' discounts on checked goods. */
  discount: Money,
  /** What the checked goods cost: goodsTotal − discount. */
  cartTotal: Money,
  /** Number of shops in the cart; the header badge shows it (docs/product.md §2). */
  cartNum: v.number(),
  /** Total quantity of the checked lines, shown on the settle button. */
  checkedNum: v.number(),
});
export type CartList = v.InferOutput<typeof CartList>;

export { CartTotal } from './cart-total.ts';

const mutation = <I extends v.GenericSchema | undefined>(name: string, path: string, input: I, idempotent = false) =>
  endpoint({ name: `cart.${name}`, method: 'POST', path, data: CartList, input, auth: 'required', idempotent });

export const cart = {
  list: endpoint({ name: 'cart.list', method: 'GET', path: '/cart/list', data: CartList, auth: 'required' }),
  add: mutation('add', '/cart/add', form({ sku_id: SkuId, num: CartNum, way: v.optional(CartWay, 'CART') })),
  /** Sets the absolute quantity, so a repeated request changes nothing more. */
  num: mutation('num', '/cart/num', form({ sku_id: SkuId, num: CartNum }), true),
  del: mutation(
    'del',
    '/cart/del',
    form({ sku_ids: v.pipe(v.array(SkuId, '请选择要删除的商品'), v.minLength(1, '请选择要删除的商品')) }),
    true,
  ),
  check: mutation('check', '/cart/check', form({ sku_id: SkuId, checked: CheckedInput }), true),
  checkShop: mutation('checkShop', '/cart/checkShop', form({ shop_id: ShopId, checked: CheckedInput }), true),
  checkAll: mutation('checkAll', '/cart/checkAll', form({ checked: CheckedInput }), true),
  clear: mutation('clear', '/cart/clear', undefined, true),
  total: cartTotal,
  activityChange: mutation(
    'activityChange',
    '/cart/activity/change',
    form({ shop_id: ShopId, activity_id: id('请选择促销活动', '促销活动编号格式错误') }),
    true,
  ),
  activityClear: mutation('activityClear', '/cart/activity/clear', form({ shop_id: ShopId }), true),
};
