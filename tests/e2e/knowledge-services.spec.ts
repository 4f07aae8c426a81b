// The services and about pages of the knowledge site, built from sandbox data: FAQ, purchase, videos, the factory map,
// submitting a ticket, the about pages, member rights, /details and the 301 redirects of the legacy query forms.
import { expect, test, type Page } from './fixtures.ts';
import { loginDialog } from './auth-helpers.ts';
import { freshMember, hydrate, signInWith } from './member-support.ts';
import { sandboxGet } from './sandbox.ts';

test.describe.configure({ timeout: 90_000 });

/** The JSON-LD objects of the page. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

test('FAQ: the home lists every group, a group page and an answer page, all with FAQPage JSON-LD', async ({ page }) => {
  await page.goto('/services/common_problem');
  await expect(page.getByRole('heading', { level: 1, name: '常见问题' })).toBeVisible();
  for (const group of ['购买咨询', '配送与气瓶', '发票与付款'])
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  const question = page.locator('summary', { hasText: '气体可以快递寄送吗？' });
  await question.click();
  await expect(page.getByText('压缩气体和液化气体属于第 2 类危险货物')).toBeVisible();
  const faq = (await jsonLd(page)).find((d) => d['@type'] === 'FAQPage') as {
    mainEntity: { name: string; acceptedAnswer: { text: string } }[];
  };
  expect(faq.mainEntity).toHaveLength(9);
  expect(faq.mainEntity.find((q) => q.name === '气体可以快递寄送吗？')!.acceptedAnswer.text).toMatch(/^不可以。/);

  // The menu's group link (query form of docs/product.md §2) lands on the pre-rendered group page.
  await page.goto('/services/common_problem/list?id=182&pid=18');
  expect(new URL(page.url()).pathname).toMatch(/^\/services\/common_problem\/list\/182\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: '配送与气瓶' })).toBeVisible();
  await expect(page.locator('.faq-list summary')).toHaveText([
    /气体可以快递寄送吗？/,
    /空瓶怎么退还？押金多久到账？/,
    /收到气瓶时应该检查什么？/,
  ]);

  await page.locator('summary', { hasText: '空瓶怎么退还？押金多久到账？' }).click();
  await page.getByRole('link', { name: /^查看详情\s*：空瓶怎么退还？押金多久到账？$/ }).click();
  await expect(page).toHaveURL(/\/services\/common_problem\/205\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: '空瓶怎么退还？押金多久到账？' })).toBeVisible();
  await expect(page.locator('[data-pagefind-body]')).toContainText('检验合格后 5 个工作日内原路退还押金');
  const ld = await jsonLd(page);
  expect(ld.map((d) => d['@type'])).toEqual(expect.arrayContaining(['BreadcrumbList', 'Article', 'FAQPage']));
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('配送与气瓶');
});

test('the buying process shows its steps and the article', async ({ page }) => {
  await page.goto('/services/purchase');
  await expect(page.getByRole('heading', { level: 1, name: '购买流程' })).toBeVisible();
  await expect(page.getByRole('list', { name: '采购步骤' }).getByRole('listitem')).toHaveText([
    /注册会员/,
    /上传企业信息/,
    /选购下单/,
    /付款/,
    /配送与签收/,
    /售后/,
  ]);
  await expect(page.getByText('支持微信支付、支付宝扫码付款和对公转账')).toBeVisible();
});

test('operation videos: the list, the valve group and a playable video with poster and Chinese captions', async ({ page }) => {
  await page.goto('/services/operation_video');
  await expect(page.getByRole('heading', { level: 1, name: '操作视频' })).toBeVisible();
  await expect(page.locator('.video-cards li')).toHaveCount(4);
  await page.getByRole('link', { name: /^只看此类\s*：阀门操作$/ }).click();
  await expect(page).toHaveURL(/\/services\/operation_video\/valve\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: '阀门操作' })).toBeVisible();
  await expect(page.locator('.video-cards h3')).toHaveText(['钢瓶瓶阀的开启与关闭', '隔膜阀气瓶的检漏操作']);

  await page.goto('/services/operation_video/301');
  await expect(page.getByRole('heading', { level: 1, name: '减压器的安装与拆卸' })).toBeVisible();
  const video = page.locator('video');
  await expect(video).toHaveCount(1);
  await expect(video).toHaveAttribute('poster', '/images/videos/regulator.svg');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video.locator('track[kind="captions"][srclang="zh"]')).toHaveAttribute('src', '/videos/regulator.zh.vtt');
  expect((await page.request.get('/images/videos/regulator.svg')).status()).toBe(200);
  // Playable: the browser loads the file's metadata and its captions.
  const played = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<{ duration: number; cues: number }>((resolve, reject) => {
        const track = v.textTracks[0]!;
        track.mode = 'showing';
        v.addEventListener('error', () => reject(new Error(`video error ${v.error?.code}`)));
        v.addEventListener('loadedmetadata', () => {
          const wait = () =>
            track.cues && track.cues.length > 0 ? resolve({ duration: v.duration, cues: track.cues.length }) : setTimeout(wait, 50);
          wait();
        });
        v.preload = 'metadata';
        v.load();
      }),
  );
  expect(played.duration).toBeGreaterThan(1);
  expect(played.cues).toBe(6);
  await expect(page.getByRole('heading', { name: '操作步骤' })).toBeVisible();
});

test('the factory map places every plant of the API and lists them by province', async ({ page }) => {
  const cities = await sandboxGet<{ name: string; province: string; factories: { name: string; phone: string }[] }[]>('/city_list');
  const plants = cities.flatMap((c) => c.factories);
  await page.goto('/services/map');
  await expect(page.getByRole('heading', { level: 1, name: '全国工厂与配送中心分布' })).toBeVisible();
  const map = page.getByRole('group', { name: /中国工厂分布图/ });
  await expect(map).toBeVisible();
  // Provinces drawn from the real map data: 34 regions, no map script in the browser.
  expect(await page.locator('.china-map .land path').count()).toBe(34);
  await expect(page.locator('.china-map .inset')).toContainText('南海诸岛');
  // The national boundary in the South China Sea (its ten dashes) and the island groups, drawn in the inset from map data.
  await expect(page.locator('.china-map .inset .boundary path')).toHaveCount(10);
  await expect(page.locator('.china-map .inset .isles path')).toHaveCount(7);
  const markers = map.getByRole('img');
  await expect(markers).toHaveCount(plants.length);
  await expect(map.getByRole('img', { name: `${plants[0]!.name}（${cities[0]!.name}）` })).toHaveCount(1);
  const list = page.getByRole('region', { name: '工厂与充装站名录' });
  await expect(list.getByRole('listitem')).toHaveCount(plants.length);
  for (const province of new Set(cities.map((c) => c.province)))
    await expect(list.getByRole('heading', { level: 3, name: province })).toBeVisible();
  await expect(list.getByRole('link', { name: `电话 ${plants[0]!.phone}` })).toHaveAttribute('href', /^tel:/);
  const html = await (await page.request.get('/services/map')).text();
  expect(Buffer.byteLength(html)).toBeLessThan(150 * 1024);
  // Drawn on the server: no map library or map data script reaches the browser.
  expect(html).not.toContain('registerMap');
  expect(await page.locator('script[src*="echarts"]').count()).toBe(0);
});

test('submit a ticket: a visitor is asked to sign in, a member gets the ticket number', async ({ page, context, baseURL }) => {
  const visitor = await page.goto('/services/submit_ticket');
  expect(visitor!.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { name: '请先登录' })).toBeVisible();
  await expect(page.getByRole('form', { name: '提交服务工单' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: '登录', exact: true }).click();
  await expect(loginDialog(page)).toBeVisible();

  const m = await freshMember();
  await signInWith(context, baseURL!, m.token);
  await page.goto('/services/submit_ticket');
  await hydrate(page);
  const form = page.getByRole('form', { name: '提交服务工单' });
  await form.getByLabel('工单类型').selectOption({ label: '配送问题' });
  await form.getByLabel('工单标题').fill('定制标准气体的交期');
  await form.getByLabel('问题描述').fill('SO2 200 ppm 氮气平衡，8L 两瓶，最快几天？');
  await form.getByLabel('联系人').fill('钱工');
  await form.getByLabel('联系电话').fill('12');
  await form.getByRole('button', { name: '提交工单' }).click();
  // Validation keeps what was typed.
  await expect(form.locator('.m-error', { hasText: '手机号不正确' })).toBeVisible();
  await expect(form.getByLabel('工单标题')).toHaveValue('定制标准气体的交期');
  await expect(form.getByLabel('问题描述')).toHaveValue('SO2 200 ppm 氮气平衡，8L 两瓶，最快几天？');
  await form.getByLabel('联系电话').fill(m.phone);
  await form.getByRole('button', { name: '提交工单' }).click();
  const done = page.getByRole('status').filter({ hasText: '工单已提交' });
  await expect(done).toBeVisible();
  const id = await done.locator('[data-ticket-id]').textContent();
  expect(id).toMatch(/^\d+$/);
  await expect(done.getByRole('link', { name: '查看工单' })).toHaveAttribute('href', `/member/my-service?id=${id}`);
  await expect(done.getByRole('link', { name: '我的服务工单' })).toHaveAttribute('href', '/member/my-service');
  const tickets = await sandboxGet<{ list: { id: number; title: string }[] }>('/ticket/list?pageNumber=1&pageSize=10', m.token);
  expect(tickets.list.find((t) => String(t.id) === id)?.title).toBe('定制标准气体的交期');
});

test('about pages: profile, details, contacts and zoomable certificates', async ({ page }) => {
  await page.goto('/about/my-about');
  await expect(page.getByRole('heading', { level: 1, name: '公司简介' })).toBeVisible();
  await expect(page.getByText('7 座生产工厂、12 个区域配送中心')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '了解我们' }).getByRole('link', { name: '公司简介' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.goto('/about/details');
  await expect(page.getByRole('heading', { level: 1, name: '公司概况' })).toBeVisible();
  for (const h of ['公司简介', '行业解决方案', '生产与配送网络', '资质与联系'])
    await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
  await expect(page.locator('.facts li').first()).toContainText('工厂与充装站');

  await page.goto('/about/contactus');
  await expect(page.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible();
  await expect(page.getByRole('link', { name: /服务热线\s*400-820-6688/ })).toHaveAttribute('href', 'tel:400-820-6688');
  await expect(page.getByText('bd@huaqiyunshang.example')).toBeVisible();

  await page.goto('/about/certificate');
  await expect(page.getByRole('heading', { level: 1, name: '资质证书' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '危险化学品经营许可证' })).toBeVisible();
  const zoom = page.getByRole('button', { name: '查看大图：ISO 9001 认证证书' });
  await expect(zoom).toBeVisible();
  await hydrate(page);
  await zoom.click();
  await expect(page.getByRole('dialog', { name: 'ISO 9001 认证证书（大图）' })).toBeVisible();
});

test('member rights, and /details sends an article id to its page', async ({ page }) => {
  await page.goto('/members-right');
  await expect(page.getByRole('heading', { level: 1, name: '会员权益' })).toBeVisible();
  for (const h of ['消费积分', '优惠券', '企业账户']) await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();

  const moved = await page.request.get('/details?articleId=172', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/services/policies/172');
  expect((await page.request.get('/details?articleId=303', { maxRedirects: 0 })).headers().location).toBe('/services/operation_video/303');
  expect((await page.request.get('/details?articleId=abc', { maxRedirects: 0 })).headers().location).toBe('/services/common_problem');
  expect((await page.request.get('/details?articleId=987654', { maxRedirects: 0 })).status()).toBe(404);
});

test('legacy query URLs answer 301 with their path URL', async ({ page }) => {
  const cases: [string, string][] = [
    ['/services/common_problem/info?id=18&pid=16&articleId=201', '/services/common_problem/201'],
    ['/services/operation_video?articleId=301', '/services/operation_video/301'],
    ['/gases/details?id=1', '/gases/details/1'],
    ['/case/details?id=1', '/case/details/1'],
    ['/about/news/details?id=1', '/about/news/1'],
    ['/case/list?categoryId=1&pageNumber=2', '/case/list/1/2'],
    ['/services/policies/info?articleId=381', '/services/policies/381'],
    ['/gases/details?id=//evil.example', '/gases'],
  ];
  for (const [from, to] of cases) {
    const res = await page.request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(to);
  }
  await page.goto('/services/common_problem/info?articleId=201');
  expect(new URL(page.url()).pathname).toMatch(/^\/services\/common_problem\/201\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: '个人可以在商城购买气体吗？' })).toBeVisible();
});
