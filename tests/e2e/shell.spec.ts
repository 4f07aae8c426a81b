import { expect, test } from './fixtures.ts';
import { sandboxGet, sandboxPost, setSite, signIn, sandboxUrl } from './sandbox.ts';

interface Cat {
  id: number;
  cateName: string;
  children: Cat[];
}

test.describe('header menus', () => {
  test('the category layer is open on home with at most 11 items, and opens on hover elsewhere', async ({ page }) => {
    const categories = await sandboxGet<Cat[]>('/index/productCategory');
    await page.goto('/');
    const layer = page.getByRole('navigation', { name: '商品分类' });
    await expect(layer).toBeVisible();
    const items = layer.locator('[data-category-item]');
    expect(await items.count()).toBe(Math.min(categories.length, 11));
    expect(await items.count()).toBeLessThanOrEqual(11);
    await expect(layer.getByRole('link', { name: categories[0]!.cateName, exact: true }).first()).toBeVisible();

    await page.goto('/shop/1');
    const closed = page.getByRole('navigation', { name: '商品分类' });
    await expect(closed).toBeHidden();
    await page.getByRole('link', { name: '全部商品分类' }).hover();
    await expect(closed).toBeVisible();
    // Sub-categories with their cover pictures link to the goods list of that sub-category.
    const first = categories[0]!;
    await closed.locator('[data-category-item]').first().hover();
    const sub = closed.getByRole('link', { name: first.children[0]!.cateName, exact: true });
    await expect(sub).toBeVisible();
    await expect(sub).toHaveAttribute('href', `/goods?sid=${first.children[0]!.id}&pid=${first.id}`);
    await expect(sub.locator('img')).toHaveCount(1);
  });

  test('the category layer opens with the keyboard', async ({ page }) => {
    await page.goto('/shop/1');
    await page.getByRole('link', { name: '全部商品分类' }).focus();
    await expect(page.getByRole('navigation', { name: '商品分类' })).toBeVisible();
  });

  test('"all product categories" links to the first goods page', async ({ page }) => {
    await page.goto('/shop/1');
    await expect(page.getByRole('link', { name: '全部商品分类' })).toHaveAttribute('href', '/goods?pageSize=16&pageNumber=1');
  });
});

test.describe('search box', () => {
  test('Enter searches with single quotes removed', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: '搜索商品' });
    await box.click();
    await expect(page.locator('form.search[data-ready]')).toBeVisible();
    await box.fill("高纯'氮气'");
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?keyword=/);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('高纯氮气');
  });

  test('the button searches with single quotes removed', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: '搜索商品' });
    await box.click();
    await expect(page.locator('form.search[data-ready]')).toBeVisible();
    await box.fill("氩'气");
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?keyword=/);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('氩气');
  });

  test('suggestions appear with approximate counts and are chosen with the keyboard', async ({ page }) => {
    const expected = await sandboxGet<{ words: string; goods_num: number }[]>(`/goods/suggest?keyword=${encodeURIComponent('氮')}`);
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: '搜索商品' });
    await box.click();
    await expect(page.locator('form.search[data-ready]')).toBeVisible();
    await box.pressSequentially('氮');
    const list = page.getByRole('listbox', { name: '搜索建议' });
    await expect(list).toBeVisible();
    // The goods suggestions, then the knowledge-search option (knowledge-search.spec.ts).
    await expect(list.getByRole('option')).toHaveCount(expected.length + 1);
    await expect(list.getByRole('option').first()).toContainText(expected[0]!.words);
    await expect(list.getByRole('option').first()).toContainText('约');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /-0$/);
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?keyword=/);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe(expected[0]!.words);
  });

  test('without JavaScript the search is a plain form', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('combobox', { name: '搜索商品' }).fill('氦气');
    await page.getByRole('combobox', { name: '搜索商品' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?keyword=%E6%B0%A6%E6%B0%94/);
    await context.close();
  });
});

