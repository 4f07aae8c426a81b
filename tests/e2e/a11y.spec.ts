import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';

/** axe on the main templates of the shell: no serious or critical violation (DESIGN §7). */
const pages = [
  ['home', '/'],
  ['a services page', '/services/policies/172'],
  ['the services index', '/services/policies'],
  ['the 404 page', '/no/such/page'],
  ['a shop page', '/shop/1'],
] as const;

for (const [name, path] of pages) {
  test(`axe finds no serious or critical violation on ${name}`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
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
