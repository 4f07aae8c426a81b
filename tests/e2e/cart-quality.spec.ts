import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { measurePage } from '#scripts/lib/js-weight.ts';
import { freshMember, hydrated, serverAdd } from './cart-support.ts';

/** docs/architecture.md §7: member, cart and checkout pages load at most 90 KB gzip of JavaScript before any interaction. */
const CART_BUDGET = 90 * 1024;

for (const width of [390, 1440]) {
  test(`axe finds no serious or critical violation on the cart page at ${width} px, and nothing scrolls sideways`, async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const token = await freshMember(context, baseURL!);
    await serverAdd(token, 100101, 12);
    await serverAdd(token, 100601, 1);
    await page.goto('/shopping-cart');
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test("axe finds no serious or critical violation on the empty cart and the visitor's cart page", async ({ page, context, baseURL }) => {
  await page.goto('/shopping-cart');
  expect(await seriousViolations(page)).toEqual([]);
  await freshMember(context, baseURL!);
  await page.goto('/shopping-cart');
  await expect(page.getByText('购物车空空的，还没有添加商品。')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the cart page loads at most 90 KB of JS before interaction', async ({ browser, baseURL }) => {
  const weight = await measurePage(browser, baseURL!, '/shopping-cart', async (context) => {
    const token = await freshMember(context, baseURL!);
    await serverAdd(token, 100101, 2);
  });
  test.info().annotations.push({ type: 'js-gzip-bytes', description: String(weight.gzipBytes) });
  console.log(`/shopping-cart JS before interaction: ${weight.gzipBytes} B gzip`);
  expect(weight.gzipBytes, weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(CART_BUDGET);
});
