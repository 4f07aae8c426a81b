/** Catalogue calls: category tree, goods list and detail, hot goods, suggestions, shops; the goods seed, the back office's goods edits (`updateGoods`, the goods hook, which tells the shop as the back office would) and the stock hook. */
import * as v from 'valibot';
import { catalog as contract, type GoodsDetail, type GoodsSummary } from '#src/shared/api/contract/catalog.ts';
import { rewriteQuery, type GasHit } from '#src/shared/search/rewrite.ts';
import { Fail, parseOrFail, type Sandbox, type Seeding, type RouteCtx, type Ctx } from '../app.ts';
import type { Db } from '../db.ts';
import { viewOn } from './site.ts';
import { notifyShop } from '../publish-notify.ts';
import { categories } from '../seed/categories.ts';
import * as seed from '../seed/goods.ts';
import { sdsEntries } from '../seed/gases.ts';
import { depositOf, findGoods, normalizeGoodsText, patchGoods, saveGoods, setStock, type GoodsPatch, type State } from '../commerce.ts';

/** Ids of a category and all categories below it. */
function withDescendants(id: number): number[] {
  const out = new Set<number>([id]);
  for (const top of categories) {
    if (top.id === id) top.children.forEach((c) => out.add(c.id));
  }
  return [...out];
}

/** The encyclopedia gas of a pure-gas goods, matched by its CAS number; mixtures and equipment have none. */
function gasIdOf(g: GoodsDetail): number | null {
  const cas = g.params.find((p) => p.name === 'CAS 号')?.value.trim();
  return (cas && sdsEntries.find((e) => e.cas === cas)?.id) || null;
}

interface SummaryRow {
  id: number;
  goods_name: string;
  brief: string;
  thumbnail: string;
  price: number;
  sales: number;
  shop_id: number;
  shop_name: string;
  category_id: number;
  category_pid: number;
}
const SUMMARY_COLUMNS = 'id, goods_name, brief, thumbnail, price, sales, shop_id, shop_name, category_id, category_pid';
const summaryOf = (r: SummaryRow): GoodsSummary => ({
  id: r.id,
  goodsName: r.goods_name,
  brief: r.brief,
  thumbnail: r.thumbnail,
  price: r.price,
  sales: r.sales,
  shop_id: r.shop_id,
  shopName: r.shop_name,
  categoryId: r.category_id,
  categoryPid: r.category_pid,
});

/** ORDER BY of each sort; goods ids grow as goods are listed, so the newest have the highest ids. Ties keep the catalogue order. */
const ORDER: Record<string, string> = {
  price_asc: 'price ASC, rowid',
  price_desc: 'price DESC, rowid',
  sales: 'sales DESC, rowid',
  newest: 'id DESC',
  '': 'rowid',
};

/** The back office edits a goods record: price, on sale or delisted with a reason, name. Null when there is no such goods. */
export function updateGoods(s: Pick<State, 'db'>, id: number, patch: GoodsPatch): GoodsDetail | null {
  return patchGoods(s, id, patch);
}

const GoodsHook = v.object({
  id: v.pipe(v.number('编号必须是数字'), v.integer('编号必须是整数'), v.minValue(1, '编号必须大于 0')),
  price: v.optional(v.pipe(v.number('价格必须是数字'), v.minValue(0.01, '价格必须大于 0'), v.maxValue(99_999_999, '价格过大'))),
  marketEnable: v.optional(v.picklist([0, 1], 'marketEnable 只能是 0 或 1')),
  delistReason: v.optional(v.string('下架原因必须是字符串')),
  goodsName: v.optional(v.pipe(v.string('商品名称必须是字符串'), v.nonEmpty('商品名称不能为空'))),
});

const StockHook = v.object({
  skuId: v.pipe(v.number('skuId 必须是数字'), v.integer('skuId 必须是整数')),
  stock: v.pipe(
    v.number('stock 必须是数字'),
    v.integer('stock 必须是整数'),
    v.minValue(0, 'stock 不能为负数'),
    v.maxValue(1_000_000_000, 'stock 过大'),
  ),
});

function seedCatalog(s: Seeding) {
  for (const g of seed.goods) saveGoods(s, g);
}

function categoriesRoute() {
  return categories;
}

/** The goods of a gas reading: their search text holds the gas's CAS number (and the grade a trade name carries). */
const gasCondition = (h: GasHit): { sql: string; params: string[] } => ({
  sql: h.also ? '(instr(search_text, ?) > 0 AND instr(search_text, ?) > 0)' : 'instr(search_text, ?) > 0',
  params: [h.gas.cas, ...(h.also ? [normalizeGoodsText(h.also)] : [])],
});

/**
 * A keyword's WHERE and ranking (contract/catalog.ts GoodsQuery): as typed, or, while quick_part is on and it names a gas
 * (rewriteQuery), the goods of that gas too, ranked by how surely and whether the other words match; null for no keyword.
 */
function keywordMatch(db: Db, raw: string): { where: string; params: string[]; rank: string; rankParams: string[] } | null {
  const typed = normalizeGoodsText(raw);
  if (!typed) return null;
  const rewrite = viewOn(db, 'quick_part') ? rewriteQuery(raw) : { gases: [], rest: [] };
  if (!rewrite.gases.length) return { where: 'instr(search_text, ?) > 0', params: [typed], rank: '0', rankParams: [] };
  const gases = rewrite.gases.map(gasCondition);
  const best = gases.filter((_, i) => rewrite.gases[i]!.rank === rewrite.gases[0]!.rank);
  // The other words rank rather than filter: a goods of the gas stays found when its name lacks them (N2 40L).
  const rest = rewrite.rest.map(normalizeGoodsText).filter(Boolean);
  const restSql = rest.length ? rest.map(() => 'instr(search_text, ?) > 0').join(' AND ') : '1';
  const bestSql = `(${best.map((g) => g.sql).join(' OR ')})`;
  return {
    where: `(${[...gases.map((g) => g.sql), 'instr(search_text, ?) > 0'].join(' OR ')})`,
    params: [...gases.flatMap((g) => g.params), typed],
    rank: `CASE WHEN ${bestSql} AND ${restSql} THEN 0 WHEN ${bestSql} THEN 1 WHEN ${gases.map((g) => g.sql).join(' OR ')} THEN 2 ELSE 3 END`,
    rankParams: [...best.flatMap((g) => g.params), ...rest, ...best.flatMap((g) => g.params), ...gases.flatMap((g) => g.params)],
  };
}

