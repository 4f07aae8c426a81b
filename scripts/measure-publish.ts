/**
 * The publishing benchmark (`npm run measure:publish [N]`): a sandbox with N synthetic news articles (default 10000) that
 * sends its signed webhooks to a shop served with the publisher (PUBLISH_QUIET_S=5). Prints, against the bars:
 * - webhook of one edited article to its new text served, median of 3 (<= 60 s);
 * - 10 edits within 10 s make exactly 1 build;
 * - autocannon, 25 connections on / and an article page through a whole build and switch: 0 errors, 0 non-2xx;
 * - a goods edit: webhook to the new price on /goods/{id} (<= 5 s).
 * Exits non-zero when one is missed. `--reuse-build` keeps the last run's build folder and cache instead of a cold build.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { buildSite, serveSite, startSandbox, type Running } from './lib/site-build.ts';
import type { PublishStatus } from '../src/lib/publish/effects.ts';

// `--soak N` (scripts/measure-publish-soak.ts): N publishes with light load between, memory and throughput first and last.
const soakAt = process.argv.indexOf('--soak');
if (soakAt >= 0) {
  const { soak } = await import('./measure-publish-soak.ts');
  process.exit(await soak(Number(process.argv[soakAt + 1] ?? 300) || 300, { switchOnly: process.argv.includes('--switch-only') }));
}

/** --reuse-build: keep the last run's build folder and cache (skips the cold build; the first publish build is incremental). */
const REUSE = process.argv.includes('--reuse-build');
const SCALE = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.MEASURE_SCALE ?? 10_000);
const SANDBOX_PORT = Number(process.env.MEASURE_SANDBOX_PORT ?? 4839);
const PORT = Number(process.env.MEASURE_PORT ?? 4838);
/** Its folders (build, cache, releases, sandbox data); MEASURE_PUBLISH_DIR picks another, e.g. to keep two scales' builds. */
const DIR = process.env.MEASURE_PUBLISH_DIR ?? '.builds/publish';
const BARS = { editSeconds: 60, coalescedBuilds: 1, goodsSeconds: 5 };
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const TOKEN = randomBytes(16).toString('hex');
const SYNTHETIC_FIRST_ID = 1_000_001;
const shop = `http://127.0.0.1:${PORT}`;
const sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandboxUrl}${path}`, body === undefined ? undefined : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { status: number; msg: string; data: T };
  if (json.status !== 200) throw new Error(`${path}: ${json.status} ${json.msg}`);
  return json.data;
}

async function status(): Promise<PublishStatus> {
  return (await (await fetch(`${shop}/api/publish/status`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as PublishStatus;
}

interface News {
  id: number;
  categoryId: number;
  title: string;
  summary: string;
  content: string;
}

/** Edits a news article through the sandbox hook (which signs and sends the webhook); returns when the hook answered. */
async function editNews(id: number, text: string): Promise<void> {
  const n = await api<News>(`/info/detail/${id}`);
  await api('/__sandbox/articles', { kind: 'news', id, categoryId: n.categoryId, title: n.title, summary: n.summary, content: `${n.content.replace(/<p>【测量】.*?<\/p>/, '')}<p>【测量】${text}</p>` });
}

/** Polls `url` until its body contains `text`; seconds since `from`. */
async function servedAfter(url: string, text: string, from: number, timeoutMs: number): Promise<number> {
  const until = from + timeoutMs;
  while (Date.now() < until) {
    const body = await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text();
    if (body.includes(text)) return (Date.now() - from) / 1000;
    await sleep(200);
  }
  return Infinity;
}

async function waitIdle(timeoutMs = 600_000): Promise<PublishStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await status();
    if (s.state === 'idle' || s.state === 'failed' || Date.now() > until) return s;
    await sleep(500);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');

let sandbox: Running | undefined;
let server: Running | undefined;
try {
  console.log(`publishing benchmark: ${SCALE} synthetic news articles, PUBLISH_QUIET_S=5`);
  if (REUSE) for (const d of ['sandbox', 'releases', 'data']) rmSync(`${DIR}/${d}`, { recursive: true, force: true });
  else rmSync(DIR, { recursive: true, force: true });
  sandbox = await startSandbox({
    port: SANDBOX_PORT,
    dataDir: `${DIR}/sandbox`,
    scale: SCALE,
    env: { SANDBOX_PUBLISH_URL: `${shop}/api/publish`, PUBLISH_WEBHOOK_SECRETS: SECRET },
  });
  if (!REUSE) {
    const cold = await buildSite({ sandboxUrl, outDir: `${DIR}/out`, cacheDir: `${DIR}/cache`, cold: true });
    console.log(`cold build: ${cold.seconds.toFixed(1)} s`);
  }
  server = await serveSite({
    outDir: `${DIR}/out`,
    port: PORT,
    sandboxUrl,
    stdout: 'inherit',
    readyMs: 600_000,
    env: {
      ASTRO_CACHE_DIR: `${DIR}/cache`,
      PUBLISH_RELEASES: `${DIR}/releases`,
      PUBLISH_DATA: `${DIR}/data`,
      PUBLISH_FROM_BUILD: '1',
      PUBLISH_QUIET_S: '5',
      PUBLISH_WEBHOOK_SECRETS: SECRET,
      PUBLISH_STATUS_TOKEN: TOKEN,
    },
  });

  // 1. One edited article, three times: webhook (the hook answers once it is queued to send) to the new text served.
  const target = SYNTHETIC_FIRST_ID + Math.floor(SCALE / 2);
  const articleUrl = `${shop}/about/news/${target}/`;
  const edits: number[] = [];
  const searchLive: number[] = [];
  for (let i = 0; i < 3; i++) {
    const text = `发布测量第 ${i + 1} 次（${Date.now()}）`;
    const from = Date.now();
    await editNews(target, text);
    const s = await servedAfter(articleUrl, text, from, 240_000);
    edits.push(s);
    // The build is over (idle) once the search index of the changed kind is live too (the publisher's second release).
    const after = await waitIdle();
    searchLive.push((Date.now() - from) / 1000);
    console.log(`  edit ${i + 1}: new text served after ${s.toFixed(1)} s; search index live after ${searchLive.at(-1)!.toFixed(1)} s (${after.state}, release ${after.lastSuccess?.release})`);
  }

  // 2. Ten edits within ten seconds: one build.
  const before = (await status()).builds;
  for (let i = 0; i < 10; i++) {
    await editNews(SYNTHETIC_FIRST_ID + i, `十次编辑之 ${i + 1}（${Date.now()}）`);
    await sleep(900);
  }
  await sleep(6000);
  const coalesced = await waitIdle();
  const tenEditBuilds = coalesced.builds - before;
  console.log(`  10 edits in ~10 s: ${tenEditBuilds} build(s), ${coalesced.pending.length} pending after`);

  // 3. Load through a whole build and switch: autocannon on / and the article page, 25 connections.
  const loadText = `负载下发布（${Date.now()}）`;
  const buildsBefore = (await status()).builds;
  let stop = false;
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: shop, connections: 25, duration: 600, requests: [{ method: 'GET', path: '/' }, { method: 'GET', path: `/about/news/${target}/` }] },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    const poll = setInterval(() => {
      if (stop) {
        clearInterval(poll);
        instance.stop();
      }
    }, 200);
  });
  await sleep(2000);
  const loadFrom = Date.now();
  await editNews(target, loadText);
  const underLoad = await servedAfter(articleUrl, loadText, loadFrom, 300_000);
  const afterLoad = await waitIdle();
  await sleep(2000);
  stop = true;
  const result = await load;
  const buildsUnderLoad = afterLoad.builds - buildsBefore;
  console.log(`  under load: ${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx, ${buildsUnderLoad} build(s) and switch; new text after ${underLoad.toFixed(1)} s`);

  // 4. A goods price: webhook to the new price on its page (purge by tag, no build).
  await fetch(`${shop}/goods/1003/`);
  const price = 1000 + Math.floor(Math.random() * 8000) + 0.5;
  const goodsFrom = Date.now();
  await api('/__sandbox/goods', { id: 1003, price });
  const sku = (await api<{ skus: { price: number }[] }>('/product/detail/1003')).skus[0]!.price;
  const shown = sku.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const goods = await servedAfter(`${shop}/goods/1003/`, shown, goodsFrom, 30_000);

  const editMedian = median(edits);
  const rows: [boolean, string][] = [
    [editMedian <= BARS.editSeconds, `one edited article, webhook to new text served: median ${editMedian.toFixed(1)} s of ${edits.map((e) => e.toFixed(1)).join(', ')} (bar <= ${BARS.editSeconds} s)`],
    [tenEditBuilds === BARS.coalescedBuilds, `10 edits within 10 s: ${tenEditBuilds} build(s) (bar: exactly 1)`],
    [result.errors === 0 && result.non2xx === 0 && buildsUnderLoad >= 1, `autocannon 25 connections on / and an article through a build and switch: ${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx (bar: 0 and 0)`],
    [goods <= BARS.goodsSeconds, `goods edit, webhook to new price on /goods/1003: ${goods.toFixed(2)} s (bar <= ${BARS.goodsSeconds} s)`],
  ];
  console.log(`\npublishing at ${SCALE} articles:`);
  console.log(`  (info) webhook to the edited page's search index live: median ${median(searchLive).toFixed(1)} s of ${searchLive.map((e) => e.toFixed(1)).join(', ')}`);
  for (const [ok, line] of rows) console.log(`  ${mark(ok)} ${line}`);
  process.exitCode = rows.every(([ok]) => ok) ? 0 : 1;
} finally {
  await server?.stop();
  await sandbox?.stop();
}
