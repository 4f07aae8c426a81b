// The gas encyclopedia in Chromium: /gases lists every gas and the groups, a gas page's facts and working links, a knowledge
// article, the /wiki hub with the community board, search terms and structured data, and the 404 of an unknown id.
import { expect, test, type Page } from './fixtures.ts';
import { sandboxGet } from './sandbox.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

interface WikiSummary {
  id: number;
  categoryId: number;
  title: string;
  gas: { name: string; formula: string; cas: string; un: string } | null;
}
interface Category {
  id: number;
  name: string;
}
interface PostSummary {
  id: number;
  title: string;
}

const wikiList = (query: string) => sandboxGet<{ list: WikiSummary[]; total: number }>(`/wiki/list?pageSize=100&${query}`);
const ldOf = async (page: Page, type: string) => {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((d) => d['@type'] === type);
};

test('/gases lists every gas of the encyclopedia with formula, CAS and UN number, and the five knowledge groups', async ({ page }) => {
  const [{ list: gases, total }, categories] = await Promise.all([wikiList('kind=gas'), sandboxGet<Category[]>('/wiki/category/list')]);
  expect(total).toBe(26);

  const res = await page.goto('/gases');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('气体百科');

  const table = page.getByRole('table', { name: '常用气体速查表：化学式、CAS 号、UN 编号与危险类别' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(26);
  for (const g of gases) {
    const row = table.locator(`tr[data-gas-id="${g.id}"]`);
    await expect(row.getByRole('link')).toHaveAttribute('href', `/gases/details/${g.id}`);
    await expect(row.getByRole('link')).toContainText(g.gas!.name);
    await expect(row).toContainText(g.gas!.formula);
    await expect(row).toContainText(g.gas!.cas);
    await expect(row).toContainText(g.gas!.un);
  }
  await expect(table.locator('tr[data-gas-id="1"]')).toContainText('加压气体');
  await expect(table.locator('tr[data-gas-id="8"]')).toContainText('急性毒性');

  const groupNames = ['高纯气体知识', '标准气体知识', '特种气体知识', '气瓶与减压器', '气体安全'];
  expect(categories.map((c) => c.name)).toEqual(groupNames);
  for (const name of groupNames) await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  // Each group lists its knowledge articles.
  const { list: articles } = await wikiList('kind=article');
  for (const a of articles)
    await expect(
      page.getByRole('region', { name: categories.find((c) => c.id === a.categoryId)!.name }).getByRole('link', { name: a.title }),
    ).toHaveAttribute('href', `/gases/details/${a.id}`);
});

test('the gas table filters in the page by name, formula, CAS or UN number', async ({ page }) => {
  await page.goto('/gases');
  const filter = page.getByRole('searchbox', { name: '筛选' });
  const rows = page.locator('tbody tr[data-gas-id]:visible');
  await filter.fill('7727-37-9');
  await expect(rows).toHaveCount(1);
  await expect(page.locator('tr[data-gas-id="1"]')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '找到 1 种气体' })).toBeVisible();
  await filter.fill('UN1072');
  await expect(page.locator('tr[data-gas-id="2"]')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await filter.fill('氟化');
  await expect(rows).toHaveCount(3);
  await filter.fill('不存在的气体');
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('没有匹配的气体')).toBeVisible();
  await filter.fill('');
  await expect(rows).toHaveCount(26);
  await expect(page.getByRole('status').filter({ hasText: '共 26 种气体' })).toBeVisible();
});

test('a menu link to a knowledge group (?pid=0&id=4) brings that group into view and marks it', async ({ page }) => {
  await page.goto('/gases?pid=0&id=4');
  const group = page.getByRole('region', { name: '气瓶与减压器' });
  await expect(group).toHaveClass(/current/);
  await expect(group).toBeInViewport();
  await expect(page.getByRole('region', { name: '高纯气体知识' })).not.toHaveClass(/current/);
});

