/**
 * A site built in isolation: its own sandbox (port, data dir, scale), its own build output and content cache, and a server
 * over it. Used by the build benchmark, the incremental-build test and the XSS corpus test, so they never touch dist/ or each other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sandboxEnv } from '#server/sandbox-env.ts';
import { lineTimer } from './build-steps.ts';

const NODE = process.execPath;

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function waitFor(url: string, what: string, child: ChildProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before answering at ${url}`);
    if (await answers(url)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not answer at ${url} within ${ms / 1000} s`);
}

/** Stops a child and waits for it to be gone. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

export interface Running {
  url: string;
  stop: () => Promise<void>;
}

export interface SandboxOptions {
  port: number;
  /** State directory; removed first so the sandbox starts from its seed. */
  dataDir: string;
  /** SANDBOX_SCALE: synthetic news articles on top of the seed. */
  scale?: number;
}

/** Starts a fresh sandbox API on its own port and data directory. */
export async function startSandbox(o: SandboxOptions & { env?: Record<string, string> }): Promise<Running> {
  rmSync(resolve(o.dataDir), { recursive: true, force: true });
  const env = {
    ...process.env,
    SANDBOX_PORT: String(o.port),
    SANDBOX_DATA: o.dataDir,
    ...(o.scale ? { SANDBOX_SCALE: String(o.scale) } : {}),
    ...o.env,
  };
  const child = spawn(NODE, ['sandbox/main.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const url = `http://127.0.0.1:${o.port}`;
  await waitFor(`${url}/site`, 'the sandbox API', child, 120_000);
  return { url, stop: () => stop(child) };
}

export interface BuildOptions {
  sandboxUrl: string;
  /** Build output (ASTRO_OUT_DIR); inside the project (e.g. .builds/NAME/out), so the server bundle resolves node_modules. */
  outDir: string;
  /** Content store and incremental-build cache (ASTRO_CACHE_DIR). */
  cacheDir: string;
  /** Remove outDir and cacheDir first: a cold build. */
  cold?: boolean;
  env?: Record<string, string>;
}

export interface BuildResult {
  /** Wall time of `astro build`, seconds. */
  seconds: number;
  /** Everything the build printed. */
  log: string;
  /** Each printed line with the seconds since the build started, to see where the time goes. */
  timeline: { at: number; line: string }[];
  /** Peak resident memory of the build process tree's largest member, MiB (from /proc, sampled every 200 ms). */
  peakRssMiB: number;
  /**
   * CPU seconds the build used (user + system, its own and its finished children's, e.g. Pagefind; from /proc, last sample
   * before exit). Unlike wall time it hardly depends on what else loads the machine.
   */
  cpuSeconds: number;
}

/** User + system CPU seconds of a process and its reaped children (fields 14-17 of /proc/PID/stat, in clock ticks of 1/100 s). */
async function cpuSecondsOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i] ?? 0), 0) / 100;
  } catch {
    return 0;
  }
}

/** Resident memory of a process and its descendants, MiB; 0 where /proc is unavailable. */
async function treeRssMiB(pid: number): Promise<number> {
  const { readFile, readdir } = await import('node:fs/promises');
  try {
    const all = await readdir('/proc');
    const children = new Map<number, number[]>();
    const rss = new Map<number, number>();
    await Promise.all(
      all
        .filter((d) => /^\d+$/.test(d))
        .map(async (d) => {
          try {
            const status = await readFile(`/proc/${d}/status`, 'utf8');
            const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0);
            const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
            rss.set(Number(d), kb);
            children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
          } catch {
            // The process ended while we looked.
          }
        }),
    );
    let total = 0;
    const walk = (p: number) => {
      total += rss.get(p) ?? 0;
      for (const c of children.get(p) ?? []) walk(c);
    };
    walk(pid);
    return total / 1024;
  } catch {
    return 0;
  }
}

