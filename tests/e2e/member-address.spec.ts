import { expect, test } from './fixtures.ts';
import { sandboxGet } from './sandbox.ts';
import { freshMember, hydrate, signInWith } from './member-support.ts';

// Flows through the sandbox and several page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('an address is added with the region picker to town level, made default, then deleted; bad input keeps the form and says why', async ({
  context,
  baseURL,
  page,
}) => {
  const m = await freshMember();
  await signInWith(context, baseURL!, m.token);
  await page.goto('/member/my-address');
  await expect(page.getByText('还没有收货地址')).toBeVisible();
  await hydrate(page);

  const add = async (name: string, detail: string) => {
    await page.getByRole('button', { name: '新增收货地址' }).click();
    const form = page.getByRole('form', { name: '新增收货地址' });
    await form.getByLabel('收货人').fill(name);
    await form.getByLabel('手机号').fill('1390013900');
    await form.getByLabel('详细地址').fill(detail);
    await form.getByRole('button', { name: '保存地址' }).click();
    await expect(form.locator('.m-error', { hasText: '手机号不正确' })).toBeVisible();
    await form.getByLabel('手机号').fill('12900139000');
    await form.getByRole('button', { name: '保存地址' }).click();
    await expect(form.locator('.m-error', { hasText: '电话格式错误' })).toBeVisible();
    await expect(form.getByLabel('收货人')).toHaveValue(name);
    await form.getByLabel('手机号').fill('13900139000');
    await form.getByRole('button', { name: '保存地址' }).click();
    await expect(form.locator('.m-error', { hasText: '请选择完整的所在地区' })).toBeVisible();
    await form.getByLabel('省份').selectOption({ label: '江苏省' });
    await form.getByLabel('城市').selectOption({ label: '苏州市' });
    await form.getByLabel('区县').selectOption({ label: '吴中区' });
    await form.getByLabel('乡镇街道').selectOption({ label: '郭巷街道' });
    await form.getByRole('button', { name: '保存地址' }).click();
    await expect(page.getByText('收货地址已添加')).toBeVisible();
  };

  await add('王工', '吴淞江科技产业园 8 号楼');
  await add('李工', '尹山湖路 66 号');
  const list = page.getByRole('list', { name: '收货地址列表' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: '王工' })).toContainText('默认地址');
  await expect(list.getByRole('listitem').filter({ hasText: '李工' })).toContainText('江苏省 苏州市 吴中区 郭巷街道');

  await list.getByRole('button', { name: /设为默认.*李工/ }).click();
  await expect(list.getByRole('listitem').first()).toContainText('李工');
  await expect(list.getByRole('listitem').first()).toContainText('默认地址');
  const saved = await sandboxGet<{ name: string; isDefault: number; regionIds: number[] }[]>('/member/address/list', m.token);
  expect(saved[0]).toMatchObject({ name: '李工', isDefault: 1, regionIds: [320000, 320500, 320506, 320506004000] });

  await list.getByRole('button', { name: /删除.*李工/ }).click();
  const dialog = page.getByRole('dialog', { name: '删除收货地址' });
  await expect(dialog).toContainText('尹山湖路 66 号');
  await dialog.getByRole('button', { name: '确认删除' }).click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect((await sandboxGet<{ name: string }[]>('/member/address/list', m.token)).map((a) => a.name)).toEqual(['王工']);
});
