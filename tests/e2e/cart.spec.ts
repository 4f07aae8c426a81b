import { expect, test, type Page } from './fixtures.ts';
import type { CartList } from '#src/shared/api/contract/cart.ts';
import { formatPrice } from '#src/shared/formats/money.ts';
import { freshMember, hydrated, pageLine, serverAdd, serverCart } from './cart-support.ts';
import { loginDialog, newMember, shownCaptcha } from './auth-helpers.ts';
import { loginToken, sandboxGet } from './sandbox.ts';

/** SKUs of the seed: two of shop 1 (nitrogen 40 L ¥180, 47 L ¥210), one of shop 2 (xenon ¥2,680, stock 25). */
const N2_40L = 100101;
const N2_47L = 100102;
const XE = 100601;

/** Every number on the cart page equals the server's cart: quantities, checks, subtotals, shop checks, selected count, discount and total. */
async function expectScreenIsServer(page: Page, token: string): Promise<CartList> {
  let server!: CartList;
  await expect(async () => {
    server = await serverCart(token);
    for (const shop of server.valid) {
      const section = page.locator(`.cart-page section[data-shop="${shop.shop_id}"]`);
      await expect(section.locator('.cart-shop-head input[type=checkbox]')).toBeChecked({ checked: shop.checked === 1, timeout: 200 });
      for (const line of shop.sku_list) {
        const row = pageLine(page, line.sku_id);
        await expect(row.locator('input[data-qty]')).toHaveValue(String(line.num), { timeout: 200 });
        await expect(row.locator('input[type=checkbox]')).toBeChecked({ checked: line.checked === 1, timeout: 200 });
        await expect(row.locator('[data-subtotal]')).toHaveText(`¥${formatPrice(line.subtotal)}`, { timeout: 200 });
      }
    }
    await expect(page.locator('.cart-page section[data-shop]')).toHaveCount(server.valid.length, { timeout: 200 });
    await expect(page.locator('[data-cart-total]')).toHaveText(`¥${formatPrice(server.cartTotal)}`, { timeout: 200 });
    await expect(page.locator('[data-checked-num]')).toHaveText(String(server.checkedNum), { timeout: 200 });
    await expect(page.locator('header [data-cart-count]')).toHaveText(String(server.cartNum), { timeout: 200 });
  }).toPass({ timeout: 10_000 });
  return server;
}

