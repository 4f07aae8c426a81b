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
