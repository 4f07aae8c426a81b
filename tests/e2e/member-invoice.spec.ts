import { expect, test } from './fixtures.ts';
import { sandboxUrl, sandboxGet } from './sandbox.ts';
import { freshMember, hydrate, signInWith } from './member-support.ts';

// Flows through the sandbox and several page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('a VAT special invoice title with a bad tax number is refused beside the field, a good one is saved as default', async ({
  context,
  baseURL,
  page,
}) => {
  const m = await freshMember();
  await signInWith(context, baseURL!, m.token);
  await page.goto('/member/my-invoice');
  await hydrate(page);
  await page.getByRole('button', { name: '新增发票抬头' }).click();
  const form = page.getByRole('form', { name: '新增发票抬头' });
  await form.getByRole('radio', { name: '增值税专用发票' }).check();
  await expect(form.getByRole('radio', { name: '个人' })).toBeDisabled();
  await form.getByLabel('单位名称').fill('无锡恒达焊接工程有限公司');
  await form.getByLabel('纳税人识别号').fill('9132021');
  await form.getByLabel('开户银行').fill('中国银行无锡滨湖支行');
  await form.getByLabel('银行账号').fill('540000001234');
  await form.getByLabel('注册地址').fill('无锡市滨湖区梁溪路 8 号');
  await form.getByLabel('注册电话').fill('0510-85501234');
  await form.getByRole('button', { name: '保存抬头' }).click();
  await expect(form.locator('.m-error', { hasText: '税号格式错误' })).toBeVisible();
  await expect(form.getByLabel('纳税人识别号')).toHaveAttribute('aria-invalid', 'true');
  // The input is kept.
  await expect(form.getByLabel('开户银行')).toHaveValue('中国银行无锡滨湖支行');
  expect(await sandboxGet<unknown[]>('/member/invoice/list', m.token)).toEqual([]);

  await form.getByLabel('纳税人识别号').fill('91320211MA1P8HX27K');
  await form.getByLabel('注册电话').fill('8550');
  await form.getByRole('button', { name: '保存抬头' }).click();
  await expect(form.locator('.m-error', { hasText: '注册电话格式错误' })).toBeVisible();
  await form.getByLabel('注册电话').fill('0510-85501234');
  await form.getByLabel('设为默认抬头').check();
  await form.getByRole('button', { name: '保存抬头' }).click();
  await expect(page.getByText('发票抬头已保存')).toBeVisible();
  const list = page.getByRole('list', { name: '发票抬头列表' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('增值税专用发票');
  await expect(list).toContainText('91320211MA1P8HX27K');
  expect(await sandboxGet<{ type: string; taxNo: string; isDefault: number }[]>('/member/invoice/list', m.token)).toMatchObject([
    { type: 'VAT_SPECIAL', taxNo: '91320211MA1P8HX27K', isDefault: 1 },
  ]);
});

test('the server refuses the same bad tax number (no client in between)', async () => {
  const m = await freshMember();
  const res = await fetch(`${sandboxUrl()}/member/invoice/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
    body: JSON.stringify({
      type: 'VAT_SPECIAL',
      titleType: 'COMPANY',
      title: '无锡恒达',
      taxNo: '9132021',
      bank: '中国银行',
      account: '540000001234',
      address: '无锡',
      phone: '0510-85501234',
    }),
  });
  expect(await res.json()).toMatchObject({ status: 400, msg: '税号格式错误' });
});
