/**
 * The page's one private call for the company's agreed prices (docs/prices.md): cached pages carry list prices only, and a
 * signed-in member's browser asks `/api/buyer/prices/goods` once for the goods on the page (no-store, the session's company
 * only). Plain fetch, not the ky client, so the goods pages' script stays within its 1 KB.
 */
import { recheckProfile } from '#src/boot/current.ts';
import type { GoodsPrices } from '#src/shared/api/contract/prices.ts';

/** `proxyUrl(prices.goods)`, written out so the contract's schemas stay off these pages (a unit test holds them equal). */
export const AGREED_PRICES_URL = '/api/buyer/prices/goods';

let asked: Promise<GoodsPrices | null> | null = null;

/** The agreed lines of these goods, once per page; null for a visitor, on failure, or without an agreement. */
export function agreedPrices(goodsIds: readonly number[]): Promise<GoodsPrices | null> {
  if (asked) return asked;
  // A visitor has no agreement: no call at all (the backend would answer 401). Re-read, as this may run before the boot script.
  if (!recheckProfile() || goodsIds.length === 0) return Promise.resolve(null);
  const ids = [...new Set(goodsIds)].slice(0, 100).join(',');
  asked = fetch(`${AGREED_PRICES_URL}?ids=${ids}`, { cache: 'no-store', headers: { accept: 'application/json' } })
    .then((r) => r.json() as Promise<{ status: number; data?: GoodsPrices }>)
    .then((e) => (e.status === 200 && e.data?.agreement ? e.data : null))
    .catch(() => null);
  return asked;
}
