// Knowledge search in Chromium over the real Pagefind index of the built site: gas names in Chinese, formula and English find
// the encyclopedia entry first; the kind filter, a policy article's body, the header's knowledge option, empty and error
// states, the CSP that lets Pagefind's WebAssembly run on /search only, and no Pagefind before it is wanted.
import { expect, test, type Page } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { sandboxGet } from './sandbox.ts';
import { knowledgeSearchUrl, searchUrl, wikiUrl } from '#src/shared/http/routes.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

interface WikiPage {
  list: { id: number; gas: { name: string } | null }[];
  total: number;
}

/** The id of the nitrogen entry, from the sandbox the site was built from. */
async function nitrogenId(): Promise<number> {
  const page = await sandboxGet<WikiPage>('/wiki/list?kind=gas&pageSize=100&pageNumber=1');
  const n2 = page.list.find((w) => w.gas?.name === '氮气');
  if (!n2) throw new Error('the sandbox has no 氮气 entry');
  return n2.id;
}

const section = (page: Page) => page.locator('#knowledge');
const results = (page: Page) => section(page).getByRole('listitem');
const status = (page: Page) => section(page).getByRole('status');
/** The chip (label) of a kind filter option. */
const kindChip = (page: Page, name: string) =>
  section(page)
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: new RegExp(name) }) });

/** Opens the knowledge results of a keyword and waits for the search to settle (results, empty or error). */
async function searchKnowledge(page: Page, keyword: string, kindLabel?: string): Promise<void> {
  await page.goto(knowledgeSearchUrl(keyword, kindLabel));
  await expect(section(page)).toHaveAttribute('data-state', /^(done|empty|error)$/, { timeout: 15_000 });
}

