import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QrStatus } from '#src/shared/api/contract/order.ts';
import { PaymentPoller, POLL_INTERVAL_MS, type VisibilitySource } from '#src/features/checkout/poller.ts';

/** A page whose visibility the test switches. */
function fakePage() {
  let hidden = false;
  const listeners = new Set<() => void>();
  const source: VisibilitySource = {
    hidden: () => hidden,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return {
    source,
    listeners,
    set(h: boolean) {
      hidden = h;
      for (const l of [...listeners]) l();
    },
  };
}

/** A server whose answers the test scripts; counts the asks. */
function fakeServer(answers: QrStatus[]) {
  const asked: number[] = [];
  let last: QrStatus = 'WAITING';
  return {
    asked,
    check: vi.fn(async () => {
      asked.push(Date.now());
      last = answers.shift() ?? last;
      return last;
    }),
  };
}

const HOUR = 3_600_000;
let page: ReturnType<typeof fakePage>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-03-18T02:00:00Z'));
  page = fakePage();
});
afterEach(() => {
  vi.useRealTimers();
});

function poller(check: (signal: AbortSignal) => Promise<QrStatus>, extra: { deadline?: number } = {}) {
  const seen: QrStatus[] = [];
  const stops: string[] = [];
  const p = new PaymentPoller({
    check,
    onStatus: (s) => seen.push(s),
    onStop: (r) => stops.push(r),
    deadline: extra.deadline ?? Date.now() + HOUR,
    visibility: page.source,
  });
  return { p, seen, stops };
}

describe('payment poller', () => {
  it('asks every 3 s, reports WAITING and SCANNED, and stops on PAID with no timer left', async () => {
    const server = fakeServer(['WAITING', 'SCANNED', 'SCANNED', 'PAID']);
    const { p, seen, stops } = poller(server.check);
    p.start();
    expect(server.check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(server.check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['WAITING']);
    await vi.advanceTimersByTimeAsync(3 * POLL_INTERVAL_MS);
    expect(seen).toEqual(['WAITING', 'SCANNED', 'SCANNED', 'PAID']);
    expect(stops).toEqual(['final']);
    expect(p.current).toBe('stopped');
    expect(vi.getTimerCount()).toBe(0);
    // Nothing more is asked after the final state.
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(server.check).toHaveBeenCalledTimes(4);
    expect(page.listeners.size).toBe(0);
  });

  it.each(['CLOSED', 'EXPIRED'] as const)('stops on %s', async (final) => {
    const server = fakeServer(['WAITING', final]);
    const { p, stops } = poller(server.check);
    p.start();
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(server.check).toHaveBeenCalledTimes(2);
    expect(stops).toEqual(['final']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never runs twice: a second start adds no timer and no request', async () => {
    const server = fakeServer([]);
    const { p } = poller(server.check);
    p.start();
    p.start();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(3 * POLL_INTERVAL_MS);
    expect(server.check).toHaveBeenCalledTimes(3);
    expect(page.listeners.size).toBe(1);
    p.stop();
  });

  it('waits for a slow answer before the next ask: never two requests at once', async () => {
    let inFlight = 0;
    let most = 0;
    const check = vi.fn(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 7000));
      inFlight--;
      return 'WAITING' as const;
    });
    const { p } = poller(check);
    p.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(most).toBe(1);
    // 3 s wait + 7 s answer per round.
    expect(check).toHaveBeenCalledTimes(3);
    p.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when the member leaves: no timer, no listener, the request still out is aborted and its answer ignored', async () => {
    let signal: AbortSignal | undefined;
    const check = vi.fn(async (s: AbortSignal) => {
      signal = s;
      await new Promise((r) => setTimeout(r, 1000));
      return 'PAID' as const;
    });
    const { p, seen, stops } = poller(check);
    p.start();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + 10);
    p.stop();
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(seen).toEqual([]);
    expect(stops).toEqual(['stopped']);
    expect(check).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(page.listeners.size).toBe(0);
  });

  it('pauses while the page is hidden and asks at once on return, showing a payment that landed meanwhile', async () => {
    const server = fakeServer(['WAITING']);
    const { p, seen, stops } = poller(server.check);
    p.start();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    page.set(true);
    expect(p.current).toBe('paused');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.check).toHaveBeenCalledTimes(1);

    server.check.mockResolvedValueOnce('PAID');
    page.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['WAITING', 'PAID']);
    expect(stops).toEqual(['final']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts paused on a hidden page', async () => {
    page.set(true);
    const server = fakeServer([]);
    const { p } = poller(server.check);
    p.start();
    expect(p.current).toBe('paused');
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(server.check).not.toHaveBeenCalled();
    page.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.check).toHaveBeenCalledTimes(1);
    p.stop();
  });

  it('stops after the deadline without asking again', async () => {
    const server = fakeServer([]);
    const { p, stops } = poller(server.check, { deadline: Date.now() + 10_000 });
    p.start();
    await vi.advanceTimersByTimeAsync(60_000);
    // Asked at 3, 6 and 9 s; at 12 s the deadline has passed.
    expect(server.check).toHaveBeenCalledTimes(3);
    expect(stops).toEqual(['deadline']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps polling after a failed ask', async () => {
    const check = vi.fn<() => Promise<QrStatus>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('SCANNED');
    const { p, seen } = poller(check);
    p.start();
    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS);
    expect(seen).toEqual(['SCANNED']);
    p.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
