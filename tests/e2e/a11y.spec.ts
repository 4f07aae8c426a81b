import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { signIn } from './sandbox.ts';
import { TEMPLATES } from './templates.ts';

// Its tests are independent of each other: both workers share them, so the largest spec file does not end the run alone.
test.describe.configure({ mode: 'parallel' });

/** axe on every main template at a phone's and a desktop's width: no serious or critical violation (docs/architecture.md §7). */
for (const { name, path, signedIn } of TEMPLATES) {
  for (const width of [390, 1440]) {
    test(`axe finds no serious or critical violation on ${name} (${path}) at ${width} px`, async ({ page, context, baseURL }) => {
      if (signedIn) await signIn(context, baseURL!);
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('the services menu marks the current page and keeps id and pid in its links', async ({ page }) => {
  await page.goto('/services/policies/172');
  const menu = page.getByRole('navigation', { name: '服务与支持' });
  await expect(menu.getByRole('link', { name: '服务政策' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: '服务政策' })).toHaveAttribute('href', '/services/policies?id=17&pid=16');
  await expect(menu.getByText('招商合作')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('首页');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('气瓶退换政策');
});

test('the whole shell works with the keyboard alone: skip link, menus, search', async ({ page }) => {
  await page.goto('/shop/1');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
