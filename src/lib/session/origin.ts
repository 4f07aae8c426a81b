/** Refuses cross-site posts to the session endpoints (login, refresh...): a browser names the page's origin, which must be ours. */
export function isSameOriginPost(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  if (origin) return origin === url.origin;
  // Browsers always send Sec-Fetch-Site on fetches; without Origin it must still say same-origin (or a direct navigation).
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}
