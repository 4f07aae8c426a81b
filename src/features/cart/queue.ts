/** The ordering rules of cart changes (docs/architecture.md §5, §7): one request per key in flight, later wishes replace the waiting one, and answers older than one already shown are dropped. */

/**
 * Absolute values per key (a line's quantity, a line's or shop's check): at most one request per key is on its way;
 * a wish made meanwhile waits, and a newer wish replaces it, so 50 quick clicks send two or three requests, not 50.
 */
export class KeyedQueue<K, V> {
  private sending = new Map<K, V>();
  private waiting = new Map<K, V>();
  /** When each key's latest wish was made, so overlays apply in the order the shopper acted. */
  private order = new Map<K, number>();
  private clock = 0;

  /** A new wish; returns the value to send now, or undefined when a request for the key is already on its way. */
  want(key: K, value: V): V | undefined {
    this.order.set(key, ++this.clock);
    if (this.sending.has(key)) {
      this.waiting.set(key, value);
      return undefined;
    }
    this.sending.set(key, value);
    return value;
  }

  /** The request for `key` succeeded: returns the waiting value to send next (unless it equals what was just confirmed). */
  done(key: K): V | undefined {
    const confirmed = this.sending.get(key);
    const next = this.waiting.get(key);
    this.waiting.delete(key);
    if (next === undefined || next === confirmed) {
      this.sending.delete(key);
      this.order.delete(key);
      return undefined;
    }
    this.sending.set(key, next);
    return next;
  }

  /** The request failed: the key forgets every wish, nothing is retried, and the server's value shows again. */
  fail(key: K): void {
    this.sending.delete(key);
    this.waiting.delete(key);
    this.order.delete(key);
  }

  /** What the shopper last asked for, while it is not confirmed. */
  wish(key: K): V | undefined {
    return this.waiting.get(key) ?? this.sending.get(key);
  }

  /** Unconfirmed wishes, oldest first. */
  wishes(): { key: K; value: V }[] {
    return [...this.order.entries()].sort((a, b) => a[1] - b[1]).map(([key]) => ({ key, value: this.wish(key)! }));
  }

  busy(key: K): boolean {
    return this.sending.has(key);
  }
}

/**
 * Numbers every request when it starts. An answer is shown only when no answer of a later request was shown before it, so a
 * slow old answer never overwrites newer state; and when requests overlapped or an answer was dropped, the cart is read once
 * more after the last one ends, so the screen settles on what the server holds.
 */
export class AnswerOrder {
  private started = 0;
  private shown = 0;
  private inFlight = 0;
  private unsettled = false;

  start(): number {
    this.inFlight++;
    if (this.inFlight > 1) this.unsettled = true;
    return ++this.started;
  }

  /**
   * Ends request `seq`; `show`: its answer may replace the screen's cart; `settle`: read the cart again now.
   * A failed read does not ask for another read (no automatic retry loop).
   */
  finish(seq: number, ok: boolean, read = false): { show: boolean; settle: boolean } {
    this.inFlight--;
    const show = ok && seq > this.shown;
    if (show) this.shown = seq;
    else if (ok || !read) this.unsettled = true;
    const settle = this.inFlight === 0 && this.unsettled;
    if (settle) this.unsettled = false;
    return { show, settle };
  }

  get idle(): boolean {
    return this.inFlight === 0;
  }
}
