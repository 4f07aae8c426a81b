/** Public catalogue answers for on-demand goods pages, shared for a few seconds so a burst of visitors costs one API call per goods or list page. */
import { memoByKey } from '#src/shared/memo.ts';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { api } from '#src/shared/api/server.ts';
import type { listInput } from './query.ts';

/** Far below the pages' CDN max-age, so stock and prices are no older than a CDN copy would be. */
const TTL_MS = 5_000;

export const cachedGoods = memoByKey(TTL_MS, 500, (id: string) => api.call(catalog.goodsDetail, { params: { id } }));
export const cachedGoodsList = memoByKey(TTL_MS, 500, (input: ReturnType<typeof listInput>) => api.call(catalog.goodsList, { input }));
export const cachedShop = memoByKey(TTL_MS, 100, (id: string) => api.call(catalog.shop, { params: { id } }));

/** Forgets every remembered answer: the back office said the catalogue changed (POST /api/publish). */
export function forgetCatalogAnswers(): void {
  for (const memo of [cachedGoods, cachedGoodsList, cachedShop]) memo.clear();
}
