// Publishing end to end: the sandbox plays the back office and signs its webhook to the running shop. An edited article is
// live without a restart and only its page was rendered again; a goods price shows within 5 s; a build that fails (API
// faults injected during it) keeps the old text live and says so in the status, and the next event's build recovers.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { renderedPages } from '#build/site-build.ts';
import { devPublishDefaults } from '#server/sandbox-env.ts';
import type { PublishStatus } from '#src/features/publish/effects.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';
import { SERIAL_SITE } from '#scripts/lib/e2e-sites.ts';
import { knowledgeSearchUrl } from '#src/shared/http/routes.ts';

const dev: NodeJS.ProcessEnv = {};
devPublishDefaults(dev);
const TOKEN = dev.PUBLISH_STATUS_TOKEN!;
// A serial spec: the publisher of the serial specs' site (scripts/lib/e2e-sites.ts).
const LOGS = join(SERIAL_SITE.env.PUBLISH_DATA!, 'logs');
const ARTICLE = 172;
const PAGE = `/services/policies/${ARTICLE}/`;

interface PolicyArticle {
  articleId: number;
  categoryId: number;
  title: string;
  content: string;
}

/** The paragraph the tests write into the article (the sanitizer keeps no test attributes, so it is found by its label). */
const marker = (page: Page) => page.locator('p', { hasText: '【发布标记】' });

