import { expect, test } from './fixtures.ts';
import { faults, freshMember, hydrated, pageLine, serverAdd, serverCart } from './cart-support.ts';

const N2_40L = 100101;

test.afterEach(async () => {
  await faults({ reset: true });
});

test('"+" clicked 50 times as fast as possible under added latency ends at 51 on screen and on the server, one request at a time', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const token = await freshMember(context, baseURL!);
  await serverAdd(token, N2_40L, 1);
  await page.goto('/shopping-cart');
  await hydrated(page);

  // Count the quantity requests and how many are on their way at once.
  let sent = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const isNum = (url: string) => url.includes('/api/buyer/cart/num');
  page.on('request', (r) => {
    if (!isNum(r.url())) return;
    sent++;
    maxInFlight = Math.max(maxInFlight, ++inFlight);
  });
  const done = (r: { url(): string }) => isNum(r.url()) && inFlight--;
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  await faults({ latencyMs: 400, count: -1 });
  const line = pageLine(page, N2_40L);
  const plus = line.getByRole('button', { name: '增加' });
  // Raw mouse clicks at the button's centre: no waiting between them beyond the browser's own round trip.
  const box = (await plus.boundingBox())!;
  const started = Date.now();
  for (let i = 0; i < 50; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const clicking = Date.now() - started;
  // Optimistic: the screen is at 51 at once, long before the server answered.
  await expect(line.locator('input[data-qty]')).toHaveValue('51');

  await expect(async () => expect((await serverCart(token)).valid[0]!.sku_list[0]!.num).toBe(51)).toPass({ timeout: 20_000 });
  await expect(async () => expect(inFlight).toBe(0)).toPass({ timeout: 10_000 });
  await page.waitForTimeout(1_000);
  await expect(line.locator('input[data-qty]')).toHaveValue('51');
  await expect(line.locator('[data-subtotal]')).toHaveText('¥9,180.00');
  expect(maxInFlight).toBe(1);
  // Later clicks replaced the waiting one: one request per answer while clicking, plus the last, never one per click.
  expect(sent).toBeLessThanOrEqual(Math.ceil(clicking / 400) + 2);
  expect(sent).toBeLessThan(50);
});

test('two tabs: a change in one shows in the other on its next load', async ({ context, baseURL }) => {
  const token = await freshMember(context, baseURL!);
  await serverAdd(token, N2_40L, 3);
  const a = await context.newPage();
  const b = await context.newPage();
  await a.goto('/shopping-cart');
  await b.goto('/shopping-cart');
  await expect(pageLine(b, N2_40L).locator('input[data-qty]')).toHaveValue('3');

  await hydrated(a);
  await pageLine(a, N2_40L).getByRole('button', { name: '增加' }).click();
  await expect(async () => expect((await serverCart(token)).valid[0]!.sku_list[0]!.num).toBe(4)).toPass();
  await pageLine(a, N2_40L).locator('input[type=checkbox]').uncheck();
  await expect(async () => expect((await serverCart(token)).valid[0]!.sku_list[0]!.checked).toBe(0)).toPass();

  await b.reload();
  await expect(pageLine(b, N2_40L).locator('input[data-qty]')).toHaveValue('4');
  await expect(pageLine(b, N2_40L).locator('input[type=checkbox]')).not.toBeChecked();
  await expect(b.locator('[data-cart-total]')).toHaveText('¥0.00');
});

test("a tap made while the cart page's code is still loading is not lost", async ({ page, context, baseURL }) => {
  const token = await freshMember(context, baseURL!);
  await serverAdd(token, N2_40L, 1);
  await page.goto('/shopping-cart');
  // No hover first: this click is what starts loading the island.
  await pageLine(page, N2_40L).getByRole('button', { name: '增加' }).click();
  await expect(pageLine(page, N2_40L).locator('input[data-qty]')).toHaveValue('2');
  await expect(async () => expect((await serverCart(token)).valid[0]!.sku_list[0]!.num).toBe(2)).toPass();
});

test('a slow answer to an older change never overwrites newer state on screen', async ({ page, context, baseURL }) => {
  const XE = 100601;
  const token = await freshMember(context, baseURL!);
  await serverAdd(token, XE, 1);
  await serverAdd(token, N2_40L, 1);
  await page.goto('/shopping-cart');
  await hydrated(page);

  // The check's answer leaves the server at once but reaches the page 1.5 s late, after the answer of a later quantity change.
  let released = false;
  await page.route('**/api/buyer/cart/check', async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 1_500));
    await route.fulfill({ response });
    released = true;
  });
  // Every frame, note what the xenon field shows.
  await page.evaluate((sku) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const tick = () => {
      const el = document.querySelector<HTMLInputElement>(`li[data-sku="${sku}"] input[data-qty]`);
      if (el) seen.push(el.value);
      requestAnimationFrame(tick);
    };
    tick();
  }, XE);

  await pageLine(page, N2_40L).locator('input[type=checkbox]').uncheck();
  await pageLine(page, XE).getByRole('button', { name: '增加' }).click();
  await expect(async () =>
    expect((await serverCart(token)).valid.flatMap((s) => s.sku_list).find((l) => l.sku_id === XE)!.num).toBe(2),
  ).toPass();
  await expect(async () => expect(released).toBe(true)).toPass();
  await page.waitForTimeout(500);

  // The late answer (which still had one xenon) never showed: once 2, always 2.
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.slice(seen.indexOf('2'))).not.toContain('1');
  await expect(pageLine(page, XE).locator('input[data-qty]')).toHaveValue('2');
  await expect(pageLine(page, N2_40L).locator('input[type=checkbox]')).not.toBeChecked();
  const server = await serverCart(token);
  expect(server.valid.flatMap((s) => s.sku_list).find((l) => l.sku_id === N2_40L)!.checked).toBe(0);
});
