/** Every validation message of docs/product.md §5 shown beside its field for its bad input, announced, with the form keeping what was typed. */
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { freshPhone, loginDialog } from './auth-helpers.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

/** The message under a field, tied to it by aria-describedby and marked invalid. */
async function expectMessage(field: Locator, text: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(text);
}

async function openRegister(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: '免费注册' }).first().click();
  const reg = page.locator('dialog[data-dialog="register"]');
  await expect(reg).toBeVisible();
  return reg;
}

test('login form: phone and password messages, form invalid toast', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: '请登录' }).click();
  const dialog = loginDialog(page);
  const submit = dialog.getByRole('button', { name: /^登\s*录$/ });
  await submit.click();
  await expect(page.getByText('表单填写有误，请检查！')).toBeVisible();
  await expectMessage(dialog.getByLabel('手机号'), '请输入手机号');
  await expectMessage(dialog.getByLabel('密码', { exact: true }), '密码不能为空');
  await expect(dialog.getByRole('alert').filter({ hasText: '请输入手机号' })).toBeVisible();

  await dialog.getByLabel('手机号').fill('1380013800');
  await submit.click();
  await expectMessage(dialog.getByLabel('手机号'), '手机号不正确');
  await dialog.getByLabel('手机号').fill('12800138000');
  await dialog.getByLabel('密码', { exact: true }).fill('secret');
  await submit.click();
  await expectMessage(dialog.getByLabel('手机号'), '电话格式错误');
  // The form keeps its input after an error.
  await expect(dialog.getByLabel('手机号')).toHaveValue('12800138000');
  await expect(dialog.getByLabel('密码', { exact: true })).toHaveValue('secret');

  // Sending an SMS code with an empty phone.
  await dialog.getByRole('tab', { name: '短信登录' }).click();
  await dialog.getByLabel('手机号').fill('');
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expectMessage(dialog.getByLabel('手机号'), '请输入手机号！');
  await expect(dialog.getByRole('button', { name: '获取验证码' })).toBeVisible();
});

test('registration form: password, confirm, code, agreements and privacy messages', async ({ page }) => {
  const reg = await openRegister(page);
  const submit = reg.getByRole('button', { name: '同意协议并注册' });
  await submit.click();
  await expect(page.getByText('表单填写有误，请检查！')).toBeVisible();
  await expectMessage(reg.getByLabel('手机号'), '请输入手机号');
  await expectMessage(reg.getByLabel('设置密码'), '密码不能为空');
  await expectMessage(reg.getByLabel('确认密码'), '确认密码不能为空');
  await expectMessage(reg.getByLabel('短信验证码'), '验证码不能为空');

  await reg.getByLabel('手机号').fill(freshPhone());
  await reg.getByLabel('设置密码').fill('abcdefgh');
  await reg.getByLabel('确认密码').fill('abcdefgX');
  await submit.click();
  await expectMessage(reg.getByLabel('设置密码'), '密码必须包含大小写字母，数字和特殊字符且不小于8位数');
  await expectMessage(reg.getByLabel('确认密码'), '密码不一致');
  await expect(reg.getByLabel('确认密码')).toHaveValue('abcdefgX');

  await reg.getByLabel('设置密码').fill('Oxygen@2026');
  await reg.getByLabel('确认密码').fill('Oxygen@2026');
  await reg.getByLabel('短信验证码').fill('123456');
  await submit.click();
  await expect(reg.getByText('请先同意注册协议！').first()).toBeVisible();
  await reg.getByRole('checkbox').nth(0).check();
  await submit.click();
  await expect(reg.getByText('请先同意法律声明！').first()).toBeVisible();
  await reg.getByRole('checkbox').nth(1).check();
  await submit.click();

  const privacy = page.locator('dialog[data-dialog="privacy"]');
  await expect(privacy).toBeVisible();
  await privacy.getByRole('button', { name: '同意并注册' }).click();
  await expect(privacy.getByText('请先同意隐私政策！')).toBeVisible();
});

test('reset form: its own invalid-form message', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: '请登录' }).click();
  await loginDialog(page).getByRole('button', { name: '忘记密码？' }).click();
  const reset = page.locator('dialog[data-dialog="reset"]');
  await reset.getByLabel('手机号').fill('13800138000');
  await reset.getByLabel('新密码').fill('short');
  await reset.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('重置密码表单填写有误，请检查！')).toBeVisible();
  await expectMessage(reset.getByLabel('新密码'), '密码必须包含大小写字母，数字和特殊字符且不小于8位数');
  await expectMessage(reset.getByLabel('确认密码'), '确认密码不能为空');
  await expectMessage(reset.getByLabel('短信验证码'), '验证码不能为空');
  await expect(reset.getByLabel('手机号')).toHaveValue('13800138000');
});
