// Console clean: every main template (templates.ts) as a visitor and as a member, at 390 and 1440 px, with every island woken
// (client:interaction islands hydrate only when touched, and that is when a hydration mismatch shows): no console error, no
// page error (React's #418 arrives as one), no hydration warning and no CSP violation (`securitypolicyviolation` events, as
// an inline style attribute raises them). Then the two moments a toast hydrates its island with content already in the
// store: a member adding to the cart, and signing in through the login page. docs/engines.md.
import { expect, test as base, type Browser, type BrowserContext, type Page } from './fixtures.ts';
import { signIn } from './sandbox.ts';
import { TEMPLATES } from './templates.ts';

/** Signs the demo member in once per worker; each test opens its member context from the stored cookies. */
const test = base.extend<object, { memberState: Awaited<ReturnType<BrowserContext['storageState']>> }>({
  memberState: [
    async ({ browser }, use, info) => {
      const baseURL = info.project.use.baseURL!;
      const context = await browser.newContext({ baseURL });
      await signIn(context, baseURL);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'parallel' });

const RECORD = () => {
  const w = window as unknown as { __violations: string[] };
  w.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`CSP ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || e.documentURI}:${e.lineNumber}`));
};

/** Records what the page reports; `take()` returns it and starts again. The 404 template's own document is a 404. */
function watch(page: Page, allow404 = false) {
  const seen: string[] = [];
  page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    const text = m.text();
    if (m.type() === 'error' && !(allow404 && /status of 404/.test(text))) seen.push(`console error: ${text}`);
    else if (m.type() === 'warning' && /hydrat/i.test(text)) seen.push(`hydration warning: ${text}`);
  });
  return {
    async take(): Promise<string[]> {
      const v = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations?.splice(0) ?? []);
      return [...seen.splice(0), ...v];
    },
  };
}

/** Wakes every client:interaction island the way a reader's pointer would, and waits until each has hydrated. */
async function wakeIslands(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('astro-island[ssr][client="interaction"]')) {
      const target = island.firstElementChild ?? island;
      target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    }
  });
  await expect(page.locator('astro-island[ssr][client="interaction"]')).toHaveCount(0);
  // Their first requests (cart, likes, captcha) answer; an error they raise is reported by then.
  await page.waitForLoadState('networkidle');
}

async function sweep(browser: Browser, baseURL: string, path: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<string[]> {
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  await context.addInitScript(RECORD);
  const page = await context.newPage();
  const reports = watch(page, path === '/no/such/page');
  const found: string[] = [];
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    await wakeIslands(page);
    found.push(...(await reports.take()).map((r) => `${width} px: ${r}`));
  }
  await context.close();
  return found;
}

for (const t of TEMPLATES) {
  test(`${t.name} (${t.path}): nothing in the console as a visitor or a member, 390 and 1440 px`, async ({ browser, baseURL, memberState }) => {
    expect(await sweep(browser, baseURL!, t.path), 'visitor').toEqual([]);
    expect(await sweep(browser, baseURL!, t.path, memberState), 'member').toEqual([]);
  });
}

test('a member adding to the cart: the toast hydrates its island without a mismatch', async ({ browser, baseURL, memberState }) => {
  const context = await browser.newContext({ baseURL, storageState: memberState, locale: 'zh-CN' });
  await context.addInitScript(RECORD);
  const page = await context.newPage();
  const reports = watch(page);
  await page.goto('/goods/1001');
  await page.locator('.buybox-actions').getByRole('button', { name: '加入购物车' }).click();
  await expect(page.locator('.ui-toast').first()).toBeVisible();
  expect(await reports.take()).toEqual([]);
  await context.close();
});

test('signing in on the login page: the page it lands on reports nothing', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  await context.addInitScript(RECORD);
  const page = await context.newPage();
  const reports = watch(page);
  await page.goto('/login');
  const form = page.locator('#auth-login-panel');
  await form.getByPlaceholder('请输入手机号或邮箱').click();
  const holder = form.locator('[data-captcha-uuid]');
  await expect(holder).toHaveAttribute('data-captcha-uuid', /.+/);
  const { sandboxGet } = await import('./sandbox.ts');
  const { answer } = await sandboxGet<{ answer: string }>(`/__sandbox/captcha/${await holder.getAttribute('data-captcha-uuid')}`);
  await form.getByPlaceholder('请输入手机号或邮箱').fill('13800138000');
  await form.getByPlaceholder('请输入密码').fill('Gas@2026pass');
  await form.getByPlaceholder('请输入右侧验证码').fill(answer);
  await form.locator('button[type="submit"]').click();
  // The login page sends the member on (home by default); the toast 登录成功 hydrates the toaster there or before.
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await expect(page.locator('[data-profile-name]').first()).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  expect(await reports.take()).toEqual([]);
  await context.close();
});
