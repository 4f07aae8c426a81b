// Nothing covers a primary action on a phone (390 x 844): the cart's 去结算, Confirmorder's 提交订单, the goods page's 加入购物车
// and 立即购买, and the confirm button of the login, register and member confirm dialogs. On the page as it opens, with the
// cookie notice showing and again after it is accepted, the element at the control's centre is the control (or inside it).
// A control below the fold is first scrolled to, as a thumb would, just into view (block 'end'): the page then has to keep it
// clear of the bottom toolbar and the notice (global.css --bottom-bars). Once 去结算 lay under the toolbar's 需求登记.
import { expect, test, type BrowserContext, type Locator, type Page } from './fixtures.ts';
import { orderingMember, N2_SKU } from './member-support.ts';
import { sandboxPost, signIn } from './sandbox.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Fails unless the element at the control's centre is the control or inside it (after scrolling it just into view). */
async function uncovered(control: Locator, what: string): Promise<void> {
  await expect(control).toBeVisible();
  const hit = await control.evaluate((el) => {
    const r0 = el.getBoundingClientRect();
    if (r0.top < 0 || r0.bottom > innerHeight) el.scrollIntoView({ block: 'end' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    return {
      ok: !!top && (top === el || el.contains(top)),
      at: `${Math.round(x)},${Math.round(y)} of ${innerWidth}x${innerHeight}`,
      top: top?.outerHTML.slice(0, 140) ?? 'nothing',
    };
  });
  expect(hit.ok, `${what}: the centre (${hit.at}) belongs to ${hit.top}`).toBe(true);
}

/** Checks the controls with the cookie notice showing, accepts it, and checks them again. */
async function beforeAndAfterCookies(page: Page, controls: [Locator, string][]): Promise<void> {
  const bar = page.locator('[data-cookie-bar]');
  await expect(bar).toBeVisible();
  for (const [c, what] of controls) await uncovered(c, `${what}, cookie notice shown`);
  await bar.getByRole('button', { name: '接受' }).click();
  await expect(bar).toBeHidden();
  for (const [c, what] of controls) await uncovered(c, `${what}, cookie notice accepted`);
}

async function memberWithCart(context: BrowserContext, baseURL: string): Promise<void> {
  const m = await orderingMember();
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 1, way: 'CART' }, m.token);
  await signIn(context, baseURL, m.phone);
}

test.describe.configure({ mode: 'parallel' });

test('goods page: 加入购物车 and 立即购买', async ({ page }) => {
  await page.goto('/goods/1001');
  await beforeAndAfterCookies(page, [
    [page.locator('.buybox-actions').getByRole('button', { name: '加入购物车' }), '加入购物车'],
    [page.locator('.buybox-actions').getByRole('button', { name: '立即购买' }), '立即购买'],
  ]);
});

test('cart: 去结算', async ({ page, context, baseURL }) => {
  await memberWithCart(context, baseURL!);
  await page.goto('/shopping-cart');
  await beforeAndAfterCookies(page, [[page.getByRole('link', { name: '去结算' }), '去结算']]);
});

test('Confirmorder: 提交订单', async ({ page, context, baseURL }) => {
  await memberWithCart(context, baseURL!);
  await page.goto('/Confirmorder');
  await beforeAndAfterCookies(page, [[page.getByRole('button', { name: '提交订单' }), '提交订单']]);
});

test('login and register dialogs: 登录 and 注册', async ({ page }) => {
  await page.goto('/');
  const login = page.locator('dialog[data-dialog="login"]');
  const open = async () => {
    await page.locator('[data-open-login]').first().click();
    await expect(login).toBeVisible();
  };
  await open();
  await uncovered(login.locator('button[type="submit"]'), '登录, cookie notice shown');
  await login.getByRole('button', { name: /关闭/ }).first().click();
  await expect(login).toBeHidden();
  await page.locator('[data-cookie-bar]').getByRole('button', { name: '接受' }).click();
  await open();
  await uncovered(login.locator('button[type="submit"]'), '登录, cookie notice accepted');
  await login.getByRole('button', { name: /关闭/ }).first().click();
  await page.locator('[data-open-register]').first().click();
  const register = page.locator('dialog[data-dialog="register"]');
  await expect(register).toBeVisible();
  await uncovered(register.locator('button[type="submit"]'), '注册');
});

test('member confirm dialog: 确认删除 of an address', async ({ page, context, baseURL }) => {
  await memberWithCart(context, baseURL!);
  await page.goto('/member/my-address');
  await page.getByRole('button', { name: /^删除/ }).first().click();
  const dialog = page.getByRole('dialog', { name: '删除收货地址' });
  await expect(dialog).toBeVisible();
  await uncovered(dialog.getByRole('button', { name: '确认删除' }), '确认删除, cookie notice shown');
  await dialog.getByRole('button', { name: '取消' }).click();
  await page.locator('[data-cookie-bar]').getByRole('button', { name: '接受' }).click();
  await page.getByRole('button', { name: /^删除/ }).first().click();
  await uncovered(dialog.getByRole('button', { name: '确认删除' }), '确认删除, cookie notice accepted');
});
