/** Catalogue calls: category tree, goods list and detail, hot goods, suggestions, shops; and the goods edit hook. */
import * as v from 'valibot';
import { catalog as contract, type GoodsDetail } from '../../../src/lib/api/contract/catalog.ts';
import { Fail, parseOrFail, type Sandbox } from '../app.ts';
import { notifyShop } from '../publish-notify.ts';
import { categories } from '../seed/categories.ts';
import * as seed from '../seed/goods.ts';
import { sdsEntries } from '../seed/gases.ts';
import { depositOf, findGoods, stockOf, summarize } from '../commerce.ts';


/** Ids of a category and all categories below it. */
function withDescendants(id: number): Set<number> {
  const out = new Set<number>([id]);
  for (const top of categories) {
    if (top.id === id) top.children.forEach((c) => out.add(c.id));
  }
  return out;
}

/** The encyclopedia gas of a pure-gas goods, matched by its CAS number; mixtures and equipment have none. */
function gasIdOf(g: GoodsDetail): number | null {
  const cas = g.params.find((p) => p.name === 'CAS 号')?.value.trim();
  return (cas && sdsEntries.find((e) => e.cas === cas)?.id) || null;
}

const normalize = (s: string) => s.toLowerCase().replace(/\s+/g, '');
function matches(g: GoodsDetail, keyword: string): boolean {
  const k = normalize(keyword);
  if (!k) return true;
  return [g.goodsName, g.brief, g.shopName, ...g.params.map((p) => p.value)].some((t) => normalize(t).includes(k));
}

// ------------------------------------------------------------ the goods hook

const GoodsHook = v.object({
  id: v.pipe(v.number('编号必须是数字'), v.integer('编号必须是整数'), v.minValue(1, '编号必须大于 0')),
  price: v.optional(v.pipe(v.number('价格必须是数字'), v.minValue(0.01, '价格必须大于 0'), v.maxValue(99_999_999, '价格过大'))),
  marketEnable: v.optional(v.picklist([0, 1], 'marketEnable 只能是 0 或 1')),
  delistReason: v.optional(v.string('下架原因必须是字符串')),
  goodsName: v.optional(v.pipe(v.string('商品名称必须是字符串'), v.nonEmpty('商品名称不能为空'))),
});
type GoodsEdit = Omit<v.InferOutput<typeof GoodsHook>, 'id'>;
type Editable = Pick<GoodsDetail, 'price' | 'marketEnable' | 'delistReason' | 'goodsName'> & { skuPrices: number[] };

const cents = (yuan: number) => Math.round(yuan * 100);

/**
 * Applies the stored edits to the catalogue every call reads (the seed's goods, shared with the cart and orders). A price
 * moves every SKU by the same amount, so the lowest SKU costs the new price. Re-applied from the seed's values whenever the
 * stored edits are a different object (first use, reset) or after an edit.
 */
/** The seed's own values of every goods an edit touched, shared by all sandboxes of the process (unit tests make many). */
const originals = new Map<number, Editable>();

function goodsEditor(edits: () => Record<string, GoodsEdit>) {
  let applied: Record<string, GoodsEdit> | null = null;
  /** `force` after an edit of the stored object in place. */
  return function apply(force = false): void {
    const all = edits();
    if (all === applied && !force) return;
    for (const [id, o] of originals) {
      const g = seed.goods.find((x) => x.id === id)!;
      Object.assign(g, { price: o.price, marketEnable: o.marketEnable, delistReason: o.delistReason, goodsName: o.goodsName });
      g.skus.forEach((sku, i) => (sku.price = o.skuPrices[i]!));
    }
    for (const [id, edit] of Object.entries(all)) {
      const g = seed.goods.find((x) => x.id === Number(id));
      if (!g) continue;
      if (!originals.has(g.id)) originals.set(g.id, { price: g.price, marketEnable: g.marketEnable, delistReason: g.delistReason, goodsName: g.goodsName, skuPrices: g.skus.map((s) => s.price) });
      if (edit.price !== undefined) {
        const shift = cents(edit.price) - cents(Math.min(...g.skus.map((s) => s.price)));
        for (const sku of g.skus) sku.price = (cents(sku.price) + shift) / 100;
        g.price = edit.price;
      }
      if (edit.marketEnable !== undefined) g.marketEnable = edit.marketEnable;
      if (edit.delistReason !== undefined) g.delistReason = edit.delistReason;
      if (edit.goodsName !== undefined) g.goodsName = edit.goodsName;
    }
    applied = all;
  };
}

