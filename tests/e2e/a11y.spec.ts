// axe on every main template at 390 and 1440 px is part of the template sweep (templates.spec.ts); these are the shell's own.
import { expect, test } from './fixtures.ts';

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
