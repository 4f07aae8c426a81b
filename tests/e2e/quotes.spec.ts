/** Quotes (docs/gas-features.md): the mixture configurator's live checks, a visitor's configuration kept across the login, the sales hooks, accepting into Confirmorder (one order for a double accept), a bulk request with an attachment, and quote_part switched off. */
import { expect, test, type Page } from './fixtures.ts';
import { loginDialog, shownCaptcha } from './auth-helpers.ts';
import { hydrate, orderingMember, PASSWORD, PNG, signInWith } from './member-support.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';

test.describe.configure({ timeout: 120_000 });

const rule = (page: Page, id: string) => page.locator(`[data-rule="${id}"]`);

test('a visitor configures a mixture, signs in, finds it intact, sends it; the sales team quotes; accepting twice makes one order at the quoted price', async ({
  page,
  context,
}) => {
  const m = await orderingMember();
  await page.goto('/quote/mixture');
  const form = page.locator('form[data-mixture]');

  // Re-checked in the same frame as the keystroke: the input handler paints the verdict before it returns.
  await form.getByLabel('平衡气').selectOption('air');
  await form.getByLabel('第 1 个组分', { exact: true }).selectOption('ch4');
  await form.getByLabel('第 1 个组分的单位').selectOption('pct');
  const sameFrame = await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('#mix-value-0')!;
    input.value = '10';
    const t0 = performance.now();
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return {
      ms: performance.now() - t0,
      lfl: document.querySelector('[data-rule="lfl"]')!.className,
      text: document.querySelector('[data-rule="lfl"] [data-rule-msg]')!.textContent,
    };
  });
  expect(sameFrame.lfl).toBe('is-fail');
  expect(sameFrame.text).toContain('超过 60% 的限值');
  expect(sameFrame.ms).toBeLessThan(16);
  console.log(`mixture re-check: ${sameFrame.ms.toFixed(2)} ms from the input event to the painted verdict`);
  await expect(page.locator('[data-verdict]')).toHaveText(/需要调整/);

  // CO2 as the balance at 15 MPa: the vapour-pressure rule refuses it and says why.
  await form.getByLabel('平衡气').selectOption('co2');
  await form.getByLabel('第 1 个组分', { exact: true }).selectOption('co');
  await form.getByLabel('第 1 个组分的单位').selectOption('ppm');
  await form.getByLabel('第 1 个组分的含量').fill('100');
  await form.getByLabel('气瓶规格').selectOption('40L-ST');
  await form.getByLabel(/充装压力/).fill('15');
  await expect(rule(page, 'vapour')).toHaveClass('is-fail');
  await expect(rule(page, 'vapour')).toContainText('饱和蒸气压');

  // 100 ppm CO in nitrogen at 15 MPa: every rule passes.
  await form.getByLabel('平衡气').selectOption('n2');
  await form.getByLabel('数量（瓶）').fill('2');
  await form.getByLabel(/备注/).fill('阀门 CGA 350');
  await expect(page.locator('[data-verdict]')).toHaveText(/可以配制/);
  await expect(page.locator('[data-price]')).toContainText('参考价');

  // Sending asks the visitor to sign in; the configuration is there again after the login's reload.
  await form.getByRole('button', { name: '提交询价' }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  const { answer } = await shownCaptcha(dialog);
  await dialog.getByLabel('手机号').fill(m.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('图形验证码').fill(answer);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await reloaded;
  await page.waitForURL('**/quote/mixture');
  await expect(form.getByLabel('第 1 个组分', { exact: true })).toHaveValue('co');
  await expect(form.getByLabel('第 1 个组分的含量')).toHaveValue('100');
  await expect(form.getByLabel(/充装压力/)).toHaveValue('15');
  await expect(form.getByLabel('数量（瓶）')).toHaveValue('2');
  await expect(form.getByLabel(/备注/)).toHaveValue('阀门 CGA 350');
  await expect(page.locator('[data-verdict]')).toHaveText(/可以配制/);

  await form.getByRole('button', { name: '提交询价' }).click();
  const sent = page.locator('[data-sent]');
  await expect(sent).toBeVisible();
  const sn = await sent.locator('[data-sent-sn]').textContent();
  expect(sn).toMatch(/^QT\d{13}$/);
  const href = (await sent.getByRole('link', { name: '查看询价单' }).getAttribute('href'))!;
  const id = Number(href.split('/').pop());

  // The sales team answers and quotes through the sandbox hooks; both count as unread messages.
  await sandboxPost(`/__sandbox/quotes/${id}/reply`, { content: '您好，CO/N₂ 100 ppm 可配制，交期 5 个工作日。' });
  await sandboxPost(`/__sandbox/quotes/${id}/quote`, {
    lines: [{ name: 'CO/N₂ 100 ppm 40L 钢瓶', quantity: 2, unit: '瓶', price: 880.5 }],
    freight: 50,
    validDays: 15,
    terms: '款到发货',
  });
  expect((await sandboxGet<{ total: number }>('/message/unread', m.token)).total).toBeGreaterThanOrEqual(2);

  await page.goto('/member/my-quotes');
  const item = page.locator('[data-quote-list] li', { hasText: sn! });
  await expect(item).toContainText('已报价');
  await expect(item).toContainText('2 条新回复');
  await item.getByRole('link').first().click();
  await expect(page.locator('[data-quote-sn]')).toHaveText(sn!);
  await expect(page.getByRole('list', { name: '询价沟通记录' })).toContainText('交期 5 个工作日');
  await expect(page.locator('[data-version="1"] [data-unit-price]')).toHaveText('¥880.50');
  await expect(page.locator('[data-version="1"] [data-total]')).toHaveText('¥1,811.00');

  // Accept in two tabs: both land on Confirmorder with the quoted lines; submitting both makes one order.
  const second = await context.newPage();
  await second.goto(page.url());
  for (const p of [page, second]) {
    await hydrate(p);
    await p.getByRole('button', { name: '接受第 1 版报价并下单' }).click();
    await p.waitForURL(/\/Confirmorder\?way=QUOTE&quoteId=\d+/);
    await expect(p.getByText('CO/N₂ 100 ppm 40L 钢瓶')).toBeVisible();
    await expect(p.locator('[data-payable]')).toHaveText('¥1,811.00');
  }
  await page.locator('[data-payable]').click();
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/checkout\/cashier\?sn=/);
  const orderSn = new URL(page.url()).searchParams.get('sn');
  // The second tab's submit is refused: the quote has its order.
  await second.locator('[data-payable]').click();
  await expect(second.locator('main astro-island[ssr]')).toHaveCount(0);
  await second.getByRole('button', { name: '提交订单' }).click();
  await expect(second.getByText(`该报价已下单（订单号 ${orderSn}），请勿重复下单`).first()).toBeVisible();
  expect(second.url()).toContain('/Confirmorder');
  const orders = await sandboxGet<{ list: { sn: string; payable: number; lines: { goodsName: string; price: number }[] }[] }>(
    '/order/list?pageSize=50',
    m.token,
  );
  const quoted = orders.list.filter((o) => o.lines.some((l) => l.goodsName === 'CO/N₂ 100 ppm 40L 钢瓶'));
  expect(quoted).toHaveLength(1);
  expect(quoted[0]).toMatchObject({ sn: orderSn, payable: 1811 });

  // Accepting again (a third tab) leads back to a Confirmorder that says the order exists; the thread links the order.
  await second.goto(`/Confirmorder?way=QUOTE&quoteId=${id}`);
  await expect(second.getByRole('alert')).toContainText(`该报价已下单（订单号 ${orderSn}）`);
  await page.goto(href);
  await expect(page.getByRole('link', { name: `订单 ${orderSn}` })).toBeVisible();

  // An expired quote cannot be accepted.
  const again = await sandboxPost<{ id: number }>(
    '/quote/mixture',
    {
      balance: 'n2',
      components: [{ gas: 'co', value: '50', unit: 'ppm' }],
      tolerance: 'T5',
      uncertainty: 'U2',
      cylinder: '8L-AL',
      pressure: '10',
      minTemp: 0,
      quantity: '1',
    },
    m.token,
  );
  await sandboxPost(`/__sandbox/quotes/${again.id}/quote`, {
    lines: [{ name: 'CO/N₂ 50 ppm', quantity: 1, unit: '瓶', price: 700 }],
    validDays: 0,
  });
  await page.goto(`/member/my-quotes/${again.id}`);
  await expect(page.locator('.m-head .m-badge')).toHaveText('已过期');
  await expect(page.locator('main').getByRole('button', { name: /接受第/ })).toHaveCount(0);
  await expect(page.locator('main').getByRole('button', { name: '申请重新报价' })).toBeVisible();
});