test.describe('cart in the header', () => {
  test('the badge shows the count of cart shops, and 99+ above 99', async ({ page, context, baseURL }) => {
    const token = await signIn(context, baseURL!);
    await sandboxPost('/cart/clear', {}, token);
    await sandboxPost('/cart/add', { sku_id: 100101, num: 2 }, token);
    await page.goto('/');
    const badge = page.locator('.cart-link [data-cart-count]');
    await expect(badge).toHaveText('1');

    // The backend answers 100 shops (no seed has that many): the badge caps the number.
    await page.route('**/api/buyer/cart/total', (route) =>
      route.fulfill({ json: { status: 200, msg: 'ok', data: { cartTotal: 1, cartNum: 100, checkedNum: 100 } } }),
    );
    await page.reload();
    await expect(badge).toHaveText('99+');
    await expect(page.locator('.sidebar [data-cart-count]')).toHaveText('99+');
  });

  test('the drop-down lists the lines with quantity controls, the total and a button to the cart', async ({ page, context, baseURL }) => {
    const token = await signIn(context, baseURL!);
    await sandboxPost('/cart/clear', {}, token);
    await sandboxPost('/cart/add', { sku_id: 100101, num: 2 }, token);
    await page.goto('/');
    await page.locator('.cart-link').hover();
    const panel = page.locator('.cart-drop');
    await expect(panel.locator('.cart-drop-lines li')).toHaveCount(1);
    await expect(panel).toHaveCSS('width', '280px');
    await expect(panel.locator('.cart-drop-lines')).toHaveCSS('max-height', '334px');
    await expect(panel.locator('output')).toHaveText('2');
    await panel.getByRole('button', { name: '增加' }).click();
    await expect(panel.locator('output')).toHaveText('3');
    await expect
      .poll(async () => (await sandboxGet<{ valid: { sku_list: { num: number }[] }[] }>('/cart/list', token)).valid[0]!.sku_list[0]!.num)
      .toBe(3);
    await expect(panel.getByRole('link', { name: '去购物车' })).toHaveAttribute('href', '/shopping-cart');
  });

  test('a guest sees the login prompt in the drop-down', async ({ page }) => {
    await page.goto('/');
    await page.locator('.cart-link').hover();
    await expect(page.locator('.cart-drop')).toContainText('登录后可查看购物车');
  });
});

test.describe('cookie notice', () => {
  test('accept persists across reloads', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Cookie 提示' });
    await expect(bar).toBeVisible();
    await bar.getByRole('button', { name: '接受' }).click();
    await expect(bar).toBeHidden();
    // The shop asks for 2099 (unit-tested); Chromium caps any cookie at 400 days, so it must at least be long-lived.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cookie_accepted');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(399 * 86400000);
    await page.reload();
    await expect(page.locator('[data-cookie-bar]')).toBeHidden();
  });

  test('close hides it for this session only', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Cookie 提示' });
    await bar.getByRole('button', { name: '关闭 Cookie 提示' }).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await expect(page.locator('[data-cookie-bar]')).toBeHidden();
    // A new browser session (new tab, no session storage) shows it again: nothing was stored for good.
    const again = await context.newPage();
    await again.goto('/');
    await expect(again.getByRole('region', { name: 'Cookie 提示' })).toBeVisible();
    await context.close();
  });
});

