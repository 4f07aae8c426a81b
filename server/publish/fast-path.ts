/**
 * The fast publish path of the Node server (docs/publishing.md "The fast path"): an article event is rendered at once by the
 * warm renderer (server/publish/warm-renderer.ts, the last full build kept loaded) into a new release made of hard links to
 * the live one, with the changed pages' compressed siblings, the sitemap and a small search bundle of the recently edited
 * pages, and switched live atomically. One fast publish at a time; events during one make exactly one more.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { pathOfHtmlFile, sitemapFiles } from '#src/features/shell/seo.ts';
import type { FastKind } from '#src/features/publish/fast.ts';
import { currentRelease, prune, releases, switchTo } from './releases.ts';
import { warmSearchIds, writeRecentSearch } from './recent-search.ts';
import { LAYER, readLayer, type Layer } from './layers.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

export interface FastChange {
  kind: FastKind;
  ids: number[];
  /** When the event was accepted (a full build that started later has it already). */
  atMs: number;
}

export interface FastResult {
  release: number;
  seconds: number;
  written: number;
  removed: number;
  /** Pages left for the next fast release (list pages a new or deleted article only moved). */
  later: number;
  steps: Record<string, number>;
}

export interface FastStatus {
  state: 'off' | 'starting' | 'ready' | 'publishing';
  last: { at: string; release: string; seconds: number; pages: number; removed: number } | null;
  lastFailure: { at: string; message: string } | null;
}

export interface FastLaneOptions {
  releasesDir: string;
  preload: (dir: string, n: number) => Promise<void>;
  live: (n: number) => Promise<void>;
  log?: (line: string) => void;
}

/** Runs `cp -al` (GNU coreutils): a tree of hard links (a layer's files: the pages changed since the last full build). */
function linkTree(from: string, to: string): Promise<void> {
  return new Promise((done, fail) => {
    const cp = spawn('cp', ['-al', from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    cp.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    cp.on('error', fail);
    cp.on('exit', (code) => (code === 0 ? done() : fail(new Error(`cp -al exited with ${code}: ${err.trim()}`))));
  });
}

/** Writes `data` beside `path` and renames it over: a file of a hard-linked release is replaced, never changed in place. */
async function replace(path: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(`${path}.tmp`, data);
  await rename(`${path}.tmp`, path);
}

/** The sitemap of a release's pages after some were added and some removed (the same files the build's sitemap step writes). */
async function updateSitemap(
  client: string,
  fileOf: (rel: string) => string | null,
  added: string[],
  removed: string[],
): Promise<string[]> {
  const read = async (rel: string) => readFile(fileOf(rel) ?? join(client, rel), 'utf8');
  const main = await read('sitemap.xml');
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  let urls = locs(main);
  const parts = /<sitemapindex/.test(main) ? urls.map((u) => new URL(u).pathname.slice(1)) : [];
  if (parts.length) urls = (await Promise.all(parts.map(async (p) => locs(await read(p))))).flat();
  const origin = new URL(urls[0] ?? 'http://localhost/').origin;
  const paths = new Set(urls.map((u) => new URL(u).pathname));
  for (const f of added) paths.add(pathOfHtmlFile(f));
  for (const f of removed) paths.delete(pathOfHtmlFile(f));
  const files = sitemapFiles([...paths], origin);
  for (const f of files) {
    await replace(join(client, f.name), f.xml);
    await compressBeside(join(client, f.name));
  }
  return files.map((f) => f.name);
}

/** The brotli and gzip siblings the build writes for a text file (quality of the build's bulk pages: brotli 5, gzip 6). */
async function compressBeside(path: string): Promise<void> {
  const body = await readFile(path);
  const [b, g] = await Promise.all([
    br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 6 }),
  ]);
  await Promise.all([
    b.length < body.length ? replace(`${path}.br`, b) : rm(`${path}.br`, { force: true }),
    g.length < body.length ? replace(`${path}.gz`, g) : rm(`${path}.gz`, { force: true }),
  ]);
}

/**
 * List pages that only moved, per release. At 10,000 articles a new article moves about 830 pages, which took 8.1 s in one
 * release, and an edit arriving meanwhile waited for it (its search bundle was live after 12 s instead of 1.5 s).
 */
const MOVED_PER_RELEASE = 100;

type Rendered = {
  type: 'rendered';
  id: number;
  written: string[];
  created: string[];
  removed: string[];
  rest: string[];
  seconds: Record<string, number>;
};

