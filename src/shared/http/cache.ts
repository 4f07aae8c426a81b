/** HTTP caching and compression rules shared by the Node server, the build's pre-compression step and netlify.toml (a unit test keeps them equal). */
import { ACCESS_COOKIE, ASIDE_COOKIE, PUNCHOUT_COOKIE, REFRESH_COOKIE } from '#src/boot/cookies.ts';

/** Hashed build assets never change under the same name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pre-rendered HTML and other unhashed text: always ask again, answered by a 304 when the ETag still matches. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Pictures and videos keep their names when redrawn, so a week, then served stale while a fresh copy is fetched. */
export const MEDIA = 'public, max-age=604800, stale-while-revalidate=86400';
/** Fonts change even more rarely than pictures. */
export const FONTS = 'public, max-age=2592000, stale-while-revalidate=86400';

/** Cache-Control for a static file by its URL path. */
export function staticCacheControl(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return IMMUTABLE;
  if (/\.(woff2?|ttf|otf)$/i.test(pathname) || pathname.startsWith('/fonts/')) return FONTS;
  if (/\.(svg|png|jpe?g|gif|webp|avif|ico|mp4|webm)$/i.test(pathname) || /^\/(images|videos)\//.test(pathname)) return MEDIA;
  return REVALIDATE;
}

/** Text types worth compressing (HTML, CSS, JS, JSON, SVG, XML and plain text). */
export function isCompressibleType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    /^text\/(html|css|javascript|plain|xml|markdown|csv)$/.test(type) ||
    /^application\/(javascript|x-javascript|json|xml|manifest\+json|ld\+json|rss\+xml|atom\+xml|problem\+json)$/.test(type) ||
    type === 'image/svg+xml'
  );
}

/** Smaller bodies gain nothing from compression (one TCP packet either way). */
export const MIN_COMPRESS_BYTES = 1024;

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  svg: 'image/svg+xml',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** Content-Type of a compressible static file by its extension; null for every other file. */
export function compressibleFileType(path: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || null;
}

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: brotli first, then gzip, honouring q=0. */
export function pickEncoding(acceptEncoding: string | null | undefined, available: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return available.find((e) => accepts(e) || (e === 'gzip' && accepts('x-gzip'))) ?? null;
}

