/**
 * Every tap shows at once that it was taken (src/boot/tap-feedback.ts, docs/light-pages.md): the control under the pointer
 * looks pressed from the pointerdown, before its island has loaded, and stays so until the frame after the release; a page
 * that starts leaving draws a thin bar over the top of the viewport until the next page paints, and shows none when it comes
 * back. The times are `npm run measure:taps` (a benchmark, not a test).
 */
import { expect, test, type Page } from './fixtures.ts';

/** What the root's bar looks like: present (a box at the top of the viewport) or not. */
const bar = (page: Page) =>
  page.evaluate(() => {
    const s = getComputedStyle(document.documentElement, '::before');
    return s.content !== 'none' && s.position === 'fixed' ? { top: s.top, height: s.height } : null;
  });

test('a pressed control is shaded from the pointerdown until after the release', async ({ page }) => {
  await page.goto('/goods/1001');
  const add = page.locator('.buybox').getByRole('button', { name: '加入购物车' });
  await add.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const box = (await add.boundingBox())!;
  const before = await add.evaluate((el) => getComputedStyle(el).boxShadow);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(add).toHaveAttribute('data-pressed', '');
  // The boot script's mark (tap-feedback.ts), set whether or not the island's code has arrived.
  const pressed = await add.evaluate((el) => getComputedStyle(el).boxShadow);
  expect(pressed).not.toBe(before);
  expect(pressed).toContain('inset');
  await page.mouse.up();
  // A visitor's 加入购物车 asks for the login; the mark is gone once the tap was answered.
  await expect(page.locator('dialog[data-dialog="login"][open]')).toBeVisible();
  await expect(add).not.toHaveAttribute('data-pressed');
});

test('a link that leaves the page draws the top bar, a page coming back shows none', async ({ page }) => {
  await page.goto('/services/policies/381');
  expect(await bar(page)).toBeNull();
  const link = page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '气体百科', exact: true });
  // The page is seen while it leaves by a navigation that never arrives (a 204 leaves the page where it is; Playwright cannot
  // look into a page whose navigation is pending): the bar is drawn, and fades by itself.
  await page.route('**/wiki', (route) => route.fulfill({ status: 204 }), { times: 1 });
  await link.click();
  await expect.poll(() => bar(page)).toEqual({ top: '0px', height: '3px' });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement, '::before').animationName)).toBe('navigating');
  // The real one: the next page has no bar, nor has this one when it comes back.
  await link.click();
  await page.waitForURL(/\/wiki$/);
  expect(await bar(page)).toBeNull();
  // (Playwright's Chromium runs without the back-forward cache: this is a fresh load; the cache's restore is pageshow's.)
  await page.goBack();
  await expect(page).toHaveURL(/\/services\/policies\/381$/);
  expect(await bar(page)).toBeNull();
});

test('a link within the page draws no bar', async ({ page }) => {
  await page.goto('/services/policies/381');
  await page.evaluate(() => {
    const a = Object.assign(document.createElement('a'), { href: '#top', textContent: '回到顶部（测试）' });
    document.querySelector('main')!.prepend(a);
  });
  await page.getByRole('link', { name: '回到顶部（测试）' }).click();
  await expect(page).toHaveURL(/#top$/);
  expect(await bar(page)).toBeNull();
});
