import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { measurePage } from '#scripts/lib/js-weight.ts';
import { addToCart, N2, newMember, OTHER_SHOP_SKU } from './checkout-data.ts';
import { sandboxPost, signIn } from './sandbox.ts';

/** docs/architecture.md §7: checkout pages load at most 90 KB of JavaScript (gzip) before any interaction. */
const CHECKOUT_BUDGET = 90 * 1024;
const ADDRESS = {
  name: '赵工',
  phone: '13712345678',
  regionIds: [320000, 320500, 320571],
  regionText: '江苏省 苏州市 苏州工业园区',
  detail: '星湖街 328 号',
  isDefault: 1,
};

/** A member with a cart of two shops, an unpaid order and a paid one: the three checkout pages have something to show. */
async function member() {
  const m = await newMember(true);
  const { id: addressId } = await sandboxPost<{ id: number }>('/member/address/save', ADDRESS, m.token);
  await addToCart(m.token, N2, 1);
  const unpaid = await sandboxPost<{ sn: string }>('/order/create/CART', { addressId }, m.token);
  await addToCart(m.token, N2, 1);
  const paid = await sandboxPost<{ sn: string; orderId: number }>('/order/create/CART', { addressId }, m.token);
  await sandboxPost(`/__sandbox/orders/${paid.orderId}/pay`, { payType: 'ALIPAY' });
  await addToCart(m.token, N2, 2);
  await addToCart(m.token, OTHER_SHOP_SKU, 1);
  return { ...m, pages: ['/Confirmorder', `/checkout/cashier?sn=${unpaid.sn}`, `/Confirmorder/complete?sn=${paid.sn}`] };
}

test('checkout pages stay within the 90 KB JavaScript budget before interaction', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const m = await member();
  for (const path of m.pages) {
    const weight = await measurePage(browser, baseURL!, path, (context) => signIn(context, baseURL!, m.phone).then(() => undefined));
    test.info().annotations.push({ type: `js-gzip-bytes ${path.split('?')[0]}`, description: String(weight.gzipBytes) });
    console.log(`JS before interaction, gzip: ${path.split('?')[0]} ${weight.gzipBytes} bytes`);
    expect(weight.gzipBytes, weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(CHECKOUT_BUDGET);
  }
});

for (const width of [390, 1440]) {
  test(`axe finds no serious or critical violation on the checkout pages at ${width} px`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const m = await member();
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await signIn(context, baseURL!, m.phone);
    const page = await context.newPage();
    for (const path of m.pages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page, { label: path })).toEqual([]);
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
    await context.close();
  });
}
