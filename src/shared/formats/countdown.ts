/** The SMS code button's countdown (docs/product.md §4, §9): seconds left from a stored end time, the label, and the stored value's checks. */

/** docs/product.md §9: the code button waits 60 s before a new code can be asked for. */
export const SMS_COUNTDOWN_SECONDS = 60;
/** docs/product.md §4: the button's text when a code can be asked for. */
export const COUNTDOWN_IDLE_LABEL = '获取验证码';
/** Prefix of the sessionStorage keys, so countdowns never clash with other stored values. */
export const COUNTDOWN_STORAGE_PREFIX = 'countdown:';

/** Whole seconds left until `endAt` (ms since epoch), rounded up so the button is enabled exactly at the end; 0 when over. */
export function remainingSeconds(endAt: number, now: number): number {
  return Math.max(0, Math.ceil((endAt - now) / 1000));
}

/** Milliseconds to the next change of the shown seconds, so ticks follow the clock instead of drifting with timer delays. */
export function msToNextTick(endAt: number, now: number): number {
  const left = endAt - now;
  if (left <= 0) return 0;
  return left % 1000 || 1000;
}

/** The button's text: '重新获取(59s)' while counting, the idle label otherwise. */
export function countdownLabel(remaining: number, idleLabel: string = COUNTDOWN_IDLE_LABEL): string {
  return remaining > 0 ? `重新获取(${remaining}s)` : idleLabel;
}

/** End time of a countdown starting `now`. */
export function countdownEnd(now: number, seconds: number = SMS_COUNTDOWN_SECONDS): number {
  return now + seconds * 1000;
}

/**
 * The end time kept across a reload, or null when there is none to resume: missing, not a number, already past, or
 * further away than a whole countdown (an edited value or a clock set back must not lock the button for longer).
 */
export function resumableEnd(stored: string | null, now: number, seconds: number = SMS_COUNTDOWN_SECONDS): number | null {
  if (stored === null || !/^\d{1,15}$/.test(stored)) return null;
  const endAt = Number(stored);
  if (endAt <= now || endAt - now > seconds * 1000) return null;
  return endAt;
}
