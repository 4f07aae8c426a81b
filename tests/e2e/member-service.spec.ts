import { expect, test } from './fixtures.ts';
import { sandboxPost } from './sandbox.ts';
import { freshMember, hydrate, PNG, signInWith } from './member-support.ts';

// Flows through the sandbox and several page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('a ticket is created with an attachment, its text shown as text, and the service reply appears', async ({
  context,
  baseURL,
  page,
}) => {
  const m = await freshMember();
  await signInWith(context, baseURL!, m.token);
  await page.goto('/member/my-service');
  await page.locator('main').getByRole('link', { name: '提交工单', exact: true }).click();
  await hydrate(page);
  const form = page.getByRole('form', { name: '提交服务工单' });
  await form.getByRole('button', { name: '提交工单' }).click();
  await expect(form.locator('.m-error', { hasText: '请选择工单类型' })).toBeVisible();
  await form.getByLabel('工单类型').selectOption({ label: '配送问题' });
  await form.getByLabel('工单标题').fill('周六能否送 <i>40L</i> 氮气');
  await form.getByLabel('问题描述').fill('<img src=x onerror=alert(1)>周六上午需要 10 瓶');
  await form.getByLabel('联系人').fill('赵工');
  await form.getByLabel('联系电话').fill('123');
  await form.getByRole('button', { name: '提交工单' }).click();
  await expect(form.locator('.m-error', { hasText: '手机号不正确' })).toBeVisible();
  await expect(form.getByLabel('工单标题')).toHaveValue('周六能否送 <i>40L</i> 氮气');
  await form.getByLabel('联系电话').fill('13900139000');
  await form.getByLabel('附件').setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('图片：label.png')).toBeVisible();
  await form.getByRole('button', { name: '提交工单' }).click();
  await page.waitForURL(/my-service\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: '周六能否送 <i>40L</i> 氮气' })).toBeVisible();
  await expect(page.getByText('<img src=x onerror=alert(1)>周六上午需要 10 瓶')).toBeVisible();
  await expect(page.locator('.m-chat img')).toHaveCount(0);
  await expect(page.locator('.m-head .m-badge')).toHaveText('待处理');
  const id = new URL(page.url()).searchParams.get('id');
  await sandboxPost(`/__sandbox/tickets/${id}/reply`, { content: '您好，周六上午可以配送，请周四 17:00 前下单。' });
  await page.reload();
  await expect(page.locator('.m-head .m-badge')).toHaveText('已回复');
  await expect(page.getByRole('list', { name: '工单对话' })).toContainText('华气客服');
  await expect(page.getByRole('list', { name: '工单对话' })).toContainText('您好，周六上午可以配送，请周四 17:00 前下单。');
});
