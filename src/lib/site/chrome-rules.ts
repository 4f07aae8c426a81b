/** Small rules of the page chrome (docs/product.md §4, §9): cart badge text, cookie consent, visitor uuid, chunk-failure reloads. */

/** Cart badge: the count of cart shops, '99+' above 99, nothing at 0 (docs/product.md §2, §9). */
export function cartBadgeText(shops: number): string {
  if (!Number.isFinite(shops) || shops <= 0) return '';
  return shops > 99 ? '99+' : String(Math.floor(shops));
}

/** Cookie acceptance is stored until the year 2099 (docs/product.md §9). */
export const COOKIE_CONSENT = 'cookie_accepted';
export const COOKIE_CONSENT_EXPIRES = new Date(Date.UTC(2099, 11, 31, 23, 59, 59));
/** Closing the bar hides it for this browser session only. */
export const COOKIE_BAR_CLOSED_KEY = 'cookie_bar_closed';

export function showCookieBar(consentCookie: string | null, closedThisSession: boolean): boolean {
  return consentCookie !== '1' && !closedThisSession;
}

/** The visitor uuid is generated once and kept 30 days (docs/product.md §3, §9). */
export const VISITOR_COOKIE = 'visitor_uuid';
export const CONNECT_UUID_KEY = 'connect_uuid';
export const VISITOR_MAX_AGE_S = 30 * 24 * 60 * 60;

const UUID = /^[A-Za-z0-9-]{8,64}$/;

/** What home does with `?uuid=` (docs/product.md §4): store it as the visitor uuid, clear the connect uuid, reload home without the query. */
export function homeUuidAction(url: URL): { store: string; reloadTo: string } | null {
  if (url.pathname !== '/') return null;
  const uuid = url.searchParams.get('uuid');
  if (!uuid || !UUID.test(uuid)) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete('uuid');
  const query = rest.toString();
  return { store: uuid, reloadTo: query ? `/?${query}` : '/' };
}

/** A failed chunk load reloads the page, at most once a minute (docs/product.md §8). */
export const CHUNK_RELOAD_KEY = 'chunk_reload_at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Messages that mean a lazily loaded module could not be fetched (a deploy replaced it, or the network dropped). */
export function isChunkLoadError(reason: unknown): boolean {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(text);
}

/** Window events that hydrate the toaster and the loading overlay the first time they are needed (client:event). */
export const TOAST_EVENT = 'gas:toast';
export const LOADING_EVENT = 'gas:loading';
