/**
 * Cases, news and community in Chromium against the built site and the sandbox: likes, comments and replies without reload
 * (a visitor is asked to sign in), comment text shown as text, case paging and sector filter, news 上一篇/下一篇, community
 * posts made after the build, and the ask form. Each test signs in a fresh member, so no count depends on another spec.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from './fixtures.ts';
import { BUDGETS, loadsReact, measurePage } from '#scripts/lib/js-weight.ts';
import { newMember } from './auth-helpers.ts';
import { seriousViolations } from './axe.ts';
import { sandboxPost, signIn } from './sandbox.ts';

async function freshMember(context: BrowserContext, baseURL: string): Promise<string> {
  const { phone } = await newMember();
  await signIn(context, baseURL, phone);
  return phone;
}

/** The likes-and-comments section once its island has hydrated and loaded the live state. */
async function engagement(page: Page): Promise<Locator> {
  const section = page.locator('section.kn-engage');
  await section.scrollIntoViewIfNeeded();
  // The island waits for the reader to use the page (client:interaction="engaged"); on a short page nothing scrolls, so move the pointer.
  await page.mouse.move(20, 20);
  await expect(page.locator('astro-island:not([ssr]) section.kn-engage')).toBeVisible();
  await expect(section.getByText('评论加载中…')).toHaveCount(0);
  return section;
}

const likeButton = (section: Locator) => section.getByRole('button', { name: /点赞/ });
const likeCount = async (section: Locator) => Number(await section.locator('[data-like-count]').textContent());

test('a member likes, comments on and replies to a case and sees each at once, without a reload', async ({ page, context, baseURL }) => {
  await freshMember(context, baseURL!);
  await page.goto('/case/details/5');
  // Any full navigation after this point would lose the marker.
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  const section = await engagement(page);

  const like = likeButton(section);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const before = await likeCount(section);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(section.locator('[data-like-count]')).toHaveText(String(before + 1));

  const total = section.locator('.kn-total');
  const commentsBefore = Number((await total.textContent())!.replace(/\D/g, ''));
  const text = `换瓶后基线稳定了 <b>x</b> ${Date.now()}`;
  await section.getByRole('textbox', { name: '评论内容' }).fill(text);
  await section.getByRole('button', { name: '发表评论' }).click();
  const first = section.locator('.kn-comment').first();
  // Newest first, and the markup shows literally: no <b> element was made from it.
  await expect(first.locator('.kn-text').first()).toHaveText(text);
  await expect(first.locator('b')).toHaveCount(0);
  await expect(total).toHaveText(`（${commentsBefore + 1}）`);
  await expect(section.getByRole('textbox', { name: '评论内容' })).toHaveValue('');

  await first.getByRole('button', { name: /^回复/ }).click();
  const reply = `谢谢分享 <i>y</i> ${Date.now()}`;
  await first.getByRole('textbox', { name: /^回复/ }).fill(reply);
  await first.getByRole('button', { name: '发表回复' }).click();
  await expect(first.locator('.kn-reply .kn-text')).toHaveText(reply);
  await expect(first.locator('.kn-reply i')).toHaveCount(0);

  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');

  // The server kept all three: a reload shows the liked state, the comment and the reply.
  await page.reload();
  const again = await engagement(page);
  await expect(likeButton(again)).toHaveAttribute('aria-pressed', 'true');
  await expect(again.locator('[data-like-count]')).toHaveText(String(before + 1));
  await expect(again.locator('.kn-comment').first().locator('.kn-text').first()).toHaveText(text);
  await expect(again.locator('.kn-comment').first().locator('.kn-reply .kn-text')).toHaveText(reply);

  // Liking again takes the like back.
  await likeButton(again).click();
  await expect(likeButton(again)).toHaveAttribute('aria-pressed', 'false');
  await expect(again.locator('[data-like-count]')).toHaveText(String(before));
});

