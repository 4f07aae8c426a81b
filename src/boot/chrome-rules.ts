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
/* Home's `?uuid=` adoption is src/features/shell/home-uuid.ts: only such a visit loads it. */

/** A failed chunk load reloads the page, at most once a minute (docs/product.md §8). */
export const CHUNK_RELOAD_KEY = 'chunk_reload_at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/**
 * Messages that mean a lazily loaded module could not be fetched (a deploy replaced it, or the network dropped): Chromium's
 * "Failed to fetch dynamically imported module", Firefox's "error loading dynamically imported module", Safari's "Importing a
 * module script failed", webpack-style "ChunkLoadError". The shortest pattern that tells them (it is on every page).
 */
export function isChunkLoadError(reason: unknown): boolean {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError/i.test(text);
}

/** Window events that hydrate the toaster and the loading overlay the first time they are needed (client:event). */
export const TOAST_EVENT = 'gas:toast';
export const LOADING_EVENT = 'gas:loading';
