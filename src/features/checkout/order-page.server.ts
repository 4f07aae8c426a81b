/** The checkout pages about one of the member's orders, named by `?sn=` (cashier, pay wait, order complete): private, loaded with the member's client. */
import type { AstroGlobal } from 'astro';
import type { Api } from '#src/shared/api/client.ts';
import { apiFor } from '#src/shared/api/server.ts';
import { memberToken, PRIVATE_CACHE } from '#src/shared/session/guard.ts';
import { loadPrivate, snParam, type Loaded } from './private-load.ts';

/** Marks the page private and loads the order `?sn=`: a malformed number is not found (a visitor is asked to sign in first). */
export async function loadOrderCheckout<T>(
  astro: Pick<AstroGlobal, 'url' | 'cookies' | 'response'>,
  load: (client: Api, sn: string) => Promise<T>,
): Promise<Loaded<T>> {
  astro.response.headers.set('cache-control', PRIVATE_CACHE);
  const sn = snParam(astro.url.searchParams.get('sn'));
  const token = memberToken(astro.cookies);
  if (!sn) return token ? { kind: 'not-found' } : { kind: 'visitor' };
  return loadPrivate(token, apiFor, (client) => load(client, sn));
}