test('a like tapped while the live counts are on their way is not undone when they arrive late', async ({ page, context, baseURL }) => {
  await freshMember(context, baseURL!);
  // The network answers out of order, deterministically: the live state is read on the server before the like is written,
  // and reaches the page only after the like's own answer (as two requests on two connections may).
  let staleRead!: () => void;
  const read = new Promise<void>((r) => (staleRead = r));
  let likeAnswered!: () => void;
  const answered = new Promise<void>((r) => (likeAnswered = r));
  let stateShown!: () => void;
  const shown = new Promise<void>((r) => (stateShown = r));
  await page.route(
    (url) => url.pathname.endsWith('/case/detail/7'),
    async (route) => {
      const stale = await route.fetch();
      staleRead();
      await answered;
      await route.fulfill({ response: stale });
      stateShown();
    },
  );
  await page.route(
    (url) => url.pathname.endsWith('/case/fabulous'),
    async (route) => {
      await read;
      const response = await route.fetch();
      await route.fulfill({ response });
      likeAnswered();
    },
  );
  await page.goto('/case/details/7');
  const section = page.locator('section.kn-engage');
  await section.scrollIntoViewIfNeeded();
  const like = likeButton(section);
  const before = await likeCount(section);
  // One tap, whether or not the island has hydrated yet: it wakes the island, which asks for the live state at once.
  const box = (await like.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await shown;
  // The late answer has been handled by now (a frame later); the member's like stands, on screen and on the server.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(section.locator('[data-like-count]')).toHaveText(String(before + 1));
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  const again = await engagement(page);
  await expect(likeButton(again)).toHaveAttribute('aria-pressed', 'true');
});

test('a visitor who likes or comments is asked to sign in, and nothing is sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/') && sent.push(r.url()));
  await page.goto('/case/details/6');
  const section = await engagement(page);
  const before = await likeCount(section);

  await likeButton(section).click();
  const dialog = page.getByRole('dialog', { name: /登录/ });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/case\/details\/6$/);
  await expect(likeButton(section)).toHaveAttribute('aria-pressed', 'false');
  await expect(section.locator('[data-like-count]')).toHaveText(String(before));
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  await section.getByRole('textbox', { name: '评论内容' }).fill('访客的评论');
  await section.getByRole('button', { name: '发表评论' }).click();
  await expect(dialog).toBeVisible();
  // The text stays for after the login.
  await expect(section.getByRole('textbox', { name: '评论内容' })).toHaveValue('访客的评论');
  expect(sent).toEqual([]);
});

test('comment text is checked with the contract messages before it is sent', async ({ page, context, baseURL }) => {
  await freshMember(context, baseURL!);
  await page.goto('/about/news/3');
  const section = await engagement(page);
  const box = section.getByRole('textbox', { name: '评论内容' });
  const send = section.getByRole('button', { name: '发表评论' });

  await box.fill('   ');
  await send.click();
  await expect(section.getByRole('alert')).toHaveText('评论内容不能为空');
  await expect(box).toHaveAttribute('aria-invalid', 'true');

  await box.fill('气'.repeat(501));
  await send.click();
  await expect(section.getByRole('alert')).toHaveText('评论内容不能超过500字');
  await expect(box).toHaveValue('气'.repeat(501));

  // Exactly 500 characters is allowed; the news article takes comments like a case.
  const ok = `${'氮'.repeat(490)}${String(Date.now()).slice(-10)}`;
  await box.fill(ok);
  await send.click();
  await expect(section.locator('.kn-comment').first().locator('.kn-text').first()).toHaveText(ok);
});

