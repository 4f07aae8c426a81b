/**
 * `npm run measure:taps [baseUrl]`: the 20 first-tap cases (scripts/lib/first-tap-cases.ts) on a cold page at 4x CPU slowdown
 * (E2E_CPU_RATE overrides), each run 3 times: the time from the tap to the painted response (the page visibly took the tap:
 * the control pressed or busy, a spinner, the navigation's progress bar, or the effect itself) and to the effect (for a
 * navigation, the next page's first contentful paint). Prints the medians; exits 1 above 200 ms to the response, 1 s to the
 * effect (1.5 s to a navigation's first paint). TAPS_ONLY=<part of a case's name> runs those cases; TAPS_TRACE=1 prints where
 * each navigation's time went (the island's start, the API call, the next page's bytes and paint). A benchmark, not a test: CI does not run it (the host's speed is not the page's).
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { MODES, N2, TAP_CASES, type Effect, type TapCase } from './lib/first-tap-cases.ts';
import { createMember, PNG_HEADER, REGION, sandboxPost, signIn } from './lib/sandbox-client.ts';

const baseUrl = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 4321}`;
const sandboxUrl = process.env.E2E_SANDBOX_URL ?? `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 4010}`;

const RUNS = Number(process.env.TAPS_RUNS ?? 3);
const RATE = Number(process.env.E2E_CPU_RATE) || 4;
const BARS = { response: 200, effect: 1000, navigation: 1500 };

/**
 * Marks the tap's time and the first frame after the page visibly reacted: a DOM change outside <head> on something shown (the
 * control pressed or busy, the navigation bar on the root, a dialog, a count), not Astro's own bookkeeping nor an unseen node.
 * A native select answers with its own picker, opened by the browser as the tap's default action: its frame is the first
 * one after the click was handled. TAPS_DEBUG=1 prints what changed first.
 */
const instrument = () => {
  addEventListener(
    'pointerdown',
    (e) => {
      sessionStorage.setItem('taps:at', String(performance.timeOrigin + e.timeStamp));
      const paintedAt = (what: string) =>
        requestAnimationFrame((t) => {
          if (sessionStorage.getItem('taps:painted') !== null) return;
          sessionStorage.setItem('taps:painted', String(performance.timeOrigin + t));
          sessionStorage.setItem('taps:what', what);
        });
      const shown = (r: MutationRecord) => {
        const el = r.target instanceof Element ? r.target : r.target.parentElement;
        if (!el || el.closest('head, script, template') || (r.type === 'attributes' && el.localName === 'astro-island')) return false;
        return el === document.documentElement || el.checkVisibility();
      };
      const seen = new MutationObserver((records) => {
        const r = records.find(shown);
        if (!r) return;
        seen.disconnect();
        const el = (r.target instanceof Element ? r.target : r.target.parentElement)!;
        paintedAt(`${r.type} ${r.attributeName ?? ''} on ${el.outerHTML.slice(0, 100)}`);
      });
      seen.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      if (e.target instanceof HTMLSelectElement) addEventListener('click', () => paintedAt('the native picker'), { once: true });
    },
    { capture: true, passive: true, once: true },
  );
};

/**
 * TAPS_TRACE=1: where a navigation's time goes, marked in the tab's sessionStorage (kept across the navigation): the island
 * hydrated, the first API call after the tap sent and answered, the page left; then the next page's request, first byte, last
 * byte and first paint, each in ms after the tap.
 */
const trace = () => {
  const mark = (k: string, t = performance.now()) =>
    sessionStorage.getItem(k) === null && sessionStorage.setItem(k, String(performance.timeOrigin + t));
  // The first island started after the tap (the one the tap woke, as a rule).
  addEventListener('astro:hydrate', () => sessionStorage.getItem('taps:at') !== null && mark('trace:hydrated'), { capture: true });
  addEventListener('pagehide', () => mark('trace:left'));
  new PerformanceObserver((list) => {
    const tapAt = Number(sessionStorage.getItem('taps:at'));
    for (const e of list.getEntries() as PerformanceResourceTiming[]) {
      // The header's own reads (unread count, cart count) are not the tap's call.
      if (
        e.initiatorType === 'fetch' &&
        tapAt &&
        performance.timeOrigin + e.startTime >= tapAt &&
        !/\/(message\/unread|cart\/total)/.test(e.name)
      ) {
        mark('trace:apiSent', e.startTime);
        mark('trace:apiAnswered', e.responseEnd);
        sessionStorage.setItem('trace:api', sessionStorage.getItem('trace:api') ?? new URL(e.name).pathname);
      }
    }
  }).observe({ type: 'resource', buffered: true });
};
const TRACE = process.env.TAPS_TRACE === '1';

async function traceLine(page: Page): Promise<string> {
  return page.evaluate(() => {
    const at = Number(sessionStorage.getItem('taps:at'));
    const rel = (k: string) => (sessionStorage.getItem(k) === null ? '-' : `${(Number(sessionStorage.getItem(k)) - at).toFixed(0)}`);
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const next = (t: number | undefined) => (t === undefined ? '-' : (performance.timeOrigin + t - at).toFixed(0));
    return `hydrated ${rel('trace:hydrated')}, ${sessionStorage.getItem('trace:api') ?? 'no API call'} sent ${rel('trace:apiSent')} answered ${rel('trace:apiAnswered')}, left ${rel('trace:left')}; next page: request ${next(nav?.requestStart)}, first byte ${next(nav?.responseStart)}, last byte ${next(nav?.responseEnd)}, first paint ${next(fcp?.startTime)} ms`;
  });
}

