// Delivery (docs/delivery.md, delivery_part): a day and window chosen at checkout, a window filled meanwhile refused with the
// next free one; a pickup order's code; a shipment advanced through the hook shows each step with its time and sends SMS;
// the window changes before loading and not after; signing with 2 delivered and 2 empties collected moves the cylinder
// ledger; the proof and the waybill download as PDFs holding the UN number and the plate.
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test, type Page } from './fixtures.ts';
import type { Checkout } from '#src/shared/api/contract/order.ts';
import type { OrderDelivery } from '#src/shared/api/contract/delivery.ts';
import { untilHydrated } from './checkout-data.ts';
import { hydrate, N2_SKU, orderingMember, placeOrder, REGION, signInWith } from './member-support.ts';
import { sandboxGet, sandboxPost } from './sandbox.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let member: Awaited<ReturnType<typeof orderingMember>>;
let sn = '';
const district = REGION.ids[2]!;
const slotRadio = (page: Page, date: string, window: 'AM' | 'PM') => page.locator(`input[type="radio"][value="${date}|${window}"]`);
const deliveryOf = (token: string, orderSn: string) => sandboxGet<OrderDelivery>(`/delivery/orders/${orderSn}`, token);
const advance = (orderSn: string, body: Record<string, unknown>) => sandboxPost(`/__sandbox/orders/${orderSn}/shipments/1/advance`, body);
const pdfText = async (page: Page, url: string) => {
  const res = await page.request.get(url);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return (await extractText(await getDocumentProxy(new Uint8Array(await res.body())), { mergePages: true })).text as string;
};

test('checkout: the member picks a day and window; one filled meanwhile is refused with the next free one', async ({
  page,
  context,
  baseURL,
}) => {
  member = await orderingMember();
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 2, way: 'CART' }, member.token);
  await signInWith(context, baseURL!, member.token);
  await page.goto('/Confirmorder');
  await untilHydrated(page);
  const picker = page.locator('[data-delivery-picker]');
  await expect(picker.getByRole('heading', { name: '配送方式与时间' })).toBeVisible();
  const offer = (await sandboxPost<Checkout>('/order/confirm', { way: 'CART' }, member.token)).delivery!;
  // The earliest free window is preselected.
  await expect(slotRadio(page, offer.preselected!.date, offer.preselected!.window)).toBeChecked();
  // The member picks the second day's afternoon; the back office fills it before the order is placed.
  const chosen = { date: offer.days[1]!.date, window: 'PM' as const };
  await slotRadio(page, chosen.date, chosen.window).check();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await picker.screenshot({ path: `test-results/delivery-picker-${width}.png` });
  }
  await sandboxPost('/__sandbox/delivery/fill', { regionId: district, ...chosen });
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByText(/所选送货时段已约满，最早可约 .+，请重新选择/)).toBeVisible();
  // The full window is no longer offered; the next free one is chosen.
  await expect(slotRadio(page, chosen.date, chosen.window)).toBeDisabled();
  const next = (await sandboxPost<Checkout>('/order/confirm', { way: 'CART' }, member.token)).delivery!.preselected!;
  await expect(slotRadio(page, next.date, next.window)).toBeChecked();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/checkout\/cashier\?sn=\d+/, { timeout: 10_000 });
  sn = new URL(page.url()).searchParams.get('sn') ?? '';
  expect(sn).not.toBe('');
  expect((await deliveryOf(member.token, sn)).date).toBe(next.date);
});

test('a pickup order placed at checkout shows its pickup code in digits and as a QR code', async ({ page, context, baseURL }) => {
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 1, way: 'CART' }, member.token);
  await signInWith(context, baseURL!, member.token);
  await page.goto('/Confirmorder');
  await untilHydrated(page);
  const picker = page.locator('[data-delivery-picker]');
  await picker.getByRole('radio', { name: '充装站自提' }).check();
  await expect(picker.getByRole('radio', { name: /苏州吴中充装站/ })).toBeChecked();
  const station = (await sandboxPost<Checkout>('/order/confirm', { way: 'CART' }, member.token)).delivery!.stations[0]!;
  await expect(slotRadio(page, station.preselected!.date, station.preselected!.window)).toBeChecked();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/checkout\/cashier\?sn=\d+/, { timeout: 10_000 });
  const pickupSn = new URL(page.url()).searchParams.get('sn')!;
  await page.goto(`/member/my-order/detail?sn=${pickupSn}`);
  const code = (await deliveryOf(member.token, pickupSn)).pickupCode!;
  expect(code).toMatch(/^\d{6}$/);
  const box = page.locator('[data-pickup-code]');
  await expect(box).toContainText(code);
  await expect(box.getByRole('img', { name: `提货码 ${code} 的二维码` })).toBeVisible();
});