test('the case list pages 16 cases at a time and filters by sector and sub-category', async ({ page }) => {
  await page.goto('/case/list');
  const cards = page.locator('.case-card');
  await expect(cards).toHaveCount(16);
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(pager.getByText('共 17 件')).toBeVisible();
  await pager.getByRole('link', { name: '下一页' }).click();
  await expect(page).toHaveURL(/\/case\/list\/0\/2$/);
  await expect(cards).toHaveCount(1);

  await page.getByRole('navigation', { name: '案例行业' }).getByRole('link', { name: '环境监测' }).click();
  await expect(page).toHaveURL(/\/case\/list\/3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('环境监测');
  const sectors = await page.locator('.case-card .sector').allTextContents();
  expect(sectors.length).toBeGreaterThan(0);
  for (const s of sectors) expect(s).toContain('环境监测');
  // The sector's first page opens with its solution article.
  await expect(page.locator('#solution summary')).toContainText('解决方案');

  await page
    .getByRole('list', { name: '环境监测分类' })
    .getByRole('link', { name: /固定污染源 CEMS/ })
    .click();
  await expect(page).toHaveURL(/\/case\/list\/301$/);
  for (const s of await page.locator('.case-card .sector').allTextContents()) expect(s).toContain('固定污染源 CEMS');

  // A card opens its case page.
  const title = (await page.locator('.case-card h2').first().textContent())!;
  await page.locator('.case-card h2 a').first().click();
  await expect(page).toHaveURL(/\/case\/details\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.article-meta')).toContainText('客户');
});

test('news: category tabs, a detail page and its 上一篇/下一篇 links', async ({ page }) => {
  await page.goto('/about/news');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('新闻资讯');
  await page.getByRole('navigation', { name: '新闻分类' }).getByRole('link', { name: '公司新闻' }).click();
  await expect(page).toHaveURL(/\/about\/news\/list\/1$/);
  for (const m of await page.locator('.news-meta').allTextContents()) expect(m).toContain('公司新闻');

  // The newest article of the category has no 上一篇; its 下一篇 is the next older one, whose 上一篇 leads back.
  const first = page.locator('.news-item h2 a').first();
  const firstTitle = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  const neighbours = page.getByRole('navigation', { name: '上一篇和下一篇' });
  await expect(neighbours).toContainText('上一篇：没有了');
  const next = neighbours.locator('a[rel="next"]');
  const nextTitle = (await next.textContent())!;
  await next.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle);
  await expect(page.locator('.article-meta')).toContainText('来源');
  // Search engines get a NewsArticle and the breadcrumb trail; the page is the article's canonical URL.
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as { '@type': string; headline?: string },
  );
  expect(ld.find((x) => x['@type'] === 'NewsArticle')?.headline).toBe(nextTitle);
  expect(ld.some((x) => x['@type'] === 'BreadcrumbList')).toBe(true);
  expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toMatch(/^\/about\/news\/\d+\/?$/);
  await page.getByRole('navigation', { name: '上一篇和下一篇' }).locator('a[rel="prev"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
});

test('a community post made through the API after the build shows on the board and its page, as text', async ({ page }) => {
  const id = 900000 + Math.floor(Math.random() * 99999);
  const title = `E2E 新帖 ${id}：减压器结霜 <script>window.pwned=1</script>`;
  await sandboxPost('/__sandbox/articles', { kind: 'community', id, title, content: '第一行 <b>加粗?</b>\n第二行', name: '测试会员' });
  // The board is CDN-cached for a few seconds; a fresh render shows the post.
  await expect(async () => {
    await page.goto('/community');
    await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/community/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const body = page.locator('.body');
  await expect(body).toHaveText('第一行 <b>加粗?</b>\n第二行');
  await expect(body.locator('b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  await engagement(page);

  const missing = await page.goto('/community/987654321');
  expect(missing!.status()).toBe(404);
  expect((await page.request.get('/community/abc')).status()).toBe(404);
  expect((await page.request.get('/community')).headers()['cache-control']).toContain('public');
});

test('/community/add: a member asks a question with the contract messages and lands on the new post; a visitor is asked to sign in', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  const visitor = await browser.newPage();
  const res = await visitor.goto(`${baseURL}/community/add`);
  expect(res!.headers()['cache-control']).toBe('private, no-store');
  await expect(visitor.getByRole('heading', { name: '请先登录' })).toBeVisible();
  await expect(visitor.getByLabel('标题')).toHaveCount(0);
  await visitor.close();

  await freshMember(context, baseURL!);
  await page.goto('/community/add');
  const title = page.getByLabel('标题');
  const body = page.getByLabel('内容');
  await page.getByRole('button', { name: '发布问题' }).click();
  await expect(page.getByText('标题不能为空')).toBeVisible();
  await expect(page.getByText('内容不能为空')).toBeVisible();

  await title.fill('长'.repeat(51));
  await body.fill('第一行\n第二行 <b>粗</b>');
  await page.getByRole('button', { name: '发布问题' }).click();
  await expect(page.getByText('标题不能超过50字')).toBeVisible();
  // The input is kept after the refusal.
  await expect(page.getByLabel('标题')).toHaveValue('长'.repeat(51));
  await expect(page.getByLabel('内容')).toHaveValue('第一行\n第二行 <b>粗</b>');

  await page.getByLabel('内容').fill('内'.repeat(5001));
  await page.getByLabel('标题').fill('标题');
  await page.getByRole('button', { name: '发布问题' }).click();
  await expect(page.getByText('内容不能超过5000字')).toBeVisible();

  const question = `液氮罐外壁结霜正常吗？${Date.now()}`;
  await page.getByLabel('标题').fill(question);
  await page.getByLabel('内容').fill('第一行\n第二行 <b>粗</b>');
  await page.getByRole('button', { name: '发布问题' }).click();
  await expect(page).toHaveURL(/\/community\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await expect(page.locator('.body')).toHaveText('第一行\n第二行 <b>粗</b>');
  // The board shows it at once: posting purged the board's cache.
  await page.goto('/community');
  await expect(page.getByRole('link', { name: question })).toBeVisible();
});

test('a short post, whose comments are on screen at load, loads no React before the reader uses the page', async ({ browser, baseURL }) => {
  const id = 800000 + Math.floor(Math.random() * 99999);
  await sandboxPost('/__sandbox/articles', { kind: 'community', id, title: `短帖 ${id}`, content: '一句话。' });
  const weight = await measurePage(browser, baseURL!, `/community/${id}`);
  expect(weight.gzipBytes, weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(BUDGETS.content);
  expect(loadsReact(weight)).toBe(false);
});

for (const width of [390, 1440]) {
  test(`the loaded comments with an open reply box have no serious axe violation at ${width} px`, async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    await freshMember(context, baseURL!);
    await page.goto('/community/2');
    const section = await engagement(page);
    const text = `axe ${width} ${Date.now()}`;
    await section.getByRole('textbox', { name: '评论内容' }).fill(text);
    await section.getByRole('button', { name: '发表评论' }).click();
    await expect(section.locator('.kn-comment').first().locator('.kn-text').first()).toHaveText(text);
    await section.locator('.kn-comment').first().getByRole('button', { name: /^回复/ }).click();
    await expect(section.locator('.kn-comment').first().getByRole('textbox', { name: /^回复/ })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
  });
}
