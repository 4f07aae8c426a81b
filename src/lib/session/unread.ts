/** The unread messages count of the shortcut bar (docs/product.md §4): polled every 5 minutes while a member is logged in and the tab is visible. */
import * as v from 'valibot';

/** docs/product.md §9: unread poll interval. */
export const UNREAD_POLL_MS = 300_000;
/** Path of the unread count on the buyer API (the contract's `auth.unread` uses it too). */
export const UNREAD_PATH = '/message/unread';
/** Its answer, shared by the contract's `auth.unread` and the header's poller (which must not load the contract). */
export const UnreadCount = v.object({ total: v.number() });

/** Badge text of the count: nothing at 0, '99+' above 99. */
export function unreadText(total: number): string {
  if (!Number.isFinite(total) || total <= 0) return '';
  return total > 99 ? '99+' : String(Math.floor(total));
}

/**
 * Runs `poll` now and every `intervalMs` while `active()` holds and the page is visible; pauses while hidden, resumes
 * with an immediate poll when shown again, and ends for good once `active()` is false (logout). Returns a stop function.
 */
export function startPoller(
  poll: () => void,
  intervalMs: number,
  active: () => boolean,
  doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void } = { set: (fn, ms) => setInterval(fn, ms), clear: (id) => clearInterval(id as number) },
): () => void {
  let timer: unknown = null;
  const pause = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const stop = () => {
    pause();
    doc.removeEventListener('visibilitychange', onVisibility);
  };
  const tick = () => {
    if (!active()) return stop();
    poll();
  };
  const resume = () => {
    if (timer !== null || !active()) return;
    tick();
    timer = timers.set(tick, intervalMs);
  };
  function onVisibility() {
    if (doc.visibilityState === 'hidden') pause();
    else resume();
  }
  doc.addEventListener('visibilitychange', onVisibility);
  if (doc.visibilityState !== 'hidden') resume();
  return stop;
}
