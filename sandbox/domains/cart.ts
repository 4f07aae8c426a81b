/** Sandbox domain: the shopping cart: lines per shop, absolute quantities, checks, shop promotions and totals; also the stock left after orders, which checkout takes from. Money in cents inside, yuan outside. */
import {
  CART_MAX_NUM,
  cart as contract,
  type CartActivity,
  type CartLine,
  type CartList,
  type CartWay,
} from '#src/shared/api/contract/cart.ts';
import type { GoodsDetail } from '#src/shared/api/contract/catalog.ts';
import { Fail, type Sandbox, type SandboxEvents, type RouteCtx } from '../app.ts';
import { promotions, type Promotion } from '../seed/member.ts';
import { nextTierText, quantityProblem, unitFenAt } from '#src/features/prices/rules.ts';
import { agreedOf, cents, findSku, money, specsOf, stockOf, yuan, type Agreed, type State } from '../commerce.ts';

type Sku = GoodsDetail['skus'][number];

export interface CartLineState {
  sku_id: number;
  num: number;
  checked: 0 | 1;
}

export interface CartState {
  /** Newest first. */
  lines: CartLineState[];
  /** Activity chosen per shop id; 0 when the member cleared it. A shop without an entry gets its best activity met. */
  activities: Record<string, number>;
  /** The one line of "buy now", kept apart from the cart. */
  buyNow: { sku_id: number; num: number } | null;
}

/** Distinct lines a cart may hold. */
const MAX_LINES = 99;

function loadCart(s: State, uid: number): CartState {
  const lines = s.db
    .all<CartLineState>('SELECT sku_id, num, checked FROM cart_lines WHERE uid = ? ORDER BY pos', uid)
    .map((l) => ({ ...l }));
  const activities: Record<string, number> = {};
  for (const a of s.db.all<{ shop_id: number; activity_id: number }>('SELECT shop_id, activity_id FROM cart_activities WHERE uid = ?', uid))
    activities[a.shop_id] = a.activity_id;
  const b = s.db.get<{ sku_id: number; num: number }>('SELECT sku_id, num FROM cart_buy_now WHERE uid = ?', uid);
  return { lines, activities, buyNow: b ? { sku_id: b.sku_id, num: b.num } : null };
}

function saveCart(s: State, uid: number, cart: CartState, before: CartState): void {
  if (JSON.stringify(cart.lines) !== JSON.stringify(before.lines)) {
    s.db.run('DELETE FROM cart_lines WHERE uid = ?', uid);
    cart.lines.forEach((l, pos) => s.db.insert('cart_lines', { uid, sku_id: l.sku_id, num: l.num, checked: l.checked, pos }));
  }
  if (JSON.stringify(cart.activities) !== JSON.stringify(before.activities)) {
    s.db.run('DELETE FROM cart_activities WHERE uid = ?', uid);
    for (const [shopId, activityId] of Object.entries(cart.activities))
      s.db.insert('cart_activities', { uid, shop_id: Number(shopId), activity_id: activityId });
  }
  s.db.run('DELETE FROM cart_buy_now WHERE uid = ?', uid);
  if (cart.buyNow) s.db.insert('cart_buy_now', { uid, sku_id: cart.buyNow.sku_id, num: cart.buyNow.num });
}

/** The member's cart, loaded once per request and saved with its transaction when it changed. */
export function cartOf(s: State, uid: number): CartState {
  return s.db.unit(
    `cart:${uid}`,
    () => loadCart(s, uid),
    (cart, before) => saveCart(s, uid, cart, before),
  );
}

/** Why a SKU cannot be bought now, or null. */
const unavailable = (s: State, goods: GoodsDetail, sku: Sku): string | null =>
  goods.marketEnable !== 1 ? '商品已下架' : stockOf(s, sku) === 0 ? '商品已售罄' : null;

/** A line's unit price in cents: the agreed tier at its quantity when the member's agreement covers the SKU, else the list price. */
export function unitCents(s: State, uid: number, sku: Sku, num: number): { unit: number; agreed: Agreed | null } {
  const agreed = agreedOf(s, uid, sku.sku_id);
  return { unit: agreed ? unitFenAt(agreed.line, num) : cents(sku.price), agreed };
}

/** Refuses a quantity under the member's agreed minimum or off its multiple, with the rule's message (docs/prices.md). */
function checkAgreedQuantity(s: State, uid: number, skuId: number, num: number): void {
  const agreed = agreedOf(s, uid, skuId);
  const problem = agreed && quantityProblem(agreed.line, num);
  if (problem) throw new Fail(400, problem);
}

