/**
 * The header's dynamic parts on a cold content page (docs/light-pages.md): the greeting, the unread count and the cart count
 * come from a small boot script that loads no store and no API client, and must still be right after a sign-in, a sign-out,
 * and a cart change made in another tab.
 */
import { expect, test } from './fixtures.ts';
import { loginThroughShop } from './auth-helpers.ts';
import { freshMember, serverAdd, serverCart } from './cart-support.ts';

/** Pre-rendered content pages, cold (a fresh navigation each). */
const POLICY = '/services/policies/381';
const ENCYCLOPEDIA = '/gases';
/** SKU of the seed's shop 1 (nitrogen 40 L); the home page's hot goods include a valve of shop 3 (goods 1083). */
const N2_40L = 100101;

test('after a sign-in the header greets the member with the unread and cart counts; after a sign-out, the login links', async ({
  page,
}) => {
  await page.goto(POLICY);
  await expect(page.locator('.shortcut [data-when="guest"]')).toBeVisible();
  await expect(page.locator('.shortcut [data-when="member"]')).toBeHidden();
  await expect(page.locator('header [data-cart-count]')).toBeHidden();

  // The demo member (three unread messages in the seed), signed in through the shop's own endpoint as the dialog does.
  await loginThroughShop(page, '13800138000');
  const cart = (await (await page.request.get('/api/buyer/cart/total')).json()) as { data: { cartNum: number } };
  const me = (await (await page.request.get('/api/buyer/userinfo')).json()) as { data: { username: string; phone: string } };
  await page.goto(ENCYCLOPEDIA);
  const member = page.locator('.shortcut [data-when="member"]');
  await expect(member).toBeVisible();
  await expect(page.locator('.shortcut [data-when="guest"]')).toBeHidden();
  await expect(member.locator('[data-profile-name]')).toHaveText(me.data.username || me.data.phone);
  await expect(page.locator('.shortcut [data-unread-count]')).toHaveText('3');
  const badge = page.locator('header [data-cart-count]');
  if (cart.data.cartNum > 0) await expect(badge).toHaveText(String(cart.data.cartNum));
  else await expect(badge).toBeHidden();

  // The first tap on 退出, before the rest of the chrome has loaded, is kept and signs out.
  await member.getByRole('button', { name: '退出' }).click();
  await expect(page.getByText('退出成功!')).toBeVisible();
  await expect(page.locator('.shortcut [data-when="guest"]')).toBeVisible();
  await page.goto(POLICY);
  await expect(page.locator('.shortcut [data-when="guest"]')).toBeVisible();
  await expect(page.locator('.shortcut [data-when="member"]')).toBeHidden();
  await expect(page.locator('.shortcut [data-unread]')).toBeHidden();
  await expect(page.locator('header [data-cart-count]')).toBeHidden();
});

test('a cart change in another tab updates the cart count of an open content page', async ({ context, page, baseURL }) => {
  const token = await freshMember(context, baseURL!);
  await serverAdd(token, N2_40L);
  await page.goto(ENCYCLOPEDIA);
  const badge = page.locator('header [data-cart-count]');
  await expect(badge).toHaveText('1');
  // A fresh member has no messages: no unread badge.
  await expect(page.locator('.shortcut [data-unread]')).toBeHidden();

  // Another tab of the same browser adds goods of a second shop.
  const other = await context.newPage();
  await other.goto('/');
  await other.locator('button[data-add-to-cart="1083"]').click();
  await expect(other.locator('header [data-cart-count]')).toHaveText('2');
  expect((await serverCart(token)).cartNum).toBe(2);
  // The first tab, untouched, follows at once.
  await expect(badge).toHaveText('2');
  await other.close();

  // And a cold page shows the server's count.
  await page.goto(POLICY);
  await expect(page.locator('header [data-cart-count]')).toHaveText('2');
});
