/**
 * Personal-information rights (privacy_part; docs/privacy.md): a fresh member's sign-in in the history, the copy
 * of their data as a ZIP, deletion through SMS and the cooling-off, then erasure that leaves the phone nowhere in the sandbox
 * database; the demo member told each blocker; a sign-in during the cooling-off cancelling the deletion.
 */
import { DatabaseSync } from 'node:sqlite';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { strFromU8, unzipSync } from 'fflate';
import { newMember, PASSWORD, shownCaptcha, smsCode } from './auth-helpers.ts';
import { loginToken, sandboxGet, sandboxPost, sandboxUrl, signIn } from './sandbox.ts';
import { MAIN_SITE } from '#scripts/lib/e2e-sites.ts';

const DAY = 24 * 3600_000;
// The e2e server's sandbox database (scripts/lib/e2e-sites.ts: SANDBOX_DATA).
const DB_FILE = resolve(MAIN_SITE.env.SANDBOX_DATA!, 'sandbox.sqlite');

/** Signs in through the shop's login page, as a member would, and lands on the account page. */
async function loginOnPage(page: Page, phone: string): Promise<void> {
  await page.goto('/login?forward=/member/my-accountsafe');
  const card = page.locator('.auth-card');
  await card.getByLabel('手机号').fill(phone);
  const { answer } = await shownCaptcha(card);
  await card.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await card.getByLabel('图形验证码').fill(answer);
  await card.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.waitForURL('**/member/my-accountsafe');
}

/** Every table, every column of the sandbox's SQLite file: where a text occurs. */
function whereInDatabase(needle: string): string[] {
  const db = new DatabaseSync(DB_FILE, { readOnly: true });
  try {
    const hits: string[] = [];
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
      name: string;
    }[];
    for (const { name } of tables) {
      const columns = db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[];
      for (const c of columns) {
        const row = db.prepare(`SELECT COUNT(*) AS n FROM "${name}" WHERE instr(CAST("${c.name}" AS TEXT), ?) > 0`).get(needle) as {
          n: number;
        };
        if (row.n) hits.push(`${name}.${c.name}`);
      }
    }
    return hits;
  } finally {
    db.close();
  }
}

test('a fresh member sees the sign-in, downloads the copy, deletes the account, and is gone from the database', async ({ page }, info) => {
  test.setTimeout(90_000);
  const { phone } = await newMember();
  const token = await loginToken(phone);
  const detail = `蠡湖大道 ${Math.floor(Math.random() * 900 + 100)} 号`;
  await sandboxPost(
    '/member/address/save',
    { name: '钱工', phone, regionIds: [320000, 320200, 320211, 320211001000], regionText: '江苏省 无锡市 滨湖区 河埒街道', detail },
    token,
  );

  await loginOnPage(page, phone);
  // The sign-in just made: first, marked current, by password, in words, IP masked.
  const first = page.locator('[data-sign-ins] tbody tr').first();
  await expect(first).toContainText('密码登录');
  await expect(first).toContainText('当前设备');
  await expect(first).toContainText('Chrome 浏览器');
  await expect(first).toContainText(/\d+\.\d+\.\d+\.\*/);
  // The API sign-in is still signed in elsewhere: one tap ends it.
  await expect(page.locator('[data-sign-ins] tbody tr')).toHaveCount(2);
  await expect(page.locator('[data-sign-ins] tbody tr').nth(1)).toContainText('仍在登录');
  await expect(page.locator('[data-policy]')).toContainText('同意');

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`accountsafe-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: /退出其他设备的登录/ }).click();
  await expect(page.locator('[data-sign-ins] tbody tr').nth(1)).toContainText('已退出');
  await expect(page.getByRole('button', { name: /退出其他设备的登录/ })).toHaveCount(0);

  // The copy: one ZIP with the phone and the address in its JSON and its readable page.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载我的个人信息副本' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const data = JSON.parse(strFromU8(files['data.json']!)) as {
    profile: { phone: string };
    sections: { key: string; rows: { detail?: string }[] }[];
  };
  expect(data.profile.phone).toBe(phone);
  expect(data.sections.find((s) => s.key === 'addresses')!.rows.map((r) => r.detail)).toContain(detail);
  expect(strFromU8(files['summary.html']!)).toContain(detail);
  // The link worked once.
  const again = await page.request.get(download.url());
  expect(again.status()).toBe(404);
  expect(await again.text()).toContain('下载链接无效或已过期');

  // Deletion: the consequences, the SMS code, the request.
  const close = page.locator('#close-account');
  await expect(close).toContainText('优惠券和积分将作废');
  await expect(close).toContainText('会计凭证 30 年');
  await close.getByRole('button', { name: '确认注销账户' }).click();
  await expect(close.getByText('请先阅读并确认注销后果')).toBeVisible();
  await close.getByLabel('我已阅读并了解以上注销后果').check();
  await close.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText(/验证码已发送至 \d{3}\*{4}\d{4}/)).toBeVisible();
  await close.getByLabel(/短信验证码/).fill(await smsCode(phone));
  await close.getByRole('button', { name: '确认注销账户' }).click();
  await expect(page.locator('[data-deletion-pending]')).toContainText('注销申请已提交');

  // Not yet due: nothing happens; due: the member is erased.
  expect(await sandboxPost('/__sandbox/privacy/run-due', { at: Date.now() + 14 * DAY })).toEqual({ done: 0 });
  expect(whereInDatabase(phone).length).toBeGreaterThan(0);
  expect(await sandboxPost('/__sandbox/privacy/run-due', { at: Date.now() + 15 * DAY + 60_000 })).toEqual({ done: 1 });
  await expect(loginToken(phone)).rejects.toThrow('账号或密码错误');
  expect(whereInDatabase(phone)).toEqual([]);
  expect(whereInDatabase(detail)).toEqual([]);
});

test("the copy's link is no-store, a ZIP, and works once", async ({ page, context, baseURL }) => {
  const { phone } = await newMember();
  await signIn(context, baseURL!, phone);
  await page.goto('/member/my-accountsafe');
  const link = await page.request.post('/api/buyer/privacy/export', { headers: { origin: baseURL!, accept: 'application/json' } });
  const { data } = (await link.json()) as { data: { token: string } };
  const res = await page.request.get(`/member/privacy-export?t=${data.token}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/zip');
  expect(res.headers()['cache-control']).toContain('no-store');
  expect(res.headers()['content-disposition']).toMatch(/^attachment;/);
  expect((await page.request.get(`/member/privacy-export?t=${data.token}`)).status()).toBe(404);
});

