// Certificates of analysis (docs/gas-features.md) in the real browser against the built site and the sandbox: order line → certificate →
// PDF text, public verification with the right and a wrong serial, the expiry reminder with its reorder, and coa_part off.
import { expect, test } from './fixtures.ts';
import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Certificate, CertificateSummary } from '#src/shared/api/contract/certificates.ts';
import type { OrderSummary } from '#src/shared/api/contract/order.ts';
import { formatValue, NOT_VERIFIED } from '#src/features/certificates/certificate.ts';
import { loginToken, sandboxGet, sandboxPost, signIn } from './sandbox.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const setCoa = (isShow: 0 | 1) => sandboxPost('/__sandbox/view-control', { viewName: 'coa_part', isShow });
const METHANE_SKU = 101601;

/** The demo member's seeded standard-gas order and the sandbox's record of its methane cylinder's certificate. */
async function standardOrder() {
  const token = await loginToken();
  const orders = await sandboxGet<{ list: OrderSummary[] }>('/order/list?pageSize=50', token);
  const o = orders.list.find((x) => x.lines.some((l) => l.sku_id === METHANE_SKU))!;
  expect(o, 'seeded standard-gas order').toBeTruthy();
  const lines = await sandboxGet<{ linePos: number; skuId: number; certificates: CertificateSummary[] }[]>(
    `/certificates/order/${o.sn}`,
    token,
  );
  const summary = lines.find((l) => l.skuId === METHANE_SKU)!.certificates[0]!;
  const cert = await sandboxGet<Certificate>(`/certificates/detail/${summary.certNo}`, token);
  return { token, sn: o.sn, cert };
}

