// Console clean at the two moments a toast hydrates its island with content already in the store: a member adding to the
// cart, and signing in through the login page. Every main template's console, as a visitor and as a member at 390 and 1440 px
// with every island woken, is checked by the template sweep (templates.spec.ts). docs/engines.md.
import { expect } from './fixtures.ts';
import { RECORD_CSP as RECORD, test, watch } from './page-reports.ts';

test.describe.configure({ mode: 'parallel' });

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