function goodsList({ input, db }: RouteCtx<typeof contract.goodsList>) {
  const where = ['market_enable = 1'];
  const params: (string | number)[] = [];
  const category = input.sid || input.category;
  if (category) {
    where.push('category_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(withDescendants(Number(category))));
  } else if (input.pid && Number(input.pid) > 0) {
    where.push('category_pid = ?');
    params.push(Number(input.pid));
  }
  if (input.shopId) {
    where.push('shop_id = ?');
    params.push(Number(input.shopId));
  }
  if (input.inStock === '1') where.push('id IN (SELECT goods_id FROM skus WHERE stock > 0)');
  const match = keywordMatch(db, input.keyword ?? '');
  if (match) {
    where.push(match.where);
    params.push(...match.params);
  }
  const plain = ORDER[input.sort ?? ''] ?? ORDER['']!;
  const order = match && !input.sort ? `${match.rank}, ${plain}` : plain;
  const filter = where.join(' AND ');
  const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM goods WHERE ${filter}`, ...params)!.n;
  const rows = db.all<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM goods WHERE ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`,
    ...params,
    ...(match && !input.sort ? match.rankParams : []),
    input.pageSize,
    (input.pageNumber - 1) * input.pageSize,
  );
  return { list: rows.map(summaryOf), total, pageNumber: input.pageNumber, pageSize: input.pageSize };
}

function goodsDetail(ctx: RouteCtx<typeof contract.goodsDetail>) {
  const g = /^\d+$/.test(ctx.params.id ?? '') ? findGoods(ctx, Number(ctx.params.id)) : null;
  if (!g) throw new Fail(404, '商品不存在');
  // Deposits in yuan as checkout charges them.
  return { ...g, gasId: gasIdOf(g), skus: g.skus.map((sku) => ({ ...sku, deposit: depositOf(g, sku) / 100 })) };
}

function hotGoods({ input, db }: RouteCtx<typeof contract.hotGoods>) {
  return db
    .all<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM goods WHERE market_enable = 1 ORDER BY sales DESC, rowid LIMIT ?`, input.limit)
    .map(summaryOf);
}

function suggest({ input, db }: RouteCtx<typeof contract.suggest>) {
  const k = normalizeGoodsText(input.keyword.replace(/'/g, ''));
  if (!k) return [];
  // A keyword naming a gas (danqi, CO2, 干冰) suggests the gas's own name first, with the count of its goods.
  const gas = viewOn(db, 'quick_part') ? rewriteQuery(input.keyword).gases[0] : undefined;
  const named =
    gas &&
    db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM goods WHERE market_enable = 1 AND ' + gasCondition(gas).sql,
      ...gasCondition(gas).params,
    )!.n;
  if (gas && named) return [{ words: gas.gas.name, goods_num: named }];
  const words = new Map<string, number>();
  for (const { goods_name } of db.all<{ goods_name: string }>(
    'SELECT goods_name FROM goods WHERE market_enable = 1 AND instr(search_text, ?) > 0 ORDER BY rowid',
    k,
  )) {
    const word = goods_name.split(/\s+/)[0]!;
    words.set(word, (words.get(word) ?? 0) + 1);
  }
  return [...words].slice(0, 10).map(([words, goods_num]) => ({ words, goods_num }));
}

function shop({ params, db }: RouteCtx<typeof contract.shop>) {
  const shop = seed.shops.find((s) => String(s.id) === params.id);
  if (!shop) throw new Fail(404, '店铺不存在');
  return {
    ...shop,
    goodsCount: db.get<{ n: number }>('SELECT COUNT(*) AS n FROM goods WHERE shop_id = ? AND market_enable = 1', shop.id)!.n,
  };
}

// Sets a SKU's stock (the warehouse's count), e.g. to the last units for a test of concurrent orders.
function hookStock(ctx: Ctx<unknown>) {
  const { skuId, stock } = parseOrFail(StockHook, ctx.input);
  if (!setStock(ctx, skuId, stock)) throw new Fail(404, '商品不存在');
  return { skuId, stock };
}

// The back office edits a goods (price, on sale or delisted, name) and, as it does, tells the shop to purge the goods' pages.
function hookGoods(ctx: Ctx<unknown>) {
  const { id, ...patch } = parseOrFail(GoodsHook, ctx.input);
  const g = updateGoods(ctx, id, patch);
  if (!g) throw new Fail(404, '商品不存在');
  notifyShop({ type: g.marketEnable === 1 ? 'goods.changed' : 'goods.delisted', data: { ids: [id] } });
  return g;
}

export function install(sb: Sandbox): void {
  sb.seed('catalog', seedCatalog);
  sb.on(contract.categories, categoriesRoute);
  sb.on(contract.goodsList, goodsList);
  sb.on(contract.goodsDetail, goodsDetail);
  sb.on(contract.hotGoods, hotGoods);
  sb.on(contract.suggest, suggest);
  sb.on(contract.shop, shop);
  sb.hook('POST', '/stock', hookStock);
  sb.hook('POST', '/goods', hookGoods);
}