test('the nitrogen page shows N₂, CAS 7727-37-9 and UN1066, its hazards and properties, and links to its goods and SDS that work', async ({
  page,
}) => {
  const res = await page.goto('/gases/details/1');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/^氮气（N₂）/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('氮气（N₂）');
  const identity = page.getByRole('region', { name: '标识与危险性' });
  await expect(identity.getByRole('definition').nth(0)).toHaveText('N₂');
  await expect(identity.getByRole('definition').nth(1)).toHaveText('7727-37-9');
  await expect(identity.getByRole('definition').nth(2)).toHaveText('UN1066');
  await expect(identity.getByRole('definition').nth(3)).toHaveText('警告');
  await expect(identity.getByRole('img', { name: 'GHS04 加压气体' })).toBeVisible();
  await expect(identity).toContainText('加压气体（压缩气体）');

  const facts = page.getByRole('region', { name: '理化性质' });
  await expect(facts).toContainText('28.014 g/mol');
  await expect(facts).toContainText('−195.8 ℃');
  await expect(facts).toContainText('1.2506 kg/m³');
  await expect(facts).toContainText('不燃');
  await expect(facts).toContainText('气相色谱载气');
  await expect(facts).toContainText('库温不宜超过 30 ℃');
  // The article body from the API, sanitized.
  await expect(page.locator('.rich-text').getByRole('heading', { name: '概述' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('气体百科');
  await expect(page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '高纯气体知识' })).toHaveAttribute(
    'href',
    '/gases#group-1',
  );

  // Related entries of the same group.
  const related = page.getByRole('navigation', { name: '高纯气体知识 · 相关条目' });
  await expect(related.getByRole('link')).toHaveCount(6);
  await expect(related.getByRole('link', { name: /氮气/ })).toHaveCount(0);

  // Converter: nitrogen is one of the toolbox's gases.
  await expect(identity.getByRole('link', { name: '氮气单位换算' })).toHaveAttribute('href', '/services/toolbox/gas?gas=1');

  await identity.getByRole('link', { name: '氮气 SDS' }).click();
  await expect(page).toHaveURL(/\/services\/toolbox\/sds\/1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('氮气（N₂）化学品安全技术说明书');

  await page.goBack();
  await page.getByRole('region', { name: '标识与危险性' }).getByRole('link', { name: '选购氮气' }).click();
  await expect(page).toHaveURL(/\/goods\?keyword=%E6%B0%AE%E6%B0%94$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('“氮气”的商品');
  await expect(page.locator('.goods-card').first()).toBeVisible();
});

test('a gas page carries its search terms, its kind (the search index it goes into), and Article and BreadcrumbList data', async ({
  page,
}) => {
  await page.goto('/gases/details/1');
  const body = page.locator('[data-pagefind-body]');
  await expect(body).toHaveCount(1);
  await expect(body).toHaveAttribute('data-search-kind', 'encyclopedia');
  const terms = (await body.locator('[data-pagefind-weight]').textContent())!.split(' ');
  for (const t of ['氮气', 'N2', 'nitrogen', '液氮', 'LIN']) expect(terms).toContain(t);
  // Menus and related lists stay out of the index.
  await expect(body.getByRole('navigation')).toHaveCount(0);
  await expect(body.locator('[data-pagefind-ignore]').getByRole('link', { name: '选购氮气' })).toHaveCount(1);

  // Nitrogen trifluoride's page does not claim the word nitrogen for itself.
  await page.goto('/gases/details/15');
  const nf3 = (await page.locator('[data-pagefind-weight]').textContent())!.split(' ');
  expect(nf3).toEqual(expect.arrayContaining(['三氟化氮', 'NF3', 'trifluoride']));
  expect(nf3).not.toContain('nitrogen');

  await page.goto('/gases/details/1');
  const article = await ldOf(page, 'Article');
  expect(article).toMatchObject({ headline: '氮气（N₂）', datePublished: '2025-10-12T09:30:00+08:00' });
  expect(String(article!.mainEntityOfPage)).toMatch(/\/gases\/details\/1\/?$/);
  const crumbs = (await ldOf(page, 'BreadcrumbList')) as { itemListElement: { name: string }[] };
  expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['首页', '气体百科', '高纯气体知识', '氮气（N₂）']);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/gases\/details\/1\/?$/);
});

test('a knowledge article shows its title, group, update time and body, with related entries of its group', async ({ page }) => {
  const res = await page.goto('/gases/details/108');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('工业气瓶颜色标志速查');
  await expect(page.locator('.kicker')).toHaveText('气瓶与减压器');
  await expect(page.locator('article time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.locator('.rich-text')).not.toBeEmpty();
  // No gas facts on an article.
  await expect(page.getByRole('region', { name: '标识与危险性' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '理化性质' })).toHaveCount(0);
  const related = page.getByRole('navigation', { name: '气瓶与减压器 · 相关条目' });
  await expect(related.getByRole('link', { name: /减压器怎么选/ })).toHaveAttribute('href', '/gases/details/109');
  await expect(page.locator('[data-pagefind-weight]')).toHaveCount(0);
  expect(await ldOf(page, 'Article')).toMatchObject({ headline: '工业气瓶颜色标志速查' });
});

test('/wiki shows the groups’ newest articles and the community board’s latest posts, with links into the community', async ({ page }) => {
  const [{ list: posts }, { list: articles }] = await Promise.all([
    sandboxGet<{ list: PostSummary[] }>('/community/list?pageNumber=1&pageSize=6'),
    wikiList('kind=article'),
  ]);
  const res = await page.goto('/wiki');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('知识中心');
  for (const name of ['高纯气体知识', '标准气体知识', '特种气体知识', '气瓶与减压器', '气体安全']) {
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  const newest = articles.find((a) => a.categoryId === 5)!;
  await expect(page.getByRole('region', { name: '气体安全' }).getByRole('link', { name: newest.title })).toHaveAttribute(
    'href',
    `/gases/details/${newest.id}`,
  );

  // The board is the newest posts at build time; other specs may post after the build, so check the posts it lists exist.
  const board = page.getByRole('region', { name: '问答社区' });
  expect(posts.length).toBeGreaterThan(0);
  const links = board.locator('a[href^="/community/"]').filter({ hasNotText: '我要提问' });
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!).filter((h) => /^\/community\/\d+$/.test(h)));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.length).toBeLessThanOrEqual(6);
  for (const href of hrefs) {
    const post = await sandboxGet<PostSummary>(`/community/detail/${href.split('/').pop()}`);
    await expect(board.getByRole('link', { name: post.title })).toHaveAttribute('href', href);
  }
  await expect(board.getByRole('link', { name: '进入社区 ›' })).toHaveAttribute('href', '/community');
  await expect(board.getByRole('link', { name: '我要提问' })).toHaveAttribute('href', '/community/add');
  await expect(page.getByRole('link', { name: /全部 26 种气体/ })).toHaveAttribute('href', '/gases');
});

test('an unknown encyclopedia id answers the 404 page', async ({ page }) => {
  for (const path of ['/gases/details/999999', '/gases/details/abc']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '页面不见了' })).toBeVisible();
  }
});

test('on a 360 px phone the gas table folds into cards and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ['/gases', '/gases/details/8', '/gases/details/101', '/wiki']) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
  await page.goto('/gases');
  await expect(page.locator('thead')).toBeHidden();
  await expect(page.locator('tr[data-gas-id="1"]')).toContainText('7727-37-9');
  const box = await page.locator('tr[data-gas-id="1"] th a').boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
});