function lineView(s: State, uid: number, goods: GoodsDetail, sku: Sku, num: number, checked: 0 | 1): CartLine {
  const { unit, agreed } = unitCents(s, uid, sku, num);
  return {
    sku_id: sku.sku_id,
    goods_id: goods.id,
    shop_id: goods.shop_id,
    goodsName: goods.goodsName,
    thumbnail: goods.thumbnail,
    specs: specsOf(sku),
    unit: sku.unit,
    price: yuan(unit),
    num,
    stock: stockOf(s, sku),
    checked,
    subtotal: yuan(unit * num),
    ...(agreed && {
      agreementNo: agreed.agreementNo,
      listPrice: sku.price,
      minQty: agreed.line.minQty,
      multiple: agreed.line.multiple,
      nextTier: nextTierText(agreed.line, num),
    }),
  };
}

/** The activity in force for a shop: the one chosen, else the best one the checked goods meet. */
export function activityInForce(cart: CartState, shopId: number, goodsCents: number): Promotion | null {
  const chosen = cart.activities[shopId];
  if (chosen === 0) return null;
  const offered = promotions.filter((p) => p.shop_id === shopId);
  const picked = offered.find((p) => p.activity_id === chosen);
  if (picked) return picked;
  return offered.filter((p) => goodsCents >= p.threshold).sort((a, b) => b.reduction - a.reduction)[0] ?? null;
}

export const activityDiscount = (p: Promotion | null, goodsCents: number): number => (p && goodsCents >= p.threshold ? p.reduction : 0);

function activityView(p: Promotion, goodsCents: number): CartActivity {
  const met = goodsCents >= p.threshold;
  return {
    activity_id: p.activity_id,
    title: p.title,
    threshold: yuan(p.threshold),
    reduction: yuan(p.reduction),
    met,
    hint: met ? '已满足' : `再买 ${money(p.threshold - goodsCents)} 可减 ${money(p.reduction)}`,
  };
}

interface Resolved {
  line: CartLineState;
  goods: GoodsDetail;
  sku: Sku;
}

/** The cart's lines with their goods; lines whose SKU left the catalogue are dropped. */
function resolved(s: State, cart: CartState): Resolved[] {
  return cart.lines.flatMap((line) => {
    const found = findSku(s, line.sku_id);
    return found ? [{ line, ...found }] : [];
  });
}

export function viewCart(s: State, uid: number): CartList {
  const cart = cartOf(s, uid);
  const shops = new Map<number, { shopName: string; lines: Resolved[] }>();
  const invalid: CartList['invalid'] = [];
  for (const r of resolved(s, cart)) {
    const reason = unavailable(s, r.goods, r.sku);
    if (reason) {
      invalid.push({ ...lineView(s, uid, r.goods, r.sku, r.line.num, 0), reason });
      continue;
    }
    const shop = shops.get(r.goods.shop_id) ?? { shopName: r.goods.shopName, lines: [] };
    shop.lines.push(r);
    shops.set(r.goods.shop_id, shop);
  }

  let goodsTotal = 0;
  let discount = 0;
  let checkedNum = 0;
  const valid = [...shops].map(([shop_id, { shopName, lines }]) => {
    const checked = lines.filter((r) => r.line.checked === 1);
    const shopGoods = checked.reduce((sum, r) => sum + unitCents(s, uid, r.sku, r.line.num).unit * r.line.num, 0);
    const active = activityInForce(cart, shop_id, shopGoods);
    const shopDiscount = activityDiscount(active, shopGoods);
    goodsTotal += shopGoods;
    discount += shopDiscount;
    checkedNum += checked.reduce((sum, r) => sum + r.line.num, 0);
    return {
      shop_id,
      shopName,
      checked: checked.length === lines.length ? (1 as const) : (0 as const),
      sku_list: lines.map((r) => lineView(s, uid, r.goods, r.sku, r.line.num, r.line.checked)),
      activities: promotions.filter((p) => p.shop_id === shop_id).map((p) => activityView(p, shopGoods)),
      activity_id: active?.activity_id ?? null,
      goodsTotal: yuan(shopGoods),
      discount: yuan(shopDiscount),
    };
  });
  return {
    valid,
    invalid,
    goodsTotal: yuan(goodsTotal),
    discount: yuan(discount),
    cartTotal: yuan(goodsTotal - discount),
    cartNum: valid.length,
    checkedNum,
  };
}

export interface CheckoutLine {
  goods: GoodsDetail;
  sku: Sku;
  num: number;
  unit: number;
  agreed: Agreed | null;
}

