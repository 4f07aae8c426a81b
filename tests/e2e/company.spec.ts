import { expect, test, type Browser, type Page } from './fixtures.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';
import { untilHydrated } from './checkout-data.ts';
import { freshMember, hydrate, N2_SKU, orderingMember, REGION, signInWith } from './member-support.ts';

// Two members in two browsers, many page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function pageFor(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await signInWith(context, baseURL, token);
  return context.newPage();
}

test('company buying: invite a buyer with a ¥1,000 limit, approve the ¥1,610 order, pay it, PO number on the order and the statement', async ({
  browser,
  baseURL,
}) => {
  // Members of this spec's own (registered through the sandbox): nothing the other specs use changes.
  const admin = await orderingMember();
  const buyer = await freshMember();
  const adminPage = await pageFor(browser, baseURL!, admin.token);
  const buyerPage = await pageFor(browser, baseURL!, buyer.token);

  // The owner of the approved company information is its 管理员 and invites the buyer by phone as 采购员 with a ¥1,000 limit.
  await adminPage.goto('/member/my-company');
  await expect(adminPage.locator('[data-my-roles]')).toHaveText('管理员、采购员、审批人、财务');
  await hydrate(adminPage);
  const invite = adminPage.getByRole('form', { name: '邀请成员' });
  await invite.getByLabel('手机号').fill('1380013');
  await invite.getByLabel('单笔限额（元）').fill('1000.123');
  await invite.getByRole('button', { name: '发送邀请' }).click();
  await expect(invite.locator('.m-error', { hasText: '请输入正确的手机号' })).toBeVisible();
  await expect(invite.locator('.m-error', { hasText: '限额须为大于 0 的金额，最多两位小数' })).toBeVisible();
  await invite.getByLabel('手机号').fill(buyer.phone);
  await invite.getByLabel('单笔限额（元）').fill('1000');
  await invite.getByRole('button', { name: '发送邀请' }).click();
  await expect(adminPage.getByRole('list', { name: '待接受的邀请' })).toContainText('采购员 · 单笔 ¥1,000.00');

  // The buyer accepts after signing in; they see their role and limit, not the settings.
  await buyerPage.goto('/member/my-company');
  await expect(buyerPage.getByText('您还不是企业成员')).toBeVisible();
  await hydrate(buyerPage);
  await buyerPage.getByRole('button', { name: '接受邀请' }).click();
  await expect(buyerPage.locator('[data-my-roles]')).toHaveText('采购员');
  await expect(buyerPage.getByText('单笔 ¥1,000.00')).toBeVisible();
  await expect(buyerPage.getByRole('form', { name: '邀请成员' })).toHaveCount(0);
  await expect(buyerPage.getByRole('form', { name: '下单要求' })).toHaveCount(0);
  // And the server refuses the settings whatever the client sends.
  await expect(
    sandboxPost('/member/companyAccount/settings', { poRequired: true, costCentreRequired: false }, buyer.token),
  ).rejects.toThrow('您没有管理企业成员的权限');

  // Two N2 cylinders (¥180 + ¥600 deposit each, ¥50 freight): ¥1,610, over the limit.
  await sandboxPost(
    '/member/address/save',
    { name: '采购员', phone: buyer.phone, regionIds: REGION.ids, regionText: REGION.text, detail: '郭巷街道 2 号' },
    buyer.token,
  );
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 2, way: 'CART' }, buyer.token);
  await buyerPage.goto('/Confirmorder');
  const part = buyerPage.locator('[data-company-part]');
  await expect(part.locator('[data-approval-notice]')).toContainText('订单金额 ¥1,610.00 超过单笔限额 ¥1,000.00');
  // The form is React's once hydrated: typed earlier, the values would be reset by it.
  await untilHydrated(buyerPage);
  await part.getByLabel('采购单号（PO）').fill('PO-E2E-2026-001');
  await part.getByLabel('成本中心').fill('研发中心');
  await expect(part.getByLabel('采购单号（PO）')).toHaveValue('PO-E2E-2026-001');
  await buyerPage.getByRole('button', { name: '提交订单' }).click();
  await buyerPage.waitForURL(/\/member\/my-order\/detail\?sn=/);
  const sn = new URL(buyerPage.url()).searchParams.get('sn')!;
  await expect(buyerPage.locator('.m-badge').first()).toHaveText('待审批');
  await expect(buyerPage.locator('[data-po]')).toHaveText('PO-E2E-2026-001');
  await expect(buyerPage.getByRole('link', { name: '去支付' })).toHaveCount(0);
  const unreadBefore = (await sandboxGet<{ total: number }>('/message/unread', buyer.token)).total;

  // The approver (the admin holds the role) approves it with a comment.
  await adminPage.goto('/member/my-approvals');
  const item = adminPage.locator(`[data-approval="${sn}"]`);
  await expect(item).toContainText('¥1,610.00');
  await expect(item).toContainText('采购单号 PO-E2E-2026-001');
  await hydrate(adminPage);
  await item.getByLabel('审批意见').fill('本月预算内，同意');
  await item.getByRole('button', { name: '通过' }).click();
  await expect(adminPage.getByText('暂无待审批的订单')).toBeVisible();

  // The buyer is told and pays as usual.
  expect((await sandboxGet<{ total: number }>('/message/unread', buyer.token)).total).toBe(unreadBefore + 1);
  await buyerPage.reload();
  await expect(buyerPage.locator('[data-approval-status]')).toContainText('已通过');
  await expect(buyerPage.locator('[data-approval-status]')).toContainText('本月预算内，同意');
  await expect(buyerPage.getByRole('link', { name: '去支付' })).toBeVisible();
  await sandboxPost(`/__sandbox/orders/${sn}/pay`, { payType: 'ALIPAY' });
  await buyerPage.reload();
  await expect(buyerPage.locator('.m-badge').first()).toHaveText('已付款');

  // The buyer's order list finds it by part of its PO number, in any case; a number that matches nothing says so.
  await buyerPage.goto('/member/my-order');
  await buyerPage.getByRole('textbox', { name: '采购单号' }).fill('e2e-2026');
  await buyerPage.getByRole('button', { name: '查找' }).click();
  await expect(buyerPage.getByText('采购单号包含“e2e-2026”的订单共 1 笔')).toBeVisible();
  const found = buyerPage.locator('.m-table tbody tr');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(sn);
  await expect(found).toContainText('PO-E2E-2026-001');
  await expect(found).toContainText('已付款（审批已通过）');
  await buyerPage.goto('/member/my-order?po=NO-SUCH-PO');
  await expect(buyerPage.getByText('没有找到采购单号包含“NO-SUCH-PO”的订单。')).toBeVisible();
  await buyerPage.goto(`/member/my-order/detail?sn=${sn}`);

  // The statement shows the order and its payment with the PO number; the CSV carries a BOM.
  await adminPage.goto('/member/my-statement');
  await expect(adminPage.locator('tr[data-line="ORDER"]', { hasText: sn })).toContainText('PO-E2E-2026-001');
  await expect(adminPage.locator('tr[data-line="PAYMENT"]', { hasText: sn })).toContainText('¥1,610.00');
  const csvLink = adminPage.getByRole('link', { name: '下载 CSV' });
  const csv = await adminPage.request.get((await csvLink.getAttribute('href'))!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const body = (await csv.body()).toString('utf8');
  expect(body.charCodeAt(0)).toBe(0xfeff);
  expect(body).toContain(`${sn},`);
  expect(body).toContain('PO-E2E-2026-001');
  await adminPage.goto('/member/my-statement?po=NO-SUCH-PO');
  await expect(adminPage.getByText('该月没有采购单号包含“NO-SUCH-PO”的记录。')).toBeVisible();

  // Finance (the admin holds the role) checks the VAT details once; the order is received; the buyer requests its 数电票 from the
  // order's detail with those details as the title (einvoice_part: one store of titles; the paper-era request is off with it).
  await adminPage.goto('/member/my-company');
  await hydrate(adminPage);
  const vat = adminPage.getByRole('form', { name: '开票信息' });
  await vat.getByLabel('纳税人识别号').fill('1234567890123456');
  await vat.getByRole('button', { name: '核对并保存' }).click();
  await expect(vat.locator('.m-error', { hasText: '税号格式错误' })).toBeVisible();
  await expect(vat.locator('.m-error', { hasText: '请输入注册地址' })).toBeVisible();
  // A credit code with a mistyped last character is warned about as it is typed (GB 32100-2015's check), not refused.
  await vat.getByLabel('纳税人识别号').fill('91320506MA1N2QK83T');
  await expect(vat.getByRole('status').filter({ hasText: '第 18 位应为 W' })).toBeVisible();
  await vat.getByLabel('纳税人识别号').fill('91320506MA1N2QK83W');
  await expect(vat.locator('.ui-field-warning')).toHaveCount(0);
  await vat.getByLabel('注册地址').fill('苏州工业园区星湖街 328 号');
  await vat.getByLabel('注册电话').fill('0512-62880000');
  await vat.getByLabel('开户银行').fill('中国银行苏州工业园区支行');
  await vat.getByLabel('银行账号').fill('5367 5820 1234');
  await vat.getByRole('button', { name: '核对并保存' }).click();
  await expect(vat.locator('[data-vat-checked]')).toContainText('已由');
  await sandboxPost(`/__sandbox/orders/${sn}/ship`, { company: '顺丰速运' });
  await sandboxPost(`/order/receive/${sn}`, {}, buyer.token);
  await buyerPage.reload();
  await hydrate(buyerPage);
  const einvoice = buyerPage.locator('[data-order-einvoice]');
  await expect(einvoice).toContainText('91320506MA1N2QK83W');
  await expect(buyerPage.getByRole('button', { name: '申请增值税专用发票' })).toHaveCount(0);
  await einvoice.getByRole('button', { name: '申请数电票（增值税专用发票）' }).click();
  await expect(einvoice.locator('[data-einvoice-number]')).toHaveText(/^\d{20}$/);
  const number = (await einvoice.locator('[data-einvoice-number]').textContent())!;
  await expect(einvoice).toContainText('已开具');
  const download = buyerPage.waitForEvent('download');
  await einvoice.getByRole('link', { name: 'PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`${number}.pdf`);

  // The buyer cannot read the statement.
  await buyerPage.goto('/member/my-statement');
  await expect(buyerPage.getByText('对账单由企业管理员或财务查看')).toBeVisible();

  await adminPage.context().close();
  await buyerPage.context().close();
});
