/** The member pages about one of the member's orders, named by `?sn=`: its detail, its invoice, the after-sales application. */
import type { AstroGlobal } from 'astro';
import type { Api } from '#src/shared/api/client.ts';
import { memberToken, PRIVATE_CACHE } from '#src/shared/session/guard.ts';
import { loadMemberPage, shownPage } from './page.ts';

/** An order number as the order calls take it. */
const ORDER_SN = /^\d{6,32}$/;

/** Loads a private member page about the order `?sn=`; a malformed number is the not-found page without a call. */
export async function loadOrderPage<T>(
  astro: Pick<AstroGlobal, 'url' | 'cookies' | 'response'>,
  load: (api: Api, sn: string) => Promise<T>,
) {
  astro.response.headers.set('cache-control', PRIVATE_CACHE);
  const sn = astro.url.searchParams.get('sn') ?? '';
  const page = await loadMemberPage(memberToken(astro.cookies), async (api) => (ORDER_SN.test(sn) ? load(api, sn) : null));
  return { sn, page: shownPage(page) };
}
