import { expect, test } from './fixtures.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';
import { hydrate, orderingMember, placeOrder, PNG, setView, signInWith } from './member-support.ts';

// Flows through the sandbox and several page loads: more than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.afterAll(async () => {
  // Back to the seed's switches for other spec files.
  await setView('cancel_part', 1);
  await setView('refund_part', 0);
});

test('an order is cancelled with a reason and a confirmation while cancel_part is on', async ({ context, baseURL, page }) => {
  await setView('cancel_part', 1);
  const m = await orderingMember();
  const sn = await placeOrder(m);
  await signInWith(context, baseURL!, m.token);
  await page.goto('/member/my-order?status=NEW');
  const card = page.locator(`[data-order="${sn}"]`);
  await expect(card).toContainText('新订单');
  await expect(card.getByRole('link', { name: '去支付' })).toHaveAttribute('href', `/checkout/cashier?sn=${sn}`);
  await hydrate(page);
  await card.getByRole('button', { name: '取消订单' }).click();
  const dialog = page.getByRole('dialog', { name: '取消订单' });
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(dialog.getByText('请选择取消原因')).toBeVisible();
  await dialog.getByRole('radio', { name: '商品规格选错' }).check();
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(page.getByText('订单已取消')).toBeVisible();
  // The list reloads: a cancelled order leaves the 待付款 tab.
  await expect(card).toHaveCount(0);
  await page.goto(`/member/my-order/detail?sn=${sn}`);
  await expect(page.locator('.m-head .m-badge')).toHaveText('已取消');
  await expect(page.getByText('取消原因：商品规格选错')).toBeVisible();
  expect((await sandboxGet<{ status: string }>(`/order/detail/${sn}`, m.token)).status).toBe('CANCELLED');
});

test('the cancel button is absent while cancel_part is off', async ({ context, baseURL, page }) => {
  const m = await orderingMember();
  const sn = await placeOrder(m);
  await signInWith(context, baseURL!, m.token);
  await setView('cancel_part', 0);
  await page.goto('/member/my-order');
  await expect(page.locator(`[data-order="${sn}"]`).getByRole('link', { name: '去支付' })).toBeVisible();
  await expect(page.getByRole('button', { name: '取消订单' })).toHaveCount(0);
  await page.goto(`/member/my-order/detail?sn=${sn}`);
  await expect(page.getByRole('button', { name: '取消订单' })).toHaveCount(0);
  await setView('cancel_part', 1);
  await page.reload();
  await expect(page.getByRole('button', { name: '取消订单' })).toBeVisible();
});

test('a shipped order is received with a confirmation', async ({ context, baseURL, page }) => {
  const m = await orderingMember();
  const sn = await placeOrder(m, 'SHIPPED');
  await signInWith(context, baseURL!, m.token);
  await page.goto(`/member/my-order/detail?sn=${sn}`);
  await expect(page.getByRole('definition').filter({ hasText: /顺丰速运 SF\d+/ })).toBeVisible();
  await hydrate(page);
  await page.getByRole('button', { name: '确认收货' }).click();
  await page.getByRole('dialog', { name: '确认收货' }).getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByText('已确认收货')).toBeVisible();
  await expect(page.locator('.m-head .m-badge')).toHaveText('已收货');
});

test('a received order gets an after-sales application that the review hook moves to PASS', async ({ context, baseURL, page }) => {
  const m = await orderingMember();
  const sn = await placeOrder(m, 'ROG', 3);
  await signInWith(context, baseURL!, m.token);
  await setView('refund_part', 0);
  await page.goto(`/member/my-order/detail?sn=${sn}`);
  await expect(page.getByRole('link', { name: '申请售后' })).toHaveCount(0);
  await setView('refund_part', 1);
  await page.goto('/member/my-order?status=ROG');
  await page.locator(`[data-order="${sn}"]`).getByRole('link', { name: '申请售后' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '申请售后' })).toBeVisible();
  await hydrate(page);
  const form = page.getByRole('form', { name: '申请售后' });
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(form.locator('.m-error', { hasText: '请选择售后类型' })).toBeVisible();
  await form.getByLabel('数量').fill('2');
  await form.getByLabel('售后类型').selectOption({ label: '退还钢瓶' });
  await form.getByLabel('申请原因').selectOption('退还空钢瓶');
  await form.getByLabel('问题描述').fill('<b>两只</b>空瓶 <script>alert(1)</script> 请上门回收');
  await form.getByLabel('凭证图片').setInputFiles({ name: 'cylinder.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('图片：cylinder.png')).toBeVisible();
  await form.getByRole('button', { name: '提交申请' }).click();
  await page.waitForURL(/my-aftersales\/details\?id=\d+/);
  await expect(page.locator('.m-head .m-badge')).toHaveText('待审核');
  // Markup is shown as text.
  await expect(page.getByText('<b>两只</b>空瓶 <script>alert(1)</script> 请上门回收')).toBeVisible();
  const id = new URL(page.url()).searchParams.get('id');
  await sandboxPost(`/__sandbox/aftersales/${id}/review`, { result: 'PASS' });
  await page.reload();
  await expect(page.locator('.m-head .m-badge')).toHaveText('审核通过');
  await expect(page.locator('.m-timeline li').last()).toContainText('审核通过');
  await page.goto('/member/my-aftersales');
  await expect(page.locator('.m-order').first()).toContainText('审核通过');
});
