/**
 * The build benchmark (`npm run measure:build [N]`): a sandbox with N synthetic news articles (default 10000), a cold build,
 * a rebuild with nothing changed, then ~50 Pagefind queries in Chromium over the index; prints the figures against the bars
 * (docs/architecture.md §7: cold <= 120 s, unchanged <= 30 s, query p95 <= 100 ms) and exits non-zero when one is missed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';
import { buildSite, renderedPages, serveSite, startSandbox, type BuildResult, type Running } from '#build/site-build.ts';
import { buildSteps } from '#build/build-steps.ts';

const SCALE = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.MEASURE_SCALE ?? 10_000);
const QUERIES_ONLY = process.argv.includes('--queries-only');
const SANDBOX_PORT = Number(process.env.MEASURE_SANDBOX_PORT ?? 4938);
const PORT = Number(process.env.MEASURE_PORT ?? 4939);
const BARS = { coldSeconds: 120, warmSeconds: 30, queryP95Ms: 100 };
const DIR = '.builds/measure';

/** Words readers search for: gas names, formulas, English names, and the places, customers and topics of the synthetic news. */
const QUERIES = [
  '氮气',
  'N2',
  'nitrogen',
  '液氮',
  'LIN',
  '氩气',
  'Ar',
  'argon',
  '氦气',
  'helium',
  '氢气',
  'H2',
  '氧气',
  'O2',
  '二氧化碳',
  'CO2',
  '乙炔',
  '氨',
  '硫化氢',
  '一氧化碳',
  '标准气体',
  '高纯',
  '纯度',
  '气瓶',
  '减压器',
  '杜瓦罐',
  '集中供气',
  '现场制气',
  '管道供气',
  '泄漏应急',
  '运输安全',
  '储存要求',
  '质量验收',
  '成本优化',
  '分析方法',
  '上海',
  '苏州',
  '成都',
  '武汉',
  '半导体工厂',
  '炼化企业',
  '环境监测站',
  '生物医药',
  '光伏',
  '食品饮料',
  '钢铁',
  '检测机构',
  '安全培训',
  '检漏',
  '验收',
  '押金',
];

interface Run {
  label: string;
  result: BuildResult;
  rendered: number;
  restored: number;
  pagefindSeconds: number;
  indexed: number;
  /** Nothing indexed changed, so the last bundle was copied. */
  reused: boolean;
}

function describe(label: string, result: BuildResult): Run {
  const pages = renderedPages(result.log);
  const pf = /pagefind: (\d+) pages (indexed|unchanged, index reused) in ([\d.]+) s/.exec(result.log);
  return {
    label,
    result,
    rendered: pages.rendered.length,
    restored: pages.restored.length,
    indexed: Number(pf?.[1] ?? 0),
    pagefindSeconds: Number(pf?.[3] ?? NaN),
    reused: pf?.[2] !== 'indexed',
  };
}

/** When each step of a build ended (seconds from its start), from its timeline: where the time goes. */
const phases = (result: BuildResult) => buildSteps(result.timeline, result.seconds);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The search page's own search code (`openKnowledgeIndex` of src/features/knowledge/search.ts), bundled to run in the benchmark's page. */
async function searchCode(): Promise<string> {
  const out = await esbuild({
    stdin: {
      contents:
        "import { openKnowledgeIndex } from './src/features/knowledge/search.ts'; globalThis.openKnowledgeIndex = openKnowledgeIndex;",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
  });
  return out.outputFiles[0]!.text;
}

/**
 * Times each query in Chromium as /search runs it: every kind's bundle searched, hits merged, and the data of the first
 * results (those checked for an exact name, more than the first page shows) loaded; after the bundles are opened.
 */
async function timeQueries(baseUrl: string): Promise<{ times: number[]; hits: number[] }> {
  const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    // /search carries the CSP that lets Pagefind's WebAssembly run.
    await page.goto(`${baseUrl}/search?keyword=`, { waitUntil: 'load' });
    await page.evaluate(await searchCode());
    return await page.evaluate(async (queries) => {
      type Open = typeof import('#src/features/knowledge/search.ts').openKnowledgeIndex;
      const open = (globalThis as unknown as { openKnowledgeIndex: Open }).openKnowledgeIndex;
      const index = await open({ manifest: async (url) => (await fetch(url)).json(), module: (url) => import(/* @vite-ignore */ url) });
      const times: number[] = [];
      const hits: number[] = [];
      for (const q of queries) {
        const t0 = performance.now();
        const answer = await index.search(q);
        times.push(performance.now() - t0);
        hits.push(answer.hits.length);
      }
      return { times, hits };
    }, QUERIES);
  } finally {
    await browser.close();
  }
}

/** Busy share of the CPUs over the next second, from /proc/stat (0 where it cannot be read). */
async function cpuBusy(): Promise<number> {
  const sample = () => {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    return { idle: cpu[3]! + cpu[4]!, total: cpu.reduce((a, b) => a + b, 0) };
  };
  try {
    const a = sample();
    await new Promise((r) => setTimeout(r, 1000));
    const b = sample();
    return 1 - (b.idle - a.idle) / (b.total - a.total);
  } catch {
    return 0;
  }
}