/** One shop's part of a checkout, in cents. */
export interface CheckoutGroup {
  shop_id: number;
  shopName: string;
  /** `unit`: the price per unit in cents (agreed or list); `agreed`: the agreement line it came from. */
  lines: CheckoutLine[];
  goodsTotal: number;
  activity: Promotion | null;
  discount: number;
}

/** What a checkout of `way` would buy: the checked valid cart lines, or the buy-now line; fails when it is empty or not buyable. */
export function checkoutGroups(s: State, uid: number, way: CartWay): CheckoutGroup[] {
  const cart = cartOf(s, uid);
  let picked: { goods: GoodsDetail; sku: Sku; num: number }[];
  if (way === 'BUY_NOW') {
    const found = cart.buyNow && findSku(s, cart.buyNow.sku_id);
    if (!cart.buyNow || !found) throw new Fail(400, '请先选择要购买的商品');
    picked = [{ ...found, num: cart.buyNow.num }];
  } else {
    picked = resolved(s, cart)
      .filter((r) => r.line.checked === 1 && !unavailable(s, r.goods, r.sku))
      .map((r) => ({ goods: r.goods, sku: r.sku, num: r.line.num }));
    if (picked.length === 0) throw new Fail(400, '请选择要结算的商品');
  }
  for (const p of picked) {
    if (p.goods.marketEnable !== 1) throw new Fail(400, `商品「${p.goods.goodsName}」已下架`);
    if (p.num > stockOf(s, p.sku)) throw new Fail(400, `商品「${p.goods.goodsName}」库存不足`);
    // A quantity that slipped past the cart (an agreement signed or changed since) is refused here too.
    checkAgreedQuantity(s, uid, p.sku.sku_id, p.num);
  }
  const groups = new Map<number, CheckoutGroup>();
  for (const p of picked) {
    const g = groups.get(p.goods.shop_id) ?? {
      shop_id: p.goods.shop_id,
      shopName: p.goods.shopName,
      lines: [],
      goodsTotal: 0,
      activity: null,
      discount: 0,
    };
    const { unit, agreed } = unitCents(s, uid, p.sku, p.num);
    g.lines.push({ ...p, unit, agreed });
    g.goodsTotal += unit * p.num;
    groups.set(g.shop_id, g);
  }
  // Activities are chosen in the cart, so buying now skips them.
  if (way === 'CART') {
    for (const g of groups.values()) {
      g.activity = activityInForce(cart, g.shop_id, g.goodsTotal);
      g.discount = activityDiscount(g.activity, g.goodsTotal);
      if (g.discount === 0) g.activity = null;
    }
  }
  return [...groups.values()];
}

/** Takes what was ordered out of the cart. */
export function removeOrdered(s: State, uid: number, way: CartWay, skuIds: number[]): void {
  const cart = cartOf(s, uid);
  if (way === 'BUY_NOW') cart.buyNow = null;
  else removeLines(s, cart, new Set(skuIds));
}

/** Removes lines; a shop left without lines disappears, and its activity choice with it. */
function removeLines(s: State, cart: CartState, skuIds: Set<number>): void {
  cart.lines = cart.lines.filter((l) => !skuIds.has(l.sku_id));
  const shops = new Set(resolved(s, cart).map((r) => String(r.goods.shop_id)));
  for (const shopId of Object.keys(cart.activities)) if (!shops.has(shopId)) delete cart.activities[shopId];
}

function lineIn(s: State, cart: CartState, skuId: number): Resolved {
  const r = resolved(s, cart).find((x) => x.line.sku_id === skuId);
  if (!r) throw new Fail(400, '购物车中没有该商品');
  return r;
}

/** The valid lines of a shop; fails when the cart has none. */
function shopLines(s: State, cart: CartState, shopId: number): Resolved[] {
  const lines = resolved(s, cart).filter((r) => r.goods.shop_id === shopId && !unavailable(s, r.goods, r.sku));
  if (lines.length === 0) throw new Fail(400, '购物车中没有该店铺的商品');
  return lines;
}

/** Sets a line to the stock left and fails with 库存不足; a failure commits what was done, so the reloaded cart shows the clamped quantity. */
function clampToStock(line: CartLineState, stock: number): never {
  line.num = stock;
  throw new Fail(400, '库存不足');
}

// Account deletion (domains/privacy.ts): the cart goes.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  for (const t of ['cart_lines', 'cart_activities', 'cart_buy_now']) db.run(`DELETE FROM ${t} WHERE uid = ?`, uid);
}

function list(ctx: RouteCtx<typeof contract.list>) {
  return viewCart(ctx, ctx.uid!);
}

function total(ctx: RouteCtx<typeof contract.total>) {
  const { cartTotal, cartNum, checkedNum } = viewCart(ctx, ctx.uid!);
  return { cartTotal, cartNum, checkedNum };
}