async function status(request: APIRequestContext): Promise<PublishStatus> {
  const res = await request.get('/api/publish/status', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as PublishStatus;
}

/** Edits the policy article through the sandbox hook (which sends the signed webhook) and returns the new text. */
async function editArticle(text: string, current?: PolicyArticle): Promise<void> {
  const a = current ?? (await sandboxGet<PolicyArticle>(`/article?articleCode=${ARTICLE}`));
  const content = a.content.replace(/<p>【发布标记】.*?<\/p>/, '') + `<p>【发布标记】${text}</p>`;
  await sandboxPost('/__sandbox/articles', {
    kind: 'article',
    id: ARTICLE,
    categoryId: a.categoryId,
    title: a.title,
    summary: a.title,
    content,
  });
}

async function waitForState(request: APIRequestContext, until: (s: PublishStatus) => boolean, timeoutMs = 240_000): Promise<PublishStatus> {
  let last: PublishStatus | undefined;
  await expect.poll(async () => until((last = await status(request))), { timeout: timeoutMs, intervals: [1000] }).toBe(true);
  return last!;
}

test.describe.configure({ mode: 'serial' });
// The e2e sandbox starts with its webhooks paused (other specs' edits start no builds); this spec is the back office's user.
test.beforeAll(async () => {
  await sandboxPost('/__sandbox/publish/notify', { on: true });
});
test.afterAll(async () => {
  await sandboxPost('/__sandbox/publish/notify', { on: false });
});

test("the status needs the editors' token", async ({ request }) => {
  expect((await request.get('/api/publish/status')).status()).toBe(401);
  expect((await request.get('/api/publish/status', { headers: { authorization: 'Bearer wrong' } })).status()).toBe(401);
});

test('an article edited through the sandbox hook is live without a restart; only its page was rendered again', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  // A word no other page has, for the search: the build is over only once the edited page's search index is live too.
  const word = '鹦鹉螺';
  const text = `发布测试：押金退还时限调整为 3 个工作日，${word}（${Date.now()}）`;
  const before = await status(request);
  await editArticle(text);
  // The webhook was accepted: the event waits for its quiet window, then builds.
  const waiting = await waitForState(
    request,
    (s) => s.pending.length > 0 || (s.lastSuccess?.release ?? '') !== (before.lastSuccess?.release ?? ''),
    20_000,
  );
  expect(['waiting', 'building', 'idle']).toContain(waiting.state);
  const done = await waitForState(
    request,
    (s) => s.state === 'idle' && s.lastSuccess !== null && s.lastSuccess.release !== before.lastSuccess?.release,
  );
  await page.goto(PAGE);
  await expect(page.getByText(text)).toBeVisible();

  const log = readFileSync(join(LOGS, readdirSync(LOGS).find((f) => f.endsWith(`-release-${done.lastSuccess!.release}.log`))!), 'utf8');
  const { rendered, restored } = renderedPages(log);
  const policyPages = (list: string[]) => list.filter((p) => /^\/services\/policies\/\d+\/index\.html$/.test(p));
  expect(policyPages(rendered)).toEqual([`/services/policies/${ARTICLE}/index.html`]);
  expect(policyPages(restored).length).toBeGreaterThan(3);
  // The ten-thousand-page kinds are incremental too: no news page was rendered for an edit of a policy.
  expect(rendered.filter((p) => p.startsWith('/about/news/') && p !== '/about/news/index.html')).toEqual([]);
  // The page went live first and its kind's search index right after (a second release); the other kinds were not indexed.
  expect(log).toContain('search index deferred: service');
  expect(log).toMatch(/\[index-search\] pagefind: .*indexed again: service; kept: case, encyclopedia, news;/);
  await page.goto(knowledgeSearchUrl(word));
  const knowledge = page.locator('#knowledge');
  await expect(knowledge).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  await expect(knowledge.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', new RegExp(`^${PAGE}?$`));
});

test('a goods price edited through the hook shows on its page within 5 s', async ({ page }) => {
  test.setTimeout(60_000);
  // Seen once, so the page is in the shop's route cache (max-age 60 s) before the edit.
  await page.goto('/goods/1002/');
  const price = 4321.5;
  await sandboxPost('/__sandbox/goods', { id: 1002, price });
  const sent = Date.now();
  // The hook moves every SKU by the same amount; the page shows the first SKU's price.
  const detail = await sandboxGet<{ skus: { price: number }[] }>('/product/detail/1002');
  const shown = `¥${detail.skus[0]!.price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  expect(Math.min(...detail.skus.map((s) => s.price))).toBe(price);
  // Asked without the browser's HTTP cache (the page is public for 60 s there too): what the shop serves.
  const buyBoxPrice = async () => {
    const html = await (await page.request.get('/goods/1002/')).text();
    return /<strong aria-live="polite">(¥(?:<!-- -->)?[\d,.]+)<\/strong>/.exec(html)?.[1]?.replace('<!-- -->', '');
  };
  await expect.poll(buyBoxPrice, { timeout: 5000, intervals: [200] }).toBe(shown);
  expect(Date.now() - sent).toBeLessThan(5000);
});

test("a failed build keeps the old text live and says so; the next event's build recovers", async ({ page, request }) => {
  test.setTimeout(420_000);
  const live = await status(request);
  const oldText = await (async () => {
    await page.goto(PAGE);
    return (await marker(page).textContent()) ?? '';
  })();
  const failing = `发布失败测试（${Date.now()}）`;
  const article = await sandboxGet<PolicyArticle>(`/article?articleCode=${ARTICLE}`);
  try {
    // Every API call fails from now on: the build cannot read the content.
    await sandboxPost('/__sandbox/faults', { failRate: 1, status: 503, count: -1 });
    await editArticle(failing, article);
    const failed = await waitForState(request, (s) => s.state === 'failed');
    expect(failed.lastFailure?.message).toMatch(/astro build exited with code/);
    expect(failed.lastSuccess?.release).toBe(live.lastSuccess?.release);
    expect(failed.pending.length).toBeGreaterThan(0);
  } finally {
    await sandboxPost('/__sandbox/faults', { reset: true });
  }
  await page.goto(PAGE);
  await expect(marker(page)).toHaveText(oldText);
  await expect(page.getByText(failing)).toHaveCount(0);

  const recovered = `发布恢复测试（${Date.now()}）`;
  await editArticle(recovered);
  const ok = await waitForState(request, (s) => s.state === 'idle' && s.lastSuccess?.release !== live.lastSuccess?.release);
  expect(ok.pending).toEqual([]);
  expect(ok.lastFailure?.message).toMatch(/astro build exited/);
  await page.goto(PAGE);
  await expect(marker(page)).toHaveText(`【发布标记】${recovered}`);
});
