// Draft previews (docs/preview.md) in Chromium against the built site and its sandbox, which plays the back office:
// a draft saved through the article hook is shown by its signed link with the public template, the banner and the private,
// noindex headers; a tampered or expired link is refused without the draft; the public page, lists, search and API keep the
// published text; a draft of a new article is nowhere public.
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Response } from './fixtures.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';
import { knowledgeSearchUrl, newsListUrl, newsUrl } from '#src/shared/http/routes.ts';
import { newPreviewLink, parsePreviewSecrets, previewPath } from '#src/features/preview/link.ts';

// Each test drafts an article of its own and reads only it: both workers may take them.
test.describe.configure({ mode: 'parallel' });

const BANNER = '预览：此为草稿，尚未发布';

interface DraftAnswer {
  kind: string;
  id: number;
  version: number;
  previewUrl: string;
  expiresAt: number;
}

/** Saves a draft the way the back office does and returns the link's path on the shop. */
async function saveDraft(body: Record<string, unknown>): Promise<{ path: string; answer: DraftAnswer }> {
  const answer = await sandboxPost<DraftAnswer>('/__sandbox/articles', { ...body, status: 'draft' });
  const url = new URL(answer.previewUrl, 'http://shop.invalid');
  return { path: `${url.pathname}${url.search}`, answer };
}

/** The development preview secret `npm start` gives the shop and the sandbox (.env.example). */
function devSecret(): Buffer {
  const value = /^#\s*PREVIEW_SECRET=(\S+)\s*$/m.exec(readFileSync('.env.example', 'utf8'))?.[1];
  if (!value) throw new Error('.env.example has no development PREVIEW_SECRET');
  return parsePreviewSecrets(value)[0]!;
}

