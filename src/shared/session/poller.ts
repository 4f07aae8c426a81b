/** The unread count's poller (docs/product.md §4), apart from unread.ts: only the lazily loaded chrome runs it (client/chrome-intent.ts), so the boot script on every page carries none of it. */

/**
 * Runs `poll` now and every `intervalMs` while `active()` holds and the page is visible; pauses while hidden, resumes
 * with an immediate poll when shown again, and ends for good once `active()` is false (logout). Returns a stop function.
 */
export function startPoller(
  poll: () => void,
  intervalMs: number,
  active: () => boolean,
  doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void } = {
    set: (fn, ms) => setInterval(fn, ms),
    clear: (id) => clearInterval(id as number),
  },
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
