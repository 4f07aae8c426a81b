/** The full-screen loading overlay of docs/product.md §7/§9: counts calls in flight and closes 200 ms after the last one ends. */
import { atom } from 'nanostores';
import { LOADING_EVENT } from '#src/boot/chrome-rules.ts';

/** docs/product.md §9: the overlay closes after a 200 ms delay, so back-to-back calls do not make it flicker. */
export const LOADING_CLOSE_DELAY_MS = 200;

/** Calls in flight that show the overlay. */
export const $loading = atom(0);
/** Whether the overlay is on screen: true while `$loading` > 0 and for 200 ms after it drops to 0. */
export const $loadingOverlay = atom(false);
// The overlay's island hydrates the first time it is shown (client:event), woken by the store itself (docs/light-pages.md).
$loadingOverlay.listen((visible) => {
  if (visible && typeof window !== 'undefined') window.dispatchEvent(new Event(LOADING_EVENT));
});

let closeTimer: ReturnType<typeof setTimeout> | undefined;

function begin(): void {
  clearTimeout(closeTimer);
  closeTimer = undefined;
  $loading.set($loading.get() + 1);
  $loadingOverlay.set(true);
}

function end(): void {
  const count = Math.max(0, $loading.get() - 1);
  $loading.set(count);
  if (count > 0) return;
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => {
    closeTimer = undefined;
    if ($loading.get() === 0) $loadingOverlay.set(false);
  }, LOADING_CLOSE_DELAY_MS);
}

export interface TrackOptions {
  /** The call runs without the overlay (background loads, polling, type-ahead). */
  silent?: boolean;
}

/** Shows the overlay while `promise` is pending; returns a promise settling exactly like it. */
export function track<T>(promise: Promise<T>, options: TrackOptions = {}): Promise<T> {
  if (options.silent) return promise;
  begin();
  return promise.finally(end);
}

/** Closes the overlay and forgets every call (tests, or a page that navigates away). */
export function resetLoading(): void {
  clearTimeout(closeTimer);
  closeTimer = undefined;
  $loading.set(0);
  $loadingOverlay.set(false);
}
