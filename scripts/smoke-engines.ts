/**
 * `npm run test:engines [baseUrl]`: the eight user flows of docs/engines.md in Firefox ESR (puppeteer-core over WebDriver BiDi)
 * and WebKitGTK (selenium-webdriver against WebKitWebDriver driving MiniBrowser, the engine of Safari and of every iPhone
 * browser), from Debian's packages `firefox-esr`, `webkit2gtk-driver` and `xvfb`. Chromium is the e2e suite's browser.
 *
 * Without a base URL it uses the shop on PORT (4321) when one answers, else starts one as the Lighthouse gate does
 * (`server/start.ts`; with MEASURE_NO_BUILD=1 it serves the live release of PUBLISH_RELEASES instead of building: CI runs
 * it on the release its e2e run built). The sandbox on SANDBOX_PORT answers the login's image code. MiniBrowser needs a
 * display: without DISPLAY the script runs itself again under `xvfb-run`. ENGINES=firefox or ENGINES=webkit runs one.
 * Prints one line per flow and engine, then `N passed, M failed`; exits 1 on a failure. No fixed sleeps: every step waits
 * for its effect (polling the page, 15 s at most) and says what it waited for when it gives up.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { sandboxGet } from './lib/sandbox-client.ts';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER =
  process.env.MINIBROWSER_PATH ??
  [
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/libexec/webkit2gtk-4.1/MiniBrowser',
  ].find((p) => existsSync(p));
const STEP_MS = Number(process.env.ENGINES_STEP_MS ?? 15_000);
const OUT = '.engines';

// MiniBrowser draws into an X display; Xvfb gives it one (Firefox runs headless either way).
if (!process.env.DISPLAY && !process.env.ENGINES_NO_XVFB && process.env.ENGINES !== 'firefox') {
  const r = spawnSync('xvfb-run', ['-a', '-s', '-screen 0 1600x1000x24', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ENGINES_NO_XVFB: '1' },
  });
  if (r.error) {
    console.error(`xvfb-run could not start (${r.error.message}): install Debian's xvfb, or set DISPLAY`);
    process.exit(1);
  }
  process.exit(r.status ?? 1);
}

const port = Number(process.env.PORT ?? 4321);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const sandboxUrl = process.env.E2E_SANDBOX_URL ?? `http://127.0.0.1:${sandboxPort}`;

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

let shop: ChildProcess | null = null;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
async function stopAll() {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
  if (shop && shop.exitCode === null) shop.kill('SIGTERM');
}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));

let base = process.argv[2]?.replace(/\/$/, '');
if (!base) {
  base = `http://127.0.0.1:${port}`;
  if (await answers(`${base}/`)) console.log(`smoke runs against the shop already running at ${base}`);
  else {
    console.log(`no shop at ${base}: starting one${process.env.MEASURE_NO_BUILD === '1' ? ' (no build: the live release)' : ''}`);
    const args = process.env.MEASURE_NO_BUILD === '1' ? ['server/start.ts', '--no-build'] : ['server/start.ts'];
    // No warm renderer: the fast publishing path's first full build would run beside the browsers, and nothing is published.
    // A sandbox of its own, fresh each run: the demo member's cart and orders start empty, and no later gate sees them.
    const sandboxData = process.env.ENGINES_SANDBOX_DATA ?? '.sandbox-data/engines';
    rmSync(sandboxData, { recursive: true, force: true });
    shop = spawn(process.execPath, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(port), SANDBOX_PORT: String(sandboxPort), SANDBOX_DATA: sandboxData, PUBLISH_FAST: '0' },
    });
    const until = Date.now() + 300_000;
    while (!(await answers(`${base}/`))) {
      if (shop.exitCode !== null || Date.now() > until) {
        console.error('the shop did not start');
        process.exit(1);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** What the flows need of a browser: the same few verbs over puppeteer and over WebDriver classic. */
