import { expect, test } from './fixtures.ts';
import { addToCart, N2, newMember, ordersOf, OTHER_SHOP_SKU, PNG, untilHydrated } from './checkout-data.ts';
import { sandboxGet, sandboxPost, signIn } from './sandbox.ts';

const ADDRESS = {
  name: '王工',
  phone: '13912345678',
  regionIds: [310000, 310100, 310115],
  regionText: '上海市 上海市 浦东新区',
  detail: '张江路 100 号',
  isDefault: 1,
};

test('buy now skips the cart step and orders only the buy-now line', async ({ page, context, baseURL }) => {
  const m = await newMember(true);
  await sandboxPost('/member/address/save', ADDRESS, m.token);
  await addToCart(m.token, OTHER_SHOP_SKU, 1);
  await addToCart(m.token, N2, 3, 'BUY_NOW');
  await signIn(context, baseURL!, m.phone);

  await page.goto('/Confirmorder?way=BUY_NOW');
  const steps = page.getByRole('navigation', { name: '下单步骤' });
  await expect(steps.getByRole('listitem')).toHaveText([/填写并核对订单信息/, /成功提交订单/]);
  await expect(steps).not.toContainText('我的购物车');
  await expect(page.locator('.co-shop')).toHaveCount(1);
  await expect(page.getByRole('row', { name: /×3瓶/ })).toBeVisible();
  await untilHydrated(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/checkout\/cashier\?sn=/);
  const { list } = await ordersOf(m.token);
  expect(list).toHaveLength(1);
  // The cart line of the other shop stays in the cart.
  const cart = await sandboxGet<{ cartNum: number }>('/cart/list', m.token);
  expect(cart.cartNum).toBe(1);

  // The cashier of a 立即购买 order has no cart step either, after a reload too, nor has the page of the paid order.
  const buyNowSteps = [/填写并核对订单信息/, /成功提交订单/];
  await expect(steps.getByRole('listitem')).toHaveText(buyNowSteps);
  await page.reload();
  await expect(steps.getByRole('listitem')).toHaveText(buyNowSteps);
  await sandboxPost(`/__sandbox/orders/${list[0]!.sn}/pay`, {});
  await page.waitForURL(/\/Confirmorder\/complete\?sn=/);
  await expect(page.getByRole('heading', { name: '支付成功，订单已提交' })).toBeVisible();
  await expect(steps.getByRole('listitem')).toHaveText(buyNowSteps);
});

test('the cashier of a cart order shows the cart step', async ({ page, context, baseURL }) => {
  const m = await newMember(true);
  await sandboxPost('/member/address/save', ADDRESS, m.token);
  await addToCart(m.token, N2, 1);
  await signIn(context, baseURL!, m.phone);
  await page.goto('/Confirmorder');
  await untilHydrated(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/checkout\/cashier\?sn=/);
  const steps = page.getByRole('navigation', { name: '下单步骤' });
  await expect(steps.getByRole('listitem')).toHaveText([/我的购物车/, /填写并核对订单信息/, /成功提交订单/]);
});

test('a member without company information sees the gate and cannot submit; the server refuses too', async ({ page, context, baseURL }) => {
  const m = await newMember(false);
  await addToCart(m.token, N2, 1, 'BUY_NOW');
  await signIn(context, baseURL!, m.phone);
  await page.goto('/Confirmorder?way=BUY_NOW');
  const gate = page.getByRole('alert').filter({ hasText: '暂不能下单：请先上传企业信息' });
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('link', { name: '去会员中心上传企业信息' })).toHaveAttribute('href', '/member/my-account#company');
  await untilHydrated(page);
  await expect(page.getByRole('button', { name: '提交订单' })).toBeDisabled();
  const { id: addressId } = await sandboxPost<{ id: number }>('/member/address/save', ADDRESS, m.token);
  await expect(sandboxPost('/order/create/BUY_NOW', { addressId }, m.token)).rejects.toThrow('请先在会员中心上传企业信息');
  expect((await ordersOf(m.token)).total).toBe(0);
});

test('the second demo member (13900139000, no company information) sees the gate', async ({ page, context, baseURL }) => {
  const token = await signIn(context, baseURL!, '13900139000');
  await addToCart(token, N2, 1, 'BUY_NOW');
  await page.goto('/Confirmorder?way=BUY_NOW');
  await expect(page.getByText('暂不能下单：请先上传企业信息')).toBeVisible();
  await untilHydrated(page);
  await expect(page.getByRole('button', { name: '提交订单' })).toBeDisabled();
});