test('goods from two shops added from goods cards update the badge and the drop-down without a reload', async ({
  page,
  context,
  baseURL,
}) => {
  const token = await freshMember(context, baseURL!);
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const badge = page.locator('header [data-cart-count]');
  await expect(badge).toBeHidden();

  // Hot goods of the home page: a valve of shop 3 and oxygen of shop 1.
  await page.locator('button[data-add-to-cart="1083"]').click();
  await expect(page.getByText('已加入购物车')).toBeVisible();
  await expect(badge).toHaveText('1');
  await page.locator('button[data-add-to-cart="1030"]').click();
  await expect(badge).toHaveText('2');

  const server = await serverCart(token);
  expect(server.cartNum).toBe(2);
  expect(server.valid.map((s) => s.shop_id).sort()).toEqual([1, 3]);

  await page.locator('header [data-cart]').hover();
  const drop = page.locator('header .cart-drop');
  await expect(drop.locator('li')).toHaveCount(2);
  for (const line of server.valid.flatMap((s) => s.sku_list)) await expect(drop).toContainText(line.goodsName);
  await expect(drop).toContainText(`¥${formatPrice(server.cartTotal)}`);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('every cart operation on the page and in the drop-down ends with the screen equal to the server', async ({
  page,
  context,
  baseURL,
}) => {
  const token = await freshMember(context, baseURL!);
  await serverAdd(token, XE);
  await serverAdd(token, N2_47L);
  await serverAdd(token, N2_40L);
  await page.goto('/shopping-cart');
  await expect(page.getByRole('navigation', { name: '下单步骤' })).toContainText('我的购物车');
  await hydrated(page);
  await expectScreenIsServer(page, token);

  // Quantity in the drop-down: the page follows at once (one store).
  await page.locator('header [data-cart]').hover();
  const dropLine = page.locator(`header .cart-drop li[data-sku="${N2_40L}"]`);
  await dropLine.getByRole('button', { name: '增加' }).click();
  await expect(dropLine.locator('[data-qty]')).toHaveText('2');
  await expect(pageLine(page, N2_40L).locator('input[data-qty]')).toHaveValue('2');
  await page.mouse.move(0, 600);
  expect((await expectScreenIsServer(page, token)).valid.find((s) => s.shop_id === 1)!.sku_list.find((l) => l.sku_id === N2_40L)!.num).toBe(
    2,
  );

  // Quantity on the page: + and a typed number.
  await pageLine(page, N2_47L).getByRole('button', { name: '增加' }).click();
  await expect(pageLine(page, N2_47L).locator('input[data-qty]')).toHaveValue('2');
  await expectScreenIsServer(page, token);
  const field = pageLine(page, N2_40L).locator('input[data-qty]');
  await field.fill('5');
  await field.press('Enter');
  let server = await expectScreenIsServer(page, token);
  expect(server.valid.find((s) => s.shop_id === 1)!.sku_list.find((l) => l.sku_id === N2_40L)!.num).toBe(5);

  // Checks: an item, its shop (following its items), and all.
  const shop1 = page.locator('.cart-page section[data-shop="1"]');
  await pageLine(page, N2_40L).locator('input[type=checkbox]').uncheck();
  await expect(shop1.locator('.cart-shop-head input[type=checkbox]')).not.toBeChecked();
  server = await expectScreenIsServer(page, token);
  expect(server.valid.find((s) => s.shop_id === 1)).toMatchObject({ checked: 0 });
  await pageLine(page, N2_40L).locator('input[type=checkbox]').check();
  await expect(shop1.locator('.cart-shop-head input[type=checkbox]')).toBeChecked();
  server = await expectScreenIsServer(page, token);
  expect(server.valid.find((s) => s.shop_id === 1)).toMatchObject({ checked: 1 });

  await shop1.locator('.cart-shop-head input[type=checkbox]').uncheck();
  await expect(pageLine(page, N2_40L).locator('input[type=checkbox]')).not.toBeChecked();
  await expect(pageLine(page, N2_47L).locator('input[type=checkbox]')).not.toBeChecked();
  server = await expectScreenIsServer(page, token);
  expect(server.valid.find((s) => s.shop_id === 1)!.sku_list.every((l) => l.checked === 0)).toBe(true);

  const selectAll = page.locator('.cart-bar').getByLabel('全选');
  await selectAll.check();
  server = await expectScreenIsServer(page, token);
  expect(server.checkedNum).toBe(5 + 2 + 1);
  await selectAll.uncheck();
  server = await expectScreenIsServer(page, token);
  expect(server).toMatchObject({ checkedNum: 0, cartTotal: 0 });
  await expect(page.locator('[data-cart-total]')).toHaveText('¥0.00');
  await selectAll.check();
  await expectScreenIsServer(page, token);

  // A shop activity: 12 cylinders at ¥180 reach 满2000减100, chosen by hand after clearing it.
  await field.fill('12');
  await field.press('Enter');
  await expectScreenIsServer(page, token);
  const activity = shop1.getByLabel('华气云商自营旗舰店 的促销活动');
  await activity.selectOption({ label: '不使用活动' });
  await expect(shop1.locator('.cart-shop-discount')).toHaveCount(0);
  server = await expectScreenIsServer(page, token);
  expect(server.discount).toBe(0);
  await activity.selectOption('1');
  await expect(shop1.locator('.cart-shop-discount')).toHaveText('已减 ¥100.00');
  await expect(page.locator('[data-cart-discount]')).toHaveText('已优惠 ¥100.00');
  server = await expectScreenIsServer(page, token);
  expect(server.valid.find((s) => s.shop_id === 1)).toMatchObject({ activity_id: 1, discount: 100 });
  expect(server.cartTotal).toBe(12 * 180 + 2 * 210 + 2680 - 100);

  // Delete the only line of shop 2: the shop disappears, the badge counts one shop.
  await pageLine(page, XE).getByRole('button', { name: /删除/ }).click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(page.locator('.cart-page section[data-shop="2"]')).toHaveCount(0);
  server = await expectScreenIsServer(page, token);
  expect(server.cartNum).toBe(1);

  // Clear, after confirming.
  await page.locator('.cart-bar').getByRole('button', { name: '清空购物车' }).click();
  const dialog = page.getByRole('dialog', { name: '清空购物车' });
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  expect((await serverCart(token)).cartNum).toBe(1);
  await page.locator('.cart-bar').getByRole('button', { name: '清空购物车' }).click();
  await dialog.getByRole('button', { name: '确定清空' }).click();
  await expect(page.getByText('购物车空空的，还没有添加商品。')).toBeVisible();
  await expect(page.getByRole('link', { name: '去挑选商品' })).toHaveAttribute('href', '/goods?pageSize=16&pageNumber=1');
  expect(await serverCart(token)).toMatchObject({ valid: [], cartNum: 0 });
  await expect(page.locator('header [data-cart-count]')).toBeHidden();
});

test('a refused quantity shows the message beside its line and the line keeps the server value', async ({ page, context, baseURL }) => {
  const token = await freshMember(context, baseURL!);
  await serverAdd(token, XE, 2);
  await page.goto('/shopping-cart');
  await hydrated(page);
  const line = pageLine(page, XE);
  const field = line.locator('input[data-qty]');

  await field.fill('0');
  await field.press('Enter');
  await expect(line.getByRole('alert')).toHaveText('购买数量不能小于 1');
  await expect(field).toHaveValue('2');

  await field.fill('99999');
  await field.press('Enter');
  await expect(line.getByRole('alert')).toHaveText('购买数量不能大于 9999');

  // Above the stock the server answers 库存不足 and keeps the stock left; the screen shows both.
  const { stock } = (await serverCart(token)).valid[0]!.sku_list[0]!;
  await field.fill(String(stock + 1));
  await field.press('Enter');
  await expect(line.getByRole('alert')).toHaveText('库存不足');
  await expect(field).toHaveValue(String(stock));
  expect((await serverCart(token)).valid[0]!.sku_list[0]!.num).toBe(stock);
  await expect(line.getByRole('button', { name: '增加' })).toBeDisabled();

  // Typing above the stock again, with the line already at the stock: refused, and the field shows the stock again.
  await field.fill(String(stock + 5));
  await field.press('Enter');
  await expect(line.getByRole('alert')).toHaveText('库存不足');
  await expect(field).toHaveValue(String(stock));

  // The next change clears the message.
  await line.getByRole('button', { name: '减少' }).click();
  await expect(line.getByRole('alert')).toHaveCount(0);
  await expect(async () => expect((await serverCart(token)).valid[0]!.sku_list[0]!.num).toBe(stock - 1)).toPass();
});

test('move to favourites collects the goods and takes the line out; checkout leads to the confirm page', async ({
  page,
  context,
  baseURL,
}) => {
  const token = await freshMember(context, baseURL!);
  await serverAdd(token, XE);
  await serverAdd(token, N2_40L);
  await page.goto('/shopping-cart');
  await hydrated(page);
  await expect(page.locator('.cart-bar').getByRole('link', { name: '去结算' })).toHaveAttribute('href', '/Confirmorder');
  await pageLine(page, XE)
    .getByRole('button', { name: /移入收藏/ })
    .click();
  await expect(page.getByText('已移入收藏')).toBeVisible();
  await expect(pageLine(page, XE)).toHaveCount(0);
  expect((await serverCart(token)).valid.flatMap((s) => s.sku_list.map((l) => l.sku_id))).toEqual([N2_40L]);
  expect(await sandboxGet<{ collected: boolean }>('/collect/status?goodsId=1006', token)).toMatchObject({ collected: true });
});

test('a visitor is asked to sign in on the cart page, and an add-to-cart completes after login', async ({ page }) => {
  await page.goto('/shopping-cart');
  await expect(page.getByRole('heading', { name: '请先登录' })).toBeVisible();
  expect((await page.request.get('/shopping-cart')).headers()['cache-control']).toBe('private, no-store');

  await page.goto('/');
  await page.locator('button[data-add-to-cart="1030"]').click();
  // The add asks for the login dialog; signing in there finishes it and reloads the page.
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  const { phone, password } = await newMember();
  const { answer } = await shownCaptcha(dialog);
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByLabel('密码', { exact: true }).fill(password);
  await dialog.getByLabel('图形验证码').fill(answer);
  // Wait for that reload, or the reload below may start while it is still under way.
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await reloaded;
  await expect(page.locator('header [data-cart-count]')).toHaveText('1');
  const token = await loginToken(phone, password);
  const server = await serverCart(token);
  expect(server.valid[0]!.sku_list).toMatchObject([{ goods_id: 1030, num: 1 }]);
  // It ran once: another page load adds nothing more.
  await page.reload();
  await expect(page.locator('header [data-cart-count]')).toHaveText('1');
  expect((await serverCart(token)).valid[0]!.sku_list[0]!.num).toBe(1);
});