/** Terminal colour codes, which Astro writes when the environment forces colour (FORCE_COLOR in CI). */
const ANSI = /\x1b\[[0-9;]*m/g;

/** Runs `astro build` against a sandbox into its own directories; rejects with the build's output when it fails. */
export async function buildSite(o: BuildOptions): Promise<BuildResult> {
  if (o.cold) {
    rmSync(resolve(o.outDir), { recursive: true, force: true });
    rmSync(resolve(o.cacheDir), { recursive: true, force: true });
  }
  const env = {
    ...process.env,
    ...sandboxEnv(o.sandboxUrl, {}),
    ASTRO_OUT_DIR: o.outDir,
    ASTRO_CACHE_DIR: o.cacheDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    ...o.env,
  };
  const started = performance.now();
  const child = spawn(NODE, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let log = '';
  const { timeline, take: timeLines } = lineTimer(started);
  const take = (d: Buffer) => {
    const text = d.toString();
    log += text;
    timeLines(text);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  let peak = 0;
  let cpu = 0;
  const sampler = setInterval(() => {
    if (!child.pid) return;
    void treeRssMiB(child.pid).then((m) => (peak = Math.max(peak, m)));
    void cpuSecondsOf(child.pid).then((c) => (cpu = Math.max(cpu, c)));
  }, 200);
  const code = await new Promise<number>((done) => child.on('exit', (c) => done(c ?? 1)));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`astro build failed (exit ${code}):\n${log.slice(-4000)}`);
  return { seconds, log: log.replace(ANSI, ''), timeline, peakRssMiB: Math.round(peak), cpuSeconds: cpu };
}

/**
 * Pages the build wrote from scratch and pages it took from the incremental cache (`restored`, or `cached` when already in
 * place), by path. Astro prints `├─ path` and, once the page is done, its outcome; with `build.concurrency` the outcome of a
 * page being rendered may land after other pages' marks. A kept page's outcome follows its mark at once (nothing is awaited
 * between them), so a mark directly followed by `(restored)`/`(cached)` was kept and every other mark was rendered.
 */
export function renderedPages(log: string): { rendered: string[]; restored: string[] } {
  const rendered: string[] = [];
  const restored: string[] = [];
  // CI may force colours (FORCE_COLOR): drop the escape codes Astro puts around the tree marks and paths.
  const plain = log.replace(ANSI, '');
  let pending: string | undefined;
  for (const m of plain.matchAll(/[├└]─ (\S+\.\w+)|\((restored|cached)\)|\(\+[\dms. ]+\)/g)) {
    if (m[1]) {
      if (pending) rendered.push(pending);
      pending = m[1];
    } else if (pending) {
      (m[2] ? restored : rendered).push(pending);
      pending = undefined;
    }
  }
  if (pending) rendered.push(pending);
  return { rendered, restored };
}

/** Serves a build with the shop's Node server (server/serve.ts); `env` adds to its environment (e.g. the publisher's). */
export async function serveSite(o: {
  outDir: string;
  port: number;
  sandboxUrl: string;
  env?: Record<string, string>;
  stdout?: 'ignore' | 'inherit';
  /** How long to wait for the first answer (a publisher's first release of ten thousand pages is a copy of each file). */
  readyMs?: number;
}): Promise<Running> {
  const env = {
    ...process.env,
    ...sandboxEnv(o.sandboxUrl, {}),
    ASTRO_OUT_DIR: o.outDir,
    HOST: '127.0.0.1',
    PORT: String(o.port),
    ASTRO_NODE_LOGGING: 'disabled',
    ...o.env,
  };
  const child = spawn(NODE, ['server/serve.ts'], { stdio: ['ignore', o.stdout ?? 'ignore', 'inherit'], env });
  const url = `http://127.0.0.1:${o.port}`;
  await waitFor(`${url}/`, 'the shop', child, o.readyMs);
  return { url, stop: () => stop(child) };
}
