/** What the commerce domains (catalog, cart, member, order) share: the request state, money and paging, the seeded goods, the stock left and cylinder deposits; it imports none of them, so each domain stands alone. */
import type { GoodsDetail, GoodsSummary } from '../../src/lib/api/contract/catalog.ts';
import type { Ctx } from './app.ts';
import * as seed from './seed/goods.ts';

type Sku = GoodsDetail['skus'][number];

/** What the helpers need of a request: the state and the clock (hooks pass their ctx too). */
export type State = Pick<Ctx<unknown>, 'db' | 'now'>;

/** When the commerce seed was laid: every seeded slice dates its records from this one moment, so they agree with each other. */
export const seededAt = (s: State): number => s.db.slice<{ at: number }>('seededAt', () => ({ at: s.now() })).at;

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
/** The SKU's spec values joined as the shop shows them (SPEC §3). */
export const specsOf = (sku: Sku): string => sku.spec_list.map((x) => x.spec_value).join(' - ');

/** The public summary of a goods record. */
export function summarize(g: GoodsDetail): GoodsSummary {
  const { id, goodsName, brief, thumbnail, price, sales, shop_id, shopName, categoryId, categoryPid } = g;
  return { id, goodsName, brief, thumbnail, price, sales, shop_id, shopName, categoryId, categoryPid };
}

/** Finds a SKU with its goods; used by the cart and order domains. */
export function findSku(skuId: number): { goods: GoodsDetail; sku: GoodsDetail['skus'][number] } | null {
  for (const goods of seed.goods) {
    const sku = goods.skus.find((s) => s.sku_id === skuId);
    if (sku) return { goods, sku };
  }
  return null;
}

export function findGoods(id: number): GoodsDetail | null {
  return seed.goods.find((g) => g.id === id) ?? null;
}

/** Units sold per SKU id since seeding; the seed's stock minus these is what is left. */
const sold = (s: State) => s.db.slice<Record<string, number>>('sold', () => ({}));
export const stockOf = (s: State, sku: Sku): number => Math.max(0, sku.stock - (sold(s)[sku.sku_id] ?? 0));

/** Placing an order takes stock; cancelling it gives it back (negative `num`). */
export function takeStock(s: State, skuId: number, num: number): void {
  const all = sold(s);
  all[skuId] = (all[skuId] ?? 0) + num;
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
