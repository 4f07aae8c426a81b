/**
 * The publisher of the Node server: takes accepted webhook events, purges nothing itself (the endpoint does that in the
 * release that answered), and coalesces rebuild events into one build at a time: a quiet window after the last event, never
 * more than a maximum wait after the first; events during a build make exactly one more build; a failed build is retried
 * with backoff while events are pending. State lives in the PublishStore, so a restart resumes where it was.
 */
import { effectOf, type Effect, type PublishSink, type PublishStatus } from '#src/features/publish/effects.ts';
import type { PublishEvent } from '#src/features/publish/webhook.ts';
import type { PublishStore } from './store.ts';
import type { FastStatus } from './fast-path.ts';

/** A build that failed: `message` for the status, `logTail` (the end of its output) for the record. */
export class BuildFailure extends Error {
  readonly logTail: string;
  constructor(message: string, logTail: string) {
    super(message);
    this.logTail = logTail;
  }
}

export interface BuildResult {
  release: string;
}

export interface PublisherOptions {
  store: PublishStore;
  /** Builds and switches to a release with the pending events' content; throws (BuildFailure) and switches nothing on failure. */
  build: (events: string[], n: number) => Promise<BuildResult>;
  quietMs: number;
  maxWaitMs: number;
  /** Waits before retrying a failed build, by attempt (the last one repeats). */
  retryMs: number[];
  log?: (line: string) => void;
  now?: () => number;
  /**
   * The fast path (server/publish/fast-path.ts): each accepted rebuild event is offered to it at once, besides being pending
   * for the coalesced full build; and its state for the status.
   */
  fast?: { accept: (id: string, event: PublishEvent, atMs: number) => void; status: () => FastStatus };
  /** Run a full build at start even with no events (the fast path's renderer is the full build kept loaded). */
  buildAtStart?: boolean;
}

export class Publisher implements PublishSink {
  private readonly o: Required<PublisherOptions>;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private dueAt = 0;
  /** When the first event of the next build arrived, and the last (the quiet window runs from it). */
  private firstAt: number | null = null;
  private lastAt = 0;
  private failures = 0;
  private retryAt: number | null = null;
  private builds = 0;
  private idleWaiters: (() => void)[] = [];
  /** A build is due although no event is pending (the first build of the fast path's renderer). */
  private warmUp = false;

  constructor(options: PublisherOptions) {
    this.o = {
      log: (l) => console.log(l),
      now: Date.now,
      fast: undefined as never,
      buildAtStart: false,
      ...options,
    } as Required<PublisherOptions>;
    if (options.buildAtStart) {
      this.warmUp = true;
      this.timer = setTimeout(() => void this.run(), 0);
    }
    const latest = this.o.store.latest();
    this.failures = latest && !latest.ok ? 1 : 0;
    // Events accepted before a restart are built as if they had just arrived.
    if (this.o.store.pending().length) this.eventArrived();
  }

  accept(id: string, event: PublishEvent, atMs: number, effect: Effect = effectOf(event)): 'accepted' | 'duplicate' {
    const rebuild = effect.kind === 'rebuild';
    if (!this.o.store.accept(id, atMs, rebuild ? { type: event.type } : undefined)) return 'duplicate';
    if (rebuild) {
      this.o.fast?.accept(id, event, atMs);
      this.eventArrived();
    }
    return 'accepted';
  }

  status(): PublishStatus {
    const pending = this.o.store.pending().map((e) => e.id);
    const latest = this.o.store.latest();
    const ok = this.o.store.lastSuccess();
    const failed = this.o.store.lastFailure();
    const state = this.running ? 'building' : latest && !latest.ok ? 'failed' : pending.length ? 'waiting' : 'idle';
    return {
      state,
      ...(this.o.fast ? { fast: this.o.fast.status() } : {}),
      pending,
      builds: this.builds,
      lastSuccess: ok
        ? { at: new Date(ok.finishedAt).toISOString(), release: ok.release ?? '', events: ok.events, seconds: ok.seconds }
        : null,
      lastFailure: failed ? { at: new Date(failed.finishedAt).toISOString(), message: failed.message ?? '' } : null,
    };
  }

  /** Resolves when no build runs and none is due (tests, and a graceful stop). */
  idle(): Promise<void> {
    if (!this.running && !this.timer) return Promise.resolve();
    return new Promise((done) => this.idleWaiters.push(done));
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private eventArrived(): void {
    const now = this.o.now();
    this.firstAt ??= now;
    this.lastAt = now;
    // A new event after a failure is built on the normal schedule: that build is also the retry.
    this.retryAt = null;
    if (!this.running) this.plan();
  }

  /** Sets the timer for the next build: the quiet window or the maximum wait, whichever comes first; or the retry time. */
  private plan(): void {
    if (!this.o.store.pending().length && !this.warmUp) {
      this.firstAt = null;
      return this.settle();
    }
    // The fast path's first renderer is built at once, whatever the quiet window of events pending from before a restart.
    const due = this.warmUp
      ? this.o.now()
      : (this.retryAt ?? Math.min(this.lastAt + this.o.quietMs, (this.firstAt ?? this.lastAt) + this.o.maxWaitMs));
    if (this.timer && due === this.dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = due;
    this.timer = setTimeout(() => void this.run(), Math.max(0, due - this.o.now()));
  }

  private async run(): Promise<void> {
    this.timer = null;
    const events = this.o.store.pending().map((e) => e.id);
    if (!events.length && !this.warmUp) return this.settle();
    this.warmUp = false;
    this.running = true;
    // Events from now on belong to the next build.
    this.firstAt = null;
    this.retryAt = null;
    this.builds++;
    const startedAt = this.o.now();
    const n = this.builds;
    this.o.log(`[publish] build ${n} started for ${events.length} event(s)`);
    try {
      const r = await this.o.build(events, n);
      const seconds = Math.round((this.o.now() - startedAt) / 100) / 10;
      this.o.store.recordBuild({
        startedAt,
        finishedAt: this.o.now(),
        ok: true,
        release: r.release,
        events,
        seconds,
        message: null,
        logTail: '',
      });
      this.failures = 0;
      this.o.log(`[publish] build ${n} live as release ${r.release} in ${seconds} s`);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const logTail = e instanceof BuildFailure ? e.logTail : '';
      const seconds = Math.round((this.o.now() - startedAt) / 100) / 10;
      this.o.store.recordBuild({ startedAt, finishedAt: this.o.now(), ok: false, release: null, events, seconds, message, logTail });
      this.failures++;
      const wait = this.o.retryMs[Math.min(this.failures - 1, this.o.retryMs.length - 1)]!;
      // Unless an event arrived during the build (then the normal schedule below), retry after the backoff.
      if (this.firstAt === null) this.retryAt = this.o.now() + wait;
      this.o.log(
        `[publish] build ${n} failed (${message}); the last good release stays live; retry in ${Math.round(wait / 1000)} s while events are pending`,
      );
    } finally {
      this.running = false;
    }
    this.plan();
  }

  private settle(): void {
    if (this.running || this.timer) return;
    for (const done of this.idleWaiters.splice(0)) done();
  }
}