export class FastLane {
  private readonly o: FastLaneOptions;
  private renderer: ChildProcess | null = null;
  private starting = false;
  private running = false;
  private queued: FastChange[] = [];
  /** List pages that only moved, rendered in a release of their own after the pages that show a change. */
  private rest = new Set<string>();
  private seq = 0;
  private waiting = new Map<number, { done: (m: Rendered) => void; fail: (e: Error) => void }>();
  private last: FastStatus['last'] = null;
  private lastFailure: FastStatus['lastFailure'] = null;
  /** Changes published fast since the renderer's build began (a newer build replays those it may have missed). */
  private history: FastChange[] = [];
  /** Pages of the search kinds rendered since the last full index: the recent search bundle holds them all. */
  private recent = new Set<string>();
  private removedPages = new Set<string>();
  private idleWaiters: (() => void)[] = [];

  constructor(o: FastLaneOptions) {
    this.o = o;
  }

  status(): FastStatus {
    return {
      state: this.running ? 'publishing' : this.renderer ? 'ready' : this.starting ? 'starting' : 'off',
      last: this.last,
      lastFailure: this.lastFailure,
    };
  }

  /** A full build is starting: it becomes the next renderer. */
  buildStarting(): void {
    this.starting = true;
  }

  /**
   * A full build finished and its renderer is ready: it takes over (the last one ends), and changes published fast since
   * `buildStartedAt` are rendered again on it, since the build may have read the content before them.
   */
  adopt(child: ChildProcess, buildStartedAt: number): void {
    const old = this.renderer;
    this.renderer = child;
    this.starting = false;
    child.on('message', (m: Rendered | { type: 'failed'; id: number; message: string }) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.type === 'rendered') w.done(m);
      else w.fail(new Error((m as { message: string }).message));
    });
    child.on('exit', () => {
      if (this.renderer === child) this.renderer = null;
      for (const w of this.waiting.values()) w.fail(new Error('the warm renderer ended'));
      this.waiting.clear();
    });
    old?.kill('SIGTERM');
    void warmSearchIds(join(this.o.releasesDir, 'current', 'client')).catch(() => undefined);
    this.replay(buildStartedAt);
  }

  /** Renders again the changes published fast since `buildStartedAt` (a full release made since may not have them). */
  replay(buildStartedAt: number): void {
    // The full release indexed every page it has: the recent search bundle starts again from the replayed pages.
    this.recent.clear();
    this.removedPages.clear();
    const missed = this.history.filter((c) => c.atMs >= buildStartedAt - 1000);
    this.history = missed;
    if (missed.length) this.enqueue(missed);
  }

  /** Takes an article change; false when the fast path cannot (no renderer yet): the full build brings it then. */
  accept(change: FastChange): boolean {
    if (!this.renderer) return false;
    this.history.push(change);
    this.enqueue([change]);
    return true;
  }

  /** Resolves when no fast publish runs or is queued. */
  idle(): Promise<void> {
    if (!this.running && !this.queued.length && !this.rest.size) return Promise.resolve();
    return new Promise((done) => this.idleWaiters.push(done));
  }

  stop(): void {
    this.renderer?.kill('SIGTERM');
    this.renderer = null;
  }

  private enqueue(changes: FastChange[]): void {
    this.queued.push(...changes);
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    while ((this.queued.length || this.rest.size) && this.renderer) {
      // Changes first; the list pages a new or deleted article only moved follow when no change waits.
      const batch = this.queued.splice(0);
      // At most MOVED_PER_RELEASE at a time, so a change that arrives meanwhile waits for one such release, not for all.
      const moved = batch.length ? [] : [...this.rest].slice(0, MOVED_PER_RELEASE);
      for (const p of moved) this.rest.delete(p);
      const job = batch.length ? { changes: batch } : { paths: moved };
      try {
        const r = await releaseLock(() => this.publish(job));
        this.last = { at: new Date().toISOString(), release: String(r.release), seconds: r.seconds, pages: r.written, removed: r.removed };
        this.o.log?.(
          JSON.stringify({
            event: 'publish.fast',
            release: r.release,
            changes: batch.map((c) => `${c.kind}:${c.ids.join(',')}`),
            pages: r.written,
            removed: r.removed,
            later: r.later,
            seconds: r.seconds,
            steps: r.steps,
          }),
        );
      } catch (e) {
        this.lastFailure = { at: new Date().toISOString(), message: (e as Error).message.split('\n')[0]!.slice(0, 400) };
        this.o.log?.(`[publish] fast publish failed (${this.lastFailure.message}); the full build brings the change`);
      }
    }
    this.running = false;
    for (const done of this.idleWaiters.splice(0)) done();
  }

  private render(job: { changes: FastChange[] } | { paths: string[] }, outDir: string): Promise<Rendered> {
    const id = ++this.seq;
    return new Promise((done, fail) => {
      this.waiting.set(id, { done, fail });
      if ('paths' in job) this.renderer!.send({ type: 'render-paths', id, paths: job.paths, outDir });
      else this.renderer!.send({ type: 'render', id, changes: job.changes.map(({ kind, ids }) => ({ kind, ids })), outDir });
    });
  }

  private async publish(job: { changes: FastChange[] } | { paths: string[] }): Promise<FastResult> {
    const t0 = performance.now();
    const root = this.o.releasesDir;
    const live = currentRelease(root);
    if (live === null) throw new Error('no live release');
    const liveDir = join(root, String(live));
    const liveLayer = readLayer(liveDir);
    // The new release is a layer on the live one's full release, with every file the live layer had (hard links: few).
    const base = liveLayer?.base ?? live;
    const baseClient = join(root, String(base), 'client');
    const n = ((await releases(root)).at(-1) ?? 0) + 1;
    const staging = join(root, `.staging-${n}`);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    if (liveLayer) await linkTree(join(liveDir, 'client'), join(staging, 'client'));
    const client = join(staging, 'client');
    await mkdir(client, { recursive: true });
    const removedFiles = new Set(liveLayer?.removed ?? []);
    /** A file of the release as it will serve it: the layer's, else the base's (null when removed or absent). */
    const fileOf = (rel: string) =>
      existsSync(join(client, rel)) ? join(client, rel) : removedFiles.has(rel) ? null : join(baseClient, rel);
    const t1 = performance.now();
    const r = await this.render(job, client);
    for (const p of r.rest) this.rest.add(p);
    const t2 = performance.now();
    for (const f of r.removed) {
      for (const x of ['', '.br', '.gz']) {
        await rm(join(client, f + x), { force: true });
        if (existsSync(join(baseClient, f + x))) removedFiles.add(f + x);
      }
    }
    for (const f of r.written) for (const x of ['', '.br', '.gz']) removedFiles.delete(f + x);
    await Promise.all(r.written.map((f) => compressBeside(join(client, f))));
    // The sitemap changes only when a page appeared or went.
    const added = r.created.filter((f) => f.endsWith('.html'));
    const sitemap = added.length || r.removed.length ? await updateSitemap(client, fileOf, added, r.removed) : [];
    const t3 = performance.now();
    for (const f of r.written) this.recent.add(f);
    for (const f of r.removed) {
      this.recent.delete(f);
      this.removedPages.add(pathOfHtmlFile(f));
    }
    const search = await writeRecentSearch(client, baseClient, [...this.recent], [...this.removedPages]);
    const t4 = performance.now();
    const layer: Layer = { base, removed: [...removedFiles].sort() };
    await writeFile(join(staging, LAYER), JSON.stringify(layer));
    const dir = join(root, String(n));
    await rename(staging, dir);
    await this.o.preload(dir, n);
    await switchTo(root, n);
    await this.o.live(n);
    const t5 = performance.now();
    await prune(root);
    const s = (a: number, b: number) => Math.round(b - a) / 1000;
    return {
      release: n,
      seconds: s(t0, t5),
      written: r.written.length,
      removed: r.removed.length,
      later: r.rest.length,
      steps: {
        layer: s(t0, t1),
        ...r.seconds,
        rendered: s(t1, t2),
        compressed: s(t2, t3),
        sitemapFiles: sitemap.length,
        search: s(t3, t4),
        searchPages: search.pages,
        switched: s(t4, t5),
      },
    };
  }
}

/**
 * One release folder made at a time: the full build's releases and the fast path's are numbered after the newest and
 * switched in turn (a fast publish during a full build waits for the build's folder, and the reverse).
 */
let lock: Promise<unknown> = Promise.resolve();
export function releaseLock<T>(fn: () => Promise<T>): Promise<T> {
  const next = lock.then(fn, fn);
  lock = next.catch(() => undefined);
  return next;
}