test('a member sends a bulk liquid-nitrogen request with a site photo', async ({ page, context, baseURL }) => {
  const m = await orderingMember();
  await signInWith(context, baseURL!, m.token);
  await page.goto('/quote/bulk');
  await hydrate(page);
  const form = page.getByRole('form', { name: '液态大宗气体询价' });
  await form.getByRole('button', { name: '提交询价' }).click();
  await expect(form.locator('.m-error', { hasText: '请选择气体' })).toBeVisible();
  await form.getByLabel('气体').selectOption({ label: '液氮' });
  await form.getByLabel('纯度要求').fill('≥99.999%');
  await form.getByRole('textbox', { name: '用量', exact: true }).fill('1e3');
  await form.getByLabel('使用压力（MPa）').fill('0.8');
  await form.getByLabel('开始供气日期').fill('2099-01-01');
  await form.getByLabel('省份').selectOption({ label: '江苏省' });
  await form.getByLabel('城市').selectOption({ label: '苏州市' });
  await form.getByLabel('区县').selectOption({ label: '吴中区' });
  await form.getByLabel('乡镇街道').selectOption({ label: '郭巷街道' });
  await form.getByLabel('详细地址').fill('郭巷街道 1 号');
  await form.getByLabel('储罐情况').fill('现有 10 m³ 立式储罐');
  await form.getByLabel('槽车通行条件').selectOption({ label: '槽车可直达' });
  await form.getByLabel(/附件/).setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('图片：site.png')).toBeVisible();
  await form.getByRole('button', { name: '提交询价' }).click();
  await expect(form.locator('.m-error', { hasText: '请直接填写数值，不支持科学计数法' })).toBeVisible();
  await expect(form.getByLabel('详细地址')).toHaveValue('郭巷街道 1 号');
  await form.getByRole('textbox', { name: '用量', exact: true }).fill('20');
  await form.getByRole('button', { name: '提交询价' }).click();
  const sent = page.getByRole('status').filter({ hasText: '询价已提交' });
  await expect(sent).toBeVisible();
  await expect(sent.locator('[data-sent-sn]')).toHaveText(/^QT\d{13}$/);
  await sent.getByRole('link', { name: '查看询价单' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('液态大宗气体 · 液氮 20 t/月');
  await expect(page.getByRole('list', { name: '询价附件' })).toContainText('site.png');
});

test('with quote_part off the quote pages, the member section and the entries are gone', async ({ page, context, baseURL }) => {
  const m = await orderingMember();
  await signInWith(context, baseURL!, m.token);
  // On: the goods page of a standard gas and the member menu lead to quotes.
  await page.goto('/goods/1019');
  await expect(page.locator('main [data-quote-entry]')).toContainText('在线配置混合气并询价');
  await expect(page.locator('#need-dialog [data-quote-entry]')).toHaveAttribute('href', '/quote');
  await expect(page.locator('.mainmenu a[href="/quote/mixture"]')).toHaveCount(1);
  await page.goto('/member/my-quotes');
  await expect(page.locator('.m-menu').getByRole('link', { name: '我的询价' })).toBeVisible();
  try {
    await sandboxPost('/__sandbox/view-control', { viewName: 'quote_part', isShow: 0 });
    for (const path of ['/quote', '/quote/mixture', '/quote/bulk', '/quote/onsite', '/member/my-quotes', '/member/my-quotes/1']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
    await page.goto('/member');
    await expect(page.locator('.m-menu').getByRole('link', { name: '我的询价' })).toHaveCount(0);
  } finally {
    await sandboxPost('/__sandbox/view-control', { viewName: 'quote_part', isShow: 1 });
  }
});
