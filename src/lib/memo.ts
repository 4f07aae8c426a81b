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