/** A word no page of the seed has, so finding it anywhere means the draft leaked. */
const marker = (label: string) => `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function expectPreviewHeaders(res: Response | null | undefined): Promise<void> {
  expect(res).toBeTruthy();
  const headers = res!.headers();
  expect(headers['x-robots-tag']).toContain('noindex');
  expect(headers['cache-control']).toBe('private, no-store');
}

async function expectRefused(page: Page, path: string, message: RegExp, draftText: string): Promise<void> {
  const res = await page.goto(path);
  expect(res!.status()).toBe(403);
  await expectPreviewHeaders(res);
  await expect(page.getByRole('heading', { level: 1, name: '无法预览草稿' })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  expect(await page.content()).not.toContain(draftText);
  await expect(page.getByText(BANNER)).toHaveCount(0);
}

test('a draft of a published news article shows by its link with the banner and the headers; the public page keeps the published text', async ({
  page,
}) => {
  const published = await sandboxGet<{ id: number; categoryId: number; title: string; content: string }>('/info/detail/3');
  const word = marker('草稿正文');
  const title = `草稿标题 ${word}`;
  const { path } = await saveDraft({
    kind: 'news',
    id: 3,
    categoryId: published.categoryId,
    title,
    content: `<p>${word}：自下月起调整配送费。</p><script>window.__draftScript = 1</script><p><img src="x" onerror="window.__draftScript = 2"></p>`,
  });
  expect(path).toMatch(/^\/preview\/news\/3\?v=\d+&exp=\d+&sig=[\w-]{43}$/);

  const res = await page.goto(path);
  expect(res!.status()).toBe(200);
  await expectPreviewHeaders(res);
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.rich-text')).toContainText(`${word}：自下月起调整配送费。`);
  // The public template: the news layout's breadcrumb and neighbours; no likes or comments for a draft.
  await expect(page.getByRole('navigation', { name: '上一篇和下一篇' })).toBeVisible();
  await expect(page.locator('[data-engage], .engage')).toHaveCount(0);
  // Sanitized like published content: the script and the handler are gone.
  expect(await page.evaluate(() => (window as { __draftScript?: number }).__draftScript)).toBeUndefined();
  await expect(page.locator('.rich-text script')).toHaveCount(0);

  const pub = await page.goto(newsUrl(3));
  expect(pub!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(published.title);
  expect(await page.content()).not.toContain(word);
  await expect(page.getByText(BANNER)).toHaveCount(0);
  // The public API (through the shop's proxy) answers the published text too.
  const api = (await (await page.request.get('/api/buyer/info/detail/3')).json()) as { data: { title: string } };
  expect(api.data.title).toBe(published.title);
});

test('a tampered or expired link is refused without showing the draft', async ({ page }) => {
  const word = marker('篡改测试');
  const { path, answer } = await saveDraft({
    kind: 'case',
    id: 3,
    categoryId: 103,
    title: `案例草稿 ${word}`,
    customer: '某客户',
    content: `<p>${word}</p>`,
  });
  const url = new URL(path, 'http://shop.invalid');
  const q = url.searchParams;
  const tampered = [
    `/preview/case/4?${q}`,
    `/preview/news/3?${q}`,
    `${url.pathname}?v=${answer.version + 1}&exp=${q.get('exp')}&sig=${q.get('sig')}`,
    `${url.pathname}?v=${q.get('v')}&exp=${Number(q.get('exp')) + 60}&sig=${q.get('sig')}`,
    `${url.pathname}?v=${q.get('v')}&exp=${q.get('exp')}&sig=${q.get('sig')!.slice(0, 20)}${q.get('sig')![20] === 'A' ? 'B' : 'A'}${q.get('sig')!.slice(21)}`,
    `${url.pathname}?v=${q.get('v')}&exp=${q.get('exp')}`,
  ];
  for (const bad of tampered) await expectRefused(page, bad, /预览链接无效/, word);

  // Signed with the right secret, but its hour is over.
  const expired = newPreviewLink('case', 3, answer.version, Math.floor(Date.now() / 1000) - 3601);
  await expectRefused(page, previewPath(devSecret(), expired), /预览链接已过期/, word);

  // The draft call behind the page, reached through the shop's proxy, refuses a tampered link as well.
  const proxied = await page.request.get(`/api/buyer/preview/draft?kind=case&id=4&v=${q.get('v')}&exp=${q.get('exp')}&sig=${q.get('sig')}`);
  const body = (await proxied.json()) as { status: number; msg: string; data: unknown };
  expect(body).toMatchObject({ status: 403, msg: '预览链接无效或已过期', data: null });

  // The untouched link still shows it.
  await page.goto(path);
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.locator('.rich-text')).toContainText(word);
});

test('a draft of a new article shows only by its link: its page is 404 and it is in no list, search or API answer', async ({ page }) => {
  // A made-up Latin word: a Chinese one would be split into characters other pages have, and the search would find those.
  const word = marker('zqxdraft');
  const id = 990_000 + Math.floor(Math.random() * 9000);
  const title = `未发布新闻 ${word}`;
  const { path } = await saveDraft({ kind: 'news', id, categoryId: 1, title, content: `<p>${word} 尚未发布。</p>` });

  await page.goto(path);
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  const own = await page.goto(newsUrl(id));
  expect(own!.status()).toBe(404);
  await page.goto(newsListUrl());
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await page.content()).not.toContain(word);

  const detail = (await (await page.request.get(`/api/buyer/info/detail/${id}`)).json()) as { status: number };
  expect(detail.status).toBe(404);
  const listed = (await (
    await page.request.get(`/api/buyer/info/list?keyword=${encodeURIComponent(word)}&pageNumber=1&pageSize=16`)
  ).json()) as { data: { total: number } };
  expect(listed.data.total).toBe(0);

  await page.goto(knowledgeSearchUrl(word));
  const results = page.locator('#knowledge');
  await expect(results).toHaveAttribute('data-state', /^(done|empty)$/, { timeout: 15_000 });
  await expect(results).toHaveAttribute('data-state', 'empty');
  await expect(results.locator(`a[href="${newsUrl(id)}"]`)).toHaveCount(0);
});

for (const width of [390, 1440]) {
  test(`the preview reads at ${width} px: banner in view, nothing sideways (screenshot attached)`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const word = marker('截图');
    const { path } = await saveDraft({
      kind: 'case',
      // One draft per width: the two widths run at once on the two workers (mode 'parallel'), and a newer draft of the same
      // article supersedes the older one's link (这份草稿已不存在, CI of 29b5850).
      id: width < 600 ? 2 : 4,
      categoryId: 103,
      title: `半导体厂高纯氮供应改造（草稿）${word.slice(-4)}`,
      customer: '某晶圆厂',
      summary: '草稿摘要：现场制氮与液氮后备的切换方案。',
      tags: ['高纯氮', '半导体'],
      content:
        '<h3>项目背景</h3><p>客户新建 12 英寸产线，需要 99.9999% 高纯氮连续供应。</p><h3>方案</h3><p>现场制氮为主，液氮储罐后备，切换时间小于 1 秒。</p>',
    });
    await page.goto(path);
    const banner = page.getByRole('complementary', { name: '草稿预览' });
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Sticky: still in view after scrolling down the draft.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => banner.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`preview-${width}.png`), fullPage: false });

    // A news draft in the about layout (side menu), and a refused link: both read at this width too.
    await page.goto(path.replace(/sig=[\w-]+/, 'sig=tampered'));
    await expect(page.getByRole('heading', { level: 1, name: '无法预览草稿' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`preview-refused-${width}.png`) });
    const news = await saveDraft({
      kind: 'news',
      id: width < 600 ? 4 : 5,
      categoryId: 1,
      title: `行业资讯草稿 ${word.slice(-4)}`,
      content: '<p>新闻草稿正文：液氩市场价格本周小幅回落。</p>',
    });
    await page.goto(news.path);
    await expect(page.getByText(BANNER)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`preview-news-${width}.png`) });
  });
}
