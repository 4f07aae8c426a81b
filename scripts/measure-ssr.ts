/**
 * `npm run measure:ssr [baseUrl]`: server throughput (autocannon, 25 connections) of a static page, the goods list and a goods
 * detail side by side, against docs/architecture.md §7's bars; starts the shop (and sandbox) when nothing answers, on PORT / SANDBOX_PORT as `npm start`
 * does, and exits 1 when a bar is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

const baseUrl = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 4321}`;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 25);
const SECONDS = Number(process.env.SECONDS ?? 10);

/** Path, what it is, and its bar (req/s at least, p99 ms at most); the static page has no bar, it shows the ceiling. */
const targets: { path: string; name: string; minRps?: number; maxP99?: number }[] = [
  { path: '/', name: 'static page (home)' },
  { path: '/goods?pageSize=16&pageNumber=1', name: 'goods list', minRps: 300 },
  { path: '/goods/1001', name: 'goods detail', minRps: 500, maxP99: 50 },
];

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
  shop = spawn(process.execPath, ['scripts/start.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PORT: new URL(baseUrl).port } });
  const until = Date.now() + 300_000;
  while (!(await answers(baseUrl))) {
    if (Date.now() > until || shop.exitCode !== null) {
      console.error('the shop did not start');
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function run(url: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon({ url, connections: CONNECTIONS, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result))));
}

const rows: string[] = [];
let missed = 0;
for (const t of targets) {
  const url = new URL(t.path, baseUrl).href;
  await run(url, 2); // warm-up: JIT, module loading, the short answer caches
  const r = await run(url, SECONDS);
  const rps = r.requests.average;
  const p99 = r.latency.p99;
  // Says whether the figure is of rendering or of Astro's in-process route cache (ROUTE_CACHE=off at build renders every request).
  const routeCache = (await fetch(url)).headers.get('x-astro-cache') ?? 'none';
  const ok = (t.minRps === undefined || rps >= t.minRps) && (t.maxP99 === undefined || p99 <= t.maxP99) && r.non2xx === 0 && r.errors === 0;
  if (!ok) missed++;
  const bar = t.minRps === undefined ? '—' : `>= ${t.minRps} req/s${t.maxP99 ? `, p99 <= ${t.maxP99} ms` : ''}`;
  rows.push(
    `${(t.minRps === undefined ? '    ' : ok ? 'ok  ' : 'MISS')} ${t.name.padEnd(20)} ${rps.toFixed(0).padStart(6)} req/s   p99 ${String(p99).padStart(4)} ms   p50 ${String(r.latency.p50).padStart(4)} ms   route cache ${routeCache.padEnd(4)}   bar ${bar}${r.non2xx ? `   ${r.non2xx} non-2xx` : ''}`,
  );
}
shop?.kill('SIGTERM');
console.log(`\nSSR throughput, ${CONNECTIONS} connections, ${SECONDS} s each, ${baseUrl}`);
for (const row of rows) console.log(row);
console.log('(figures depend on what else runs on the machine: measure it quiet)');
process.exit(missed ? 1 : 0);
