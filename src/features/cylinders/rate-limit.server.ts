/** The per-visitor request limit of the public cylinder pages: a scraper walking serials gets 429, a person scanning codes never does. */

/** Requests one visitor may make in a window; a person scans a few codes a minute, a scraper hundreds. */
export const TRACE_LIMIT = 30;
export const TRACE_WINDOW_MS = 60_000;
/** Visitors remembered at most (the oldest windows are dropped first), so a flood of addresses cannot grow memory without end. */
const MAX_VISITORS = 10_000;

const windows = new Map<string, { start: number; count: number }>();

/** Counts a request; answers the seconds to wait when the visitor is over the limit, else null (a fixed window per visitor). */
export function overLimit(visitor: string, now = Date.now()): number | null {
  let w = windows.get(visitor);
  if (!w || now - w.start >= TRACE_WINDOW_MS) {
    windows.delete(visitor);
    if (windows.size >= MAX_VISITORS) windows.delete(windows.keys().next().value!);
    w = { start: now, count: 0 };
    windows.set(visitor, w);
  }
  w.count++;
  return w.count > TRACE_LIMIT ? Math.ceil((w.start + TRACE_WINDOW_MS - now) / 1000) : null;
}

/**
 * Who a request comes from: the client address the adapter gives (the socket's under Node, the edge's
 * x-nf-client-connection-ip on Netlify, set by the adapter). Headers a client sends itself are never trusted, or a scraper
 * would name a new visitor on every request.
 */
export function visitorOf(clientAddress: () => string): string {
  try {
    return clientAddress();
  } catch {
    return 'unknown';
  }
}

/** For tests: forgets every window. */
export const resetLimits = (): void => windows.clear();
