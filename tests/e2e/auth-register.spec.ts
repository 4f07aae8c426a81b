/** Sign-up and password reset (docs/product.md §4): a new registration through every dialog then login with it; a reset then login with the new password. */
import { expect, test } from './fixtures.ts';
import { freshPhone, loginDialog, newMember, shownCaptcha, smsCode } from './auth-helpers.ts';
import { sandboxGet } from './sandbox.ts';

// Each flow hashes passwords in the sandbox and walks several dialogs.
test.describe.configure({ timeout: 60_000 });

test('a new registration through all dialogs, then login with it', async ({ page }) => {
  const phone = freshPhone();
  const password = 'Nitrogen#99';
  await page.goto('/');
  await page.getByRole('link', { name: '免费注册' }).first().click();
  const reg = page.locator('dialog[data-dialog="register"]');
  await expect(reg).toBeVisible();
  await reg.getByLabel('手机号').fill(phone);
  await reg.getByLabel('设置密码').fill(password);
  await reg.getByLabel('确认密码').fill(password);
  await reg.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('短信发送成功，请注意查收！')).toBeVisible();
  await reg.getByLabel('短信验证码').fill(await smsCode(phone));

  // The agreement and legal statement each open their text (protocol list index 0 and 1).
  await reg.getByRole('button', { name: '《注册协议》' }).click();
  const text = page.locator('dialog[data-dialog="text"]');
  await expect(text).toBeVisible();
  await expect(text.locator('.auth-text p').first()).not.toBeEmpty();
  await text.getByRole('button', { name: '我知道了' }).click();
  await reg.getByRole('button', { name: '《法律声明》' }).click();
  await expect(text.locator('.auth-text p').first()).not.toBeEmpty();
  await text.getByRole('button', { name: '我知道了' }).click();
  await reg.getByRole('checkbox').nth(0).check();
  await reg.getByRole('checkbox').nth(1).check();
  await reg.getByRole('button', { name: '同意协议并注册' }).click();

  // Every privacy item must be ticked.
  const privacy = page.locator('dialog[data-dialog="privacy"]');
  await expect(privacy).toBeVisible();
  const items = privacy.getByRole('checkbox');
  expect(await items.count()).toBeGreaterThan(0);
  for (const box of await items.all()) await box.check();
  await privacy.getByRole('button', { name: '同意并注册' }).click();
  await expect(page.getByText('注册成功')).toBeVisible();

  // Sign-up closes and sign-in opens; the new account logs in.
  await expect(reg).toBeHidden();
  const login = loginDialog(page);
  await expect(login).toBeVisible();
  await login.getByLabel('手机号').fill(phone);
  await login.getByLabel('密码', { exact: true }).fill(password);
  await login.getByLabel('图形验证码').fill((await shownCaptcha(login)).answer);
  await login.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByText('登录成功').first()).toBeVisible();
  await expect(page.locator('[data-profile-name]').first()).toHaveText(`用户${phone.slice(-4)}`);
});

test('password reset, then login with the new password (the old one fails)', async ({ page }) => {
  const { phone, password: old } = await newMember();
  const fresh = 'Argon$2027new';
  await page.goto('/');
  await page.getByRole('link', { name: '请登录' }).click();
  await loginDialog(page).getByRole('button', { name: '忘记密码？' }).click();
  const reset = page.locator('dialog[data-dialog="reset"]');
  await expect(reset).toBeVisible();
  await reset.getByLabel('手机号').fill(phone);
  await reset.getByLabel('新密码').fill(fresh);
  await reset.getByLabel('确认密码').fill(fresh);
  await reset.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('短信发送成功，请注意查收！')).toBeVisible();

  // A wrong code fails with the customer-service message and keeps the form.
  await reset.getByLabel('短信验证码').fill('000000');
  const code = await smsCode(phone);
  if (code !== '000000') {
    await reset.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('重置密码失败...请联系客服')).toBeVisible();
    await expect(reset.getByLabel('新密码')).toHaveValue(fresh);
  }
  await reset.getByLabel('短信验证码').fill(code);
  await reset.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('重置密码成功!')).toBeVisible();

  const login = loginDialog(page);
  await expect(login).toBeVisible();
  await login.getByLabel('手机号').fill(phone);
  await login.getByLabel('密码', { exact: true }).fill(old);
  const first = await shownCaptcha(login);
  await login.getByLabel('图形验证码').fill(first.answer);
  await login.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();

  // A failed login brings a new image code; 看不清，换一张 brings another.
  const second = await shownCaptcha(login, first.uuid);
  await login.getByRole('button', { name: '看不清，换一张' }).first().click();
  const third = await shownCaptcha(login, second.uuid);
  await login.getByLabel('密码', { exact: true }).fill(fresh);
  await login.getByLabel('图形验证码').fill(third.answer);
  await login.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByText('登录成功').first()).toBeVisible();
  await expect(page.locator('[data-profile-name]').first()).toHaveText(`用户${phone.slice(-4)}`);
});

test('registration by e-mail (code read through the sandbox hook), then login with the address', async ({ page }) => {
  const email = `buyer${Date.now()}${Math.floor(Math.random() * 1000)}@gas.example.cn`;
  const password = 'Xenon&2026ok';
  await page.goto('/register-by-email');
  const card = page.locator('.auth-card');
  await card.getByLabel('邮箱', { exact: true }).fill('not-an-email');
  // The form wakes on first use; its submit button is enabled once it has.
  await expect(card.getByRole('button', { name: '同意协议并注册' })).toBeEnabled();
  await card.getByRole('button', { name: '获取验证码' }).click();
  await expect(card.getByLabel('邮箱', { exact: true })).toHaveAccessibleDescription('邮箱格式错误');
  await card.getByLabel('邮箱', { exact: true }).fill(email);
  await card.getByLabel('设置密码').fill(password);
  await card.getByLabel('确认密码').fill(password);
  await card.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送到您的邮箱，请注意查收！')).toBeVisible();
  const { code } = await sandboxGet<{ code: string }>(`/__sandbox/email?email=${encodeURIComponent(email)}`);
  await card.getByLabel('邮箱验证码').fill(code);
  await card.getByRole('checkbox').nth(0).check();
  await card.getByRole('checkbox').nth(1).check();
  await card.getByRole('button', { name: '同意协议并注册' }).click();
  const privacy = page.locator('dialog[data-dialog="privacy"]');
  await expect(privacy).toBeVisible();
  await expect(privacy.getByRole('checkbox').first()).toBeVisible();
  for (const box of await privacy.getByRole('checkbox').all()) await box.check();
  await privacy.getByRole('button', { name: '同意并注册' }).click();
  await expect(page.getByText('注册成功')).toBeVisible();

  await page.waitForURL('**/login-kd123');
  const login = page.locator('.auth-card');
  await login.getByLabel('手机号/邮箱').fill(email);
  await login.getByLabel('密码', { exact: true }).fill(password);
  await login.getByLabel('图形验证码').fill((await shownCaptcha(login)).answer);
  await login.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByText('登录成功').first()).toBeVisible();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.locator('[data-profile-name]').first()).toHaveText(email.split('@')[0]!.slice(0, 20));
});