test.describe('side bar', () => {
  test('tap reveals the phone number', async ({ page }) => {
    await page.goto('/');
    const btn = page.getByRole('button', { name: '电话咨询' });
    await expect(page.locator('#side-phone')).toBeHidden();
    await btn.click();
    await expect(btn).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#side-phone')).toBeVisible();
    await expect(page.locator('#side-phone a')).toHaveText('400-820-6688');
  });

  test('the chat dialog embeds the chat, traps focus, closes on Esc and returns focus', async ({ page }) => {
    await page.goto('/');
    const opener = page.locator('.sidebar').getByRole('link', { name: '在线客服' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '在线客服' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', `${sandboxUrl()}/__sandbox/embed/chat`);
    await expect(page.frameLocator('#chat-dialog iframe').getByRole('heading', { name: '在线客服' })).toBeVisible();
    // Tab never leaves the modal dialog for the page behind it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body || Boolean(active.closest('dialog[open]'));
      });
      expect(inside).toBe(true);
    }
    // Esc from the dialog's own controls closes it (keys pressed inside the embedded page belong to that page).
    await dialog.getByRole('button', { name: '关闭在线客服' }).focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the requirements form dialog embeds the form and records the click', async ({ page }) => {
    const before = await sandboxGet<{ count: number }>('/__sandbox/embed/clicks');
    await page.goto('/');
    await page.locator('.sidebar').getByRole('link', { name: '需求登记' }).click();
    const dialog = page.getByRole('dialog', { name: '需求登记' });
    await expect(dialog).toBeVisible();
    await expect(page.frameLocator('#need-dialog iframe').getByRole('heading', { name: '提交采购需求' })).toBeVisible();
    await expect.poll(async () => (await sandboxGet<{ count: number }>('/__sandbox/embed/clicks')).count).toBe(before.count + 1);
    await dialog.getByRole('button', { name: '关闭需求登记' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('legacy redirects', () => {
  const cases: [string, string][] = [
    ['/classification?sid=103&pid=1', '/goods?sid=103&pid=1'],
    ['/generalPage?id=1001', '/goods/1001'],
    ['/about', '/about/my-about'],
    ['/license', '/about/certificate?pid=-1&id=2'],
    ['/-index', '/'],
    ['/-index?uuid=e2e-1', '/?uuid=e2e-1'],
  ];
  for (const [from, to] of cases) {
    test(`${from} answers 301 to ${to}`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers()['location']).toBe(to);
    });
  }
});

test.describe('error pages', () => {
  test('an unknown path shows the 404 page', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '页面不见了' })).toBeVisible();
    for (const reason of ['商品已下架', '网址输入错误', '网址已过期', '网络不稳定'])
      await expect(page.getByText(reason, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: '返回上一页' })).toBeVisible();
  });

  test('an unknown or malformed shop id shows the 404 page, never a 500', async ({ page }) => {
    for (const path of ['/shop/99999', '/shop/99999999', '/shop/abc', '/shop/1x', '/shop/1234567890123']) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: '页面不见了' })).toBeVisible();
    }
  });

  test('a closed site shows the closed page with its reason on every route', async ({ page }) => {
    await setSite(0, '系统升级维护中，预计 2 小时后恢复');
    try {
      for (const path of ['/', '/shop/1', '/no/such/page']) {
        const res = await page.goto(path);
        expect(res!.status()).toBe(503);
        await expect(page.getByRole('heading', { name: '站点已关闭' })).toBeVisible();
        await expect(page.getByText('系统升级维护中，预计 2 小时后恢复')).toBeVisible();
      }
      await setSite(0, '');
      await page.goto('/shop/1');
      await expect(page.locator('.error-view .message')).toHaveText('站点已关闭');
    } finally {
      await setSite(1);
    }
  });

  test('an API outage on an on-demand page shows the 503 page, not a blank page', async ({ page }) => {
    await sandboxPost('/__sandbox/faults', { failRate: 1, status: 503, count: -1 });
    try {
      // A page not in the route cache yet (a cached one is served on, as a CDN would).
      const res = await page.goto('/shop/2?pageNumber=9');
      expect(res!.status()).toBe(503);
      await expect(page.getByRole('heading', { name: '服务暂不可用' })).toBeVisible();
      await expect(page.getByText('服务器繁忙，请稍后刷新重试')).toBeVisible();
      await expect(page.getByRole('link', { name: '刷新页面' })).toBeVisible();
    } finally {
      await sandboxPost('/__sandbox/faults', { reset: true });
    }
  });

  test('/error says what happened by status and offers back and refresh', async ({ page }) => {
    await page.goto('/error?status=403');
    await expect(page.getByText('没有权限访问该内容（403）')).toBeVisible();
    await page.goto('/error?status=<script>alert(1)</script>');
    await expect(page.getByText('请求失败，请稍后重试。')).toBeVisible();
  });
});

test('security headers are on static and on-demand responses', async ({ request }) => {
  for (const path of ['/', '/shop/1', '/logo.svg']) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h['strict-transport-security']).toContain('max-age=31536000');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBeTruthy();
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  }
});

test('a visitor uuid is kept 30 days, and home adopts one from ?uuid=', async ({ page, context }) => {
  await page.goto('/shop/1');
  const first = (await context.cookies()).find((c) => c.name === 'visitor_uuid')!;
  expect(first.value).toMatch(/^[0-9a-f-]{36}$/);
  const days = (first.expires * 1000 - Date.now()) / 86400000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  await page.goto('/?uuid=campaign-20261122');
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).find((c) => c.name === 'visitor_uuid')!.value).toBe('campaign-20261122');
});

test('going offline shows a notice and coming back hides it', async ({ page, context }) => {
  await page.goto('/');
  const notice = page.locator('[data-offline]');
  await expect(notice).toBeHidden();
  await context.setOffline(true);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('网络连接已断开');
  await context.setOffline(false);
  await expect(notice).toBeHidden();
});

test('the CSP allows no inline or eval script, and the pages raise no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  await page.goto('/');
  const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  const scriptSrc = csp!.split(';').find((d) => d.trim().startsWith('script-src'))!;
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  // Exercise the islands and dialogs so their code and frames load under the policy.
  await page.getByRole('combobox', { name: '搜索商品' }).click();
  await expect(page.locator('form.search[data-ready]')).toBeVisible();
  await page.locator('.cart-link').hover();
  await expect(page.locator('.cart-drop')).toBeVisible();
  await page.locator('.sidebar').getByRole('link', { name: '在线客服' }).click();
  await expect(page.frameLocator('#chat-dialog iframe').getByRole('heading', { name: '在线客服' })).toBeVisible();
  await page.goto('/shop/1');
  const header = (await page.request.get('/shop/1')).headers()['content-security-policy'];
  expect(header).toContain('script-src');
  await page.goto('/services/policies/172');
  expect(violations).toEqual([]);
});
