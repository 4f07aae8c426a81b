import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $loading, $loadingOverlay, LOADING_CLOSE_DELAY_MS, resetLoading, track } from '#src/shared/ui/loading.ts';

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promises run their `finally` handlers. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('loading overlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetLoading();
  });
  afterEach(() => {
    resetLoading();
    vi.useRealTimers();
  });

  it('opens with a call and closes 200 ms after it ends, not before', async () => {
    expect(LOADING_CLOSE_DELAY_MS).toBe(200);
    const call = deferred<string>();
    const tracked = track(call.promise);
    expect($loading.get()).toBe(1);
    expect($loadingOverlay.get()).toBe(true);
    call.resolve('ok');
    await expect(tracked).resolves.toBe('ok');
    expect($loading.get()).toBe(0);
    expect($loadingOverlay.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(199);
    expect($loadingOverlay.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect($loadingOverlay.get()).toBe(false);
  });

  it('stays open while any call is in flight', async () => {
    const a = deferred();
    const b = deferred();
    track(a.promise);
    track(b.promise);
    expect($loading.get()).toBe(2);
    a.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect($loadingOverlay.get()).toBe(true);
    b.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(LOADING_CLOSE_DELAY_MS);
    expect($loadingOverlay.get()).toBe(false);
  });

  it('a call starting within 200 ms keeps it open without a flicker', async () => {
    const seen: boolean[] = [];
    const stop = $loadingOverlay.listen((v) => seen.push(v));
    const a = deferred();
    track(a.promise);
    a.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(150);
    const b = deferred();
    track(b.promise);
    // The first call's close timer must not fire into the second call.
    await vi.advanceTimersByTimeAsync(100);
    expect($loadingOverlay.get()).toBe(true);
    b.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(199);
    expect($loadingOverlay.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect($loadingOverlay.get()).toBe(false);
    stop();
    expect(seen).toEqual([true, false]);
  });

  it('counts failed calls down and passes the failure on', async () => {
    const call = deferred();
    const tracked = track(call.promise);
    call.reject(new Error('网络异常'));
    await expect(tracked).rejects.toThrow('网络异常');
    expect($loading.get()).toBe(0);
    await vi.advanceTimersByTimeAsync(LOADING_CLOSE_DELAY_MS);
    expect($loadingOverlay.get()).toBe(false);
  });

  it('silent calls never open it and are returned untouched', async () => {
    const call = deferred<number>();
    const tracked = track(call.promise, { silent: true });
    expect(tracked).toBe(call.promise);
    expect($loading.get()).toBe(0);
    expect($loadingOverlay.get()).toBe(false);
    call.resolve(1);
    await flush();
    expect($loadingOverlay.get()).toBe(false);
  });

  it('a silent call ending does not close the overlay of a tracked one', async () => {
    const loud = deferred();
    const quiet = deferred();
    track(loud.promise);
    track(quiet.promise, { silent: true });
    quiet.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(500);
    expect($loading.get()).toBe(1);
    expect($loadingOverlay.get()).toBe(true);
    loud.resolve();
  });
});
