/** The goods list query of /goods, /shop/{id} and /search (docs/product.md §2): read from the URL at the edge, junk falling back to defaults, and written back into links. */
import { GOODS_PAGE_SIZE } from '#src/shared/http/routes.ts';

export const GOODS_SORTS = ['default', 'price_asc', 'price_desc', 'sales', 'newest'] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];

/** Labels of the sort bar, in the order shown. */
export const SORT_LABELS: Record<GoodsSort, string> = {
  default: '综合',
  price_asc: '价格从低到高',
  price_desc: '价格从高到低',
  sales: '销量',
  newest: '新品',
};

/** Largest page size a visitor may ask for; more would only make the page slow. */
export const MAX_PAGE_SIZE = 60;
/** Paging deeper than this is a crawler, not a shopper. */
export const MAX_PAGE_NUMBER = 1000;
/** Keyword length the API accepts (the search box keeps to it too). */
export const MAX_KEYWORD = 50;

export interface GoodsListQuery {
  pageSize: number;
  pageNumber: number;
  sid?: number;
  pid?: number;
  category?: number;
  keyword?: string;
  sort: GoodsSort;
}

type Source = { get(name: string): string | null };

function int(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return n >= min && n <= max ? n : undefined;
}

/** A keyword as the shop searches it: single quotes dropped (docs/product.md §5), control characters gone, trimmed, at most 50 characters. */
export function cleanSearchKeyword(value: string | null): string | undefined {
  if (value === null) return undefined;
  // eslint-disable-next-line no-control-regex
  const k = value
    .replace(/'/g, '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, MAX_KEYWORD)
    .trim();
  return k || undefined;
}

/** Reads the list query; anything malformed becomes its default, so no value can make the page fail. */
export function parseGoodsQuery(params: Source): GoodsListQuery {
  const sort = params.get('sort');
  const q: GoodsListQuery = {
    pageSize: int(params.get('pageSize'), 1, MAX_PAGE_SIZE) ?? GOODS_PAGE_SIZE,
    pageNumber: int(params.get('pageNumber'), 1, MAX_PAGE_NUMBER) ?? 1,
    sort: GOODS_SORTS.includes(sort as GoodsSort) ? (sort as GoodsSort) : 'default',
  };
  const sid = int(params.get('sid'), 1, 999_999_999);
  const pid = int(params.get('pid'), 1, 999_999_999);
  const category = int(params.get('category'), 1, 999_999_999);
  const keyword = cleanSearchKeyword(params.get('keyword'));
  if (sid !== undefined) q.sid = sid;
  if (pid !== undefined) q.pid = pid;
  if (category !== undefined) q.category = category;
  if (keyword !== undefined) q.keyword = keyword;
  return q;
}

/** The goods list call's input for a query (the API takes query strings). */
export function listInput(q: GoodsListQuery, shopId?: number) {
  return {
    pageSize: q.pageSize,
    pageNumber: q.pageNumber,
    sort: q.sort,
    ...(q.sid !== undefined ? { sid: String(q.sid) } : {}),
    ...(q.pid !== undefined ? { pid: String(q.pid) } : {}),
    ...(q.category !== undefined ? { category: String(q.category) } : {}),
    ...(q.keyword !== undefined ? { keyword: q.keyword } : {}),
    ...(shopId !== undefined ? { shopId: String(shopId) } : {}),
  };
}

/** A link to `path` with the query changed by `change`; defaults are left out, and changing anything but the page goes back to page 1. */
export function listHref(path: string, q: GoodsListQuery, change: Partial<GoodsListQuery> = {}): string {
  const pageOnly = Object.keys(change).every((k) => k === 'pageNumber');
  const next: GoodsListQuery = { ...q, ...(pageOnly ? {} : { pageNumber: 1 }), ...change };
  const out = new URLSearchParams();
  out.set('pageSize', String(next.pageSize));
  out.set('pageNumber', String(next.pageNumber));
  if (next.sid !== undefined) out.set('sid', String(next.sid));
  if (next.pid !== undefined) out.set('pid', String(next.pid));
  if (next.category !== undefined) out.set('category', String(next.category));
  if (next.keyword) out.set('keyword', next.keyword);
  if (next.sort !== 'default') out.set('sort', next.sort);
  return `${path}?${out}`;
}