test('the demo member follows a standard-gas line to its certificate, sees components and uncertainties, and downloads the PDF', async ({
  page,
  context,
  baseURL,
}) => {
  const { sn, cert } = await standardOrder();
  await signIn(context, baseURL!);
  await page.goto(`/member/my-order/detail?sn=${sn}`);
  const row = page.getByRole('row').filter({ hasText: '甲烷/空气 标准气体' });
  await expect(row.getByText('随瓶证书（1）')).toBeVisible();
  await row.getByRole('link', { name: `查看证书 ${cert.certNo}（气瓶 ${cert.serial}）` }).click();
  await expect(page).toHaveURL(new RegExp(`/member/my-certificates/detail\\?no=${cert.certNo}$`));
  await expect(page.getByRole('heading', { level: 1, name: '分析证书' })).toBeVisible();
  const first = cert.components[0]!;
  const table = page.getByRole('table', { name: /认定值/ });
  const compRow = table.getByRole('row').filter({ hasText: `${first.name}（${first.formula}）` });
  await expect(compRow).toContainText(`${formatValue(first.value)} ${first.unit}`);
  await expect(compRow).toContainText(`± ${first.uncertainty} ${first.unit}`);
  await expect(compRow).toContainText(first.method);
  await expect(page.getByText(cert.reference.number)).toBeVisible();
  await expect(page.getByText('证书即将到期').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('member-certificate.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载 PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`${cert.certNo}.pdf`);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  expect(bytes.byteLength).toBeLessThan(200 * 1024);
  const text = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text as string;
  expect(text).toContain(cert.certNo);
  expect(text).toContain(`${formatValue(first.value)} ${first.unit}`);
});

test('the public page shows the certificate for the right pair and refuses a wrong serial with one neutral message', async ({
  browser,
  baseURL,
}) => {
  const { cert } = await standardOrder();
  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  try {
    const ok = await page.goto(`/coa/${cert.certNo}?serial=${cert.serial}`);
    expect(ok!.status()).toBe(200);
    expect(ok!.headers()['cache-control']).toMatch(/public/);
    await expect(page.getByRole('status').filter({ hasText: '证书编号与气瓶编号一致' })).toBeVisible();
    await expect(page.getByText(cert.serial).first()).toBeVisible();
    await expect(page.getByText(cert.lab.name).first()).toBeVisible();
    await expect(page.getByText(cert.orderSn)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('public-certificate.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('public-certificate-390.png'), fullPage: true });

    const wrongSerial = cert.serial.slice(0, 2) + String((Number(cert.serial.slice(2)) + 1) % 1e8).padStart(8, '0');
    const wrong = await page.goto(`/coa/${cert.certNo}?serial=${wrongSerial}`);
    expect(wrong!.status()).toBe(404);
    await expect(page.getByRole('alert').filter({ hasText: NOT_VERIFIED })).toHaveText(NOT_VERIFIED);
    await expect(page.getByText(cert.productName)).toHaveCount(0);
    // An unknown number gets the very same words.
    await page.goto(`/coa/COA-2099-999999?serial=${cert.serial}`);
    await expect(page.getByRole('alert').filter({ hasText: NOT_VERIFIED })).toHaveText(NOT_VERIFIED);
    // The refusal page's form normalises what was typed and verifies again.
    await page.getByLabel('证书编号').fill(cert.certNo.toLowerCase());
    await page.getByLabel('气瓶编号').fill(` ${cert.serial.toLowerCase()} `);
    await page.getByRole('button', { name: '核验' }).click();
    await expect(page.getByRole('status').filter({ hasText: '证书编号与气瓶编号一致' })).toBeVisible();

    // The goods page of the standard gas shows a sample certificate with the cylinder masked.
    await page.goto(`/goods/${cert.goodsId}`);
    const sample = page.getByRole('region', { name: '分析证书样例' });
    await expect(sample.getByRole('heading', { name: '分析证书（样例）' })).toBeVisible();
    await expect(sample).toContainText('COA-0000-000000');
    await expect(sample).not.toContainText(cert.serial);

    const pdf = await visitor.request.get(`/coa/${cert.certNo}.pdf?serial=${cert.serial}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const noPdf = await visitor.request.get(`/coa/${cert.certNo}.pdf?serial=${wrongSerial}`);
    expect(noPdf.status()).toBe(404);
    expect(noPdf.headers()['content-type']).not.toContain('pdf');
    expect(await noPdf.text()).toBe(NOT_VERIFIED);
  } finally {
    await visitor.close();
  }
});

test('the overview warns of the expiring certificate with a one-tap reorder, and the list says 已过期 and why', async ({
  page,
  context,
  baseURL,
}) => {
  const { token } = await standardOrder();
  const before = (await sandboxGet<{ valid: { sku_list: { sku_id: number; num: number }[] }[] }>('/cart/list', token)).valid
    .flatMap((s) => s.sku_list)
    .find((l) => l.sku_id === METHANE_SKU);
  await signIn(context, baseURL!);
  await page.goto('/member');
  const notice = page.getByRole('region', { name: '证书到期提醒' });
  const expiring = notice.getByRole('listitem').filter({ hasText: '证书即将到期' });
  await expect(expiring).toContainText('甲烷/空气 标准气体');
  await expect(notice.getByRole('listitem').filter({ hasText: '已过期' })).toContainText('请勿用于仪器校准');
  try {
    // One tap on the cold page: the island wakes on it and replays it.
    await expiring.getByRole('button', { name: /再次购买 甲烷\/空气 标准气体/ }).click();
    await expect(page).toHaveURL(/\/shopping-cart/, { timeout: 30_000 });
    const after = (await sandboxGet<{ valid: { sku_list: { sku_id: number; num: number }[] }[] }>('/cart/list', token)).valid
      .flatMap((s) => s.sku_list)
      .find((l) => l.sku_id === METHANE_SKU);
    expect(after?.num).toBe((before?.num ?? 0) + 1);
  } finally {
    // Leave the demo member's cart as it was for the other specs.
    if (before) await sandboxPost('/cart/num', { sku_id: METHANE_SKU, num: before.num }, token);
    else await sandboxPost('/cart/del', { sku_ids: [METHANE_SKU] }, token).catch(() => undefined);
  }
  await page.goto('/member/my-certificates?validity=EXPIRED');
  await expect(page.getByRole('region', { name: '证书列表' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: '证书到期提醒' })).toContainText('证书已过有效期');
  await page.goto('/member/my-certificates?q=SO%E2%82%82');
  await expect(page.getByRole('region', { name: '证书列表' })).toContainText('已过期');
});

test('with coa_part off every entry is hidden and the pages answer 404', async ({ page, context, baseURL, request }) => {
  const { sn, cert } = await standardOrder();
  await signIn(context, baseURL!);
  await setCoa(0);
  try {
    await page.goto('/member');
    await expect(page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('link', { name: '我的订单' })).toBeVisible();
    await expect(page.getByRole('link', { name: '质量证书' })).toHaveCount(0);
    await expect(page.getByText('证书到期提醒')).toHaveCount(0);
    await page.goto(`/member/my-order/detail?sn=${sn}`);
    await expect(page.getByRole('heading', { level: 1, name: '订单详情' })).toBeVisible();
    await expect(page.getByText('随瓶证书')).toHaveCount(0);
    expect((await page.goto('/member/my-certificates'))!.status()).toBe(404);
    expect((await page.goto(`/member/my-certificates/detail?no=${cert.certNo}`))!.status()).toBe(404);
    expect((await request.get(`/coa/${cert.certNo}?serial=${cert.serial}`)).status()).toBe(404);
    expect((await request.get(`/coa/${cert.certNo}.pdf?serial=${cert.serial}`)).status()).toBe(404);
  } finally {
    await setCoa(1);
  }
  await page.goto('/member');
  await expect(page.getByRole('link', { name: '质量证书' }).first()).toBeVisible();
});

test("another member's certificate is 404 in the member centre", async ({ page, context, baseURL }) => {
  const { cert } = await standardOrder();
  await signIn(context, baseURL!, '13900139000');
  const res = await page.goto(`/member/my-certificates/detail?no=${cert.certNo}`);
  expect(res!.status()).toBe(404);
  await expect(page.getByText(cert.serial)).toHaveCount(0);
});
