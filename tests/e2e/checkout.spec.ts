import { expect, test, type Page } from './fixtures.ts';
import { addToCart, N2, newMember, ordersOf, OTHER_SHOP_SKU, untilHydrated } from './checkout-data.ts';
import { sandboxPost, signIn } from './sandbox.ts';

/** Picks a 4-level region: Beijing, its city, Dongcheng district and the district's first town. */
async function pickRegion(page: Page) {
  const form = page.getByRole('group', { name: '新增收货地址' });
  await form.getByLabel('省份').selectOption('110000');
  await expect(form.getByLabel('城市')).toBeEnabled();
  await form.getByLabel('城市').selectOption('110100');
  await expect(form.getByLabel('区县')).toBeEnabled();
  await form.getByLabel('区县').selectOption('110101');
  const town = form.getByLabel('乡镇街道');
  await expect(town).toBeEnabled();
  await town.selectOption({ index: 1 });
}

test('a member orders goods of two shops with a new address, a coupon and a VAT invoice title; a double click makes one order, the QR is scanned and paid, and polling stops', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const m = await newMember(true);
  await sandboxPost('/member/coupon/receive', { couponId: 1 }, m.token);
  await addToCart(m.token, N2, 6);
  await addToCart(m.token, OTHER_SHOP_SKU, 1);
  await signIn(context, baseURL!, m.phone);

  const response = await page.goto('/Confirmorder');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await untilHydrated(page);
  const steps = page.getByRole('navigation', { name: '下单步骤' });
  await expect(steps).toContainText('我的购物车');
  await expect(steps.locator('[aria-current="step"]')).toHaveText(/填写并核对订单信息/);
  await expect(page.getByRole('heading', { name: '华气云商自营旗舰店' })).toBeVisible();
  await expect(page.locator('.co-shop')).toHaveCount(2);
  await expect(page.getByText('钢瓶押金（可退）').first()).toBeVisible();

  // A member without addresses gets the form at once; the contract's messages guard it.
  const form = page.getByRole('group', { name: '新增收货地址' });
  await form.getByRole('button', { name: '保存地址' }).click();
  await expect(form.getByText('请输入收货人姓名')).toBeVisible();
  await form.getByLabel('收货人').fill('张工');
  await form.getByLabel('手机号').fill('13812345678');
  await pickRegion(page);
  await form.getByLabel('详细地址').fill('东直门南大街 8 号 2 号门岗');
  await form.getByRole('button', { name: '保存地址' }).click();
  await expect(page.getByRole('radio', { name: /张工 13812345678/ })).toBeChecked();

  // The coupon is priced by the server.
  const payable = page.locator('[data-payable]');
  const before = await payable.textContent();
  await page.getByRole('radio', { name: /满1000减50/ }).check();
  await expect(page.getByText('已使用优惠券，为您节省 ¥50.00')).toBeVisible();
  await expect(payable).not.toHaveText(before!);

  // A VAT special invoice title added inline, with the tax-number rule.
  await page.getByRole('radio', { name: '增值税专用发票' }).check();
  await page.getByRole('button', { name: '新增发票抬头' }).click();
  const title = page.getByRole('group', { name: '新增增值税专用发票抬头' });
  await title.getByLabel('单位名称').fill('北京测试气体应用有限公司');
  await title.getByLabel('纳税人识别号').fill('12345');
  await title.getByLabel('开户银行').fill('中国银行北京东城支行');
  await title.getByLabel('银行账号').fill('6217000010001234567');
  await title.getByLabel('注册地址').fill('北京市东城区东直门南大街 8 号');
  await title.getByLabel('注册电话').fill('010-66881234');
  await title.getByRole('button', { name: '保存抬头' }).click();
  await expect(title.getByText('税号格式错误')).toBeVisible();
  await title.getByLabel('纳税人识别号').fill('91110101MA01TEST9Y');
  await title.getByRole('button', { name: '保存抬头' }).click();
  await expect(page.getByRole('radio', { name: /北京测试气体应用有限公司/ })).toBeChecked();
  await page.getByRole('textbox', { name: '订单备注' }).fill('工作日 9:00-16:00 送货');

  const creates: string[] = [];
  page.on('request', (r) => r.url().includes('/order/create/') && creates.push(r.url()));
  await page.getByRole('button', { name: '提交订单' }).dblclick();
  await page.waitForURL(/\/checkout\/cashier\?sn=\d+/);
  const { list, total } = await ordersOf(m.token);
  expect(total).toBe(1);
  expect(creates).toHaveLength(1);
  const placed = list[0]!;
  expect(page.url()).toContain(placed.sn);

  // The cashier: order number, payable, countdown and a QR code drawn from codeUrl.
  await expect(page.locator('[data-order-sn]')).toHaveText(placed.sn);
  await expect(page.getByRole('timer')).toContainText('分');
  const qr = page.getByRole('img', { name: '微信支付付款二维码' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

  const polls: number[] = [];
  page.on('request', (r) => r.url().includes('/checkHasScannedQRCode/') && polls.push(Date.now()));
  await sandboxPost(`/__sandbox/orders/${placed.orderId}/scan`, { payType: 'WECHAT' });
  await expect(page.getByText('已扫码，请在手机上确认支付')).toBeVisible({ timeout: 8000 });
  await sandboxPost(`/__sandbox/orders/${placed.orderId}/pay`, { payType: 'WECHAT' });
  await page.waitForURL(/\/Confirmorder\/complete\?sn=\d+/, { timeout: 8000 });
  await expect(page.getByRole('heading', { name: '支付成功，订单已提交' })).toBeVisible();
  await expect(page.getByRole('link', { name: '查看订单详情' })).toHaveAttribute('href', `/member/my-order/detail?sn=${placed.sn}`);
  await expect(page.getByText('退还钢瓶', { exact: true })).toBeVisible();

  // After payment no status request is sent.
  const seen = polls.length;
  expect(seen).toBeGreaterThan(0);
  await page.waitForTimeout(7000);
  expect(polls).toHaveLength(seen);
});
