/** Limits failed certificate look-ups per client (docs/gas-features.md): guessing a number/serial pair costs real attempts, not a loop. */

export const MAX_FAILURES = 10;
export const WINDOW_MS = 10 * 60_000;

/** In-process failures per client key within a sliding window; one instance on Node, per function instance on Netlify. */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;
  constructor(max = MAX_FAILURES, windowMs = WINDOW_MS) {
    this.max = max;
    this.windowMs = windowMs;
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Whether the client may try now. */
  allowed(key: string, now: number): boolean {
    return this.recent(key, now).length < this.max;
  }

  /** Records a failed look-up; the map is pruned so a flood of keys cannot grow it without bound. */
  fail(key: string, now: number): void {
    if (this.failures.size > 10_000) for (const k of [...this.failures.keys()]) this.recent(k, now);
    this.failures.set(key, [...this.recent(key, now), now]);
  }
}

/** The one limiter of the verification page and the PDF route. */
export const lookupAttempts = new AttemptLimiter();