test('the timeline follows the hook; the window changes before loading, not after; signing moves the cylinder ledger; PDFs', async ({
  page,
  context,
  baseURL,
}) => {
  // Two cylinders already on site, to go back as empties.
  await placeOrder(member, 'SHIPPED');
  const held = (await sandboxGet<{ list: { serial: string; state: string }[] }>('/cylinders', member.token)).list.map((h) => h.serial);
  expect(held).toHaveLength(2);
  await sandboxPost(`/__sandbox/orders/${sn}/pay`, {});
  await advance(sn, { to: 'PREPARED' });
  await signInWith(context, baseURL!, member.token);
  await page.goto(`/member/my-order/detail?sn=${sn}`);
  const part = page.locator('[data-delivery]');
  await expect(part.locator('[data-step="PREPARED"]')).not.toContainText('待进行');
  // Before loading: another window.
  await hydrate(page);
  const d = await deliveryOf(member.token, sn);
  const other = d.days
    .flatMap((x) => x.windows.filter((w) => w.left > 0).map((w) => ({ date: x.date, window: w.window })))
    .find((s) => s.date !== d.date || s.window !== d.window)!;
  await part.getByRole('button', { name: '修改送货时段' }).click();
  await slotRadio(page, other.date, other.window).check();
  await part.getByRole('button', { name: '确认修改' }).click();
  await expect(page.locator('[data-delivery-slot]')).toHaveText((await deliveryOf(member.token, sn)).slotText);
  expect((await deliveryOf(member.token, sn)).date).toBe(other.date);

  await advance(sn, { to: 'LOADED' });
  await advance(sn, { to: 'IN_TRANSIT' });
  await page.reload();
  for (const step of ['PREPARED', 'LOADED', 'IN_TRANSIT']) await expect(part.locator(`[data-step="${step}"]`)).toContainText(/\d{2}:\d{2}/);
  await expect(part.locator('[data-step="DELIVERED"]')).toContainText('待进行');
  // After loading: no change, and why.
  await expect(part.getByRole('button', { name: '修改送货时段' })).toHaveCount(0);
  await expect(part.locator('[data-delivery-locked]')).toContainText('货物已装车');
  const plate = (await part.locator('[data-plate]').textContent())!;
  // The one SMS log: this order's notices among the phone's others.
  const sms = await sandboxGet<{ text: string; sn: string | null }[]>(`/__sandbox/sms/notices?phone=${member.phone}`);
  expect(sms.filter((m) => m.sn === sn).map((m) => m.text)).toEqual([
    expect.stringContaining(`已装车，车牌 ${plate}`),
    expect.stringContaining('正在配送途中'),
  ]);

  await advance(sn, { to: 'SIGNED', signedBy: '测试', collected: held });
  await page.reload();
  await expect(part.locator('[data-step="SIGNED"]')).toContainText('签收人 测试');
  await expect(part.locator('[data-collected]')).toHaveText(held.join('、'));
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await part.screenshot({ path: `test-results/delivery-detail-${width}.png` });
  }
  // The ledger follows the proof: the two empties are gone (deposits refunded), the two delivered are held.
  const after = (await sandboxGet<{ list: { serial: string }[] }>('/cylinders', member.token)).list.map((h) => h.serial);
  const proof = (await deliveryOf(member.token, sn)).shipments[0]!.proof!;
  expect(after.sort()).toEqual([...proof.delivered].sort());
  const ledger = (await sandboxGet<{ list: { kind: string; serial: string }[] }>('/cylinders/ledger?pageSize=50', member.token)).list;
  expect(ledger.filter((e) => e.kind === 'REFUND' && held.includes(e.serial))).toHaveLength(2);

  // The order list shows the day and window at a glance.
  await page.goto('/member/my-order');
  await expect(page.locator(`[data-order="${sn}"] [data-delivery-glance]`)).toContainText((await deliveryOf(member.token, sn)).slotText);
  await page.goto(`/member/my-order/detail?sn=${sn}`);
  for (const href of [
    await part.locator('[data-waybill]').getAttribute('href'),
    await part.locator('[data-proof-pdf]').getAttribute('href'),
  ]) {
    const text = await pdfText(page, href!);
    expect(text).toContain('UN1066');
    expect(text).toContain(plate);
  }
});

test('with delivery_part off, checkout and the order are as before', async ({ page, context, baseURL }) => {
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 1, way: 'CART' }, member.token);
  await signInWith(context, baseURL!, member.token);
  await sandboxPost('/__sandbox/view-control', { viewName: 'delivery_part', isShow: 0 });
  try {
    await page.goto('/Confirmorder');
    await expect(page.getByRole('button', { name: '提交订单' })).toBeVisible();
    await expect(page.locator('[data-delivery-picker]')).toHaveCount(0);
    await page.goto(`/member/my-order/detail?sn=${sn}`);
    await expect(page.getByRole('heading', { name: '订单详情' })).toBeVisible();
    await expect(page.locator('[data-delivery]')).toHaveCount(0);
  } finally {
    await sandboxPost('/__sandbox/view-control', { viewName: 'delivery_part', isShow: 1 });
  }
});
