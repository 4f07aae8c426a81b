/** The session (docs/product.md §4, docs/architecture.md §5): one refresh for parallel calls, a revoked session ends in the login dialog, logout, guards, the privacy notice, cross-site posts and the unread count. */
import { expect, test } from './fixtures.ts';
import { loginDialog, loginThroughShop, newMember, PASSWORD, shownCaptcha } from './auth-helpers.ts';
import { encryptCredential } from '#sandbox/rsa.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';

test('token expiry mid-session refreshes once for 5 parallel calls', async ({ page, context }) => {
  const { phone } = await newMember();
  await page.goto('/');
  await loginThroughShop(page, phone);
  const before = (await context.cookies()).find((c) => c.name === 'gas_at')!.value;
  await sandboxPost('/__sandbox/sessions/expire', { phone, what: 'access' });

  const answers = await page.evaluate(() =>
    Promise.all(Array.from({ length: 5 }, () => fetch('/api/buyer/message/unread').then((r) => r.json() as Promise<{ status: number }>))),
  );
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  expect((await sandboxGet<{ count: number }>(`/__sandbox/sessions/refreshes?phone=${phone}`)).count).toBe(1);
  const after = (await context.cookies()).find((c) => c.name === 'gas_at');
  expect(after?.httpOnly).toBe(true);
  expect(after?.value).not.toBe(before);
});

test('a revoked refresh token ends in the login dialog with 登录过期', async ({ page, context }) => {
  const { phone } = await newMember();
  await page.goto('/');
  await loginThroughShop(page, phone);
  await page.goto('/');
  await expect(page.locator('[data-profile-name]').first()).toHaveText(`用户${phone.slice(-4)}`);
  await sandboxPost('/__sandbox/sessions/expire', { phone, what: 'refresh' });

  // The cart drop-down loads the member's cart: 401, the renewal fails too.
  await page.getByRole('link', { name: /我的购物车/ }).hover();
  await expect(page.getByText('登录过期')).toBeVisible();
  await expect(loginDialog(page)).toBeVisible();
  await expect(page.getByRole('link', { name: '请登录' })).toBeVisible();
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('gas_at');
  expect(names).not.toContain('gas_rt');
  expect(names).not.toContain('gas_user');
});

test('logout clears the session: 退出成功!', async ({ page, context }) => {
  const { phone } = await newMember();
  await page.goto('/');
  await loginThroughShop(page, phone);
  await page.goto('/');
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page.getByText('退出成功!')).toBeVisible();
  await expect(page.getByRole('link', { name: '请登录' })).toBeVisible();
  const names = (await context.cookies()).map((c) => c.name);
  for (const n of ['gas_at', 'gas_rt', 'gas_user']) expect(names).not.toContain(n);
});

test('/member as a visitor opens the login dialog and returns there after login', async ({ page }) => {
  const { phone } = await newMember();
  await page.goto('/member');
  await expect(page.getByRole('heading', { name: '请先登录' })).toBeVisible();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('图形验证码').fill((await shownCaptcha(dialog)).answer);
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByText('登录成功').first()).toBeVisible();
  await page.waitForURL('**/member');
  await expect(page.getByRole('heading', { name: '请先登录' })).toBeHidden();
});

test('the login dialog /community/add opens for a visitor comes without React, closes with Esc and opens again from 请登录', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/community/add');
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('手机号')).toBeVisible();
  // Rendered with the page: no island code until the visitor does something.
  await page.waitForTimeout(300);
  expect(scripts.filter((u) => /\/AccountDialogs\.[\w-]+\.js/.test(u))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: '请先登录' })).toBeVisible();
  await page.getByRole('link', { name: '请登录' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('手机号')).toBeVisible();
});

test('privacy notice: cancel leaves the visitor logged out, confirm completes the login', async ({ page, context }) => {
  const { phone } = await newMember({ privacyState: 'n' });
  await page.goto('/');
  const login = async () => {
    await page.getByRole('link', { name: '请登录' }).click();
    const dialog = loginDialog(page);
    await dialog.getByLabel('手机号').fill(phone);
    await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('图形验证码').fill((await shownCaptcha(dialog)).answer);
    await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
    const notice = page.locator('dialog[data-dialog="privacy-notice"]');
    await expect(notice).toBeVisible();
    return notice;
  };
  let notice = await login();
  await notice.getByRole('button', { name: '不同意' }).click();
  await expect(notice).toBeHidden();
  expect((await context.cookies()).map((c) => c.name)).not.toContain('gas_at');
  await page.reload();
  await expect(page.getByRole('link', { name: '请登录' })).toBeVisible();

  notice = await login();
  await notice.getByRole('button', { name: '同意并继续' }).click();
  await expect(page.getByText('登录成功').first()).toBeVisible();
  await expect(page.locator('[data-profile-name]').first()).toHaveText(`用户${phone.slice(-4)}`);
  expect((await context.cookies()).find((c) => c.name === 'gas_at')?.httpOnly).toBe(true);
});

test('login and refresh refuse cross-site posts', async ({ request }) => {
  for (const path of ['/api/session/login', '/api/session/refresh', '/api/session/sms-login']) {
    const res = await request.post(path, { headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, data: {} });
    expect(res.status(), path).toBe(403);
  }
});

test('the shortcut bar shows the unread messages count of the demo member', async ({ page }) => {
  await page.goto('/');
  await loginThroughShop(page, '13800138000');
  await page.goto('/');
  await expect(page.locator('[data-unread-count]')).toHaveText('3');
});

test('a member with a shop is sent to the configured seller site; the answer carries no token', async ({ page }) => {
  const { phone } = await newMember({ haveShop: true });
  await page.goto('/');
  const { uuid } = await sandboxGet<{ uuid: string }>('/code');
  const { answer } = await sandboxGet<{ answer: string }>(`/__sandbox/captcha/${uuid}`);
  const res = await page.request.post('/api/session/login', {
    data: { username: encryptCredential(phone), password: encryptCredential(PASSWORD), uuid, code: answer },
  });
  const body = (await res.json()) as { status: number; data: { seller: string | null } };
  expect(body.status).toBe(200);
  expect(body.data.seller).toBe('https://seller.example.cn/');
  expect(JSON.stringify(body)).not.toMatch(/token/i);
});
