import { request as httpRequest } from 'node:http';
import { expect, test } from './fixtures.ts';
import { sandboxGet, sandboxPost, signIn } from './sandbox.ts';
import { hydrate } from './member-support.ts';

// Flows through the sandbox and several page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

interface Held {
  serial: string;
  rentSoFar: number;
  deposit: number;
  inspectionState: string;
  state: string;
}
interface Holdings {
  list: Held[];
  total: number;
  totals: { cylinders: number; deposit: number; rentThisMonth: number };
}
const yuanText = (n: number) => `¥${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test("the demo member sees the seeded cylinders with the sandbox's rent and deposit figures; filters and the CSV export work", async ({
  context,
  baseURL,
  page,
}) => {
  const token = await signIn(context, baseURL!);
  const api = await sandboxGet<Holdings>('/cylinders?pageSize=100', token);
  expect(api.totals.cylinders).toBeGreaterThanOrEqual(12);
  await page.goto('/member/my-cylinders');
  await expect(page.getByRole('heading', { name: '我的钢瓶', level: 1 })).toBeVisible();
  await expect(page.locator('[data-total="cylinders"]')).toHaveText(String(api.totals.cylinders));
  await expect(page.locator('[data-total="deposit"]')).toHaveText(yuanText(api.totals.deposit));
  await expect(page.locator('[data-total="rent-month"]')).toHaveText(yuanText(api.totals.rentThisMonth));
  // Every listed row's rent and deposit are the server's.
  for (const serial of ['SH23110412', 'SZ22080056', 'SZ24050137']) {
    const c = api.list.find((x) => x.serial === serial)!;
    const row = page.locator(`tr[data-serial="${serial}"]`);
    await expect(row.locator('[data-rent]')).toContainText(yuanText(c.rentSoFar));
    await expect(row.locator('[data-deposit]')).toHaveText(yuanText(c.deposit));
  }
  await expect(page.getByText('计租规则：前 30 天免租，之后 ¥1.00/天').first()).toBeVisible();

  // Filter: inspection due or overdue.
  await page.getByLabel('状态').selectOption('inspection');
  await page.getByRole('button', { name: '筛选' }).click();
  await expect(page).toHaveURL(/filter=inspection/);
  const due = api.list
    .filter((c) => c.inspectionState !== 'ok')
    .map((c) => c.serial)
    .sort();
  await expect(page.locator('tr[data-serial]')).toHaveCount(due.length);
  expect((await page.locator('tr[data-serial]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-serial')))).sort()).toEqual(due);
  // Filter: one gas.
  await page.goto('/member/my-cylinders');
  await page.getByLabel('气体').selectOption({ label: '氩气（2）' });
  await page.getByRole('button', { name: '筛选' }).click();
  await expect(page.locator('tr[data-serial]')).toHaveCount(2);

  // The export: UTF-8 with BOM, one line per cylinder of the filter.
  const csv = await page.request.get('/member/my-cylinders/export.csv');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const body = await csv.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = body.toString('utf8').slice(1).trim().split('\r\n');
  expect(lines[0]).toMatch(/^钢瓶号,气体,规格/);
  expect(lines).toHaveLength(api.totals.cylinders + 1);
  expect(lines.find((l) => l.startsWith('SH23110412,'))).toContain('氩气');

  // The statement prints on A4: one page of the month.
  await page.goto('/member/my-cylinders/statement');
  await expect(page.getByRole('heading', { name: /钢瓶租赁对账单/ })).toBeVisible();
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.length).toBeGreaterThan(1000);
});

test('a return request for two cylinders chosen on the list gets a number; the receive hook completes it and the ledger shows the refund', async ({
  context,
  baseURL,
  page,
}) => {
  const token = await signIn(context, baseURL!);
  await page.goto('/member/my-cylinders');
  await page.getByLabel('选择 SH23110412').check();
  await page.getByLabel('选择 SZ24050137').check();
  await page.getByRole('button', { name: '申请回收所选钢瓶' }).click();
  await expect(page).toHaveURL(/returns\/new\?serial=(SH23110412&serial=SZ24050137|SZ24050137&serial=SH23110412)$/);
  const chosen = page.getByRole('list', { name: '已选钢瓶' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await hydrate(page);
  // A typed serial is checked before it is added; the chosen ones stay.
  await page.getByLabel('输入钢瓶号').fill('SH2311');
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(page.getByText('「SH2311」不是有效的钢瓶号')).toBeVisible();
  await page.getByLabel('输入钢瓶号').fill('SH23110413');
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(3);
  // That one is already in a request: the server refuses, the form keeps its input.
  await page.getByRole('button', { name: '提交回收申请' }).click();
  await expect(page.getByRole('alert')).toContainText('钢瓶 SH23110413 已申请回收');
  await chosen.getByRole('button', { name: '移除 SH23110413' }).click();
  await page.getByRole('button', { name: '提交回收申请' }).click();
  const no = page.locator('[data-return-no]');
  await expect(no).toHaveText(/^HS\d{12}$/);
  const number = await no.textContent();

  const list = await sandboxGet<{ list: { id: number; no: string; status: string }[] }>('/cylinders/returns?status=WAITING', token);
  const made = list.list.find((r) => r.no === number)!;
  expect(made).toBeTruthy();
  await page.goto('/member/my-cylinders/returns');
  await expect(page.locator(`[data-return="${number}"]`)).toContainText('待取件');

  await sandboxPost(`/__sandbox/cylinders/returns/${made.id}/receive`, { damaged: ['SZ24050137'] });
  await page.goto(`/member/my-cylinders/returns/detail?id=${made.id}`);
  await expect(page.getByText('已入库').first()).toBeVisible();
  await expect(page.locator('[data-refund]')).toHaveText('¥600.00');
  await expect(page.locator('tr[data-serial="SZ24050137"]')).toContainText('损坏');
  await expect(page.locator('tr[data-serial="SH23110412"]')).toContainText('已入库');

  await page.goto('/member/my-cylinders');
  await expect(page.locator('tr[data-serial="SH23110412"]')).toHaveCount(0);
  const refund = page.locator('#cy-ledger').locator('tr[data-kind="REFUND"]', { hasText: number! });
  await expect(refund).toContainText('SH23110412');
  await expect(refund).toContainText('-¥600.00');

  // Another member cannot open it.
  await context.clearCookies();
  await signIn(context, baseURL!, '13900139000');
  const res = await page.goto(`/member/my-cylinders/returns/detail?id=${made.id}`);
  expect(res!.status()).toBe(404);
});

test("a delivered cylinder's public page shows its fill and inspection data and nothing about the holder; an unknown serial is 404", async ({
  page,
}) => {
  const res = await page.goto('/cylinder/SZ21040077');
  expect(res!.status()).toBe(200);
  expect(res!.headers()['cache-control']).toBe('public, max-age=60, s-maxage=300');
  await expect(page.getByRole('heading', { name: /氢气/ })).toBeVisible();
  await expect(page.locator('[data-last-fill]')).toContainText('苏州吴中充装站');
  await expect(page.locator('[data-last-fill]')).toContainText(/批号 SZ\d{6}-\d{2}/);
  await expect(page.getByRole('alert')).toContainText('已超过定期检验日期');
  await expect(page.locator('[data-next]')).toHaveCSS('color', 'rgb(198, 40, 40)');
  await expect(page.getByRole('link', { name: /安全技术说明书/ })).toHaveAttribute('href', '/services/toolbox/sds/5');
  const text = await page.locator('main').innerText();
  for (const holder of ['王建国', '13800138000', '苏州华芯', '吴淞江']) expect(text).not.toContain(holder);
  expect((await page.goto('/cylinder/SZ00000000'))!.status()).toBe(404);
  expect((await page.goto('/cylinder/sz21040077'))!.status()).toBe(404);
  expect((await page.goto('/cylinder/SZ2104'))!.status()).toBe(404);
});

test('order detail lists the serials delivered with links to their pages; shipping an order assigns them', async ({
  context,
  baseURL,
  page,
}) => {
  const token = await signIn(context, baseURL!);
  const orders = await sandboxGet<{ list: { sn: string; status: string }[] }>('/order/list?pageSize=50', token);
  const shipped = orders.list.find((o) => o.status === 'SHIPPED')!;
  const serials = await sandboxGet<{ pos: number; serials: string[] }[]>(`/cylinders/order/${shipped.sn}`, token);
  expect(serials[0]!.serials.length).toBeGreaterThan(0);
  await page.goto(`/member/my-order/detail?sn=${shipped.sn}`);
  const line = page.locator('[data-serials]').first();
  for (const s of serials[0]!.serials) await expect(line.getByRole('link', { name: s })).toHaveAttribute('href', `/cylinder/${s}`);
});

test('a visitor walking serials gets 429', async ({ baseURL }) => {
  // From its own loopback address, so the limit does not touch this run's other requests.
  const url = new URL(baseURL!);
  const get = (serial: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: url.hostname, port: url.port, path: `/cylinder/${serial}`, localAddress: '127.0.0.9' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  const statuses: number[] = [];
  for (let i = 0; i < 35; i++) statuses.push(await get(`SZ${String(90_000_000 + i)}`));
  expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
  expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
});

test('with cylinder_part off the menu entry and the pages are gone', async ({ context, baseURL, page }) => {
  await signIn(context, baseURL!);
  await page.goto('/member');
  await expect(page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('link', { name: '我的钢瓶' })).toBeVisible();
  await sandboxPost('/__sandbox/view-control', { viewName: 'cylinder_part', isShow: 0 });
  try {
    await page.goto('/member');
    await expect(page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('link', { name: '我的钢瓶' })).toHaveCount(0);
    for (const path of ['/member/my-cylinders', '/member/my-cylinders/returns', '/member/my-cylinders/statement', '/cylinder/SZ21040077']) {
      expect((await page.goto(path))!.status(), path).toBe(404);
    }
    expect((await page.request.get('/member/my-cylinders/export.csv')).status()).toBe(404);
  } finally {
    await sandboxPost('/__sandbox/view-control', { viewName: 'cylinder_part', isShow: 1 });
  }
});