test('an API outage during submit shows the error and keeps the input; the retry makes one order', async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  const m = await newMember(true);
  await sandboxPost('/member/address/save', ADDRESS, m.token);
  await addToCart(m.token, N2, 2);
  await signIn(context, baseURL!, m.phone);
  await page.goto('/Confirmorder');
  await untilHydrated(page);
  const remark = page.getByRole('textbox', { name: '订单备注' });
  await remark.fill('请提前电话联系');
  // The create call hangs past the shop's 8 s timeout, then the backend places the order anyway. Only that call: the header's
  // reads that the tap wakes (unread and cart counts) must not take the fault first.
  await sandboxPost('/__sandbox/faults', { latencyMs: 10_000, failRate: 0, status: 500, count: 1, call: 'order.create' });
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByRole('button', { name: '正在提交…' })).toBeDisabled();
  await expect(page.getByRole('alert').filter({ hasText: '提交失败' })).toContainText('不会重复下单', { timeout: 15_000 });
  await expect(remark).toHaveValue('请提前电话联系');
  await expect.poll(async () => (await ordersOf(m.token)).total, { timeout: 10_000 }).toBe(1);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/checkout\/cashier\?sn=/);
  const { list, total } = await ordersOf(m.token);
  expect(total).toBe(1);
  expect(page.url()).toContain(list[0]!.sn);
});

test('a second tab of the same purchase submits the same order', async ({ context, baseURL }) => {
  const m = await newMember(true);
  await sandboxPost('/member/address/save', ADDRESS, m.token);
  await addToCart(m.token, N2, 2);
  await signIn(context, baseURL!, m.phone);
  const first = await context.newPage();
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto('/Confirmorder');
    await untilHydrated(page);
  }
  await first.getByRole('button', { name: '提交订单' }).click();
  await first.waitForURL(/\/checkout\/cashier\?sn=/);
  await second.getByRole('button', { name: '提交订单' }).click();
  await second.waitForURL(/\/checkout\/cashier\?sn=/);
  expect(second.url()).toBe(first.url());
  expect((await ordersOf(m.token)).total).toBe(1);
});

test('a bank-transfer order with an uploaded slip waits for confirmation, and the sandbox hook completes it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const m = await newMember(true);
  const { id: addressId } = await sandboxPost<{ id: number }>('/member/address/save', ADDRESS, m.token);
  await addToCart(m.token, N2, 2);
  const placed = await sandboxPost<{ sn: string; orderId: number }>('/order/create/CART', { addressId }, m.token);
  await signIn(context, baseURL!, m.phone);

  const res = await page.goto(`/Confirmorder/payment?sn=${placed.sn}`);
  expect(res?.headers()['cache-control']).toBe('private, no-store');
  await page.getByRole('radio', { name: '对公转账' }).check();
  await expect(page.getByText('华气云商（上海）气体科技有限公司')).toBeVisible();
  await expect(page.locator('[data-reference]')).toHaveText(`HQ${placed.sn.slice(-10)}`);
  await page.getByRole('button', { name: '提交汇款凭证' }).click();
  await expect(page.getByText('请选择汇款凭证文件')).toBeVisible();
  await page.getByLabel(/上传汇款凭证/).setInputFiles({ name: '汇款凭证.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: '提交汇款凭证' }).click();
  await expect(page.getByText('汇款凭证已提交（汇款凭证.png），等待财务确认到账')).toBeVisible();

  // Waiting: the order is still unpaid, and a reload shows the wait, not a timer running out.
  expect(await sandboxGet(`/order/transfer/${placed.sn}`, m.token)).toMatchObject({ status: 'AWAITING_CONFIRMATION' });
  expect(await sandboxGet(`/order/detail/${placed.sn}`, m.token)).toMatchObject({ status: 'NEW', paidAt: null });
  await page.reload();
  await expect(page.getByRole('timer')).toHaveText('对公转账待确认');

  await sandboxPost(`/__sandbox/orders/${placed.orderId}/confirm-transfer`, {});
  await page.waitForURL(/\/Confirmorder\/complete\?sn=/, { timeout: 8000 });
  await expect(page.getByText('（对公转账）')).toBeVisible();
  expect(await sandboxGet(`/order/detail/${placed.sn}`, m.token)).toMatchObject({ status: 'PAID_OFF', payType: 'TRANSFER' });
});

test("checkout pages are private: a visitor is asked to sign in, another member's order is 404", async ({ page, context, baseURL }) => {
  for (const path of ['/Confirmorder', '/checkout/cashier?sn=20260101000001', '/Confirmorder/complete?sn=20260101000001', '/order']) {
    const res = await page.goto(path);
    expect(res?.headers()['cache-control'], path).toBe('private, no-store');
    await expect(page.getByRole('heading', { name: '请先登录' }), path).toBeVisible();
  }
  const owner = await newMember(true);
  const { id: addressId } = await sandboxPost<{ id: number }>('/member/address/save', ADDRESS, owner.token);
  await addToCart(owner.token, N2, 1);
  const placed = await sandboxPost<{ sn: string }>('/order/create/CART', { addressId }, owner.token);

  const other = await newMember(true);
  await signIn(context, baseURL!, other.phone);
  for (const path of [
    `/checkout/cashier?sn=${placed.sn}`,
    `/Confirmorder/payWait?sn=${placed.sn}`,
    `/Confirmorder/complete?sn=${placed.sn}`,
    '/checkout/cashier?sn=abc',
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText(placed.sn)).toHaveCount(0);
  }
  // /order leads a member to their orders.
  const res = await context.request.get('/order', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/member/my-order');
});
