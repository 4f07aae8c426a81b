/** The cashier's payment-status poller: asks every 3 s, stops on a final state, on leave and after the deadline, pauses while the page is hidden; timers and visibility are injected so it is tested with fake timers. */
import type { QrStatus } from '#src/shared/api/contract/order.ts';

/** SPEC: the cashier polls the QR status every 3 s. */
export const POLL_INTERVAL_MS = 3000;

/** States after which nothing more can happen to a code. */
export const FINAL_STATUSES: readonly QrStatus[] = ['PAID', 'CLOSED', 'EXPIRED'];
export const isFinal = (s: QrStatus): boolean => FINAL_STATUSES.includes(s);

/** Why the poller stopped for good. */
export type StopReason = 'final' | 'deadline' | 'stopped';

/** Whether the page is hidden, and a way to hear when that changes (document.visibilityState in the browser). */
export interface VisibilitySource {
  hidden(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PollerOptions {
  /** Asks the server for the code's status; the signal aborts a request still out when the poller stops. */
  check(signal: AbortSignal): Promise<QrStatus>;
  /** Every status answered, in order. */
  onStatus(status: QrStatus): void;
  /** Called once when the poller stops for good. */
  onStop?(reason: StopReason): void;
  /** Epoch ms after which asking is pointless (the code's expiry or the order's pay deadline). */
  deadline: number;
  intervalMs?: number;
  now?: () => number;
  timers?: Timers;
  visibility?: VisibilitySource;
}

export type PollerState = 'idle' | 'running' | 'paused' | 'stopped';

/** A visibility source for pages: the document's own. */
export function documentVisibility(doc: Document): VisibilitySource {
  return {
    hidden: () => doc.visibilityState === 'hidden',
    subscribe(listener) {
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
  };
}

const alwaysVisible: VisibilitySource = { hidden: () => false, subscribe: () => () => undefined };

/**
 * One poller per code. At most one timer and one request exist at any moment; `start` twice does nothing more; after `stop`
 * (or a final state, or the deadline) no timer is left and no request is sent again.
 */
export class PaymentPoller {
  private state: PollerState = 'idle';
  private timer: unknown = null;
  private inFlight: AbortController | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly o: Required<Omit<PollerOptions, 'onStop'>> & Pick<PollerOptions, 'onStop'>;

  constructor(options: PollerOptions) {
    this.o = {
      intervalMs: POLL_INTERVAL_MS,
      now: Date.now,
      timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
      visibility: alwaysVisible,
      ...options,
    };
  }

  get current(): PollerState {
    return this.state;
  }

  /** Starts polling: the first ask comes after one interval (the page has just shown a fresh code). */
  start(): void {
    if (this.state !== 'idle') return;
    this.unsubscribe = this.o.visibility.subscribe(() => this.visibilityChanged());
    if (this.o.visibility.hidden()) this.state = 'paused';
    else {
      this.state = 'running';
      this.schedule(this.o.intervalMs);
    }
  }

  /** Stops for good (the member leaves, or a new code replaces this one). */
  stop(): void {
    this.finish('stopped');
  }

  private visibilityChanged(): void {
    if (this.state === 'stopped' || this.state === 'idle') return;
    if (this.o.visibility.hidden()) {
      if (this.state === 'running') {
        this.state = 'paused';
        this.clearTimer();
      }
    } else if (this.state === 'paused') {
      // Back on the page: ask at once, so a payment that landed meanwhile shows now.
      this.state = 'running';
      if (!this.inFlight) this.schedule(0);
    }
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = this.o.timers.setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.o.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private async tick(): Promise<void> {
    if (this.state !== 'running' || this.inFlight) return;
    if (this.o.now() >= this.o.deadline) {
      this.finish('deadline');
      return;
    }
    const controller = new AbortController();
    this.inFlight = controller;
    let status: QrStatus | null = null;
    try {
      status = await this.o.check(controller.signal);
    } catch {
      // A failed ask (network blip) is retried at the next interval; the member still sees the last known state.
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
    // Stopped while the answer was on its way (stop() aborted it): nothing more to do.
    if (controller.signal.aborted) return;
    if (status !== null) {
      this.o.onStatus(status);
      if (isFinal(status)) {
        this.finish('final');
        return;
      }
    }
    if (this.current === 'running') this.schedule(this.o.intervalMs);
  }

  private finish(reason: StopReason): void {
    if (this.state === 'stopped') return;
    const wasStarted = this.state !== 'idle';
    this.state = 'stopped';
    this.clearTimer();
    this.inFlight?.abort();
    this.inFlight = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (wasStarted) this.o.onStop?.(reason);
  }
}