interface Driver {
  engine: string;
  goto(path: string): Promise<void>;
  viewport(width: number, height: number): Promise<void>;
  /** Runs `fn` in the page with JSON arguments and returns its JSON result. */
  run<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T>;
  click(css: string): Promise<void>;
  type(css: string, text: string): Promise<void>;
  /** Errors the page reported since the last call (page errors, console errors, CSP violations), where the driver sees them. */
  takeErrors(): Promise<string[]>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

/** Set in every page before its scripts (where the driver can): CSP violations, which no console API reports alike everywhere. */
const RECORD_VIOLATIONS = `(() => { const v = (window.__smokeViolations = []); document.addEventListener('securitypolicyviolation', (e) => v.push('CSP ' + e.violatedDirective + ' ' + (e.sourceFile || e.documentURI) + ':' + e.lineNumber)); })()`;

async function firefox(): Promise<Driver> {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: { 'intl.accept_languages': 'zh-CN', 'intl.locale.requested': 'zh-CN', 'browser.shell.checkDefaultBrowser': false },
  });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
  page.on(
    'console',
    (m) => m.type() === 'error' && !/Failed to load resource|status of 40[14]/.test(m.text()) && errors.push(`console: ${m.text()}`),
  );
  await page.evaluateOnNewDocument(RECORD_VIOLATIONS);
  return {
    engine: `Firefox ${(await browser.version()).replace(/^firefox\//i, '')}`,
    goto: async (path) => void (await page.goto(base + path, { waitUntil: 'load' })),
    viewport: (width, height) => page.setViewport({ width, height }),
    run: (fn, ...args) => page.evaluate(fn as never, ...(args as never[])) as never,
    click: (css) => page.click(css),
    type: (css, text) => page.type(css, text),
    async takeErrors() {
      const v = await page
        .evaluate(() => ((window as unknown as { __smokeViolations?: string[] }).__smokeViolations ?? []).splice(0))
        .catch(() => []);
      return [...errors.splice(0), ...v];
    },
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    close: () => browser.close(),
  };
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => done(p));
    });
    s.on('error', fail);
  });

async function webkit(): Promise<Driver> {
  if (!MINIBROWSER) throw new Error('MiniBrowser not found: install libwebkit2gtk-4.1-0 (webkit2gtk-driver), or set MINIBROWSER_PATH');
  const { Builder, By } = await import('selenium-webdriver');
  const driverPort = await freePort();
  const server = spawn(WEBKIT_DRIVER, [`--port=${driverPort}`], { stdio: 'ignore' });
  cleanups.push(() => server.exitCode === null && server.kill('SIGTERM'));
  const until = Date.now() + 20_000;
  while (!(await answers(`http://127.0.0.1:${driverPort}/status`))) {
    if (server.exitCode !== null || Date.now() > until) throw new Error(`WebKitWebDriver did not start on port ${driverPort}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const driver = await new Builder()
    .usingServer(`http://127.0.0.1:${driverPort}`)
    .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } })
    .build();
  const caps = await driver.getCapabilities();
  const find = (css: string) => driver.findElement(By.css(css));
  let pendingErrors: string[] = [];
  /** WebDriver classic has no hook before a page's scripts: listeners go in once it has loaded (later violations and errors). */
  const listen = () =>
    driver.executeScript(
      `${RECORD_VIOLATIONS.replace('(window.__smokeViolations = [])', '(window.__smokeViolations = window.__smokeViolations || [])')}; window.addEventListener('error', (e) => window.__smokeViolations.push('page error: ' + e.message));`,
    );
  async function takeErrors(): Promise<string[]> {
    const v = await driver.executeScript<string[]>('return (window.__smokeViolations || []).splice(0)').catch(() => [] as string[]);
    const all = [...pendingErrors, ...v];
    pendingErrors = [];
    return all;
  }
  return {
    engine: `WebKitGTK ${caps.get('browserVersion') ?? ''}`.trim(),
    async goto(path) {
      pendingErrors.push(...(await takeErrors()));
      await driver.get(base + path);
      await listen();
    },
    async viewport(width, height) {
      await driver.manage().window().setRect({ width, height });
    },
    run: (fn, ...args) => driver.executeScript(`return (${fn.toString()}).apply(null, arguments)`, ...args) as never,
    click: async (css) => {
      const el = await find(css);
      await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', el);
      await el.click();
    },
    type: async (css, text) => (await find(css)).sendKeys(text),
    takeErrors,
    screenshot: async (file) => writeFileSync(file, await driver.takeScreenshot(), 'base64'),
    close: () => driver.quit(),
  };
}

