import { expect, test } from './fixtures.ts';

test('a chunk that fails to load reloads the page once, and not again within a minute', async ({ page }) => {
  // The search island's code is unreachable, retries included, as after a deploy removed it.
  await page.route(/\/_astro\/SearchBox\.[\w-]+\.js(\?.*)?$/, (route) => route.abort('failed'));
  await page.goto('/');
  let loads = 0;
  page.on('load', () => loads++);
  await page.getByRole('combobox', { name: '搜索商品' }).click();
  await expect.poll(() => loads).toBe(1);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('chunk_reload_at'))).not.toBeNull();
  // Same failure right after the reload: no second reload inside the minute.
  await page.getByRole('combobox', { name: '搜索商品' }).click();
  await page.waitForTimeout(1500);
  expect(loads).toBe(1);
});

test('a chunk that fails while the page is leaving does not reload it in place of the navigation', async ({ page }) => {
  // Firefox rejects a pending import as soon as a navigation starts (src/boot/tap-feedback.ts, navigating). The page is marked
  // as leaving the way a navigation marks it (tap-feedback.spec.ts shows a navigation does: Playwright reads nothing of a page
  // whose navigation is pending), and the search island's code then fails to load.
  await page.route(/\/_astro\/SearchBox\.[\w-]+\.js(\?.*)?$/, (route) => route.abort('failed'));
  await page.goto('/');
  let loads = 0;
  page.on('load', () => loads++);
  await page.evaluate(() => {
    document.documentElement.setAttribute('data-navigating', '');
    addEventListener('astro:hydration-error', () => document.body.setAttribute('data-test-failed', ''), { once: true });
  });
  await page.getByRole('combobox', { name: '搜索商品' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-test-failed');
  // chrome.ts's listener ran before this one: a reload would have been asked for and marked by now.
  expect(await page.evaluate(() => sessionStorage.getItem('chunk_reload_at'))).toBeNull();
  expect(loads).toBe(0);
});
