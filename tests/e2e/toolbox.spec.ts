// The gas toolbox in Chromium: the converter (argon liquid, shared links, bad input), the SDS lookup and its print layout.
import { seriousViolations } from './axe.ts';
import { expect, test, type Page } from './fixtures.ts';
import { BUDGETS, loadsReact, measurePage } from '#scripts/lib/js-weight.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

const CONVERTER = '/services/toolbox/gas';

/** Focus a field, which hydrates the island, and wait until React owns it. */
async function wake(page: Page, label: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await expect(page.locator('[data-toolbox] astro-island')).not.toHaveAttribute('ssr');
}

test.describe('gas unit converter', () => {
  test('100 L of liquid argon reads as 139.54 kg and 78.22 Nm³, and the link shows the same in a new page', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(CONVERTER);
    // The static page already shows a result before any script runs.
    await expect(page.getByLabel('液体体积 L', { exact: true })).toHaveValue('1000');
    await wake(page, '气体');
    await page.getByLabel('气体', { exact: true }).selectOption({ label: '氩气（Ar）' });
    await page.getByLabel('液体体积 L', { exact: true }).fill('100');

    await expect(page.getByLabel('质量 kg', { exact: true })).toHaveValue('139.54');
    await expect(page.getByLabel('气体体积（0 ℃，101.325 kPa） Nm³', { exact: true })).toHaveValue('78.2192');
    await expect(page.getByLabel('质量 t', { exact: true })).toHaveValue('0.13954');
    await expect(page.locator('[data-toolbox]').getByText('饱和液体，101.325 kPa，−185.85 ℃（正常沸点）')).toBeVisible();
    await expect(page).toHaveURL(/gas=argon&unit=L&v=100/);

    await page.getByRole('button', { name: '复制分享链接' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已复制：分享链接' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/services\/toolbox\/gas\?gas=argon&unit=L&v=100$/);

    const shared = await context.newPage();
    await shared.goto(link);
    await expect(shared.getByLabel('气体', { exact: true })).toHaveValue('argon');
    await expect(shared.getByLabel('液体体积 L', { exact: true })).toHaveValue('100');
    await expect(shared.getByLabel('质量 kg', { exact: true })).toHaveValue('139.54');
    await expect(shared.getByLabel('气体体积（0 ℃，101.325 kPa） Nm³', { exact: true })).toHaveValue('78.2192');
  });

  test('bad input says what is wrong beside the field and keeps the other fields', async ({ page }) => {
    await page.goto(CONVERTER);
    await wake(page, '质量 kg');
    const kg = page.getByLabel('质量 kg', { exact: true });
    await kg.fill('250');
    const nm3 = page.getByLabel('气体体积（0 ℃，101.325 kPa） Nm³', { exact: true });
    await expect(nm3).toHaveValue('199.938');

    await kg.fill('abc');
    await expect(page.getByText('只能输入数字（可含小数点）')).toBeVisible();
    await expect(kg).toHaveAttribute('aria-invalid', 'true');
    await expect(nm3).toHaveValue('199.938');
    await kg.fill('-5');
    await expect(page.getByText('不能为负数')).toBeVisible();
    await kg.fill('1e15');
    await expect(page.getByText(/数值过大/)).toBeVisible();
    await expect(nm3).toHaveValue('199.938');
    await kg.fill('1,000');
    await expect(nm3).toHaveValue('799.75');
    await expect(kg).not.toHaveAttribute('aria-invalid');
  });

  test('what is typed while the island is still loading is kept', async ({ page }) => {
    await page.goto(CONVERTER);
    const kg = page.getByLabel('质量 kg', { exact: true });
    await kg.click();
    await kg.press('Control+a');
    await page.keyboard.type('250');
    await expect(page.getByLabel('气体体积（0 ℃，101.325 kPa） Nm³', { exact: true })).toHaveValue('199.938');
    await expect(kg).toHaveValue('250');
    await expect(page).toHaveURL(/gas=nitrogen&unit=kg&v=250/);
  });

  test('cylinder contents and pressure units', async ({ page }) => {
    await page.goto(`${CONVERTER}?gas=nitrogen&unit=kg&v=1&cg=hydrogen&cw=40&cp=15`);
    await expect(page.getByLabel('气瓶内的气体')).toHaveValue('hydrogen');
    // 40 L of hydrogen at 15 MPa gauge, 20 ℃: Z = 1.0931, 0.453 kg.
    const table = page.getByRole('table', { name: '气瓶装气量计算结果' });
    await expect(table.getByRole('row', { name: /^质量/ })).toContainText('0.45');
    await expect(table).toContainText('1.0931');
    await page.getByLabel('兆帕 MPa', { exact: true }).fill('20');
    await expect(page.getByLabel('磅力每平方英寸 psi', { exact: true })).toHaveValue('2,900.75');
    await expect(page.getByLabel('巴 bar', { exact: true })).toHaveValue('200');
  });

  test('the services menu marks the converter and the SDS lookup', async ({ page }) => {
    await page.goto(CONVERTER);
    const menu = page.getByRole('navigation', { name: '服务与支持' });
    await expect(menu.getByRole('link', { name: '气体单位换算' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/services/toolbox/sds/3');
    await expect(menu.getByRole('link', { name: '安全技术说明书' })).toHaveAttribute('aria-current', 'page');
  });

  test(`the converter loads at most ${BUDGETS.content / 1024} KB of JS before interaction, and no React`, async ({ browser, baseURL }) => {
    const weight = await measurePage(browser, baseURL!, CONVERTER);
    test.info().annotations.push({ type: 'js-gzip-bytes', description: String(weight.gzipBytes) });
    expect(weight.gzipBytes, weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(BUDGETS.content);
    expect(loadsReact(weight)).toBe(false);
  });
});

test.describe('SDS lookup', () => {
  test('a CAS number lands on nitrogen, a UN number on oxygen', async ({ page }) => {
    await page.goto('/services/toolbox/sds');
    const search = page.getByRole('searchbox', { name: '搜索气体' });
    await search.fill('7727-37-9');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/services\/toolbox\/sds\/1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('氮气（N₂）化学品安全技术说明书');

    await page.goto('/services/toolbox/sds');
    await page.getByRole('searchbox', { name: '搜索气体' }).fill('UN1072');
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page).toHaveURL(/\/services\/toolbox\/sds\/2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('氧气（O₂）化学品安全技术说明书');
  });

  test('typing filters the list by name, English name or formula', async ({ page }) => {
    await page.goto('/services/toolbox/sds');
    const search = page.getByRole('searchbox', { name: '搜索气体' });
    await search.fill('hydrogen');
    await expect(page.getByRole('status').filter({ hasText: '找到' })).toHaveText('找到 3 种气体');
    const list = page.getByRole('region', { name: 'SDS 列表（可横向滚动）' });
    await expect(list.getByRole('link', { name: '氢气', exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: '氮气', exact: true })).toBeHidden();
    await search.fill('so2');
    await expect(list.getByRole('link', { name: '二氧化硫', exact: true })).toBeVisible();
    await search.fill('不存在的气体');
    await expect(page.getByText('没有找到匹配的气体')).toBeVisible();
  });

  test('an encyclopedia link with ?keyword=CAS opens that SDS', async ({ page }) => {
    await page.goto('/services/toolbox/sds?keyword=7440-37-1');
    await expect(page).toHaveURL(/\/services\/toolbox\/sds\/3$/);
  });

  test('an SDS page has the 16 sections, pictograms and signal word', async ({ page }) => {
    await page.goto('/services/toolbox/sds/8');
    await expect(page.getByRole('heading', { level: 2, name: /^第\d+部分/ })).toHaveCount(16);
    await expect(page.getByRole('heading', { name: '第14部分 运输信息' })).toBeVisible();
    await expect(page.locator('#sds-14')).toContainText('UN1005');
    await expect(page.locator('#sds-14')).toContainText('2.3（8）');
    await expect(page.getByRole('img', { name: 'GHS06 急性毒性' })).toBeVisible();
    await expect(page.locator('.signal')).toHaveText('危险');
  });

  test('the print stylesheet hides the chrome and keeps the document', async ({ page }) => {
    await page.goto('/services/toolbox/sds/1');
    await page.emulateMedia({ media: 'print' });
    for (const chrome of [
      '.shortcut',
      'header.header',
      'footer.footer',
      'aside.sidebar',
      'nav.side',
      '.ui-breadcrumb',
      '[data-cookie-bar]',
      '[data-print]',
      '.toc',
    ]) {
      await expect(page.locator(chrome).first(), chrome).toBeHidden();
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: '第16部分 其他信息' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('header.header')).toBeVisible();
  });
});

for (const width of [390, 1440]) {
  for (const [name, path] of [
    ['the converter', CONVERTER],
    ['the SDS lookup', '/services/toolbox/sds'],
    ['an SDS page', '/services/toolbox/sds/8'],
  ] as const) {
    test(`axe at ${width} px finds no serious or critical violation on ${name}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      if (path === CONVERTER) await wake(page, '气体');
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }
}