test('the demo member is told each blocker with its link, and no deletion is scheduled', async ({ page, context, baseURL }) => {
  const token = await signIn(context, baseURL!);
  await page.goto('/member/my-accountsafe');
  const blockers = page.locator('[data-blockers]');
  await expect(blockers).toContainText('您的账户暂时不能注销');
  const cylinders = blockers.locator('[data-blocker="CYLINDERS"]');
  await expect(cylinders).toContainText(/您还有 \d+ 只钢瓶在用/);
  await expect(cylinders.getByRole('link', { name: '去归还钢瓶' })).toHaveAttribute('href', '/member/my-cylinders');
  const orders = blockers.locator('[data-blocker="ORDERS"]');
  await expect(orders).toContainText('未完成的订单');
  await expect(orders.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/member/my-order');
  await expect(page.getByRole('button', { name: '确认注销账户' })).toHaveCount(0);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#close-account').screenshot({ path: test.info().outputPath(`blockers-${width}.png`) });
  }
  // The link takes the member where the blocker is settled.
  await cylinders.getByRole('link', { name: '去归还钢瓶' }).click();
  await page.waitForURL('**/member/my-cylinders');
  // A request sent anyway is refused with the blockers, and nothing is scheduled.
  const refused = await fetch(`${sandboxUrl()}/privacy/deletion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ code: '123456' }),
  }).then((r) => r.json() as Promise<{ status: number; msg: string }>);
  expect(refused.status).toBe(400);
  expect(refused.msg).toMatch(/^账户暂不能注销：.*钢瓶.*订单/);
  expect((await sandboxGet<{ deletion: { status: string } }>('/privacy/status', token)).deletion.status).toBe('NONE');
});

test("the cookie notice's choice is recorded and shown with the consents", async ({ page, context, baseURL }) => {
  const { phone } = await newMember();
  const token = await signIn(context, baseURL!, phone);
  await page.goto('/privacy/collection');
  await expect(page.locator('[data-collection-list] tbody tr').first()).toContainText('手机号');
  await page.locator('[data-cookie-bar]').getByRole('button', { name: '接受' }).click();
  await expect
    .poll(async () => (await sandboxGet<{ cookie: { choice: string | null } }>('/privacy/status', token)).cookie.choice)
    .toBe('ACCEPT');
  await page.goto('/member/my-accountsafe');
  await expect(page.locator('#consents')).toContainText('已接受 Cookie');
  // Marketing: one tap on, one tap off; shopping never asks for it.
  const toggle = page.getByRole('switch', { name: '接收优惠与活动消息' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.locator('[data-marketing-state]')).toContainText('撤回');
});

test('the lists are linked from the footer and the privacy policy', async ({ page }) => {
  await page.goto('/services/privacy/426');
  await page.locator('main').getByRole('link', { name: '第三方信息共享清单' }).click();
  await page.waitForURL('**/privacy/sharing');
  for (const who of ['承运商', '支付宝', '短信', '发票']) await expect(page.locator('[data-sharing-list]')).toContainText(who);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.locator('main').screenshot({ path: test.info().outputPath('sharing-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.locator('footer').getByRole('link', { name: '个人信息收集清单' }).click();
  await page.waitForURL('**/privacy/collection');
});

test('signing in during the cooling-off cancels the deletion and says so', async ({ page }) => {
  const { phone } = await newMember();
  const token = await loginToken(phone);
  await sandboxPost('/privacy/deletion/code', {}, token);
  const pending = await sandboxPost<{ status: string; dueAt: number }>('/privacy/deletion', { code: await smsCode(phone) }, token);
  expect(pending.status).toBe('PENDING');

  await loginOnPage(page, phone);
  await expect(page.getByText(/注销申请已撤销/).first()).toBeVisible();
  await expect(page.locator('[data-deletion-note]')).toContainText('重新登录，注销申请已撤销');
  // The request is over: its due time passes and the member stays.
  expect(await sandboxPost('/__sandbox/privacy/run-due', { at: pending.dueAt + 60_000 })).toEqual({ done: 0 });
  expect(await loginToken(phone)).toBeTruthy();
});
