/** The goods catalogue: category tree, goods with SKUs, shops, hot goods and search suggestions. */
import * as v from 'valibot';
import { endpoint, page, PageQuery } from './core.ts';

/** Category node; top-level categories have `pid` 0 (docs/product.md §3). */
export interface Category {
  id: number;
  pid: number;
  cateName: string;
  pic: string;
  children: Category[];
}
export const Category: v.GenericSchema<Category> = v.object({
  id: v.number(),
  pid: v.number(),
  cateName: v.string(),
  pic: v.string(),
  children: v.array(v.lazy(() => Category)),
});

/** One specification of a SKU, e.g. 纯度 99.999%; a SKU's name is its values joined by ' - ' (docs/product.md §3). */
export const Spec = v.object({ spec_name: v.string(), spec_value: v.string() });

export const Sku = v.object({
  sku_id: v.number(),
  goods_id: v.number(),
  spec_list: v.array(Spec),
  /** Price in yuan, two decimals. */
  price: v.number(),
  stock: v.number(),
  unit: v.string(),
  /** Cylinder deposit per unit in yuan, for gas delivered in a returnable cylinder; absent or 0 when none. */
  deposit: v.optional(v.number()),
});
export type Sku = v.InferOutput<typeof Sku>;

export const GoodsSummary = v.object({
  id: v.number(),
  goodsName: v.string(),
  /** Selling points shown under the name, e.g. 纯度 ≥99.999%. */
  brief: v.string(),
  thumbnail: v.string(),
  /** Lowest SKU price. */
  price: v.number(),
  sales: v.number(),
  shop_id: v.number(),
  shopName: v.string(),
  categoryId: v.number(),
  /** Top-level category id (`pid` of the goods list query). */
  categoryPid: v.number(),
});
export type GoodsSummary = v.InferOutput<typeof GoodsSummary>;

export const GoodsDetail = v.object({
  ...GoodsSummary.entries,
  /** 1 on sale; 0 delisted, then `delistReason` says why (docs/product.md §2 404 page). */
  marketEnable: v.picklist([0, 1]),
  delistReason: v.string(),
  images: v.array(v.string()),
  /** Rich text from the back office; sanitized by the storefront before rendering. */
  intro: v.string(),
  params: v.array(v.object({ name: v.string(), value: v.string() })),
  skus: v.array(Sku),
  /** The gas encyclopedia entry (and SDS) of the goods' gas, for pure gases; absent or null otherwise. */
  gasId: v.optional(v.nullable(v.number())),
});
export type GoodsDetail = v.InferOutput<typeof GoodsDetail>;

export const Shop = v.object({
  id: v.number(),
  shopName: v.string(),
  logo: v.string(),
  intro: v.string(),
  selfOperated: v.boolean(),
  goodsCount: v.number(),
});
export type Shop = v.InferOutput<typeof Shop>;

export const Suggestion = v.object({ words: v.string(), goods_num: v.number() });
export type Suggestion = v.InferOutput<typeof Suggestion>;

/**
 * The goods list query of /goods (docs/product.md §2): `sid` sub-category, `pid` top category, `keyword`, `category` any category id.
 *
 * `keyword` is matched against goods name, brief, shop and parameter values (lower case, spaces ignored). A backend with the
 * quick_part extension also rewrites it onto the gases it names (docs/quick-order.md "Search that speaks gas"; the rule is
 * `rewriteQuery` in src/shared/search/rewrite.ts over the table src/shared/search/gas-names.ts): a keyword, or one word of it,
 * that is a CAS number (with or without dashes), a UN number (UN1066 or 1066), a formula (N2, N₂, co2), an English name, a
 * common or trade name (笑气, 干冰, 电石气, 高纯氮 → 氮气 with 99.999%), pinyin or initials (danqi, dq) or a one-letter slip of a
 * Latin name matches the goods whose parameters list that gas's CAS number (and the grade a trade name carries), besides what
 * matches as typed. With the default sort, goods of the surest reading that also match the keyword's other words (CO2 钢瓶)
 * come first, then the rest of that reading, then the other gases read alike, then matches as typed. `inStock` 1 keeps goods with a SKU in stock.
 */
export const GoodsQuery = v.object({
  ...PageQuery.entries,
  sid: v.optional(v.pipe(v.string(), v.regex(/^\d*$/, '分类编号格式错误'))),
  pid: v.optional(v.pipe(v.string(), v.regex(/^-?\d*$/, '分类编号格式错误'))),
  category: v.optional(v.pipe(v.string(), v.regex(/^\d*$/, '分类编号格式错误'))),
  keyword: v.optional(v.pipe(v.string(), v.maxLength(50, '关键词不能超过 50 个字'))),
  shopId: v.optional(v.pipe(v.string(), v.regex(/^\d*$/, '店铺编号格式错误'))),
  /** 1: only goods with at least one SKU in stock. */
  inStock: v.optional(v.picklist(['0', '1'], 'inStock 只能是 0 或 1')),
  /** `newest`: the most recently listed first. */
  sort: v.optional(v.picklist(['default', 'price_asc', 'price_desc', 'sales', 'newest'], '排序方式错误')),
});

export const catalog = {
  categories: endpoint({ name: 'catalog.categories', method: 'GET', path: '/index/productCategory', data: v.array(Category) }),
  goodsList: endpoint({ name: 'catalog.goodsList', method: 'GET', path: '/goods/list', data: page(GoodsSummary), input: GoodsQuery }),
  goodsDetail: endpoint({ name: 'catalog.goodsDetail', method: 'GET', path: '/product/detail/{id}', data: GoodsDetail }),
  hotGoods: endpoint({
    name: 'catalog.hotGoods',
    method: 'GET',
    path: '/product/hot',
    data: v.array(GoodsSummary),
    input: v.object({
      limit: v.optional(
        v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer('数量必须是整数'), v.minValue(1), v.maxValue(50)),
        8,
      ),
    }),
  }),
  suggest: endpoint({
    name: 'catalog.suggest',
    method: 'GET',
    path: '/goods/suggest',
    data: v.array(Suggestion),
    input: v.object({ keyword: v.pipe(v.string('请输入关键词'), v.maxLength(50, '关键词不能超过 50 个字')) }),
  }),
  shop: endpoint({ name: 'catalog.shop', method: 'GET', path: '/shop/{id}', data: Shop }),
};
