// Hazardous chemicals (docs/gas-features.md, hazmat_part): the seller's licences from site data, a controlled gas refused without the
// company's permit and accepted once the permit is approved, and an oxidizer with a flammable gas split into two shipments.
import { expect, test } from './fixtures.ts';
import { untilHydrated } from './checkout-data.ts';
import { hydrate, orderingMember, PNG, signInWith } from './member-support.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';

test.describe.configure({ timeout: 120_000 });

/** 电子级氯气 (剧毒化学品), 8L cylinder; O₂ (2.2 + 5.1) and H₂ (2.1), one cylinder each. */
const CL2 = 108802;
const O2 = 100501;
const H2 = 100401;

test('the footer and /about/certificate show the licences from the site data', async ({ page }) => {
  const site = await sandboxGet<{
    icp: string;
    licences: { hazardousLicence: { number: string }; businessLicence: { number: string }; publicSecurity: string };
  }>('/site');
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer).toContainText(`危险化学品经营许可证：${site.licences.hazardousLicence.number}`);
  await expect(footer).toContainText(site.licences.publicSecurity);
  // The cookie bar covers the footer's last line on a first visit: follow the link's address.
  const href = await footer.getByRole('link', { name: /危险化学品经营许可证/ }).getAttribute('href');
  expect(href).toBe('/about/certificate');
  await page.goto(href!);
  const licences = page.getByRole('region', { name: '经营资质' });
  await expect(licences).toContainText(site.licences.hazardousLicence.number);
  await expect(licences).toContainText(site.licences.businessLicence.number);
  await expect(licences).toContainText(site.icp);
});

test('a controlled gas is refused for a company without the permit and accepted after the permit is approved', async ({
  page,
  context,
  baseURL,
}) => {
  const m = await orderingMember();
  await sandboxPost('/cart/add', { sku_id: CL2, num: 1, way: 'CART' }, m.token);
  await signInWith(context, baseURL!, m.token);

  // The goods page says what is needed and links to the upload.
  await page.goto('/goods/1088');
  const note = page.getByRole('note');
  await expect(note).toContainText('本品属剧毒化学品');
  await expect(note).toContainText('剧毒化学品购买许可证');

  // Confirmorder stops the order and says why; the server refuses it whatever the client sends.
  await page.goto('/Confirmorder');
  const gate = page.getByRole('alert').filter({ hasText: '需要危化品购买许可' });
  await expect(gate).toContainText('订单含剧毒化学品「电子级氯气 Cl₂ 99.999%」，请上传《剧毒化学品购买许可证》并等待审核通过');
  await expect(page.getByRole('button', { name: '提交订单' })).toBeDisabled();
  await expect(sandboxPost('/order/create/CART', { addressId: m.addressId }, m.token)).rejects.toThrow('请上传《剧毒化学品购买许可证》');
  await page.screenshot({ path: 'test-results/hazmat-confirm-gate.png', fullPage: true });

  // The link leads to the upload: the form checks its fields, the scan goes through the existing upload.
  await gate.getByRole('link', { name: '去上传剧毒化学品购买许可证' }).click();
  await expect(page).toHaveURL(/\/member\/my-permit\?class=TOXIC$/);
  await expect(page.getByText('还没有上传许可证')).toBeVisible();
  await hydrate(page);
  const form = page.getByRole('form', { name: '上传购买许可证' });
  await expect(form.getByLabel('管控类别')).toHaveValue('TOXIC');
  await form.getByRole('button', { name: '提交审核' }).click();
  await expect(form.locator('.m-error', { hasText: '请输入许可证编号' })).toBeVisible();
  await form.getByLabel('许可证编号').fill('苏公（吴）剧购〔2026〕0042');
  await form.getByLabel('发证机关').fill('苏州市公安局吴中分局');
  const year = new Date().getFullYear();
  await form.getByLabel('有效期起').fill(`${year - 1}-01-01`);
  await form.getByLabel('有效期至').fill(`${year + 2}-12-31`);
  await form.getByLabel('许可证扫描件').setInputFiles({ name: 'permit.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('图片：permit.png')).toBeVisible();
  await form.getByRole('button', { name: '提交审核' }).click();
  // Saved, then the page reloads with the permit listed as under review.
  await expect(page.getByRole('table', { name: '已上传的许可证' })).toContainText('审核中');

  // Pending is not enough; the back office approves it, and the same cart is ordered.
  await expect(sandboxPost('/order/create/CART', { addressId: m.addressId }, m.token)).rejects.toThrow('正在审核');
  const [permit] = await sandboxGet<{ id: number }[]>('/compliance/permits', m.token);
  await sandboxPost(`/__sandbox/hazmat/permits/${permit!.id}/review`, { result: 'APPROVED' });
  await page.goto('/member/my-permit');
  await expect(page.locator('.m-table')).toContainText('有效');
  await page.goto('/Confirmorder');
  await expect(page.getByText('需要危化品购买许可')).toHaveCount(0);
  await untilHydrated(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/checkout\/cashier\?sn=\d+/);
});

test('an oxidizer and a flammable gas in one cart become two shipments, on Confirmorder and the order detail; none while hazmat_part is off', async ({
  page,
  context,
  baseURL,
}) => {
  const m = await orderingMember();
  await sandboxPost('/cart/add', { sku_id: O2, num: 1, way: 'CART' }, m.token);
  await sandboxPost('/cart/add', { sku_id: H2, num: 1, way: 'CART' }, m.token);
  await signInWith(context, baseURL!, m.token);

  await page.goto('/Confirmorder');
  const shipments = page.getByRole('region', { name: '分车配送（共 2 车）' });
  await expect(shipments.locator('.co-shipments > li')).toHaveCount(2);
  await expect(shipments.locator('.co-shipments > li').filter({ hasText: '高纯氧气' })).not.toContainText('高纯氢气');
  await expect(shipments).toContainText('GB/T 34525');
  await page.screenshot({ path: 'test-results/hazmat-confirm-shipments.png', fullPage: true });

  // With the feature off the page is as before (try/finally: other specs run beside this one).
  await sandboxPost('/__sandbox/view-control', { viewName: 'hazmat_part', isShow: 0 });
  try {
    await page.goto('/Confirmorder');
    await expect(page.getByRole('heading', { name: '商品清单' })).toBeVisible();
    await expect(page.getByText(/分车配送/)).toHaveCount(0);
    const off = await page.goto('/member/my-permit');
    expect(off?.status()).toBe(404);
  } finally {
    await sandboxPost('/__sandbox/view-control', { viewName: 'hazmat_part', isShow: 1 });
  }

  await page.goto('/Confirmorder');
  await untilHydrated(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/checkout\/cashier\?sn=\d+/);
  const sn = new URL(page.url()).searchParams.get('sn')!;
  await page.goto(`/member/my-order/detail?sn=${sn}`);
  const detail = page.getByRole('region', { name: '分车配送', exact: true });
  await expect(detail.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: '分车配送（共 2 车）' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/hazmat-order-detail-390.png', fullPage: true });
});
