/**
 * A build of the Node server's publisher: `astro build` into the build folder (incremental: the folder and the cache persist),
 * then a new release folder, loaded, then made live. The build defers the search index of the kinds whose pages changed,
 * so the changed pages are live first; those kinds are then indexed and a second release makes their search live (the
 * build's result is that release). A failed build switches nothing. Each build's log is kept under
 * PUBLISH_DATA/logs (the newest twenty) so an editor's "why did it fail" has an answer.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildFailure, type BuildResult } from './publisher.ts';
import { buildSteps, lineTimer, SEARCH_DEFERRED } from '#build/build-steps.ts';
import { prune, snapshot, switchTo } from './releases.ts';
import { releaseLock, type FastLane } from './fast-path.ts';
import type { ChildProcess } from 'node:child_process';
import { logPublish } from './log.ts';

const ANSI = /\x1b\[[0-9;]*m/g;
const TAIL = 4000;
const LOGS_KEPT = 20;

export interface NodeBuildOptions {
  /** The build folder (ASTRO_OUT_DIR), inside the project. */
  buildDir: string;
  releasesDir: string;
  dataDir: string;
  /** Loads a release's server before it goes live (the switch must not wait for an import). */
  preload: (releaseDir: string, n: number) => Promise<void>;
  /** Called once `current` points at the new release (the server hands new requests to it without waiting for a readlink). */
  live: (n: number) => Promise<void>;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /**
   * The fast path: the build runs in the warm renderer (server/publish/warm-renderer.ts: the same `astro build`, kept
   * loaded afterwards), which the lane adopts once the build is live; release folders are made under the lane's lock.
   */
  fast?: FastLane;
}

/**
 * The line of a failed build's output that says why: Astro's [ERROR] line, else the first line that is neither a timestamped
 * progress line nor part of a stack trace (Astro prints the error's message on its own line, then Location and Stack trace).
 */
export function failureMessage(tail: string, code: number | null): string {
  const lines = tail
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim());
  const line =
    lines.find((l) => /\[ERROR\]/.test(l)) ??
    lines.find((l) => !/^\d\d:\d\d:\d\d /.test(l) && !/^\s/.test(l) && !/^events: /.test(l)) ??
    lines.at(-1) ??
    '';
  return `astro build exited with code ${code}${line ? `: ${line.trim().slice(0, 400)}` : ''}`;
}

/** A successful build's log file name; names sort by start time. */
export const releaseLogName = (stamp: string, n: number) => `${stamp}-release-${n}.log`;

/** The cacheDir the build uses (astro.config.mjs: ASTRO_CACHE_DIR, else Astro's default); the search index keeps its bundles there. */
const cacheDirOf = (env: NodeJS.ProcessEnv) => env.ASTRO_CACHE_DIR || './node_modules/.astro';

