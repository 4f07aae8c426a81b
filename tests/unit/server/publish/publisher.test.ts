// The Node publisher's schedule: quiet window and maximum wait, one build at a time, exactly one more build for events
// during a build, retries with backoff after a failure, a flood accounted for, and state that survives a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildFailure, Publisher, type PublisherOptions } from '#server/publish/publisher.ts';
import { PublishStore } from '#server/publish/store.ts';
import type { PublishEvent } from '#src/features/publish/webhook.ts';

const edit = (id: number): PublishEvent => ({ type: 'article.changed', data: { kind: 'news', ids: [id] } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

interface Run {
  events: string[];
  startedAt: number;
  endedAt?: number;
}

function harness(
  o: Partial<PublisherOptions> & { buildMs?: number; fail?: (n: number) => boolean; store?: PublishStore; gate?: Promise<void> } = {},
) {
  const runs: Run[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const store = o.store ?? new PublishStore(null);
  const publisher = new Publisher({
    store,
    quietMs: 100,
    maxWaitMs: 1000,
    retryMs: [150, 300, 600],
    log: () => undefined,
    build: async (events, n) => {
      const run: Run = { events, startedAt: Date.now() };
      runs.push(run);
      maxConcurrent = Math.max(maxConcurrent, ++concurrent);
      await sleep(o.buildMs ?? 50);
      // The first build may be held open until the test lets it finish.
      if (n === 1 && o.gate) await o.gate;
      concurrent--;
      run.endedAt = Date.now();
      if (o.fail?.(n)) throw new BuildFailure('astro build exited with code 1: [ERROR] 服务器繁忙', 'log line 1\n[ERROR] 服务器繁忙');
      return { release: String(n) };
    },
    ...o,
  });
  cleanups.push(() => publisher.stop());
  return { publisher, runs, store, maxConcurrent: () => maxConcurrent };
}

describe('Publisher', () => {
  it('with the fast path, builds its renderer at start at once, also with events pending from before a restart, and offers each rebuild event to it', async () => {
    const store = new PublishStore(null);
    store.accept('msg_old', Date.now(), { type: 'article.changed' });
    const offered: string[] = [];
    const fast = {
      accept: (id: string) => void offered.push(id),
      status: () => ({ state: 'starting' as const, last: null, lastFailure: null }),
    };
    const { publisher, runs } = harness({ store, quietMs: 60_000, maxWaitMs: 120_000, buildAtStart: true, fast });
    await sleep(100);
    expect(runs).toHaveLength(1);
    publisher.accept('msg_new', edit(1), Date.now());
    publisher.accept('msg_goods', { type: 'goods.changed', data: { ids: [1] } } as never, Date.now());
    expect(offered).toEqual(['msg_new']);
    expect(publisher.status().fast).toEqual({ state: 'starting', last: null, lastFailure: null });
  });

  it('coalesces 10 edits within a second into exactly 1 build, after the quiet window', async () => {
    const { publisher, runs } = harness({ quietMs: 300, maxWaitMs: 10_000 });
    const first = Date.now();
    let last = 0;
    for (let i = 0; i < 10; i++) {
      publisher.accept(`msg_${i}`, edit(i), Date.now());
      last = Date.now();
      await sleep(60);
    }
    await sleep(400);
    await publisher.idle();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.events).toHaveLength(10);
    expect(runs[0]!.startedAt - last).toBeGreaterThanOrEqual(290);
    expect(runs[0]!.startedAt - last).toBeLessThan(1000);
    expect(runs[0]!.startedAt).toBeGreaterThan(first);
    expect(publisher.status()).toMatchObject({
      state: 'idle',
      pending: [],
      builds: 1,
      lastSuccess: { release: '1', events: runs[0]!.events },
    });
  });

  it('builds no later than the maximum wait after the first event even while events keep coming', async () => {
    const { publisher, runs } = harness({ quietMs: 200, maxWaitMs: 500, buildMs: 20 });
    const first = Date.now();
    for (let i = 0; i < 12; i++) {
      publisher.accept(`msg_${i}`, edit(i), Date.now());
      await sleep(80);
    }
    await sleep(300);
    await publisher.idle();
    expect(runs[0]!.startedAt - first).toBeLessThan(650);
    expect(runs[0]!.startedAt - first).toBeGreaterThanOrEqual(480);
    expect(runs.flatMap((r) => r.events)).toHaveLength(12);
  });

  it('runs one build at a time; events during a build make exactly one more build after it', async () => {
    const { publisher, runs, maxConcurrent } = harness({ quietMs: 50, maxWaitMs: 200, buildMs: 400 });
    publisher.accept('msg_0', edit(0), Date.now());
    await sleep(120);
    expect(publisher.status().state).toBe('building');
    for (let i = 1; i <= 5; i++) {
      publisher.accept(`msg_${i}`, edit(i), Date.now());
      await sleep(30);
    }
    expect(publisher.status()).toMatchObject({ state: 'building', pending: ['msg_0', 'msg_1', 'msg_2', 'msg_3', 'msg_4', 'msg_5'] });
    await sleep(700);
    await publisher.idle();
    expect(runs.map((r) => r.events)).toEqual([['msg_0'], ['msg_1', 'msg_2', 'msg_3', 'msg_4', 'msg_5']]);
    expect(runs[1]!.startedAt).toBeGreaterThanOrEqual(runs[0]!.endedAt!);
    expect(maxConcurrent()).toBe(1);
  });

  it('records a failure with its message and log tail, switches nothing, retries with backoff, and recovers', async () => {
    let failing = true;
    const { publisher, runs, store } = harness({ quietMs: 30, fail: () => failing });
    publisher.accept('msg_x', edit(1), Date.now());
    await expect.poll(() => publisher.status().state).toBe('failed');
    expect(publisher.status()).toMatchObject({
      state: 'failed',
      pending: ['msg_x'],
      lastSuccess: null,
      lastFailure: { message: expect.stringContaining('服务器繁忙') },
    });
    expect(store.logTail(store.lastFailure()!.n)).toContain('[ERROR] 服务器繁忙');
    // Retried after 150 ms, then 300 ms (then 600 ms), while the event is pending.
    await expect.poll(() => runs.length).toBe(2);
    expect(runs[1]!.startedAt - runs[0]!.endedAt!).toBeGreaterThanOrEqual(140);
    await expect.poll(() => runs.length).toBe(3);
    expect(runs[2]!.startedAt - runs[1]!.endedAt!).toBeGreaterThanOrEqual(280);
    await expect.poll(() => runs[2]!.endedAt !== undefined && publisher.status().state === 'failed').toBe(true);
    failing = false;
    // The next event's build recovers (normal schedule, not the backoff).
    publisher.accept('msg_y', edit(2), Date.now());
    await expect.poll(() => publisher.status().state).toBe('idle');
    expect(publisher.status()).toMatchObject({ state: 'idle', pending: [], lastSuccess: { events: ['msg_x', 'msg_y'] } });
    expect(runs.length).toBe(4);
  });

  it('under a flood of 1,000 events keeps one build running and one waiting, and accounts for every event', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    const { publisher, runs, maxConcurrent } = harness({ quietMs: 100, maxWaitMs: 300, buildMs: 200, gate });
    const before = process.memoryUsage().heapUsed;
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const id = `msg_${i}`;
      ids.push(id);
      expect(publisher.accept(id, edit(i), Date.now())).toBe('accepted');
      if (i % 50 === 49) await sleep(50);
    }
    const status = publisher.status();
    expect(status.state).toBe('building');
    expect(status.pending).toHaveLength(1000);
    expect(runs).toHaveLength(1);
    release();
    await sleep(100);
    // The first build is done; everything that came during it is in the one build now running.
    expect(runs).toHaveLength(2);
    await publisher.idle();
    expect(runs).toHaveLength(2);
    expect(maxConcurrent()).toBe(1);
    expect(runs.flatMap((r) => r.events).sort()).toEqual([...ids].sort());
    expect(publisher.status()).toMatchObject({ state: 'idle', pending: [], builds: 2 });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  }, 15_000);

  it('keeps accepted ids, pending events and the build history across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'publish-store-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const a = harness({ store: new PublishStore(dir), quietMs: 60_000 });
    a.publisher.accept('msg_1', edit(1), Date.now());
    a.publisher.stop();
    a.store.close();
    const b = harness({ store: new PublishStore(dir), quietMs: 50 });
    expect(b.publisher.accept('msg_1', edit(1), Date.now())).toBe('duplicate');
    expect(b.publisher.status().pending).toEqual(['msg_1']);
    await sleep(200);
    await b.publisher.idle();
    expect(b.runs.map((r) => r.events)).toEqual([['msg_1']]);
    b.store.close();
    const c = harness({ store: new PublishStore(dir) });
    expect(c.publisher.status()).toMatchObject({ state: 'idle', builds: 0, lastSuccess: { events: ['msg_1'] } });
    c.store.close();
  });
});

describe('failureMessage', () => {
  it("names the error line of a failed build's output, not its stack", async () => {
    const { failureMessage } = await import('#server/publish/node-build.ts');
    const { readFileSync } = await import('node:fs');
    // A real failed build's output (API faults injected by the e2e test), colours and all.
    const log = readFileSync(new URL('./failed-build.log.txt', import.meta.url), 'utf8');
    expect(failureMessage(log, 1)).toBe(
      'astro build exited with code 1: 内容集合 chrome: GET /site, /hotwords, /category/list, /navigation/tree 不可用或返回格式错误 (site.info (GET /site): HTTP 503)',
    );
    expect(failureMessage('12:00:00 [ERROR] [vite] x is not exported\n    at y', 1)).toBe(
      'astro build exited with code 1: 12:00:00 [ERROR] [vite] x is not exported',
    );
  });
});
