/** The account pages and dialogs for everyone: axe at phone and desktop widths, keyboard (Esc closes, focus returns), no sideways scroll, and the JS budget before use. */
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { BUDGETS, loadsReact, measurePage } from '#scripts/lib/js-weight.ts';
import { loginDialog } from './auth-helpers.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

// A toast caught mid-animation reads as low contrast to axe; reduced motion shows it at rest.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

for (const width of [390, 1440]) {
  for (const path of ['/login', '/register-kd123', '/register-by-email', '/find-password']) {
    test(`axe: ${path} at ${width} px, woken and with messages shown`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.locator('.auth-card input').first().focus();
      await page.locator('.auth-card button[type=submit]').click();
      await expect(page.locator('.auth-card [aria-invalid=true]').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  test(`axe: the login dialog at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await page.getByRole('link', { name: '请登录' }).click();
    await expect(loginDialog(page)).toBeVisible();
    // The page behind a modal dialog is inert; the dialog is what a visitor can reach.
    expect(await seriousViolations(page, { include: 'dialog[data-dialog="login"]' })).toEqual([]);
  });
}

test('nothing scrolls sideways at 360 px on the login page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/login');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the login dialog works with the keyboard: opens from the link, Esc closes it, focus returns', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: '请登录' });
  await link.focus();
  await page.keyboard.press('Enter');
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('手机号')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
});

test('the login page loads at most the content budget of JS before use, and no React', async ({ browser, baseURL }) => {
  const weight = await measurePage(browser, baseURL!, '/login');
  test.info().annotations.push({ type: 'js-gzip-bytes', description: String(weight.gzipBytes) });
  expect(weight.gzipBytes).toBeLessThanOrEqual(BUDGETS.content);
  expect(loadsReact(weight)).toBe(false);
});

test("a visitor's /member, with the login dialog opened by itself, stays within the member budget (no jsencrypt)", async ({
  browser,
  baseURL,
}) => {
  const weight = await measurePage(browser, baseURL!, '/member');
  test.info().annotations.push({ type: 'js-gzip-bytes', description: String(weight.gzipBytes) });
  expect(weight.gzipBytes, weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(90 * 1024);
});
