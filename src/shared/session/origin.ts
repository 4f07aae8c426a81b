/**
 * Refuses cross-site state changes (the session endpoints, the proxy's POST/PUT/DELETE): a browser names the page's origin,
 * which must be the shop's public origin (src/shared/http/public-origin.ts), not the URL the Node process happens to see.
 */
export function isSameOriginPost(request: Request, origin: string): boolean {
  const sent = request.headers.get('origin');
  if (sent) return sent === origin;
  // Browsers always send Sec-Fetch-Site on fetches; without Origin it must still say same-origin (or a direct navigation).
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

/** Methods that change nothing, which the origin check lets through (a link or an image may GET cross-site). */
export const isSafeMethod = (method: string): boolean => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
