import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { BUDGETS, measurePage } from '#scripts/lib/js-weight.ts';
import { loginToken, sandboxGet, signIn } from './sandbox.ts';
import { freshMember, orderingMember, placeOrder, signInWith } from './member-support.ts';

// Flows through the sandbox and several page loads: more than the default 30 s on a busy machine.
// Its tests share no state (the demo member's pages are read, the last test makes its own members): both workers take them.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

/** Every member section with the heading it opens on (the demo member with orders, coupons, points and a ticket). */
const SECTIONS: [string, string][] = [
  ['/member', '我的订单'],
  ['/member/menu', '全部功能'],
  ['/member/my-order', '我的订单'],
  ['/member/my-aftersales', '售后服务'],
  ['/member/my-invoice', '发票抬头'],
  ['/member/my-invoice/invoice', '已开发票'],
  ['/member/my-coupon', '我的优惠券'],
  ['/member/my-coupon?tab=center', '领券中心'],
  ['/member/my-integral', '我的积分'],
  ['/member/my-service', '服务工单'],
  ['/member/my-service?new=1', '提交服务工单'],
  ['/member/my-account', '账户信息'],
  ['/member/my-accountsafe', '账户安全'],
  ['/member/my-address', '收货地址'],
  ['/member/my-toolkit', '常用工具'],
];

test.describe('a visitor', () => {
  test('is asked to sign in on every member page and gets no member data, never cached', async ({ page }) => {
    test.setTimeout(120_000);
    for (const [path] of SECTIONS) {
      const res = await page.goto(path);
      expect(res?.headers()['cache-control']).toBe('private, no-store');
      await expect(page.getByRole('heading', { level: 1, name: '请先登录' })).toBeVisible();
      await expect(page.locator('.m-layout')).toHaveCount(0);
    }
  });
});

test.describe('the demo member', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await signIn(context, baseURL!);
  });

  test('opens every section, with the menu, name, masked phone, order counts and unread messages', async ({ page }) => {
    test.setTimeout(120_000);
    for (const [path, heading] of SECTIONS) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      expect(res?.headers()['cache-control']).toBe('private, no-store');
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    }
    await page.goto('/member');
    const aside = page.getByRole('complementary', { name: '会员中心导航' });
    await expect(aside).toContainText('上海华测分析仪器有限公司采购部');
    await expect(aside).toContainText('138****8000');
    await expect(aside.getByRole('link', { name: /待收货/ })).toContainText('1');
    await expect(aside.getByRole('link', { name: /未读消息/ })).toContainText('3');
    const menu = page.getByRole('navigation', { name: '会员中心菜单' });
    for (const label of [
      '我的订单',
      '售后服务',
      '我的发票',
      '我的优惠券',
      '我的积分',
      '服务工单',
      '常用工具',
      '账户信息',
      '账户安全',
      '收货地址',
    ]) {
      await expect(menu.getByRole('link', { name: label })).toBeVisible();
    }
  });

  test('shows the order list with tabs and counts, and an order detail with its timeline, lines with deposit and payment', async ({
    page,
  }) => {
    await page.goto('/member/my-order');
    const tabs = page.getByRole('navigation', { name: '订单状态' });
    await expect(tabs.getByRole('link', { name: /全部订单/ })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: /已完成/ }).click();
    await expect(page).toHaveURL(/status=COMPLETE/);
    // The completed nitrogen order and the certificate seed's standard-gas order (docs/gas-features.md).
    await expect(page.locator('.m-order')).toHaveCount(2);
    await expect(page.locator('.m-order').first()).toContainText('已完成');
    await page
      .getByRole('link', { name: /订单详情/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: '订单详情' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '订单进度' })).toBeVisible();
    await expect(page.locator('.m-timeline li')).not.toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: '钢瓶押金' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '支付信息' })).toBeVisible();
    // Junk in the query falls back to defaults instead of failing.
    expect((await page.goto('/member/my-order?status=%3Cscript%3E&pageNumber=-4'))?.status()).toBe(200);
  });

  test('shows the birthday the API gives in seconds as a date', async ({ page }) => {
    await page.goto('/member/my-account');
    await expect(page.getByRole('definition').filter({ hasText: '1988-05-16' })).toBeVisible();
  });

  test('on a phone the menu folds into the menu page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/member/my-order');
    await expect(page.getByRole('navigation', { name: '会员中心菜单' })).toBeHidden();
    await page.getByRole('link', { name: '全部功能菜单' }).click();
    await expect(page).toHaveURL(/\/member\/menu$/);
    await page.getByRole('link', { name: /收货地址/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '收货地址' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  for (const width of [390, 1440]) {
    test(`axe finds no serious or critical violation on the member pages at ${width} px`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 900 });
      const { list } = await sandboxGet<{ list: { sn: string }[] }>('/order/list', await loginToken());
      const details = [
        `/member/my-order/detail?sn=${list[0]!.sn}`,
        `/member/my-order/invoice?sn=${list.at(-1)!.sn}`,
        '/member/my-service?id=1',
      ];
      const bad: string[] = [];
      for (const path of [...SECTIONS.map(([p]) => p), ...details]) {
        await page.goto(path);
        bad.push(...(await seriousViolations(page, { label: path })));
      }
      expect(bad).toEqual([]);
    });
  }
});

test('member pages load at most 90 KB of JS (gzip) before interaction', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  for (const path of [
    '/member',
    '/member/my-order',
    '/member/my-address',
    '/member/my-account',
    '/member/my-accountsafe',
    '/member/my-service?new=1',
    '/member/my-coupon?tab=center',
  ]) {
    const weight = await measurePage(browser, baseURL!, path, (context) => signIn(context, baseURL!).then(() => undefined));
    test.info().annotations.push({ type: `js-gzip-bytes ${path}`, description: String(weight.gzipBytes) });
    console.log(`js before interaction ${path}: ${(weight.gzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(weight.gzipBytes, `${path}\n${weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n')}`).toBeLessThanOrEqual(
      BUDGETS.member,
    );
    // jsencrypt loads only when a credential form is submitted.
    expect(weight.files.some((f) => /jsencrypt|JSEncrypt/i.test(f.url))).toBe(false);
  }
});

test("one member never sees another one's order, ticket or after-sale: 404", async ({ context, baseURL, page }) => {
  const other = await orderingMember();
  const sn = await placeOrder(other);
  const me = await freshMember();
  await signInWith(context, baseURL!, me.token);
  for (const path of [
    `/member/my-order/detail?sn=${sn}`,
    `/member/my-order/invoice?sn=${sn}`,
    `/member/my-aftersales/applyAftersale?sn=${sn}`,
    '/member/my-service?id=1',
    '/member/my-aftersales/details?id=999',
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText('页面不见了')).toBeVisible();
    await expect(page.getByText(sn)).toHaveCount(0);
  }
});
