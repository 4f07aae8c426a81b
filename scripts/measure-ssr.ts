/**
 * `npm run measure:ssr [baseUrl]`: server throughput (autocannon, 25 connections) of a static page, the goods list and a goods
 * detail side by side, each asked twice: compressed, as a browser asks (`accept-encoding: br, gzip`), and uncompressed. Checks
 * docs/architecture.md §7's bars; starts the shop (and sandbox) when nothing answers, on PORT / SANDBOX_PORT as `npm start`
 * does, and exits 1 when a bar is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import autocannon from 'autocannon';

const baseUrl = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 4321}`;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 25);
/** Seconds measured per figure, in ROUNDS rounds that go over every figure in turn: the host's speed drifts over tens of seconds. */
const SECONDS = Number(process.env.SECONDS ?? 12);
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));

/**
 * Path, what it is, and its bars, held by both figures (req/s at least, p99 ms at most); the static page has none, it shows the
 * ceiling. `vsStatic`: compressed req/s at least this share of the static page's compressed req/s on the same run (on-demand
 * pages from the route cache are compressed once per version, server/http-serving.ts, as the static files are at build).
 */
const targets: { path: string; name: string; minRps?: number; maxP99?: number; vsStatic?: number }[] = [
  { path: '/', name: 'static page (home)' },
  { path: '/goods?pageSize=16&pageNumber=1', name: 'goods list', minRps: 300 },
  { path: '/goods/1001', name: 'goods detail', minRps: 500, maxP99: 50, vsStatic: 0.8 },
];
/** What every browser sends; the server answers brotli. */
const BROWSER = 'br, gzip';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

let shop: ChildProcess | null = null;
if (!(await answers(baseUrl))) {
  console.log(`nothing answers at ${baseUrl}: starting the shop (npm start) on port ${new URL(baseUrl).port}`);
  // No warm renderer (PUBLISH_FAST=0): its first full build would take a core from the server being measured.
  shop = spawn(process.execPath, ['server/start.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: new URL(baseUrl).port, PUBLISH_FAST: '0' },
  });
  const until = Date.now() + 300_000;
  while (!(await answers(baseUrl))) {
    if (Date.now() > until || shop.exitCode !== null) {
      console.error('the shop did not start');
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function run(url: string, seconds: number, acceptEncoding: string | null): Promise<autocannon.Result> {
  const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

/** The headers and body size of one answer (node:http, so the Accept-Encoding sent is exactly the one given). */
function probe(url: string, acceptEncoding: string | null): Promise<{ routeCache: string; encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () =>
        resolve({
          routeCache: String(res.headers['x-astro-cache'] ?? 'none'),
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          bytes,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Figure {
  rps: number;
  p99: number;
  p50: number;
  non2xx: number;
  errors: number;
  routeCache: string;
  encoding: string;
  bytes: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const runs = targets.flatMap((t) =>
  [BROWSER, null].map((acceptEncoding) => ({ t, acceptEncoding, url: new URL(t.path, baseUrl).href, rounds: [] as autocannon.Result[] })),
);
// Warm-up: JIT, module loading, the short answer caches, the store of compressed pages.
for (const r of runs) await run(r.url, 2, r.acceptEncoding);
for (let round = 0; round < ROUNDS; round++) for (const r of runs) r.rounds.push(await run(r.url, SECONDS / ROUNDS, r.acceptEncoding));

const figures = new Map<(typeof runs)[number], Figure>();
for (const r of runs) {
  // Says whether the figure is of rendering or of Astro's in-process route cache (ROUTE_CACHE=off at build renders every request).
  const answer = await probe(r.url, r.acceptEncoding);
  figures.set(r, {
    rps: median(r.rounds.map((x) => x.requests.average)),
    p99: median(r.rounds.map((x) => x.latency.p99)),
    p50: median(r.rounds.map((x) => x.latency.p50)),
    non2xx: r.rounds.reduce((n, x) => n + x.non2xx, 0),
    errors: r.rounds.reduce((n, x) => n + x.errors, 0),
    ...answer,
  });
}
const staticBrotli = runs.find((r) => r.t.path === '/' && r.acceptEncoding)!;

const rows: string[] = [];
let missed = 0;
for (const r of runs) {
  const { t, acceptEncoding } = r;
  const f = figures.get(r)!;
  const failed: string[] = [];
  if (t.minRps !== undefined && f.rps < t.minRps) failed.push(`< ${t.minRps} req/s`);
  if (t.maxP99 !== undefined && f.p99 > t.maxP99) failed.push(`p99 > ${t.maxP99} ms`);
  if (f.non2xx || f.errors) failed.push(`${f.non2xx} non-2xx, ${f.errors} errors`);
  // A browser's figure only counts when the answer was compressed.
  if (acceptEncoding && t.path !== '/' && f.encoding !== 'br') failed.push(`answered ${f.encoding}, not br`);
  let bar = [t.minRps !== undefined ? `>= ${t.minRps} req/s` : '', t.maxP99 !== undefined ? `p99 <= ${t.maxP99} ms` : '']
    .filter(Boolean)
    .join(', ');
  if (acceptEncoding && t.vsStatic !== undefined) {
    // Round by round, so both sides of each ratio were measured seconds apart.
    const share = median(r.rounds.map((x, i) => x.requests.average / staticBrotli.rounds[i]!.requests.average));
    if (share < t.vsStatic) failed.push(`${share.toFixed(2)} of the static page < ${t.vsStatic}`);
    bar += `${bar ? ', ' : ''}>= ${t.vsStatic} x static br (${share.toFixed(2)})`;
  }
  const gated = t.minRps !== undefined || t.maxP99 !== undefined || t.vsStatic !== undefined;
  if (failed.length) missed++;
  rows.push(
    `${!gated && !failed.length ? '    ' : failed.length ? 'MISS' : 'ok  '} ${t.name.padEnd(20)} ${(acceptEncoding ? 'br, gzip' : 'none').padEnd(8)} ${f.encoding.padEnd(8)} ${(f.bytes / 1024).toFixed(1).padStart(6)} KB ${f.rps.toFixed(0).padStart(6)} req/s   p99 ${String(f.p99).padStart(4)} ms   p50 ${String(f.p50).padStart(4)} ms   route cache ${f.routeCache.padEnd(4)}   bar ${bar || '—'}${failed.length ? `   missed: ${failed.join('; ')}` : ''}`,
  );
}
shop?.kill('SIGTERM');
console.log(`\nSSR throughput, ${CONNECTIONS} connections, ${SECONDS} s a figure in ${ROUNDS} rounds (medians of the rounds), ${baseUrl}`);
console.log(`     ${'page'.padEnd(20)} ${'asks'.padEnd(8)} ${'answer'.padEnd(8)} ${'body'.padStart(9)} ${'throughput'.padStart(12)}`);
for (const row of rows) console.log(row);
console.log('(figures depend on what else runs on the machine: measure it quiet)');
process.exit(missed ? 1 : 0);
