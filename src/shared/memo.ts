/** Remembers an async answer for a while; concurrent callers share one call, and a failure is not remembered. */
export function memoFor<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let value: { at: number; data: T } | null = null;
  let pending: Promise<T> | null = null;
  return () => {
    if (value && now() - value.at < ttlMs) return Promise.resolve(value.data);
    pending ??= load().then(
      (data) => {
        value = { at: now(), data };
        pending = null;
        return data;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  };
}

/**
 * memoFor per key, for at most `max` keys (the oldest is dropped first): public answers that many visitors ask for at once
 * (a goods, a list page) cost one API call per key and period.
 */
export function memoByKey<K, T>(
  ttlMs: number,
  max: number,
  load: (key: K) => Promise<T>,
  now: () => number = Date.now,
): ((key: K) => Promise<T>) & { clear: () => void } {
  const entries = new Map<string, () => Promise<T>>();
  const get = (key: K) => {
    const id = JSON.stringify(key);
    let entry = entries.get(id);
    if (!entry) {
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entry = memoFor(ttlMs, () => load(key), now);
      entries.set(id, entry);
    }
    return entry();
  };
  // A publish webhook clears the answers at once, so an edited price is not served from here for the rest of the period.
  return Object.assign(get, { clear: () => entries.clear() });
}