test.describe('knowledge search (Pagefind)', () => {
  for (const keyword of ['氮气', 'N2', 'nitrogen', '液氮', 'LIN']) {
    test(`“${keyword}” finds the nitrogen encyclopedia page first`, async ({ page }) => {
      const id = await nitrogenId();
      await searchKnowledge(page, keyword);
      await expect(section(page)).toHaveAttribute('data-state', 'done');
      const first = results(page).first();
      await expect(first.getByRole('link')).toHaveAttribute('href', wikiUrl(id));
      await expect(first).toContainText('气体百科');
      await expect(first.getByRole('link')).toContainText('氮气');
    });
  }

  // The gas page carries its names for the search (氮气 N2 nitrogen 液氮 液态氮 LIN LN2 高纯氮); the reader sees the article.
  for (const keyword of ['氮气', 'N2', 'LIN']) {
    test(`the excerpt of the nitrogen page found by “${keyword}” quotes the article, not the search terms`, async ({ page }) => {
      const id = await nitrogenId();
      await searchKnowledge(page, keyword);
      const first = results(page).first();
      await expect(first.getByRole('link')).toHaveAttribute('href', wikiUrl(id));
      const excerpt = (await first.locator('.k-excerpt').textContent())!;
      expect(excerpt.length).toBeGreaterThan(10);
      for (const term of ['LN2', '液态氮', 'N2 nitrogen', 'nitrogen 液氮']) expect(excerpt, keyword).not.toContain(term);
      if (keyword === '氮气') await expect(first.locator('mark').first()).toHaveText('氮气');
    });
  }

  test('the excerpt highlights the match and shows index text as text', async ({ page }) => {
    await searchKnowledge(page, '氮气');
    const marks = results(page).first().locator('mark');
    await expect(marks.first()).toHaveText('氮气');
    await expect(status(page)).toHaveText(/^找到 \d+ 篇相关知识文章$/);
  });

  // ICU splits these into single characters (减|压|器, 气|瓶); every page found must still say the word as typed.
  for (const keyword of ['减压器', '气瓶', '检漏']) {
    test(`“${keyword}” finds pages that say ${keyword}, not pages that merely have its characters`, async ({ page, request }) => {
      await searchKnowledge(page, keyword);
      await expect(section(page)).toHaveAttribute('data-state', 'done');
      // The word is highlighted whole, not only at the character Pagefind located it by.
      await expect(results(page).locator('mark').filter({ hasText: keyword }).first()).toHaveText(keyword);
      const hrefs = await results(page)
        .locator('a.k-title')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        const body = /data-pagefind-body[^>]*>([\s\S]*)/.exec(await (await request.get(href)).text())?.[1] ?? '';
        expect(body.replace(/<[^>]*>/g, ''), href).toContain(keyword);
      }
    });
  }

  test('the kind filter keeps one kind, counts each kind, and is kept in the URL', async ({ page }) => {
    await searchKnowledge(page, '氮气');
    const all = await results(page).count();
    const newsCount = Number(await kindChip(page, '新闻资讯').locator('[data-k-count]').textContent());
    expect(newsCount).toBeGreaterThan(0);

    await kindChip(page, '新闻资讯').click();
    await expect(status(page)).toHaveText(`找到 ${newsCount} 篇相关新闻资讯文章`);
    await expect(results(page)).toHaveCount(Math.min(newsCount, 10));
    for (const kind of await results(page).locator('.k-kind').allTextContents()) expect(kind).toBe('新闻资讯');
    expect(new URL(page.url()).searchParams.get('kind')).toBe('新闻资讯');

    // The filter in the URL is applied on load; the encyclopedia filter has the nitrogen entry and no news.
    const id = await nitrogenId();
    await searchKnowledge(page, '氮气', '气体百科');
    await expect(section(page).getByRole('radio', { name: /气体百科/ })).toBeChecked();
    await expect(results(page).first().getByRole('link')).toHaveAttribute('href', wikiUrl(id));
    for (const kind of await results(page).locator('.k-kind').allTextContents()) expect(kind).toBe('气体百科');

    await kindChip(page, '全部').click();
    await expect(status(page)).toHaveText(/^找到 \d+ 篇相关知识文章$/);
    expect(await results(page).count()).toBe(all);
  });

  test('a junk kind in the URL falls back to every kind', async ({ page }) => {
    await page.goto(`${searchUrl('氮气')}&kind=${encodeURIComponent('<script>')}#knowledge`);
    await expect(section(page).getByRole('radio', { name: /全部/ })).toBeChecked();
    await expect(section(page)).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  });

  test('a policy article (服务与政策) is found by a word of its body', async ({ page }) => {
    // 押金 appears in the body of 气瓶退换政策 (article 172), not in its title.
    const article = await sandboxGet<{ title: string; content: string }>('/article?articleCode=172');
    expect(article.content).toContain('押金');
    expect(article.title).not.toContain('押金');
    await searchKnowledge(page, '押金', '服务与政策');
    const hit = results(page).filter({ has: page.locator('a[href="/services/policies/172"]') });
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText('服务与政策');
    await expect(hit.getByRole('link')).toHaveText(article.title);
  });

  test('nothing found says so', async ({ page }) => {
    await searchKnowledge(page, 'qqxyzzy');
    await expect(section(page)).toHaveAttribute('data-state', 'empty');
    await expect(status(page)).toHaveText('没有找到与“qqxyzzy”相关的知识文章。');
    await expect(results(page)).toHaveCount(0);
  });

  test('a failed Pagefind load shows an error with a working retry', async ({ page }) => {
    await page.route('**/pagefind/*/pagefind.js', (route) => route.abort());
    await searchKnowledge(page, '氮气');
    await expect(section(page)).toHaveAttribute('data-state', 'error');
    await expect(status(page)).toHaveText('知识搜索暂时不可用，请稍后重试。');
    await page.unroute('**/pagefind/*/pagefind.js');
    await section(page).getByRole('button', { name: '重试' }).click();
    await expect(section(page)).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
    await expect(results(page).first()).toBeVisible();
  });

  test('the header search box offers the knowledge results', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: '搜索商品' });
    await box.click();
    await expect(page.locator('form.search[data-ready]')).toBeVisible();
    await box.pressSequentially('液氮');
    const option = page.getByRole('listbox', { name: '搜索建议' }).getByRole('option', { name: /在知识库中搜索“液氮”/ });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/search\?keyword=%E6%B6%B2%E6%B0%AE#knowledge$/);
    await expect(section(page)).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
    await expect(results(page).first().getByRole('link')).toHaveAttribute('href', wikiUrl(await nitrogenId()));
  });

  test('Pagefind runs under the real CSP: wasm allowed on /search only, no violations', async ({ page, request }) => {
    const violations: string[] = [];
    page.on('console', (m) => m.type() === 'error' && violations.push(m.text()));
    page.on('pageerror', (e) => violations.push(e.message));
    await searchKnowledge(page, 'nitrogen');
    await expect(section(page)).toHaveAttribute('data-state', 'done');
    expect(violations).toEqual([]);

    const searchCsp = (await request.get(searchUrl('氮气'))).headers()['content-security-policy'] ?? '';
    expect(searchCsp).toMatch(/script-src[^;]*'wasm-unsafe-eval'/);
    expect(searchCsp).not.toMatch(/'unsafe-eval'|'unsafe-inline'/);
    // A static article page keeps the stricter policy in its meta tag.
    const html = await (await request.get('/services/policies/172')).text();
    const meta = /http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1] ?? '';
    expect(meta).toContain('script-src');
    expect(meta).not.toContain('wasm-unsafe-eval');
  });

  test('Pagefind is not loaded until the knowledge results are wanted', async ({ page }) => {
    const pagefind: string[] = [];
    page.on('request', (r) => r.url().includes('/pagefind/') && pagefind.push(r.url()));
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(searchUrl('氮气'), { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    expect(pagefind).toEqual([]);
    await section(page).scrollIntoViewIfNeeded();
    await expect(section(page)).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
    expect(pagefind.some((u) => u.endsWith('/pagefind/kinds.json'))).toBe(true);
    expect(pagefind.some((u) => /\/pagefind\/[a-z]+\/pagefind\.js$/.test(u))).toBe(true);
  });

  for (const width of [390, 1440]) {
    test(`the results, filter and states pass axe and do not scroll sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await searchKnowledge(page, '氮气');
      await expect(section(page)).toHaveAttribute('data-state', 'done');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Filter chips are 44 px touch targets.
      for (const box of await section(page)
        .locator('label')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
        expect(box).toBeGreaterThanOrEqual(44);
    });
  }
});
