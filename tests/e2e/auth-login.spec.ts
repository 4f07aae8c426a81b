/** Login (docs/product.md §4): the demo member's password login from the shortcut bar, SMS login with its countdown, the login page's return path, and jsencrypt loading only once the form is used. */
import { expect, test, type Page } from './fixtures.ts';
import { loginDialog, newMember, shownCaptcha, smsCode } from './auth-helpers.ts';

const submit = (scope: ReturnType<Page['locator']>) => scope.getByRole('button', { name: /^登\s*录$/ });

test('password login of the demo member: tokens stay in HttpOnly cookies, the greeting shows the member', async ({ page, context }) => {
  await page.goto('/services/policies/172');
  await page.getByRole('link', { name: '请登录' }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  const { answer } = await shownCaptcha(dialog);
  await expect(dialog.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('手机号').fill('13800138000');
  await dialog.getByLabel('密码', { exact: true }).fill('Gas@2026pass');
  await dialog.getByLabel('图形验证码').fill(answer);
  // The page was loaded already, so the next load event is the reload that follows a login.
  const reloaded = page.waitForEvent('load');
  await submit(dialog).click();
  await expect(page.getByText('登录成功').first()).toBeVisible();
  await reloaded;
  await page.waitForURL('**/services/policies/172');
  await expect(page.locator('[data-profile-name]').first()).toBeVisible();
  await expect(page.locator('[data-profile-name]').first()).not.toBeEmpty();

  const cookies = await context.cookies();
  const at = cookies.find((c) => c.name === 'gas_at');
  const rt = cookies.find((c) => c.name === 'gas_rt');
  expect(at?.httpOnly).toBe(true);
  expect(rt?.httpOnly).toBe(true);
  expect(at?.sameSite).toBe('Lax');
  expect(at!.expires).toBeGreaterThan(Date.now() / 1000);
  // The browser's JavaScript, storage, page and address never see a token.
  const seen = await page.evaluate(() =>
    [
      document.cookie,
      document.documentElement.outerHTML,
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      location.href,
    ].join('\n'),
  );
  expect(seen).not.toContain(at!.value);
  expect(seen).not.toContain(rt!.value);
});

test('SMS login: code sent with a countdown that survives a reload, then logged in', async ({ page }) => {
  const { phone } = await newMember();
  await page.goto('/');
  await page.getByRole('link', { name: '请登录' }).click();
  let dialog = loginDialog(page);
  await dialog.getByRole('tab', { name: '短信登录' }).click();
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('短信发送成功，请注意查收！')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /重新获取\(\d+s\)/ })).toHaveAttribute('aria-disabled', 'true');

  await page.reload();
  await page.getByRole('link', { name: '请登录' }).click();
  dialog = loginDialog(page);
  await dialog.getByRole('tab', { name: '短信登录' }).click();
  await expect(dialog.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByLabel('短信验证码').fill(await smsCode(phone));
  await submit(dialog).click();
  await expect(page.getByText('登录成功').first()).toBeVisible();
  await expect(page.locator('[data-profile-name]').first()).toHaveText(`用户${phone.slice(-4)}`);
});

test('the login page: a foreign forward ends on this site, a same-origin one is followed', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const { phone, password } = await newMember();
  // The query as it is typed into the address bar: encoded values, and raw ones whose dot segments normalise into `//`.
  const cases: [string, string][] = [
    [encodeURIComponent('//evil.com'), '/'],
    [encodeURIComponent('/\\evil.com'), '/'],
    [encodeURIComponent('https:evil.com'), '/'],
    [encodeURIComponent('%2F%2Fevil.com'), '/'],
    ['/.//evil.example/pwn', '/'],
    ['/%2e%2e//evil.example', '/'],
    [encodeURIComponent('/a/..//evil.example'), '/'],
    [encodeURIComponent('/services/policies/172'), '/services/policies/172'],
  ];
  for (const [forward, expected] of cases) {
    await page.context().clearCookies();
    await page.goto(`/login?forward=${forward}`);
    const card = page.locator('.auth-card');
    await card.getByLabel('手机号').fill(phone);
    const { answer } = await shownCaptcha(card);
    await card.getByLabel('密码', { exact: true }).fill(password);
    await card.getByLabel('图形验证码').fill(answer);
    await submit(card).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const url = new URL(page.url());
    expect(url.origin, forward).toBe(new URL(baseURL!).origin);
    expect(url.pathname, forward).toBe(expected);
  }
});

test('the login page loads no jsencrypt until the form is used', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(await r.text().catch(() => ''));
  });
  const jsencryptLoaded = () => scripts.some((s) => s.includes('Invalid RSA public key'));
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(jsencryptLoaded()).toBe(false);
  await expect(page.getByRole('heading', { name: '会员登录' })).toBeVisible();
  expect(jsencryptLoaded()).toBe(false);

  // Using the form (focus, typing, sending) loads it.
  const { phone } = await newMember();
  const card = page.locator('.auth-card');
  await card.getByLabel('手机号').fill(phone);
  const { answer } = await shownCaptcha(card);
  await card.getByLabel('密码', { exact: true }).fill('wrong-Password1!');
  await card.getByLabel('图形验证码').fill(answer);
  await submit(card).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  expect(jsencryptLoaded()).toBe(true);
});