export function nodeBuilder(o: NodeBuildOptions) {
  const logs = join(o.dataDir, 'logs');
  return async function build(events: string[]): Promise<BuildResult> {
    await mkdir(logs, { recursive: true });
    const stamp = String(Date.now());
    const logPath = join(logs, `${stamp}-building.log`);
    const out = createWriteStream(logPath);
    out.write(`events: ${events.join(' ')}\n`);
    const env = { ...process.env, ...o.env };
    /** Runs one step in a child process, its output into the build's log; the exit code and the end of the output. */
    let warm = null as ChildProcess | null;
    const run = (args: string[], childEnv: NodeJS.ProcessEnv, take: (text: string) => void, keep = false) => {
      let tail = '';
      const child = spawn(process.execPath, args, {
        stdio: keep ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
        env: childEnv,
      });
      // A build must not outlive the server that started it (it would go on writing the build folder).
      const killChild = () => child.kill('SIGTERM');
      process.once('exit', killChild);
      const onData = (d: Buffer) => {
        out.write(d);
        const text = d.toString();
        tail = (tail + text).slice(-TAIL);
        take(text);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      return new Promise<{ code: number | null; tail: string }>((done) => {
        child.on('error', () => done({ code: null, tail }));
        child.on('exit', (code) => {
          process.off('exit', killChild);
          done({ code, tail });
        });
        // The warm renderer stays: its build is over when it says it is ready (its output then stops going to the log).
        if (keep)
          child.on('message', (m: { type?: string }) => {
            if (m.type !== 'ready') return;
            child.stdout!.off('data', onData);
            child.stderr!.off('data', onData);
            child.stdout!.resume();
            child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
            warm = child;
            done({ code: 0, tail });
          });
      });
    };
    // The structured line of this publish (server/publish/log.ts): seconds per step as they run.
    const steps: Record<string, number> = {};
    const fail = async (message: string, tail: string) => {
      logPublish({
        events,
        kind: 'astro-build',
        ok: false,
        release: null,
        steps,
        seconds: Number(sec(started, performance.now())),
        message,
      });
      await new Promise((done) => out.end(done));
      await rename(logPath, join(logs, `${stamp}-failed.log`));
      return new BuildFailure(message, tail);
    };
    /** A release of the build folder made live: copied/linked, its server loaded, `current` moved. Seconds of each part. */
    const release = (searchPending: boolean) => releaseLock(() => releaseUnlocked(searchPending));
    const releaseUnlocked = async (searchPending: boolean) => {
      const t0 = performance.now();
      const r = await snapshot(o.buildDir, o.releasesDir, { searchPending });
      const t1 = performance.now();
      await o.preload(r.dir, r.n);
      const t2 = performance.now();
      await switchTo(o.releasesDir, r.n);
      await o.live(r.n);
      const t3 = performance.now();
      const step = (name: string, a: number, b: number) => (steps[name] = Math.round(((steps[name] ?? 0) + (b - a) / 1000) * 10) / 10);
      step('release folder', t0, t1);
      step('server loaded', t1, t2);
      step('switched', t2, t3);
      return {
        ...r,
        summary: `release folder ${sec(t0, t1)} s (${r.copied} files copied, ${r.linked} linked to the previous release); server loaded ${sec(t1, t2)} s; switched ${sec(t2, t3)} s`,
      };
    };

    const started = performance.now();
    const startedAt = Date.now();
    o.fast?.buildStarting();
    const lines = lineTimer(started);
    // Changed pages go live without waiting for Pagefind: their kinds' search bundles are built right after (below).
    const astro = await run(
      o.fast ? ['server/publish/warm-renderer.ts'] : ['node_modules/astro/bin/astro.mjs', 'build'],
      { ...env, ASTRO_OUT_DIR: o.buildDir, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_NODE_AUTOSTART: '', SEARCH_INDEX_DEFER: '1' },
      lines.take,
      Boolean(o.fast),
    );
    // The message is looked for in the last part of the output (the error comes last), the record keeps the tail.
    if (astro.code !== 0) throw await fail(failureMessage(astro.tail, astro.code), astro.tail);
    const built = performance.now();
    steps['astro build'] = Number(sec(started, built));
    const deferred = lines.timeline.find((l) => l.line.includes(SEARCH_DEFERRED));
    let pages;
    try {
      pages = await release(deferred !== undefined);
    } catch (e) {
      warm?.kill('SIGTERM');
      throw e;
    }
    // The build's renderer serves the next edits at once (its pages refer to this release's scripts and styles); the changes
    // published fast while it built are rendered again on it.
    if (o.fast && warm) o.fast.adopt(warm, startedAt);
    // Where the edit-to-live time went, step by step (docs/figures.md "Publishing" reads its breakdown from these lines).
    o.log?.(
      `[publish] release ${pages.n} live: astro build ${sec(started, built)} s (${buildSteps(lines.timeline, (built - started) / 1000)}); ${pages.summary}`,
    );
    let live = pages.n;
    if (deferred) {
      const kinds = deferred.line.slice(deferred.line.indexOf(SEARCH_DEFERRED) + SEARCH_DEFERRED.length).trim();
      const t0 = performance.now();
      const index = await run(['server/publish/index-search.ts', join(o.buildDir, 'client'), cacheDirOf(env)], env, () => {});
      if (index.code !== 0) {
        const message = `search index of ${kinds} failed (exit ${index.code}; the pages are live, their search answers as before): ${index.tail.trim().split('\n').at(-1) ?? ''}`;
        throw await fail(message.slice(0, 500), index.tail);
      }
      const t1 = performance.now();
      steps['search index'] = Number(sec(t0, t1));
      const search = await release(false);
      o.log?.(`[publish] release ${search.n} live: search index of ${kinds} ${sec(t0, t1)} s; ${search.summary}`);
      live = search.n;
    }
    logPublish({ events, kind: 'astro-build', ok: true, release: String(live), steps, seconds: Number(sec(started, performance.now())) });
    await new Promise((done) => out.end(done));
    await prune(o.releasesDir);
    await rename(logPath, join(logs, releaseLogName(stamp, live)));
    // The search release was made from the build folder, without the changes published fast since the build began.
    if (o.fast && warm && deferred) o.fast.replay(startedAt);
    // Old logs go; the store keeps each build's tail anyway.
    const all = (await readdir(logs)).sort();
    for (const name of all.slice(0, Math.max(0, all.length - LOGS_KEPT))) await rm(join(logs, name), { force: true });
    return { release: String(live) };
  };
}

const sec = (a: number, b: number) => ((b - a) / 1000).toFixed(1);
