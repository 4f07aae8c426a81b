import { expect, test } from './fixtures.ts';
import { sandboxGet } from './sandbox.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

interface Cat {
  id: number;
  cateName: string;
  children: Cat[];
}

test('home shows the category tree, banners and hot keywords read from the sandbox', async ({ page }) => {
  const [categories, hot, banners] = await Promise.all([
    sandboxGet<Cat[]>('/index/productCategory'),
    sandboxGet<string[]>('/hotwords'),
    sandboxGet<{ title: string }[]>('/yxWebsiteBanner/list'),
  ]);
  await page.goto('/');
  await expect(page).toHaveTitle(/华气云商/);
  const nav = page.getByRole('navigation', { name: '商品分类' });
  for (const c of categories.slice(0, 11)) await expect(nav.getByRole('link', { name: new RegExp(`^${c.cateName}`) })).toBeVisible();
  for (const k of hot) await expect(page.getByRole('search').getByRole('link', { name: k, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(banners[0]!.title) })).toBeVisible();
});

test('the banner dots move the carousel and mark the current slide', async ({ page }) => {
  await page.goto('/');
  const dots = page.getByRole('button', { name: /^第 \d 张/ });
  await expect(dots).toHaveCount(3);
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => page.locator('[data-strip]').evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(1);
});

test('home shows the floor ads with their titles, linking where they lead', async ({ page }) => {
  const ads = await sandboxGet<{ title: string }[]>('/yxWebsiteAd/list?position=home-floor');
  await page.goto('/');
  const tiles = page.getByRole('list', { name: '专题推荐' });
  for (const ad of ads) await expect(tiles.getByRole('link', { name: ad.title })).toBeVisible();
  await expect(tiles.getByRole('link', { name: ads[1]!.title })).toHaveAttribute('href', '/services/policies/172');
});
