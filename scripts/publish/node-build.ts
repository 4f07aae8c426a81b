/**
 * A build of the Node server's publisher: `astro build` into the build folder (incremental: the folder and the cache persist),
 * then a new release folder, loaded, then made live. A failed build switches nothing. Each build's log is kept under
 * PUBLISH_DATA/logs (the newest twenty) so an editor's "why did it fail" has an answer.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildFailure, type BuildResult } from './publisher.ts';
import { buildSteps, lineTimer } from '../lib/build-steps.ts';
import { prune, snapshot, switchTo } from './releases.ts';

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

export function nodeBuilder(o: NodeBuildOptions) {
  const logs = join(o.dataDir, 'logs');
  return async function build(events: string[]): Promise<BuildResult> {
    await mkdir(logs, { recursive: true });
    const stamp = String(Date.now());
    const logPath = join(logs, `${stamp}-building.log`);
    const out = createWriteStream(logPath);
    out.write(`events: ${events.join(' ')}\n`);
    let tail = '';
    const started = performance.now();
    const lines = lineTimer(started);
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...o.env, ASTRO_OUT_DIR: o.buildDir, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_NODE_AUTOSTART: '' },
    });
    // A build must not outlive the server that started it (it would go on writing the build folder).
    const killChild = () => child.kill('SIGTERM');
    process.once('exit', killChild);
    const take = (d: Buffer) => {
      out.write(d);
      const text = d.toString();
      tail = (tail + text).slice(-TAIL);
      lines.take(text);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    const code = await new Promise<number | null>((done) => {
      child.on('error', () => done(null));
      child.on('exit', (c) => done(c));
    });
    process.off('exit', killChild);
    await new Promise((done) => out.end(done));
    if (code !== 0) {
      await rename(logPath, join(logs, `${stamp}-failed.log`));
      // The message is looked for in the last part of the output (the error comes last), the record keeps the tail.
      throw new BuildFailure(failureMessage(tail, code), tail);
    }
    const built = performance.now();
    const r = await snapshot(o.buildDir, o.releasesDir);
    const snapped = performance.now();
    await o.preload(r.dir, r.n);
    const loaded = performance.now();
    await switchTo(o.releasesDir, r.n);
    await o.live(r.n);
    const switched = performance.now();
    await prune(o.releasesDir);
    await rename(logPath, join(logs, releaseLogName(stamp, r.n)));
    // Old logs go; the store keeps each build's tail anyway.
    const all = (await readdir(logs)).sort();
    for (const name of all.slice(0, Math.max(0, all.length - LOGS_KEPT))) await rm(join(logs, name), { force: true });
    // Where the edit-to-live time went, step by step (the README's breakdown is read from these lines).
    const sec = (a: number, b: number) => ((b - a) / 1000).toFixed(1);
    o.log?.(
      `[publish] release ${r.n}: astro build ${sec(started, built)} s (${buildSteps(lines.timeline, (built - started) / 1000)}); ` +
        `release folder ${sec(built, snapped)} s (${r.copied} files copied, ${r.linked} linked to the previous release); ` +
        `server loaded ${sec(snapped, loaded)} s; switched ${sec(loaded, switched)} s`,
    );
    return { release: String(r.n) };
  };
}
