/** Catalogue calls: category tree, goods list and detail, hot goods, suggestions, shops. */
import { catalog as contract, type GoodsDetail } from '../../../src/lib/api/contract/catalog.ts';
import { Fail, type Sandbox } from '../app.ts';
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

export function install(sb: Sandbox): void {
  sb.on(contract.categories, () => categories);

  sb.on(contract.goodsList, ({ input }) => {
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
  });

  sb.on(contract.goodsDetail, (ctx) => {
    const g = /^\d+$/.test(ctx.params.id ?? '') ? findGoods(Number(ctx.params.id)) : null;
    if (!g) throw new Fail(404, '商品不存在');
    // Stock as orders left it, not as seeded; deposits in yuan as checkout charges them.
    return { ...g, gasId: gasIdOf(g), skus: g.skus.map((sku) => ({ ...sku, stock: stockOf(ctx, sku), deposit: depositOf(g, sku) / 100 })) };
  });

  sb.on(contract.hotGoods, ({ input }) =>
    seed.goods
      .filter((g) => g.marketEnable === 1)
      .sort((a, b) => b.sales - a.sales)
      .slice(0, input.limit)
      .map(summarize),
  );

  sb.on(contract.suggest, ({ input }) => {
    const k = normalize(input.keyword.replace(/'/g, ''));
    if (!k) return [];
    const words = new Map<string, number>();
    for (const g of seed.goods) {
      if (g.marketEnable !== 1 || !matches(g, k)) continue;
      const word = g.goodsName.split(/\s+/)[0]!;
      words.set(word, (words.get(word) ?? 0) + 1);
    }
    return [...words].slice(0, 10).map(([words, goods_num]) => ({ words, goods_num }));
  });

  sb.on(contract.shop, ({ params }) => {
    const shop = seed.shops.find((s) => String(s.id) === params.id);
    if (!shop) throw new Fail(404, '店铺不存在');
    return { ...shop, goodsCount: seed.goods.filter((g) => g.shop_id === shop.id && g.marketEnable === 1).length };
  });
}