/**
 * The queries are timed on a quiet machine: the builds' writes (a gigabyte of pages) are flushed to disk first and the
 * CPUs left to settle (at most 30 s), so a query is not timed against the tail of the build before it.
 */
async function settle(): Promise<string> {
  execFileSync('sync');
  let busy = await cpuBusy();
  for (let waited = 1; busy > 0.15 && waited < 30; waited++) busy = await cpuBusy();
  return `disk flushed, CPUs ${(busy * 100).toFixed(0)} % busy`;
}

/** Serves the last benchmark build, waits for a quiet machine and times the queries: p95, and the lines that report them. */
async function queryFigures(sandboxUrl: string): Promise<{ p95: number; lines: string[] }> {
  const site = await serveSite({ outDir: `${DIR}/out`, port: PORT, sandboxUrl });
  running.push(site);
  console.log(await settle());
  const timed = await timeQueries(site.url);
  const times = [...timed.times].sort((a, b) => a - b);
  const slowest = timed.times
    .map((t, i) => ({ q: QUERIES[i], t, hits: timed.hits[i] }))
    .sort((a, b) => b.t - a.t)
    .slice(0, 5);
  const p95 = percentile(times, 95);
  return {
    p95,
    lines: [
      `queries    ${times.length} in Chromium: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (bar ${BARS.queryP95Ms} ms), max ${times.at(-1)!.toFixed(1)} ms`,
      `           slowest: ${slowest.map((x) => `${x.q} ${x.t.toFixed(0)} ms (${x.hits} hits)`).join(', ')}`,
    ],
  };
}

const running: Running[] = [];
const stopAll = async () => {
  for (const r of running.reverse()) await r.stop();
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));

let failed = false;
try {
  console.log(`sandbox with SANDBOX_SCALE=${SCALE} on :${SANDBOX_PORT} …`);
  const sandbox = await startSandbox({ port: SANDBOX_PORT, dataDir: `.sandbox-data/measure`, scale: SCALE });
  running.push(sandbox);
  const build = (cold: boolean) => buildSite({ sandboxUrl: sandbox.url, outDir: `${DIR}/out`, cacheDir: `${DIR}/cache`, cold });

  // --queries-only: time the queries over the last benchmark build (.builds/measure), without building.
  if (QUERIES_ONLY) {
    for (const line of (await queryFigures(sandbox.url)).lines) console.log(line);
    await stopAll();
    process.exit(0);
  }
  console.log('cold build …');
  const cold = describe('cold', await build(true));
  console.log('rebuild, nothing changed …');
  const warm = describe('unchanged', await build(false));

  console.log(`serving on :${PORT}, ${QUERIES.length} Pagefind queries in Chromium …`);
  const queries = await queryFigures(sandbox.url);
  const p95 = queries.p95;

  const row = (r: Run, bar: number) =>
    `${r.label.padEnd(10)} ${r.result.seconds.toFixed(1).padStart(7)} s (bar ${bar} s)  pages rendered ${String(r.rendered).padStart(6)}  restored ${String(r.restored).padStart(6)}  Pagefind ${r.pagefindSeconds.toFixed(1)} s (${r.indexed} pages${r.reused ? ', reused' : ''})  peak RSS ${r.result.peakRssMiB} MiB  CPU ${r.result.cpuSeconds.toFixed(0)} s`;
  const loads = (r: Run) =>
    [...r.result.log.matchAll(/(\d+) entries from GET \/info\/list[^\n]*\(([\d.]+) s\)/g)]
      .map((m) => `news loader ${m[2]} s for ${m[1]} entries`)
      .join('');
  console.log(`\nbuild of ${SCALE} synthetic news articles on ${(await import('node:os')).availableParallelism()} cores`);
  console.log(row(cold, BARS.coldSeconds));
  console.log(row(warm, BARS.warmSeconds));
  console.log(
    `           ${loads(cold)} (cold), ${loads(warm)} (unchanged); load average now ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  );
  for (const r of [cold, warm]) console.log(`${r.label.padEnd(10)} ${phases(r.result)}`);
  for (const line of queries.lines) console.log(line);

  const missed = [
    cold.result.seconds > BARS.coldSeconds && `cold build ${cold.result.seconds.toFixed(1)} s > ${BARS.coldSeconds} s`,
    warm.result.seconds > BARS.warmSeconds && `unchanged rebuild ${warm.result.seconds.toFixed(1)} s > ${BARS.warmSeconds} s`,
    p95 > BARS.queryP95Ms && `query p95 ${p95.toFixed(1)} ms > ${BARS.queryP95Ms} ms`,
  ].filter(Boolean);
  if (missed.length) {
    failed = true;
    console.error(`\nMISSED: ${missed.join('; ')}`);
  } else console.log('\nall bars met');
} catch (e) {
  failed = true;
  console.error(e instanceof Error ? e.message : e);
} finally {
  await stopAll();
}
process.exit(failed ? 1 : 0);