/** Polls `fn` in the page until it returns a truthy value; fails naming what it waited for. */
async function until<T>(d: Driver, what: string, fn: (...args: never[]) => T, ...args: unknown[]): Promise<NonNullable<T>> {
  const end = Date.now() + STEP_MS;
  let last: unknown;
  for (;;) {
    try {
      const v = await d.run(fn, ...args);
      if (v) return v as NonNullable<T>;
      last = v;
    } catch (e) {
      // Between two documents (a navigation in progress) a script has no page to run in.
      last = e instanceof Error ? e.message.split('\n')[0] : e;
    }
    if (Date.now() > end) throw new Error(`waited ${STEP_MS / 1000} s for ${what} (last answer: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Marks the first element matching css whose text includes text, so a css click can reach it; returns its selector. */
async function byText(d: Driver, css: string, text: string): Promise<string> {
  const mark = `smoke-${Math.random().toString(36).slice(2)}`;
  await until(
    d,
    `${css} saying ${text}`,
    (c: string, t: string, m: string) => {
      const el = [...document.querySelectorAll<HTMLElement>(c)].find((e) => e.textContent?.includes(t) && e.getClientRects().length > 0);
      el?.setAttribute('data-smoke', m);
      return !!el;
    },
    css,
    text,
    mark,
  );
  return `[data-smoke="${mark}"]`;
}

async function noErrors(d: Driver, where: string) {
  const errors = await d.takeErrors();
  if (errors.length) throw new Error(`${where}: ${errors.join(' | ')}`);
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The flows: each starts from any page, leaves the browser signed in or not as the next expects (sign-in comes fourth). */
const FLOWS: { name: string; run: (d: Driver) => Promise<void> }[] = [
  {
    name: 'home: banner fills the carousel at 390, 768 and 1440 px, caption shown',
    async run(d) {
      for (const width of [390, 768, 1440]) {
        await d.viewport(width, 900);
        await d.goto('/');
        const box = await until(d, `the banner at ${width} px`, () => {
          const c = document.querySelector('[data-carousel]')?.getBoundingClientRect();
          const s = document.querySelector('[data-carousel] .banner')?.getBoundingClientRect();
          const cap = document.querySelector('[data-carousel] .caption')?.getBoundingClientRect();
          return c && s && cap && c.height > 0 ? { carousel: c.height, slide: s.height, capBottom: cap.bottom, bottom: c.bottom } : null;
        });
        if (Math.abs(box.carousel - box.slide) > 1)
          throw new Error(`at ${width} px the slide is ${box.slide} px tall in a ${box.carousel} px carousel`);
        if (box.capBottom > box.bottom + 1)
          throw new Error(`at ${width} px the caption ends at ${box.capBottom}, below the carousel (${box.bottom})`);
      }
      await noErrors(d, 'home');
    },
  },
  {
    name: 'search suggestions: typing 氮 in the header lists goods',
    async run(d) {
      await d.viewport(DESKTOP.width, DESKTOP.height);
      await d.goto('/');
      await d.click('form.search input[role="combobox"]');
      await until(d, 'the search box to start (form.search[data-ready])', () => !!document.querySelector('form.search[data-ready]'));
      await d.type('form.search input[role="combobox"]', '氮');
      // The goods suggestions, then the knowledge-search option.
      await until(d, 'goods suggestions in the listbox', () => document.querySelectorAll('[role="listbox"] [role="option"]').length >= 2);
      await noErrors(d, 'suggestions');
    },
  },
  {
    name: 'goods as a visitor: details shown, 加入购物车 asks to sign in',
    async run(d) {
      await d.goto('/goods/1001');
      await until(d, 'the goods name (h1)', () => document.querySelector('h1')?.textContent?.trim());
      await d.click(await byText(d, 'button', '加入购物车'));
      await until(d, 'the login dialog', () => !!document.querySelector('dialog[data-dialog="login"][open]'));
      await noErrors(d, 'goods');
    },
  },
  {
    name: 'sign-in, cart and Confirmorder: 去结算 leads to 提交订单',
    async run(d) {
      await d.viewport(PHONE.width, PHONE.height);
      await d.goto('/login');
      // The form's island starts at the first touch; the image code comes with it.
      await d.click('#auth-login-panel input[name="phone"]');
      await until(
        d,
        'the login form with its image code',
        () => !!document.querySelector('#auth-login-panel [data-captcha-uuid]')?.getAttribute('data-captcha-uuid'),
      );
      await d.type('#auth-login-panel input[name="phone"]', '13800138000');
      await d.type('#auth-login-panel input[name="password"]', 'Gas@2026pass');
      const uuid = await d.run(() => document.querySelector('#auth-login-panel [data-captcha-uuid]')!.getAttribute('data-captcha-uuid')!);
      const { answer } = await sandboxGet<{ answer: string }>(sandboxUrl, `/__sandbox/captcha/${uuid}`);
      await d.type('#auth-login-panel input[name="captcha"]', answer);
      await d.click('#auth-login-panel button[type="submit"]');
      await until(d, 'the greeting with the member name', () => document.querySelector('[data-profile-name]')?.textContent?.trim());
      // At 390 px (Firefox: a 12 px scrollbar leaves 378) the top bar keeps 退出 clear of 会员中心.
      const overlap = await d.run(() => {
        const out = [...document.querySelectorAll<HTMLElement>('[data-logout] button')]
          .find((e) => e.getClientRects().length)
          ?.getBoundingClientRect();
        const centre = [...document.querySelectorAll<HTMLElement>('.links a[href="/member"]')]
          .find((e) => e.getClientRects().length)
          ?.getBoundingClientRect();
        return out && centre
          ? out.right > centre.left + 0.5 && out.left < centre.right && out.bottom > centre.top && out.top < centre.bottom
          : 'missing';
      });
      if (overlap) throw new Error(overlap === 'missing' ? 'the top bar has no 退出 or 会员中心' : '退出 overlaps 会员中心 at 390 px');
      await d.goto('/goods/1001');
      await d.click(await byText(d, 'button', '加入购物车'));
      // The server's answer, not the header's count: the other engine's run left this member a cart line, so the count is
      // above 0 before this add is done, and leaving the page then would cut the add short.
      await until(d, 'the toast 已加入购物车', () =>
        [...document.querySelectorAll('.ui-toast')].some((t) => t.textContent?.includes('已加入购物车')),
      );
      await d.goto('/shopping-cart');
      try {
        await until(d, '去结算 enabled', () => document.querySelector('a.cart-go')?.getAttribute('aria-disabled') === 'false');
      } catch (e) {
        // Say what the page showed instead: another page, an empty cart, or lines none of which is checked.
        const seen = await d
          .run(() => ({
            path: location.pathname + location.search,
            heading: document.querySelector('main h1')?.textContent?.trim(),
            cartGo: document.querySelector('a.cart-go')?.getAttribute('aria-disabled') ?? 'absent',
            lines: document.querySelectorAll('.cart-page li[data-sku]').length,
            checked: document.querySelectorAll('.cart-page li[data-sku] input[type="checkbox"]:checked').length,
            toasts: [...document.querySelectorAll('.ui-toast')].map((t) => t.textContent?.trim()),
          }))
          .catch((err: unknown) => String(err));
        throw new Error(`${(e as Error).message}; the page: ${JSON.stringify(seen)}`);
      }
      await d.click('a.cart-go');
      await until(d, 'Confirmorder', () => location.pathname.startsWith('/Confirmorder'));
      await byText(d, 'button', '提交订单');
      await noErrors(d, 'cart and Confirmorder');
    },
  },
  {
    name: 'member pages: centre, orders, cylinders, certificates',
    async run(d) {
      await d.viewport(DESKTOP.width, DESKTOP.height);
      for (const path of ['/member', '/member/my-order', '/member/my-cylinders', '/member/my-certificates']) {
        await d.goto(path);
        await until(
          d,
          `${path}: the member menu and a heading`,
          () => !!document.querySelector('main h1, main h2') && !document.querySelector('dialog[data-dialog="login"][open]'),
        );
        await noErrors(d, path);
      }
    },
  },
  {
    name: 'converter: 100 L of liquid argon is 139.54 kg',
    async run(d) {
      await d.goto('/services/toolbox/gas');
      const gas = await until(d, 'the gas choice', () => (document.querySelector('[data-toolbox] select') as HTMLSelectElement | null)?.id);
      await d.click(`[id="${gas}"]`);
      await until(d, 'the converter to start', () => !document.querySelector('[data-toolbox] astro-island[ssr]'));
      await d.run((id: string) => {
        const s = document.getElementById(id) as HTMLSelectElement;
        s.value = 'argon';
        s.dispatchEvent(new Event('change', { bubbles: true }));
      }, gas);
      const litres = await until(
        d,
        'the field 液体体积 L',
        () => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === '液体体积 L')?.htmlFor,
      );
      await d.run((id: string) => ((document.getElementById(id) as HTMLInputElement).value = ''), litres);
      await d.type(`[id="${litres}"]`, '100');
      await until(d, 'the mass 139.54 kg', () => {
        const id = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === '质量 kg')?.htmlFor;
        return id && (document.getElementById(id) as HTMLInputElement).value === '139.54';
      });
      await noErrors(d, 'converter');
    },
  },
  {
    name: 'mixture configurator: 10% methane in air fails the flammability rule',
    async run(d) {
      await d.goto('/quote/mixture');
      for (const [id, value] of [
        ['mix-balance', 'air'],
        ['mix-gas-0', 'ch4'],
        ['mix-unit-0', 'pct'],
      ] as const) {
        const ok = await d.run(
          (i: string, v: string) => {
            const el = document.getElementById(i) as HTMLSelectElement | null;
            if (!el || ![...el.options].some((o) => o.value === v)) return false;
            el.value = v;
            el.dispatchEvent(new Event('change', { bubbles: true }));
            return true;
          },
          id,
          value,
        );
        if (!ok) throw new Error(`no choice ${value} in #${id}`);
      }
      await d.click('#mix-value-0');
      await d.type('#mix-value-0', '10');
      await until(d, 'the LFL rule to fail', () => document.querySelector('[data-rule="lfl"]')?.className === 'is-fail');
      await noErrors(d, 'configurator');
    },
  },
  {
    name: 'knowledge search: 氮气, 二氧化碳, 乙炔, 液氮, 高纯氮气 and 干冰 (the gas table’s rewrite, docs/quick-order.md) find articles',
    async run(d) {
      for (const q of ['氮气', '二氧化碳', '乙炔', '液氮', '高纯氮气', '干冰']) {
        await d.goto(`/search?keyword=${encodeURIComponent(q)}#knowledge`);
        const state = await until(
          d,
          `the knowledge search for ${q} to settle`,
          () =>
            /^(done|empty|error)$/.test(document.querySelector('#knowledge')?.getAttribute('data-state') ?? '') &&
            document.querySelector('#knowledge')!.getAttribute('data-state'),
        );
        const n = await d.run(() => document.querySelectorAll('#knowledge li a[href]').length);
        if (state !== 'done' || n === 0) throw new Error(`the knowledge search for ${q} ended ${state} with ${n} result(s)`);
        // 干冰 names carbon dioxide: its goods come first too (the goods search's rewrite).
        const first = q === '干冰' ? await d.run(() => document.querySelector('.goods-card .goods-link')?.textContent ?? '') : '二氧化碳';
        if (!first.includes('二氧化碳')) throw new Error(`the goods search for ${q} put first: ${first || 'nothing'}`);
      }
      await noErrors(d, 'knowledge search');
    },
  },
];

