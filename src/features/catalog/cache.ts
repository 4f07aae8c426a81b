/** CDN cache policy of the public goods pages: short max-age with stale-while-revalidate, tags per goods, shop and category so one change can purge them. */

/** Seconds a CDN may serve a goods page without asking again; prices and stock change during the day. */
export const GOODS_MAX_AGE = 60;
/** Seconds a stale page may still be served while a fresh one renders. */
export const GOODS_SWR = 300;

export const goodsTag = (id: number): string => `goods-${id}`;
export const shopTag = (id: number): string => `shop-${id}`;
export const categoryTag = (id: number): string => `category-${id}`;
/** Every goods list (for a change that may move any of them, e.g. a new goods). */
export const LIST_TAG = 'goods-list';
/** Every publicly cached catalogue page: purged after a new deploy, whose header, menus and site data they also show. */
export const CATALOG_TAG = 'catalog';

/** The tags of a page, de-duplicated, in a stable order. */
export function cacheTags(o: { goods?: number[]; shops?: number[]; categories?: number[]; list?: boolean }): string[] {
  const tags = [
    ...(o.goods ?? []).map(goodsTag),
    ...(o.shops ?? []).map(shopTag),
    ...(o.categories ?? []).map(categoryTag),
    ...(o.list ? [LIST_TAG] : []),
  ];
  return [...new Set(tags)];
}

/** The headers a CDN reads; Cache-Tag (Cloudflare, Fastly-style) and Netlify-Cache-Tag carry the same list. */
export function publicCacheHeaders(tags: readonly string[]): Record<string, string> {
  return {
    'cache-control': `public, max-age=${GOODS_MAX_AGE}, stale-while-revalidate=${GOODS_SWR}`,
    'cache-tag': tags.join(','),
    'netlify-cache-tag': tags.join(','),
  };
}

/** The part of Astro's cache API a page uses (`Astro.cache`), so this module stays free of Astro. */
export interface RouteCache {
  readonly enabled: boolean;
  set(options: { maxAge: number; swr: number; tags: string[] }): void;
}

/** Marks a response publicly cacheable: the headers always, and Astro's cache API too when a provider is configured. */
export function cachePublicly(headers: Headers, cache: RouteCache | undefined, pageTags: readonly string[]): void {
  const tags = [...pageTags, CATALOG_TAG];
  for (const [name, value] of Object.entries(publicCacheHeaders(tags))) headers.set(name, value);
  if (cache?.enabled) cache.set({ maxAge: GOODS_MAX_AGE, swr: GOODS_SWR, tags });
}
