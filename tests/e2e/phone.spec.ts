import { expect, test, type Locator, type Page } from './fixtures.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

/** The shop on a phone: nothing scrolls sideways at 360 px, every chrome control has a name and a 44 px target, the side bar keeps out of the content. */

// Nothing scrolls sideways at 360 px on any main template: the template sweep checks it (templates.spec.ts).

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'visible').not.toBeNull();
  return b!;
}

async function expectTouchTarget(locator: Locator, what: string) {
  const b = await box(locator);
  expect(b.width, `${what} width`).toBeGreaterThanOrEqual(44);
  expect(b.height, `${what} height`).toBeGreaterThanOrEqual(44);
}

const phone = async (page: Page, path = '/') => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
};

test('at phone width the header cart and the side bar controls have names and 44 px targets', async ({ page }) => {
  await phone(page);
  const header = page.locator('header');
  await expectTouchTarget(header.getByRole('link', { name: '我的购物车' }), 'header cart');
  const bar = page.getByRole('complementary', { name: '快捷服务' });
  for (const [role, label] of [
    ['link', '购物车'],
    ['link', '在线客服'],
    ['button', '电话咨询'],
    ['link', '需求登记'],
  ] as const) {
    await expectTouchTarget(bar.getByRole(role, { name: label, exact: true }), label);
  }
  await expectTouchTarget(page.getByRole('button', { name: '搜索' }), 'search button');
});

test('on a phone the side bar is a bar along the bottom that never covers the end of the page', async ({ page }) => {
  await phone(page, '/services/policies/381');
  const bar = page.getByRole('complementary', { name: '快捷服务' });
  const b = await box(bar);
  expect(b.width).toBeGreaterThanOrEqual(360);
  expect(b.y + b.height).toBeCloseTo(844, -1);
  // Scrolled to the end, the footer's last line sits above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await box(page.locator('footer').last());
  const barNow = await box(bar);
  expect(footer.y + footer.height).toBeLessThanOrEqual(barNow.y + 1);
  // The phone number opens above the bar, inside the screen.
  await bar.getByRole('button', { name: '电话咨询' }).click();
  // The side bar's island may still be starting when the tap comes (it replays the tap once started): wait for the number.
  await expect(page.locator('#side-phone')).toBeVisible();
  const number = await box(page.locator('#side-phone'));
  expect(number.x).toBeGreaterThanOrEqual(0);
  expect(number.x + number.width).toBeLessThanOrEqual(390);
  expect(number.y + number.height).toBeLessThanOrEqual(barNow.y + 1);
});

test('banner slides are named by the text they show, and their dots are 44 px targets', async ({ page }) => {
  await phone(page);
  const carousel = page.getByRole('region', { name: '推荐活动' });
  const first = carousel.getByRole('link').first();
  const visible = (await first.innerText()).replace(/\s+/g, '');
  const name = (await first.evaluate((el) => el.textContent ?? '')).replace(/\s+/g, '');
  expect(name).toContain(visible);
  await expect(first).not.toHaveAttribute('aria-label');
  const dots = carousel.getByRole('button');
  expect(await dots.count()).toBeGreaterThan(1);
  for (const dot of await dots.all()) await expectTouchTarget(dot, 'banner dot');
});
