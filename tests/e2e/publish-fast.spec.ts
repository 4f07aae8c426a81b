// The fast publish path end to end (docs/publishing.md "The fast path"), against a site of its own: a sandbox that signs
// its webhooks to a shop served as by default (no PUBLISH_FAST: the fast path is on unless PUBLISH_FAST=0). A news edit is
// live within 3 s (the median of 5 edits, always enforced; and an encyclopedia entry's, a case's and a policy's), a new
// article on its page and lists
// within 5 s, a deleted one answers 404 and leaves its list and the sitemap, the search finds new words within 8 s and no
// longer finds removed ones, and a full build of the same data writes the same pages the fast path served. The times are
// printed, and enforced with E2E_PUBLISH_BARS=1 (a quiet machine; see ENFORCE_BARS).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { buildSite, serveSite, startSandbox, type Running } from '#build/site-build.ts';
import { caseUrl, knowledgeSearchUrl, newsListUrl, newsUrl, wikiUrl } from '#src/shared/http/routes.ts';
import type { PublishStatus } from '#src/features/publish/effects.ts';

// Ports of its own, beside the e2e sites (E2E_PORT and E2E_SANDBOX_PORT, and ten on for the serial site).
const PORT = Number(process.env.E2E_PORT ?? 4322) + 8;
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4011) + 8;
const DIR = '.builds/e2e-fast';
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const TOKEN = randomBytes(16).toString('hex');
const shop = `http://127.0.0.1:${PORT}`;
const api = `http://127.0.0.1:${SANDBOX_PORT}`;

/** An edited seed article of category 2 (its neighbours 7 and 9 show its title) and a new one's id. */
const EDITED = 8;
const NEW = 9001;

let sandbox: Running | undefined;
let server: Running | undefined;

interface News {
  id: number;
  categoryId: number;
  title: string;
  summary: string;
  content: string;
}

async function sandboxCall<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    `${api}${path}`,
    body === undefined ? undefined : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const json = (await res.json()) as { status: number; msg: string; data: T };
  if (json.status !== 200) throw new Error(`${path}: ${json.status} ${json.msg}`);
  return json.data;
}