export function install(sb: Sandbox): void {
  const edits = () => sb.db.slice<Record<string, GoodsEdit>>('catalog.goodsEdits', () => ({}));
  const applyEdits = goodsEditor(edits);
  // A new sandbox starts from the seed's values, whatever an earlier one in this process edited.
  applyEdits(true);
  // Every catalogue call sees the edits as stored (a reset drops them).
  const edited = <A extends unknown[], R>(fn: (...a: A) => R) => (...a: A): R => (applyEdits(), fn(...a));

  sb.on(contract.categories, () => categories);

  sb.on(contract.goodsList, edited(({ input }) => {
    let list = seed.goods.filter((g) => g.marketEnable === 1);
    const category = input.sid || input.category;
    if (category) {
      const ids = withDescendants(Number(category));
      list = list.filter((g) => ids.has(g.categoryId));
    } else if (input.pid && Number(input.pid) > 0) {
      list = list.filter((g) => g.categoryPid === Number(input.pid));
    }
    if (input.shopId) list = list.filter((g) => g.shop_id === Number(input.shopId));
    if (input.keyword) list = list.filter((g) => matches(g, input.keyword!));
    if (input.sort === 'price_asc') list = [...list].sort((a, b) => a.price - b.price);
    if (input.sort === 'price_desc') list = [...list].sort((a, b) => b.price - a.price);
    if (input.sort === 'sales') list = [...list].sort((a, b) => b.sales - a.sales);
    // Goods ids grow as goods are listed, so the newest have the highest ids.
    if (input.sort === 'newest') list = [...list].sort((a, b) => b.id - a.id);
    const start = (input.pageNumber - 1) * input.pageSize;
    return { list: list.slice(start, start + input.pageSize).map(summarize), total: list.length, pageNumber: input.pageNumber, pageSize: input.pageSize };
  }));

  sb.on(contract.goodsDetail, edited((ctx) => {
    const g = /^\d+$/.test(ctx.params.id ?? '') ? findGoods(Number(ctx.params.id)) : null;
    if (!g) throw new Fail(404, '商品不存在');
    // Stock as orders left it, not as seeded; deposits in yuan as checkout charges them.
    return { ...g, gasId: gasIdOf(g), skus: g.skus.map((sku) => ({ ...sku, stock: stockOf(ctx, sku), deposit: depositOf(g, sku) / 100 })) };
  }));

  sb.on(contract.hotGoods, edited(({ input }) =>
    seed.goods
      .filter((g) => g.marketEnable === 1)
      .sort((a, b) => b.sales - a.sales)
      .slice(0, input.limit)
      .map(summarize),
  ));

  sb.on(contract.suggest, edited(({ input }) => {
    const k = normalize(input.keyword.replace(/'/g, ''));
    if (!k) return [];
    const words = new Map<string, number>();
    for (const g of seed.goods) {
      if (g.marketEnable !== 1 || !matches(g, k)) continue;
      const word = g.goodsName.split(/\s+/)[0]!;
      words.set(word, (words.get(word) ?? 0) + 1);
    }
    return [...words].slice(0, 10).map(([words, goods_num]) => ({ words, goods_num }));
  }));

  sb.on(contract.shop, edited(({ params }) => {
    const shop = seed.shops.find((s) => String(s.id) === params.id);
    if (!shop) throw new Fail(404, '店铺不存在');
    return { ...shop, goodsCount: seed.goods.filter((g) => g.shop_id === shop.id && g.marketEnable === 1).length };
  }));

  sb.hook('POST', '/goods', (ctx) => {
    const { id, ...edit } = parseOrFail(GoodsHook, ctx.input);
    if (!seed.goods.some((g) => g.id === id)) throw new Fail(404, '商品不存在');
    const all = edits();
    all[id] = { ...all[id], ...edit };
    applyEdits(true);
    const g = findGoods(id)!;
    notifyShop({ type: g.marketEnable === 1 ? 'goods.changed' : 'goods.delisted', data: { ids: [id] } });
    return summarize(g);
  });
}
