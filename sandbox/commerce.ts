/** What the commerce domains (catalog, cart, member, order) share: the request state, money and paging, the goods and SKU tables with the stock left, and cylinder deposits; it imports none of them, so each domain stands alone. */
import type { GoodsDetail, GoodsSummary } from '#src/shared/api/contract/catalog.ts';
import type { AgreedLine } from '#src/features/prices/rules.ts';
import { Fail, type Ctx } from './app.ts';

type Sku = GoodsDetail['skus'][number];

/** What the helpers need of a request: the state and the clock (hooks pass their ctx too). */
export type State = Pick<Ctx<unknown>, 'db' | 'now'>;

/** When the seed was laid: every seeded record dates from this one moment, so they agree with each other. */
export const seededAt = (s: State): number => Number(s.db.meta('seededAt') ?? s.now());

/** Yuan from cents. */
export const yuan = (cents: number): number => cents / 100;
/** ¥1,234.50 style amount for messages and hints. */
export const money = (cents: number): string => `¥${(cents / 100).toFixed(2)}`;

export function paged<T>(list: T[], q: { pageNumber: number; pageSize: number }) {
  const start = (q.pageNumber - 1) * q.pageSize;
  return { list: list.slice(start, start + q.pageSize), total: list.length, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

/** Cents from a yuan price. */
export const cents = (yuanPrice: number): number => Math.round(yuanPrice * 100);
/** The SKU's spec values joined as the shop shows them (docs/product.md §3). */
export const specsOf = (sku: Sku): string => sku.spec_list.map((x) => x.spec_value).join(' - ');

/** The public summary of a goods record. */
export function summarize(g: GoodsSummary): GoodsSummary {
  const { id, goodsName, brief, thumbnail, price, sales, shop_id, shopName, categoryId, categoryPid } = g;
  return { id, goodsName, brief, thumbnail, price, sales, shop_id, shopName, categoryId, categoryPid };
}

// ---- the goods and SKU tables: the catalogue reads them, cart and order price and take stock from them

/** Lower-case, without spaces: how keywords are matched against goods. */
export const normalizeGoodsText = (s: string) => s.toLowerCase().replace(/\s+/g, '');

interface GoodsRow {
  id: number;
  goods_name: string;
  price: number;
  market_enable: 0 | 1;
  delist_reason: string;
  data: string;
}
interface SkuRow {
  sku_id: number;
  price: number;
  stock: number;
  data: string;
}

const searchText = (g: GoodsDetail) =>
  [g.goodsName, g.brief, g.shopName, ...g.params.map((p) => p.value)].map(normalizeGoodsText).join('\u0001');

/** Writes a goods record and its SKUs (the seed, the back office's edits). */
export function saveGoods(s: Pick<State, 'db'>, g: GoodsDetail): void {
  const { skus, ...rest } = g;
  s.db.upsert(
    'goods',
    {
      id: g.id,
      goods_name: g.goodsName,
      brief: g.brief,
      thumbnail: g.thumbnail,
      price: g.price,
      sales: g.sales,
      shop_id: g.shop_id,
      shop_name: g.shopName,
      category_id: g.categoryId,
      category_pid: g.categoryPid,
      market_enable: g.marketEnable,
      delist_reason: g.delistReason,
      search_text: searchText(g),
      data: JSON.stringify(rest),
    },
    ['id'],
  );
  skus.forEach((sku, pos) => {
    const { stock, price, ...other } = sku;
    s.db.upsert('skus', { sku_id: sku.sku_id, goods_id: g.id, pos, price, stock, data: JSON.stringify(other) }, ['sku_id']);
  });
}

/**
 * Parsed JSON columns of goods and SKUs, keyed by the text itself: a read still fetches the row (so it is always current) but
 * skips parsing a detail it has parsed before. Callers copy the top level and never change the nested parts.
 */
const parsedCache = new Map<string, unknown>();
function parsedDetail<T>(text: string): T {
  let value = parsedCache.get(text);
  if (value === undefined) {
    value = JSON.parse(text);
    if (parsedCache.size >= 2_000) parsedCache.clear();
    parsedCache.set(text, value);
  }
  return value as T;
}

function goodsFrom(s: Pick<State, 'db'>, row: GoodsRow): GoodsDetail {
  const rest = parsedDetail<Omit<GoodsDetail, 'skus'>>(row.data);
  const skus = s.db
    .all<SkuRow>('SELECT sku_id, price, stock, data FROM skus WHERE goods_id = ? ORDER BY pos', row.id)
    .map((k) => ({ ...parsedDetail<Omit<Sku, 'price' | 'stock'>>(k.data), price: k.price, stock: k.stock }));
  return { ...rest, goodsName: row.goods_name, price: row.price, marketEnable: row.market_enable, delistReason: row.delist_reason, skus };
}

export function findGoods(s: Pick<State, 'db'>, id: number): GoodsDetail | null {
  const row = s.db.get<GoodsRow>('SELECT id, goods_name, price, market_enable, delist_reason, data FROM goods WHERE id = ?', id);
  return row ? goodsFrom(s, row) : null;
}

/** Finds a SKU with its goods, stock as orders left it; used by the cart and order domains. */
export function findSku(s: Pick<State, 'db'>, skuId: number): { goods: GoodsDetail; sku: Sku } | null {
  const owner = s.db.get<{ goods_id: number }>('SELECT goods_id FROM skus WHERE sku_id = ?', skuId);
  const goods = owner ? findGoods(s, owner.goods_id) : null;
  const sku = goods?.skus.find((k) => k.sku_id === skuId);
  return goods && sku ? { goods, sku } : null;
}

/** The stock left of a SKU as read with it. */
export const stockOf = (_s: State, sku: Sku): number => sku.stock;

/**
 * Placing an order takes stock, cancelling gives it back (negative `num`). The decrement is guarded in SQL, inside the order's
 * transaction, so concurrent orders for the last units never oversell.
 */
export function takeStock(s: State, skuId: number, num: number, name = ''): void {
  const r = s.db.run('UPDATE skus SET stock = stock - ? WHERE sku_id = ? AND stock - ? >= 0', num, skuId, num);
  if (r.changes !== 1 && num > 0) throw new Fail(400, name ? `商品「${name}」库存不足` : '库存不足');
}

/** Sets the stock of a SKU (back office, tests); false when there is no such SKU. */
export function setStock(s: Pick<State, 'db'>, skuId: number, stock: number): boolean {
  return s.db.run('UPDATE skus SET stock = ? WHERE sku_id = ?', stock, skuId).changes === 1;
}

/** What the back office may change of a goods record. */
export interface GoodsPatch {
  price?: number;
  marketEnable?: 0 | 1;
  delistReason?: string;
  goodsName?: string;
}

/** Applies a patch: a new price moves every SKU by the same ratio, so the lowest SKU price (the goods price) becomes it. */
export function patchGoods(s: Pick<State, 'db'>, id: number, patch: GoodsPatch): GoodsDetail | null {
  const g = findGoods(s, id);
  if (!g) return null;
  if (patch.goodsName !== undefined) g.goodsName = patch.goodsName;
  if (patch.marketEnable !== undefined) g.marketEnable = patch.marketEnable;
  if (patch.delistReason !== undefined) g.delistReason = patch.delistReason;
  else if (patch.marketEnable === 1) g.delistReason = '';
  if (patch.price !== undefined && g.price > 0) {
    const ratio = patch.price / g.price;
    for (const sku of g.skus) sku.price = sku.price === g.price ? patch.price : Math.round(sku.price * ratio * 100) / 100;
    g.price = patch.price;
  }
  saveGoods(s, g);
  return g;
}

/**
 * Deposit per unit for a gas delivered in a returnable container (product lines 1 and 2); bought containers (line 5) carry none.
 * Typical deposits of Chinese gas suppliers: small cylinders up to 15 L ¥300, 40 L class ¥600, dewars ¥3000, cylinder bundles (集装格, N 瓶组) ¥5000.
 */
export function depositOf(goods: GoodsDetail, sku: GoodsDetail['skus'][number]): number {
  if (goods.categoryPid !== 1 && goods.categoryPid !== 2) return 0;
  const specs = sku.spec_list.map((s) => s.spec_value).join(' ');
  if (/集装格|\d+\s*瓶组/.test(specs)) return 500_000;
  if (/杜瓦/.test(specs)) return 300_000;
  const litres = /(\d+(?:\.\d+)?)\s*L\s*(?:钢瓶|铝瓶|气瓶|铝合金瓶)/i.exec(specs);
  if (!litres) return 0;
  return Number(litres[1]) <= 15 ? 30_000 : 60_000;
}

// ---- agreed prices: the prices domain provides them at install, so cart and order price through here without importing it
// in a circle (prices reads the company domain, which reads orders, which read the cart).

/** A SKU's agreed line for a member, with its agreement's number. */
export interface Agreed {
  agreementNo: string;
  line: AgreedLine;
}
type AgreedLookup = (s: State, uid: number, skuId: number) => Agreed | null;
let agreedLookup: AgreedLookup = () => null;
/** Called once by domains/prices.ts's install. */
export const provideAgreedPrices = (lookup: AgreedLookup): void => {
  agreedLookup = lookup;
};
/** The member's agreed line of a SKU, or null (no agreement, not covered, price_part off). */
export const agreedOf = (s: State, uid: number, skuId: number): Agreed | null => agreedLookup(s, uid, skuId);
