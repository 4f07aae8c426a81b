/**
 * A visitor's 加入购物车 and 立即购买 on a goods page kept through the login dialog (docs/storefront.md, Cart): the chosen SKU
 * and quantity wait while the visitor signs in, the cart's reaction to the member completes them, and only then does the page
 * reload (加入购物车: the goods in the cart, the toast and the header count as for a member's add) or go on (立即购买: the
 * confirm page with that goods).
 */
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { loginDialog, newMember, shownCaptcha } from './auth-helpers.ts';
import { pageLine, serverCart } from './cart-support.ts';
import { loginToken, sandboxGet } from './sandbox.ts';

/** Goods 1001 of the seed, 高纯氮气 N₂ 99.999%: its second SKU, the 47 L cylinder (¥210, stock 260). */
const GOODS = '/goods/1001';
const N2_47L = 100102;

/** Hovers an island and waits until React has hydrated it (Astro drops the `ssr` attribute then). */
async function hydrate(page: Page, inside: Locator): Promise<void> {
  await inside.hover();
  await expect(page.locator('astro-island').filter({ has: inside }).last()).not.toHaveAttribute('ssr');
}

/** Opens the goods page as a visitor and chooses the 47 L cylinder and a quantity in the buy box. */
async function choose(page: Page, quantity: number): Promise<Locator> {
  await page.goto(GOODS);
  const buy = page.locator('.buybox');
  await hydrate(page, buy.getByRole('button', { name: '47L 钢瓶' }));
  await buy.getByRole('button', { name: '47L 钢瓶' }).click();
  await expect(buy.getByTestId('sku-text')).toHaveText('99.999% - 47L 钢瓶 - 15 MPa');
  for (let n = 1; n < quantity; n++) await buy.getByRole('button', { name: '增加数量' }).click();
  await expect(buy.getByRole('spinbutton', { name: '数量' })).toHaveValue(String(quantity));
  return buy;
}

/** Signs a fresh member in through the open login dialog; `leaves` is the navigation the login ends with. */
async function signInInDialog(page: Page, leaves: () => Promise<unknown>): Promise<{ phone: string; password: string }> {
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  const member = await newMember();
  const { answer } = await shownCaptcha(dialog);
  await dialog.getByLabel('手机号').fill(member.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(member.password);
  await dialog.getByLabel('图形验证码').fill(answer);
  const left = leaves();
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await left;
  return member;
}

test('加入购物车 as a visitor, then signing in in the dialog: the chosen SKU and quantity are in the cart', async ({ page }) => {
  const buy = await choose(page, 2);
  await buy.getByRole('button', { name: '加入购物车' }).click();
  // The page reloads once the add is done, with what the member was told.
  const { phone, password } = await signInInDialog(page, () => page.waitForEvent('load'));
  await expect(page).toHaveURL(new RegExp(`${GOODS}$`));
  await expect(page.locator('header [data-cart-count]')).toHaveText('1');
  await expect(page.getByText('已加入购物车')).toBeVisible();
  await expect(page.getByText('登录成功')).toBeVisible();

  const server = await serverCart(await loginToken(phone, password));
  expect(server.valid.flatMap((s) => s.sku_list).map((l) => ({ sku_id: l.sku_id, num: l.num }))).toEqual([{ sku_id: N2_47L, num: 2 }]);
  await page.goto('/shopping-cart');
  const line = pageLine(page, N2_47L);
  await expect(line).toContainText('高纯氮气');
  await expect(line).toContainText('47L 钢瓶');
  await expect(line.locator('input[data-qty]')).toHaveValue('2');
  // It ran once: another page load adds nothing more.
  await page.reload();
  await expect(page.locator('header [data-cart-count]')).toHaveText('1');
  await expect(pageLine(page, N2_47L).locator('input[data-qty]')).toHaveValue('2');
});

test('立即购买 as a visitor, then signing in in the dialog: the confirm page with that goods', async ({ page }) => {
  const buy = await choose(page, 3);
  await buy.getByRole('button', { name: '立即购买' }).click();
  const { phone, password } = await signInInDialog(page, () => page.waitForURL(/\/Confirmorder\?way=BUY_NOW$/));
  await expect(page.getByRole('heading', { name: '填写并核对订单信息' })).toBeVisible();
  const row = page.getByRole('row', { name: /×3瓶/ });
  await expect(row).toContainText('高纯氮气');
  await expect(row).toContainText('47L 钢瓶');
  await expect(page.locator('.co-lines tbody tr')).toHaveCount(1);
  // A buy-now line, not a cart line: the cart stays empty.
  expect((await sandboxGet<{ cartNum: number }>('/cart/list', await loginToken(phone, password))).cartNum).toBe(0);
  await expect(page.locator('header [data-cart-count]')).toBeHidden();
});