async function prepare(context: BrowserContext, c: TapCase): Promise<void> {
  if (c.who === 'visitor') return;
  const { phone } = await createMember(sandboxUrl);
  const token = await signIn(sandboxUrl, context, baseUrl, phone);
  if (c.who === 'ordering') {
    const { url } = await sandboxPost<{ url: string }>(
      sandboxUrl,
      '/api/upload',
      { name: '营业执照.png', data: PNG_HEADER.toString('base64') },
      token,
    );
    await sandboxPost(
      sandboxUrl,
      '/member/company',
      { companyName: '苏州工业园区测试气体用户有限公司', taxNo: '91320594MA1PTEST8X', licenseUrl: url, contact: '李工', phone },
      token,
    );
    await sandboxPost(
      sandboxUrl,
      '/member/address/save',
      { name: '李工', phone, regionIds: REGION.ids, regionText: REGION.text, detail: '郭巷街道 1 号', isDefault: 1 },
      token,
    );
  }
  if (c.cartLine) await sandboxPost(sandboxUrl, '/cart/add', { sku_id: N2, num: 1, way: 'CART' }, token);
}

const since = (page: Page, key: string) =>
  page.evaluate((k) => Number(sessionStorage.getItem(k)) - Number(sessionStorage.getItem('taps:at')), key);

async function effectMs(page: Page, effect: Effect): Promise<number> {
  const handle = await page.waitForFunction(
    (e: Effect) =>
      [...document.querySelectorAll<HTMLElement>(e.css)].some(
        (el) =>
          el.checkVisibility() &&
          (e.text === undefined || (el.textContent ?? '').includes(e.text)) &&
          (e.value === undefined || (el as HTMLInputElement).value === e.value) &&
          (e.attr === undefined || el.getAttribute(e.attr[0]) === e.attr[1]),
      ) && performance.timeOrigin + performance.now() - Number(sessionStorage.getItem('taps:at')),
    effect,
    { polling: 'raf', timeout: 15_000 },
  );
  return Number(await handle.jsonValue());
}

async function navigationMs(page: Page, url: RegExp, text: string): Promise<number> {
  await page.waitForURL(url, { waitUntil: 'commit', timeout: 15_000 });
  const handle = await page.waitForFunction(
    (t: string) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return (
        fcp !== undefined &&
        (document.body?.textContent ?? '').includes(t) &&
        performance.timeOrigin + fcp.startTime - Number(sessionStorage.getItem('taps:at'))
      );
    },
    text,
    { polling: 'raf', timeout: 15_000 },
  );
  return Number(await handle.jsonValue());
}

async function once(c: TapCase, mode: (typeof MODES)[number]): Promise<{ response: number; effect: number }> {
  const context = await browser.newContext({ ...mode.use, baseURL: baseUrl });
  try {
    await prepare(context, c);
    const page = await context.newPage();
    await page.addInitScript(instrument);
    if (TRACE) await page.addInitScript(trace);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await page.goto(c.path, { waitUntil: 'commit' });
    const control = c.control(page);
    await control.waitFor({ state: 'visible' });
    // The point must hit the control itself: below the fold, or under the phone's fixed side bar, it is scrolled to the middle first.
    const hit = await control.evaluate((el) => {
      const hits = () => {
        const r = el.getBoundingClientRect();
        const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return at !== null && (el === at || el.contains(at));
      };
      if (!hits()) el.scrollIntoView({ block: 'center', behavior: 'instant' });
      return hits();
    });
    if (!hit) throw new Error('the control is covered');
    const box = (await control.boundingBox())!;
    if (mode.mode === 'tap') await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    if (c.choose) await control.selectOption({ label: c.choose });
    // A navigation's effect is the next page's first paint; the tab's sessionStorage keeps what the leaving page marked.
    const effect = 'url' in c.effect ? await navigationMs(page, c.effect.url, c.effect.text) : await effectMs(page, c.effect);
    if (!('url' in c.effect))
      await page.waitForFunction(() => sessionStorage.getItem('taps:painted') !== null, null, { timeout: 5000 }).catch(() => undefined);
    const painted = await since(page, 'taps:painted');
    if (process.env.TAPS_DEBUG)
      console.log(`    ${mode.mode} ${c.name}: ${await page.evaluate(() => sessionStorage.getItem('taps:what'))}`);
    if (TRACE && 'url' in c.effect) console.log(`    ${mode.mode} ${c.name}: ${await traceLine(page)}`);
    // The effect is a response too: the earlier of the two.
    return { response: Number.isFinite(painted) && painted > 0 ? Math.min(painted, effect) : effect, effect };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const only = process.env.TAPS_ONLY;
let over = 0;
console.log(`First taps on a cold page, ${RATE}x CPU slowdown, median of ${RUNS}, ${baseUrl}`);
console.log(
  `${'case'.padEnd(44)} ${'response'.padStart(9)} ${'effect'.padStart(9)}   bars ${BARS.response} ms / ${BARS.effect} ms (${BARS.navigation} ms to a navigation's first paint)`,
);
for (const mode of MODES) {
  for (const c of TAP_CASES) {
    if (only && !c.name.includes(only)) continue;
    const runs: { response: number; effect: number }[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(
        await once(c, mode).catch(
          (e: Error) => (console.log(`  ${c.name}: ${e.message.split('\n')[0]}`), { response: Number.NaN, effect: Number.NaN }),
        ),
      );
    const response = median(runs.map((r) => r.response));
    const effect = median(runs.map((r) => r.effect));
    const effectBar = 'url' in c.effect ? BARS.navigation : BARS.effect;
    const ok = response <= BARS.response && effect <= effectBar;
    if (!ok) over++;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${`${mode.mode} ${c.name}`.padEnd(39)} ${response.toFixed(0).padStart(7)} ms ${effect.toFixed(0).padStart(7)} ms`,
    );
  }
}
await browser.close();
process.exit(over ? 1 : 0);