function add(ctx: RouteCtx<typeof contract.add>) {
  const { sku_id, num, way } = ctx.input;
  const found = findSku(ctx, sku_id);
  if (!found) throw new Fail(400, '商品不存在');
  if (found.goods.marketEnable !== 1) throw new Fail(400, '商品已下架');
  const stock = stockOf(ctx, found.sku);
  const cart = cartOf(ctx, ctx.uid!);
  const line = cart.lines.find((l) => l.sku_id === sku_id);
  const wanted = way === 'CART' ? num + (line?.num ?? 0) : num;
  if (wanted > CART_MAX_NUM) throw new Fail(400, `购买数量不能大于 ${CART_MAX_NUM}`);
  if (wanted > stock) throw new Fail(400, '库存不足');
  checkAgreedQuantity(ctx, ctx.uid!, sku_id, wanted);
  if (way === 'BUY_NOW') cart.buyNow = { sku_id, num };
  else if (line) Object.assign(line, { num: wanted, checked: 1 });
  else {
    if (cart.lines.length >= MAX_LINES) throw new Fail(400, `购物车最多放 ${MAX_LINES} 种商品，请先结算或删除部分商品`);
    cart.lines.unshift({ sku_id, num, checked: 1 });
  }
  return viewCart(ctx, ctx.uid!);
}

function num(ctx: RouteCtx<typeof contract.num>) {
  const cart = cartOf(ctx, ctx.uid!);
  const r = lineIn(ctx, cart, ctx.input.sku_id);
  if (r.goods.marketEnable !== 1) throw new Fail(400, '商品已下架');
  const stock = stockOf(ctx, r.sku);
  if (stock === 0) throw new Fail(400, '商品已售罄');
  if (ctx.input.num > stock) clampToStock(r.line, stock);
  checkAgreedQuantity(ctx, ctx.uid!, r.sku.sku_id, ctx.input.num);
  r.line.num = ctx.input.num;
  return viewCart(ctx, ctx.uid!);
}

function del(ctx: RouteCtx<typeof contract.del>) {
  removeLines(ctx, cartOf(ctx, ctx.uid!), new Set(ctx.input.sku_ids));
  return viewCart(ctx, ctx.uid!);
}

function check(ctx: RouteCtx<typeof contract.check>) {
  lineIn(ctx, cartOf(ctx, ctx.uid!), ctx.input.sku_id).line.checked = ctx.input.checked;
  return viewCart(ctx, ctx.uid!);
}

function checkShop(ctx: RouteCtx<typeof contract.checkShop>) {
  for (const r of shopLines(ctx, cartOf(ctx, ctx.uid!), ctx.input.shop_id)) r.line.checked = ctx.input.checked;
  return viewCart(ctx, ctx.uid!);
}

function checkAll(ctx: RouteCtx<typeof contract.checkAll>) {
  const cart = cartOf(ctx, ctx.uid!);
  for (const r of resolved(ctx, cart)) if (!unavailable(ctx, r.goods, r.sku)) r.line.checked = ctx.input.checked;
  return viewCart(ctx, ctx.uid!);
}

function clear(ctx: RouteCtx<typeof contract.clear>) {
  const cart = cartOf(ctx, ctx.uid!);
  cart.lines = [];
  cart.activities = {};
  return viewCart(ctx, ctx.uid!);
}

function activityChange(ctx: RouteCtx<typeof contract.activityChange>) {
  const { shop_id, activity_id } = ctx.input;
  const cart = cartOf(ctx, ctx.uid!);
  shopLines(ctx, cart, shop_id);
  if (!promotions.some((p) => p.shop_id === shop_id && p.activity_id === activity_id)) throw new Fail(400, '该店铺没有这个促销活动');
  cart.activities[shop_id] = activity_id;
  return viewCart(ctx, ctx.uid!);
}

function activityClear(ctx: RouteCtx<typeof contract.activityClear>) {
  const cart = cartOf(ctx, ctx.uid!);
  shopLines(ctx, cart, ctx.input.shop_id);
  cart.activities[ctx.input.shop_id] = 0;
  return viewCart(ctx, ctx.uid!);
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  sb.on(contract.list, list);
  sb.on(contract.total, total);
  sb.on(contract.add, add);
  sb.on(contract.num, num);
  sb.on(contract.del, del);
  sb.on(contract.check, check);
  sb.on(contract.checkShop, checkShop);
  sb.on(contract.checkAll, checkAll);
  sb.on(contract.clear, clear);
  sb.on(contract.activityChange, activityChange);
  sb.on(contract.activityClear, activityClear);
}
