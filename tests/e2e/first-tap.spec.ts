/**
 * Every tap counts (docs/architecture.md §7 Interaction): on a cold page (fresh navigation, no hover, no waiting for hydration), with the
 * CPU slowed down as Lighthouse's mobile profile (4x, calibrated to this machine: see cpuRate), ONE tap on a phone (390 x 844,
 * touch) or ONE mouse click on a desktop does what the control says, and its effect is on screen within 1 s; a later
 * interaction responds within 200 ms (INP, from the browser's Event Timing entries). The control is tapped by coordinates
 * once it is visible, so no actionability wait can hide a dead button. Prints the figures; E2E_TAP_BARS=1 enforces the bars.
 */
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { PNG } from './checkout-data.ts';
import { newMember } from './auth-helpers.ts';
import { REGION } from './member-support.ts';
import { sandboxGet, sandboxPost, signIn } from './sandbox.ts';
// The cases' shared definitions (modes, effects, the SKU); `npm run measure:taps` times the same 20 (scripts/lib/first-tap-cases.ts).
import { type Effect, type Mode, MODES, N2 } from '#scripts/lib/first-tap-cases.ts';

const FIRST_TAP_MS = 1000;
const INP_MS = 200;
/**
 * The time bars are printed on every run and enforced with E2E_TAP_BARS=1 (the measuring run on a quiet machine). In the
 * suite, the e2e workers and the servers share two cores with the CPU slowdown on top, so the figures there measure the
 * load, not the page; the effects themselves are always asserted.
 */
const ENFORCE_BARS = process.env.E2E_TAP_BARS === '1';
const withinBar = (ms: number, bar: number, label: string) => {
  if (ENFORCE_BARS) expect.soft(ms, label).toBeLessThanOrEqual(bar);
  else if (ms > bar) console.log(`[first-tap] over the bar (${bar} ms): ${label} ${ms.toFixed(0)} ms`);
};

test.describe.configure({ timeout: 60_000 });