/** A strong ETag for one representation: the content hash plus the encoding, so a brotli body never validates a gzip one. */
export function etagFor(hash: string, encoding: Encoding | null): string {
  return `"${hash}${encoding ? `-${encoding === 'br' ? 'br' : 'gz'}` : ''}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => bare(t) === bare(etag));
}

/** A Vary header value with Accept-Encoding added once. */
export function withVaryAcceptEncoding(existing: string | number | readonly string[] | null | undefined): string {
  const parts = (Array.isArray(existing) ? existing.join(',') : String(existing ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.includes('*') || parts.some((p) => p.toLowerCase() === 'accept-encoding')) return parts.join(', ');
  return [...parts, 'Accept-Encoding'].join(', ');
}

/** Whether an on-demand response should be compressed on the fly. */
export function shouldCompressResponse(r: {
  method: string;
  status: number;
  contentType: string | null | undefined;
  contentEncoding: string | null | undefined;
  contentLength: number | null;
  cacheControl: string | null | undefined;
}): boolean {
  if (r.method === 'HEAD' || r.status < 200 || r.status === 204 || r.status === 206 || r.status === 304) return false;
  if (r.contentEncoding && r.contentEncoding !== 'identity') return false;
  if (r.cacheControl && /no-transform/i.test(r.cacheControl)) return false;
  if (r.contentLength !== null && r.contentLength < MIN_COMPRESS_BYTES) return false;
  return isCompressibleType(r.contentType);
}

/** Values of Astro's `X-Astro-Cache` header: the response is a version of the in-process route cache (served, served stale, or just stored). */
export const ROUTE_CACHE_STATES: readonly string[] = ['HIT', 'STALE', 'MISS'];

/** Whether Cache-Control keeps a response to one user (private, no-store). */
export function isPrivateResponse(cacheControl: string | null | undefined): boolean {
  return !!cacheControl && /(^|[\s,])(private|no-store)(?=$|[\s,=])/i.test(cacheControl);
}

/** Whether a Vary header makes the body differ per visitor (Cookie, Authorization, *), as Astro's route cache refuses too. */
export function variesPerVisitor(vary: string | number | readonly string[] | null | undefined): boolean {
  const parts = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((s) => s.trim().toLowerCase());
  return parts.some((p) => p === '*' || p === 'cookie' || p === 'authorization');
}

/**
 * Whether an on-demand response's compressed body may be kept and served again (server/http-serving.ts): a public page
 * of the route cache, the same bytes for every visitor until its next version. Anything else (a member page, a response
 * setting a cookie, an error, a page the route cache does not hold) is compressed per request and never kept.
 */
export function mayKeepCompressed(
  r: Parameters<typeof shouldCompressResponse>[0] & {
    routeCache: string | null | undefined;
    setsCookie: boolean;
    vary: string | number | readonly string[] | null | undefined;
  },
): boolean {
  if (r.method !== 'GET' || r.status !== 200 || r.setsCookie) return false;
  if (!r.routeCache || !ROUTE_CACHE_STATES.includes(r.routeCache.trim().toUpperCase())) return false;
  if (isPrivateResponse(r.cacheControl) || variesPerVisitor(r.vary)) return false;
  return shouldCompressResponse(r);
}

/**
 * On-demand public pages whose facts change within the day (a cylinder's trace page: new fills, an inspection falling due):
 * a CDN keeps them five minutes, browsers one, so a scanned code is answered from the edge but never stale for long.
 */
export const SHORT_PUBLIC = 'public, max-age=60, s-maxage=300';

/**
 * How long the Node server answers a public route-cache page again by itself (server/response-cache.ts), without entering
 * Astro. Purges (the publishing webhook, a release switch, a new community post) empty that cache at once; the TTL only bounds
 * what no purge announces: a page's max-age running out in Astro's cache (its next version rendered in the background), a
 * change in the back office that sends no event. One second keeps that within the publishing budgets (a goods price live in
 * 5 s, an article in 3 s) while, under load, one pass through Astro per page and encoding serves hundreds of requests.
 */
export const RESPONSE_CACHE_TTL_MS = 1000;

/** Whether a cookie header holds a non-empty value for `name` (the first one counts, as Astro's cookie parser reads it). */
function hasCookie(cookieHeader: string, name: string): boolean {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    return (
      part
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '') !== ''
    );
  }
  return false;
}

/**
 * Whether a request must go through Astro's middleware rather than the server's response cache: one carrying the refresh
 * cookie without the access cookie gets its tokens renewed there (src/middleware.ts, currentAccessToken), with the new
 * cookies on its answer; one carrying a shop session put aside by a punchout that is over gets that session back there.
 */
export function mustReachMiddleware(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  if (cookieHeader.includes(ASIDE_COOKIE) && hasCookie(cookieHeader, ASIDE_COOKIE) && !hasCookie(cookieHeader, PUNCHOUT_COOKIE))
    return true;
  if (!cookieHeader.includes(REFRESH_COOKIE)) return false;
  return hasCookie(cookieHeader, REFRESH_COOKIE) && !hasCookie(cookieHeader, ACCESS_COOKIE);
}

/** Whether Vary names nothing but Accept-Encoding (the response cache keys by URL and encoding only). */
export function variesOnlyByEncoding(vary: string | number | readonly string[] | null | undefined): boolean {
  const parts = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((s) => s.trim().toLowerCase());
  return parts.every((p) => p === '' || p === 'accept-encoding');
}

/**
 * Whether a kept compressed page (`mayKeepCompressed`) may also be answered again, whole, from the server's response cache
 * for the next requests of its URL and encoding: only when nothing but the encoding varies it.
 */
export function mayReplay(r: Parameters<typeof mayKeepCompressed>[0]): boolean {
  return mayKeepCompressed(r) && variesOnlyByEncoding(r.vary);
}

/**
 * The process's purge of the server's response cache. server/serve.ts registers it; each release's server bundle, loaded
 * into the same process, calls `purgeResponses()` right after invalidating Astro's route cache (the publishing webhook, a new
 * community post), so the server stops answering the purged versions at once. Where no server registered one (Netlify,
 * dev), it does nothing.
 */
const PURGE_KEY = Symbol.for('gas-storefront.response-cache-purge');

export function onPurgeResponses(purge: (() => void) | undefined): void {
  (globalThis as Record<symbol, unknown>)[PURGE_KEY] = purge;
}

export function purgeResponses(): void {
  ((globalThis as Record<symbol, unknown>)[PURGE_KEY] as (() => void) | undefined)?.();
}