const engines = (process.env.ENGINES ?? 'firefox,webkit').split(',').map((s) => s.trim());
mkdirSync(OUT, { recursive: true });
let passed = 0;
let failed = 0;
const started = Date.now();
try {
  for (const name of engines) {
    let d: Driver;
    try {
      d =
        name === 'firefox'
          ? await firefox()
          : name === 'webkit'
            ? await webkit()
            : (() => {
                throw new Error(`unknown engine ${name} (firefox, webkit)`);
              })();
    } catch (e) {
      failed += FLOWS.length;
      console.log(`✗ ${name}: could not start: ${e instanceof Error ? e.message : e}`);
      continue;
    }
    cleanups.push(() => d.close());
    console.log(`${d.engine} (${base})`);
    for (const [i, f] of FLOWS.entries()) {
      const t0 = Date.now();
      try {
        await f.run(d);
        passed++;
        console.log(`  ✓ ${f.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failed++;
        const shot = `${OUT}/${name}-${i + 1}.png`;
        await d.screenshot(shot).catch(() => undefined);
        console.log(`  ✗ ${f.name}: ${e instanceof Error ? e.message : e} (screenshot ${shot})`);
      }
    }
    await d.close().catch(() => undefined);
    cleanups.pop();
  }
} finally {
  await stopAll();
}
console.log(`engines smoke run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