/** Every pointerdown's time (epoch ms, kept across a navigation of the tab) and whether it hit a server-rendered island; Event Timing entries for INP. */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    addEventListener(
      'pointerdown',
      (e) => {
        sessionStorage.setItem('e2e:tapAt', String(performance.timeOrigin + e.timeStamp));
        const island = e.target instanceof Element ? e.target.closest('astro-island') : null;
        sessionStorage.setItem('e2e:coldAtTap', String(Boolean(island?.hasAttribute('ssr'))));
      },
      { capture: true, passive: true },
    );
    const w = window as unknown as { e2eEvents: { id: number; name: string; duration: number }[] };
    w.e2eEvents = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[])
        if (e.interactionId) w.e2eEvents.push({ id: e.interactionId, name: e.name, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

/**
 * Lighthouse's mobile profile slows the CPU 4x on the desktop-class machine it is calibrated for. This machine may already be
 * slower (shared, loaded), so the rate is calibrated as DevTools' CPU calibration does: the throttled page should score the
 * low-tier phone's BenchmarkIndex (264, Moto G4 class; Lighthouse's 4x on a ~1000 host). At most 4x; E2E_CPU_RATE fixes it.
 */
const LOW_TIER_INDEX = 264;
async function cpuRate(page: Page): Promise<{ rate: number; index: number }> {
  // Lighthouse's BenchmarkIndex (core/lib/page-functions.js), run 250 ms per part as DevTools' calibration does.
  const index = await page.evaluate(() => {
    const gc = () => {
      const start = Date.now();
      let n = 0;
      while (Date.now() - start < 250) {
        let s = '';
        for (let j = 0; j < 10000; j++) s += 'a';
        if (s.length === 1) throw new Error('never');
        n++;
      }
      return n / 10 / ((Date.now() - start) / 1000);
    };
    const copy = () => {
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
      const start = Date.now();
      let n = 0;
      while (n % 10 !== 0 || Date.now() - start < 250) {
        const [src, tgt] = n % 2 === 0 ? [a, b] : [b, a];
        for (let j = 0; j < src.length; j++) tgt[j] = src[j]!;
        n++;
      }
      return n / 10 / ((Date.now() - start) / 1000);
    };
    return (gc() + copy()) / 2;
  });
  const fixed = Number(process.env.E2E_CPU_RATE);
  return { index, rate: fixed > 0 ? fixed : Math.min(4, Math.max(1, index / LOW_TIER_INDEX)) };
}

/** A cold page with the CPU slowed down as Lighthouse's mobile profile does. */
async function cold(page: Page, path: string): Promise<void> {
  await instrument(page);
  const { rate, index } = await cpuRate(page);
  console.log(`[first-tap] host BenchmarkIndex ${index.toFixed(0)}, CPU slowdown ${rate.toFixed(1)}x`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(path);
}

/** One tap (or one click) in the middle of the control, as soon as it is visible; the control must not look dead then. */
async function once(page: Page, mode: Mode, control: Locator): Promise<void> {
  await control.waitFor({ state: 'visible' });
  expect(await control.isDisabled(), 'the control is live before its island has hydrated').toBe(false);
  // The point must hit the control itself: below the fold, or under the phone's fixed side bar, it is scrolled to the middle first.
  const hits = () =>
    control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit !== null && (el === hit || el.contains(hit));
    });
  if (!(await hits())) {
    await control.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    expect(await hits()).toBe(true);
  }
  const box = (await control.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (mode === 'tap') await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/** After a tap that leaves the page: the time from the tap to the new page's first contentful paint, once it shows `text`. */
async function msUntilNewPage(page: Page, url: RegExp, text: string): Promise<number> {
  await page.waitForURL(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (t: string) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return (
        fcp !== undefined &&
        (document.body?.textContent ?? '').includes(t) &&
        performance.timeOrigin + fcp.startTime - Number(sessionStorage.getItem('e2e:tapAt'))
      );
    },
    text,
    { polling: 'raf', timeout: 8000 },
  );
  return Number(await handle.jsonValue());
}

/** Waits (checking every frame) until the effect is on screen; answers the time since the last tap, in ms. */
async function msUntil(page: Page, effect: Effect, timeout = 8000): Promise<number> {
  const handle = await page.waitForFunction(
    (e: Effect) => {
      const ok = [...document.querySelectorAll<HTMLElement>(e.css)].some(
        (el) =>
          el.checkVisibility() &&
          (e.text === undefined || (el.textContent ?? '').includes(e.text)) &&
          (e.value === undefined || (el as HTMLInputElement).value === e.value) &&
          (e.attr === undefined || el.getAttribute(e.attr[0]) === e.attr[1]),
      );
      return ok && Math.max(0.1, performance.timeOrigin + performance.now() - Number(sessionStorage.getItem('e2e:tapAt')));
    },
    effect,
    { polling: 'raf', timeout },
  );
  return Number(await handle.jsonValue());
}

/** The first tap's effect: on screen within 1 s, and the tap did land on a server-rendered island (the cold path). */
async function firstTap(page: Page, mode: Mode, what: string, control: Locator, effect: Effect, cold = true): Promise<number> {
  await once(page, mode, control);
  const ms = await msUntil(page, effect);
  if (cold)
    expect(
      await page.evaluate(() => sessionStorage.getItem('e2e:coldAtTap')),
      `${what}: the tap reached the island before it hydrated`,
    ).toBe('true');
  console.log(`[first-tap] ${mode.padEnd(5)} ${what.padEnd(34)} first: ${ms.toFixed(0).padStart(4)} ms`);
  // Soft: a slow run still checks (and reports) everything the tap should have done.
  withinBar(ms, FIRST_TAP_MS, `${what}: first tap to effect`);
  return ms;
}

/** A later interaction: its effect time, and its INP (the longest Event Timing entry of the interaction). */
async function laterTap(page: Page, mode: Mode, what: string, control: Locator, effect: Effect): Promise<void> {
  await page.evaluate(() => ((window as unknown as { e2eEvents: unknown[] }).e2eEvents.length = 0));
  await once(page, mode, control);
  const ms = await msUntil(page, effect);
  // Event Timing entries are reported after the next paint; give the observer a moment.
  await page.waitForTimeout(300);
  const inp = await page.evaluate(() =>
    Math.max(0, ...(window as unknown as { e2eEvents: { duration: number }[] }).e2eEvents.map((e) => e.duration)),
  );
  console.log(
    `[first-tap] ${mode.padEnd(5)} ${what.padEnd(34)} later: ${ms.toFixed(0).padStart(4)} ms to effect, INP ${inp.toFixed(0)} ms`,
  );
  withinBar(inp, INP_MS, `${what}: INP of a later interaction`);
}

/** A fresh member made through the sandbox hook, signed in in this browser; optionally ready to order (company and an address). */
async function member(page: Page, baseURL: string, ordering = false): Promise<string> {
  const { phone } = await newMember();
  const token = await signIn(page.context(), baseURL, phone);
  if (ordering) {
    const { url } = await sandboxPost<{ url: string }>('/api/upload', { name: '营业执照.png', data: PNG.toString('base64') }, token);
    await sandboxPost(
      '/member/company',
      { companyName: '苏州工业园区测试气体用户有限公司', taxNo: '91320594MA1PTEST8X', licenseUrl: url, contact: '李工', phone },
      token,
    );
    await sandboxPost(
      '/member/address/save',
      { name: '李工', phone, regionIds: REGION.ids, regionText: REGION.text, detail: '郭巷街道 1 号', isDefault: 1 },
      token,
    );
  }
  return token;
}

const serverLines = async (token: string) =>
  (await sandboxGet<{ valid: { sku_list: { sku_id: number; num: number }[] }[] }>('/cart/list', token)).valid.flatMap((s) => s.sku_list);

for (const { mode, use } of MODES) {
  test.describe(`one ${mode} on a cold page`, () => {
    test.use(use);

    test('登 录 with empty fields says 请输入手机号', async ({ page }) => {
      await cold(page, '/login');
      const form = page.locator('main form.auth-form');
      await firstTap(page, mode, '登 录 (empty)', form.getByRole('button', { name: '登 录' }), {
        css: 'main .auth-form',
        text: '请输入手机号',
      });
      await form.getByLabel('手机号').fill('13800138000');
      await laterTap(page, mode, '登 录 (phone filled)', form.getByRole('button', { name: '登 录' }), {
        css: 'main .auth-form',
        text: '密码不能为空',
      });
    });

    test('加入购物车 as a visitor opens the login dialog', async ({ page }) => {
      await cold(page, '/goods/1001');
      await firstTap(page, mode, '加入购物车 (visitor)', page.locator('.buybox').getByRole('button', { name: '加入购物车' }), {
        css: 'dialog[data-dialog="login"][open]',
      });
    });

    test('加入购物车 as a member adds one line: badge and server', async ({ page, baseURL }) => {
      const token = await member(page, baseURL!);
      await cold(page, '/goods/1001');
      await firstTap(page, mode, '加入购物车 (member)', page.locator('.buybox').getByRole('button', { name: '加入购物车' }), {
        css: '[data-cart-count]',
        text: '1',
      });
      await expect(page.getByText('已加入购物车')).toBeVisible();
      await expect.poll(async () => (await serverLines(token)).reduce((n, l) => n + l.num, 0)).toBe(1);
    });

    test('立即购买 opens the order confirmation', async ({ page, baseURL }) => {
      await member(page, baseURL!, true);
      await cold(page, '/goods/1001');
      await once(page, mode, page.locator('.buybox').getByRole('button', { name: '立即购买' }));
      const ms = await msUntilNewPage(page, /\/Confirmorder\?way=BUY_NOW/, '填写并核对订单信息');
      expect(await page.evaluate(() => sessionStorage.getItem('e2e:coldAtTap'))).toBe('true');
      console.log(`[first-tap] ${mode.padEnd(5)} ${'立即购买 (to the confirm page)'.padEnd(34)} first: ${ms.toFixed(0).padStart(4)} ms`);
      withinBar(ms, FIRST_TAP_MS, 'first tap to effect');
    });

    test('"+" on the cart page raises the server quantity by one', async ({ page, baseURL }) => {
      const token = await member(page, baseURL!);
      await sandboxPost('/cart/add', { sku_id: N2, num: 1, way: 'CART' }, token);
      await cold(page, '/shopping-cart');
      const line = page.locator(`.cart-page li[data-sku="${N2}"]`);
      await firstTap(page, mode, '+ (cart page)', line.getByRole('button', { name: '增加' }), {
        css: `.cart-page li[data-sku="${N2}"] input[aria-label="购买数量"]`,
        value: '2',
      });
      await expect.poll(async () => (await serverLines(token)).find((l) => l.sku_id === N2)?.num).toBe(2);
      await laterTap(page, mode, '+ again (cart page)', line.getByRole('button', { name: '增加' }), {
        css: `.cart-page li[data-sku="${N2}"] input[aria-label="购买数量"]`,
        value: '3',
      });
      await expect.poll(async () => (await serverLines(token)).find((l) => l.sku_id === N2)?.num).toBe(3);
    });

    test('提交订单 makes exactly one order', async ({ page, baseURL }) => {
      const token = await member(page, baseURL!, true);
      await sandboxPost('/cart/add', { sku_id: N2, num: 1, way: 'CART' }, token);
      await cold(page, '/Confirmorder');
      await once(page, mode, page.getByRole('button', { name: '提交订单' }));
      const ms = await msUntilNewPage(page, /\/checkout\/cashier\?sn=/, '收银台');
      expect(await page.evaluate(() => sessionStorage.getItem('e2e:coldAtTap'))).toBe('true');
      console.log(`[first-tap] ${mode.padEnd(5)} ${'提交订单 (to the cashier)'.padEnd(34)} first: ${ms.toFixed(0).padStart(4)} ms`);
      withinBar(ms, FIRST_TAP_MS, 'first tap to effect');
      const orders = await sandboxGet<{ list: unknown[] }>('/order/list?pageSize=50', token);
      expect(orders.list).toHaveLength(1);
    });

    test('领取 in the coupon centre receives the coupon', async ({ page, baseURL }) => {
      const token = await member(page, baseURL!);
      await cold(page, '/member/my-coupon?tab=center');
      const first = page.locator('[data-coupon]').first();
      const title = (await first.locator('h3').textContent())!;
      await firstTap(page, mode, '立即领取 (coupon centre)', first.getByRole('button', { name: /立即领取/ }), {
        css: '[data-coupon] button',
        text: '已领取',
      });
      await expect(page.getByText(`已领取 ${title}`)).toBeVisible();
      expect((await sandboxGet<{ list: { title: string }[] }>('/member/coupon/list', token)).list).toMatchObject([{ title }]);
    });

    test('点赞 on a case likes it once', async ({ page, baseURL }) => {
      const token = await member(page, baseURL!);
      await cold(page, '/case/details/3');
      const like = page.locator('section.kn-engage').getByRole('button', { name: /点赞/ });
      // client:interaction="engaged": scrolling to the button is already a sign of the reader, so the island may be awake by the tap.
      await firstTap(page, mode, '点赞 (case)', like, { css: 'section.kn-engage button[aria-pressed="true"]' }, false);
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      // Liked once on the server: one tap, one toggle.
      expect((await sandboxGet<{ liked: boolean }>('/case/detail/3', token)).liked).toBe(true);
    });

    test('a SKU chip on a goods page changes the chosen SKU', async ({ page }) => {
      await cold(page, '/goods/1002');
      const buy = page.locator('.buybox');
      await firstTap(page, mode, 'SKU chip 99.9999%', buy.getByRole('button', { name: '99.9999%' }), {
        css: '[data-testid="sku-text"]',
        text: '99.9999% - 40L 钢瓶 - 15 MPa',
      });
      await laterTap(page, mode, 'SKU chip 99.999%', buy.getByRole('button', { name: '99.999%', exact: true }), {
        css: '[data-testid="sku-text"]',
        text: '99.999% - 40L 钢瓶 - 15 MPa',
      });
    });

    test("the converter's gas select takes the gas chosen at once", async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await cold(page, '/services/toolbox/gas');
      const select = page.getByLabel('气体', { exact: true });
      await expect(page.getByLabel('质量 kg', { exact: true })).toHaveValue('806.08');
      await once(page, mode, select);
      // The choice is made in the native picker while the island still loads: 1000 L of liquid argon, not nitrogen.
      await select.selectOption({ label: '氩气（Ar）' });
      const ms = await msUntil(page, { css: '[data-toolbox] input[name="kg"]', value: '1,395.4' });
      expect(await page.evaluate(() => sessionStorage.getItem('e2e:coldAtTap'))).toBe('true');
      console.log(`[first-tap] ${mode.padEnd(5)} ${'gas select (converter)'.padEnd(34)} first: ${ms.toFixed(0).padStart(4)} ms`);
      withinBar(ms, FIRST_TAP_MS, 'first tap to effect');
      await expect(page).toHaveURL(/gas=argon/);
      await laterTap(page, mode, '复制分享链接 (converter)', page.getByRole('button', { name: '复制分享链接' }), {
        css: '[data-toolbox] [role="status"]',
        text: '已复制',
      });
    });
  });
}