async function status(request: APIRequestContext): Promise<PublishStatus> {
  return (await (
    await request.get(`${shop}/api/publish/status`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).json()) as PublishStatus;
}

/** The page's body as served (no compression, no cache), and its status. */
async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${shop}${path}`, { headers: { 'accept-encoding': 'identity', 'cache-control': 'no-cache' } });
  return { status: res.status, body: await res.text() };
}

/**
 * The bars (an edit live in 3 s, a new or deleted article in 5 s, the search in 8 s) are the benchmark's (`npm run
 * measure:publish`) and this spec enforces them only with E2E_PUBLISH_BARS=1, on a quiet machine. In the suite the effect must
 * come within LOOSE_S and its time is printed, with a line when it is over the bar: the serial lane shares the two cores with
 * the parallel pool and the integration builds, so its timings measure the host's load.
 * first-tap.spec.ts does the same with its time bars (E2E_TAP_BARS=1).
 */
const ENFORCE_BARS = process.env.E2E_PUBLISH_BARS === '1';
/**
 * The search's bar holds in the suite too, on the default start: the fast path indexes an edit's words in about a second and
 * the first search found them at 0.0-0.1 s in the runs of 28 Nov 2026 under a loaded host, so 8 s leaves room for load.
 */
const SEARCH_BAR_S = 8;
const LOOSE_S = 30;
const limitFor = (barS: number) => (ENFORCE_BARS ? barS : LOOSE_S);
function report(what: string, seconds: number, barS: number): void {
  console.log(`[publish-fast] ${what}: ${seconds.toFixed(1)} s${seconds > barS ? ` (over the bar of ${barS} s)` : ''}`);
  if (ENFORCE_BARS) expect(seconds, what).toBeLessThanOrEqual(barS);
}

/** Seconds from `from` until `check` holds for the page (polled every 50 ms); fails when it does not hold within the bar (see above). */
async function within(path: string, check: (r: { status: number; body: string }) => boolean, from: number, barS: number): Promise<number> {
  let last = { status: 0, body: '' };
  const limitS = limitFor(barS);
  await expect
    .poll(async () => check((last = await get(path))), { timeout: limitS * 1000, intervals: [50] })
    .toBe(true)
    .catch(() => {
      throw new Error(`${path} not as expected within ${limitS} s (status ${last.status})`);
    });
  const seconds = (Date.now() - from) / 1000;
  report(path, seconds, barS);
  return seconds;
}

async function editNews(id: number, paragraph: string): Promise<void> {
  const n = await sandboxCall<News>(`/info/detail/${id}`);
  await sandboxCall('/__sandbox/articles', {
    kind: 'news',
    id,
    categoryId: n.categoryId,
    title: n.title,
    summary: n.summary,
    content: `${n.content.replace(/<p>【快速】.*?<\/p>/, '')}<p>【快速】${paragraph}</p>`,
  });
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: shop });

test.beforeAll(async ({ request }) => {
  test.setTimeout(900_000);
  // The publisher's releases and state of an earlier run go (the sandbox and the build start afresh too).
  for (const d of ['releases', 'data']) rmSync(`${DIR}/${d}`, { recursive: true, force: true });
  // The default start: a PUBLISH_FAST of the runner's environment would reach the server through serveSite's.
  delete process.env.PUBLISH_FAST;
  sandbox = await startSandbox({
    port: SANDBOX_PORT,
    dataDir: `${DIR}/sandbox`,
    env: { SANDBOX_PUBLISH_URL: `${shop}/api/publish`, PUBLISH_WEBHOOK_SECRETS: SECRET },
  });
  await buildSite({ sandboxUrl: api, outDir: `${DIR}/out`, cacheDir: `${DIR}/cache`, cold: true });
  server = await serveSite({
    outDir: `${DIR}/out`,
    port: PORT,
    sandboxUrl: api,
    readyMs: 300_000,
    env: {
      ASTRO_CACHE_DIR: `${DIR}/cache`,
      PUBLISH_RELEASES: `${DIR}/releases`,
      PUBLISH_DATA: `${DIR}/data`,
      PUBLISH_FROM_BUILD: '1',
      // No PUBLISH_FAST: the default start, whose fast path this spec tests.
      // The coalesced full build does not run during these tests (it would race their timings); the reconcile test below
      // makes the same build of the same data beside the server and compares.
      PUBLISH_QUIET_S: '1800',
      PUBLISH_MAX_WAIT_S: '3600',
      PUBLISH_WEBHOOK_SECRETS: SECRET,
      PUBLISH_STATUS_TOKEN: TOKEN,
      SITE_STATUS_TTL_MS: '0',
    },
  });
  // The renderer is the first full build kept loaded.
  await expect.poll(async () => (await status(request)).fast?.state, { timeout: 600_000, intervals: [1000] }).toBe('ready');
});

test.afterAll(async () => {
  await server?.stop();
  await sandbox?.stop();
});

test('an edited article is live within 3 s, without waiting for the quiet window', async ({ request }) => {
  const text = `快速发布测试（${Date.now()}）`;
  const from = Date.now();
  await editNews(EDITED, text);
  await within(`${newsUrl(EDITED)}/`, (r) => r.body.includes(text), from, 3);
  // The status says so (recorded just after the switch), while the full build of the event is still pending: the fast path
  // did not wait for it.
  await expect.poll(async () => (await status(request)).fast?.last?.pages ?? 0, { timeout: 5000 }).toBeGreaterThan(0);
  expect((await status(request)).pending.length).toBeGreaterThan(0);
});

test('on the default start, five news edits are live within 3 s (median)', async () => {
  test.setTimeout(180_000);
  const seconds: number[] = [];
  for (let i = 0; i < 5; i++) {
    const text = `默认启动编辑 ${i}（${Date.now()}）`;
    const from = Date.now();
    await editNews(EDITED, text);
    seconds.push(await within(`${newsUrl(EDITED)}/`, (r) => r.body.includes(text), from, 3));
  }
  const median = [...seconds].sort((a, b) => a - b)[2]!;
  console.log(`[publish-fast] five edits: median ${median.toFixed(2)} s (${seconds.map((s) => s.toFixed(2)).join(', ')})`);
  // A median shrugs off one edit slowed by the host's load, so the bar holds in the suite too.
  expect(median, 'the median edit-to-live time').toBeLessThanOrEqual(3);
});

test('an edited encyclopedia entry, case and policy article are live within 3 s each', async ({ request }) => {
  // Each kind's detail as the API answers it, sent back through the hook with one more paragraph (the hook keeps the fields
  // it knows and ignores the rest).
  const kinds = [
    { kind: 'wiki', id: 1, detail: '/wiki/detail/1', url: `${wikiUrl(1)}/` },
    { kind: 'case', id: 1, detail: '/case/detail/1', url: `${caseUrl(1)}/` },
    { kind: 'article', id: 172, detail: '/article?articleCode=172', url: '/services/policies/172/' },
  ];
  for (const k of kinds) {
    const d = await sandboxCall<{ content: string } & Record<string, unknown>>(k.detail);
    const text = `快速发布 ${k.kind}（${Date.now()}）`;
    const from = Date.now();
    await sandboxCall('/__sandbox/articles', { ...d, kind: k.kind, id: k.id, content: `${d.content}<p>${text}</p>` });
    await within(k.url, (r) => r.status === 200 && r.body.includes(text), from, 3);
  }
  // Published by the fast path: the status names the last fast release, and the full build for them is still pending.
  expect((await status(request)).pending.length).toBeGreaterThan(0);
});

test('a new article is on its page and its list pages within 5 s', async ({ page }) => {
  const title = `快速发布新文章（${Date.now() % 100000}）`;
  const from = Date.now();
  await sandboxCall('/__sandbox/articles', {
    kind: 'news',
    id: NEW,
    categoryId: 2,
    title,
    summary: '新文章摘要',
    content: '<p>新文章正文：氦气回收示范线投运。</p>',
    publishedAt: '2026-11-27 09:00:00',
  });
  await within(`${newsUrl(NEW)}/`, (r) => r.status === 200 && r.body.includes(title), from, 5);
  await within(`${newsListUrl()}/`, (r) => r.body.includes(title), from, 5);
  await within(`${newsListUrl(2)}/`, (r) => r.body.includes(title), from, 5);
  await within('/sitemap.xml', (r) => r.body.includes(`${newsUrl(NEW)}<`), from, 5);
  // Its category neighbour now links to it (上一篇 of the next older article).
  await page.goto(newsUrl(7));
  await expect(page.getByRole('navigation', { name: '上一篇和下一篇' }).getByRole('link', { name: title })).toBeVisible();
});

test("the search finds an edit's new words within 8 s, and no longer finds the words it removed", async ({ page }) => {
  test.setTimeout(120_000);
  // A Latin word no page has: a Chinese one that is gone falls back to its single characters (searchTerms' plain retry),
  // which match other words of the page.
  const word = 'zqxwvkfast';
  const knowledge = page.locator('#knowledge');
  /** Searches the word in the browser; the result links. (Pagefind's start on a loaded machine is not the index's freshness.) */
  const search = async () => {
    // The search URL ends in #knowledge: going to it again from itself would only move to the fragment, not search again.
    await page.goto('about:blank');
    await page.goto(knowledgeSearchUrl(word));
    await expect(knowledge).toHaveAttribute('data-state', /done|empty/, { timeout: 30_000 });
    return knowledge.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  };
  const from = Date.now();
  await editNews(EDITED, `${word}的液氦补给（${Date.now()}）`);
  // Freshness: the first search that finds the page started at most 8 s after the edit.
  let foundBy = Infinity;
  for (;;) {
    const startedAt = Date.now();
    if ((await search()).includes(newsUrl(EDITED))) {
      foundBy = (startedAt - from) / 1000;
      break;
    }
    if (startedAt - from > SEARCH_BAR_S * 1000) break;
  }
  expect(foundBy, "the edit's new words found").toBeLessThanOrEqual(SEARCH_BAR_S);
  report('the search finds the new words', foundBy, SEARCH_BAR_S);
  // The word goes again: the page's new version is searched, not the one that had it.
  await editNews(EDITED, `另一段文字（${Date.now()}）`);
  await within(`${newsUrl(EDITED)}/`, (r) => r.body.includes('另一段文字') && !r.body.includes(word), Date.now(), 5);
  // Removed words: the first search once the page has its new text no longer finds it.
  expect(await search()).not.toContain(newsUrl(EDITED));
});

test('a deleted article answers 404 and leaves its lists and the sitemap within 5 s', async ({ page }) => {
  const from = Date.now();
  await sandboxCall('/__sandbox/articles/delete', { kind: 'news', id: NEW });
  await within(`${newsUrl(NEW)}/`, (r) => r.status === 404, from, 5);
  await within(`${newsListUrl()}/`, (r) => r.status === 200 && !r.body.includes(`href="${newsUrl(NEW)}"`), from, 5);
  await within(`${newsListUrl(2)}/`, (r) => r.status === 200 && !r.body.includes(`href="${newsUrl(NEW)}"`), from, 5);
  await within('/sitemap.xml', (r) => !r.body.includes(`${newsUrl(NEW)}<`), from, 5);
  const res = await page.goto(newsUrl(NEW));
  expect(res?.status()).toBe(404);
});

/**
 * Build-time noise stripped before comparing: none. The pages carry no build time or random ids, the CSP hashes follow the
 * inline scripts, and the views counter is read, not raised, by the API's detail; so the HTML must be equal byte for byte.
 */
const stripNoise = (html: string) => html;

test('reconcile: a full build of the same data writes the pages the fast path served', async ({ request }) => {
  test.setTimeout(900_000);
  const text = `对账编辑（${Date.now()}）`;
  await editNews(EDITED, text);
  await within(`${newsUrl(EDITED)}/`, (r) => r.body.includes(text), Date.now(), 5);
  await expect.poll(async () => (await status(request)).fast?.state, { timeout: 10_000 }).toBe('ready');
  // Every page the fast path wrote since the server's full build (the layer release's files), as the server serves them.
  const live = readlinkSync(`${DIR}/releases/current`);
  const layer = JSON.parse(readFileSync(`${DIR}/releases/${live}/LAYER.json`, 'utf8')) as { base: number; removed: string[] };
  const pages = walk(`${DIR}/releases/${live}/client`).filter((f) => f.endsWith('.html') || f === 'sitemap.xml');
  expect(pages).toContain('about/news/8/index.html');
  // The other kinds' pages edited above are compared too.
  for (const f of ['gases/details/1/index.html', 'case/details/1/index.html', 'services/policies/172/index.html'])
    expect(pages).toContain(f);
  expect(pages.length).toBeGreaterThan(4);
  const served = await Promise.all(pages.map(async (f) => (await get(`/${f.replace(/index\.html$/, '')}`)).body));
  // The publisher's full build, of the same data: `astro build` into a folder of its own.
  await buildSite({ sandboxUrl: api, outDir: `${DIR}/full`, cacheDir: `${DIR}/full-cache`, cold: true });
  for (const [i, f] of pages.entries()) expect(stripNoise(served[i]!), f).toBe(stripNoise(readFileSync(`${DIR}/full/client/${f}`, 'utf8')));
  // The removed pages are not in the full build either.
  for (const f of layer.removed) expect(existsSync(`${DIR}/full/client/${f}`), f).toBe(false);
});

/** Files under `dir`, relative, sorted. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(dir, join(prefix, e.name)) : [join(prefix, e.name)]))
    .sort();
}
