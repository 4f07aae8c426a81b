/** Measures the JavaScript a page loads before any interaction: every script response in a real Chromium, gzip-compressed, plus inline scripts. */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';

export interface PageWeight {
  path: string;
  /** Sum of gzip sizes of every script the page loaded, inline ones included, in bytes. */
  gzipBytes: number;
  files: { url: string; gzipBytes: number }[];
}

/**
 * Content, goods and member (member, cart, checkout) pages have their own budgets (docs/architecture.md §7), in gzip bytes. A private page
 * reached by a visitor shows only the sign-in prompt and the login dialog: it is held to the goods bar, without React. The
 * mixture configurator (docs/gas-features.md) checks as the buyer types, before any interaction: 60 KB. Content pages load 6 KB and goods
 * pages 12 KB (docs/light-pages.md): a name and two numbers in the header need no more.
 */
export const BUDGETS = { content: 6 * 1024, goods: 12 * 1024, member: 90 * 1024, 'sign-in': 30 * 1024, configurator: 60 * 1024 } as const;

/** Script requests (files, inline scripts apart) a page kind may make before any interaction; kinds not named have no limit. */
export const SCRIPT_LIMITS: Partial<Record<keyof typeof BUDGETS, number>> = { content: 4 };

/** The script files a page requested (inline scripts cost bytes, not requests). */
export const scriptRequests = (w: PageWeight): number => w.files.filter((f) => !f.url.startsWith('inline#')).length;

/** Whether a page is within its kind's bytes and script requests; `why` says which bar it is over. */
export function withinBudget(w: PageWeight, kind: keyof typeof BUDGETS): { ok: boolean; why: string } {
  const limit = SCRIPT_LIMITS[kind];
  const requests = scriptRequests(w);
  if (w.gzipBytes > BUDGETS[kind]) return { ok: false, why: `${w.gzipBytes} B > ${BUDGETS[kind]} B` };
  if (limit !== undefined && requests > limit) return { ok: false, why: `${requests} script requests > ${limit}` };
  return { ok: true, why: '' };
}

/** `prepare` may set up the context first, e.g. a member's cookies. */
export async function measurePage(
  browser: Browser,
  baseUrl: string,
  path: string,
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<PageWeight> {
  const context = await browser.newContext();
  await prepare?.(context);
  const weight = await weighPage(await context.newPage(), new URL(path, baseUrl).href);
  await context.close();
  return { ...weight, path };
}

/**
 * Loads `url` in `page` and weighs the scripts it loads before any interaction; the page stays open for more checks (the
 * template sweep, tests/e2e/templates.spec.ts, goes on to axe and the console on the same load).
 */
export async function weighPage(page: Page, url: string): Promise<PageWeight> {
  const files: { url: string; gzipBytes: number }[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => void files.push({ url: res.url(), gzipBytes: gzipSync(body, { level: 9 }).length }),
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  // Let idle callbacks and late imports run, without touching the page.
  await page.waitForTimeout(500);
  page.off('response', onResponse);
  await Promise.all(pending);
  // JSON-LD is data for search engines, never run: only executable inline scripts count.
  const inline = await page.evaluate(() =>
    Array.from(document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')).map((s) => s.textContent ?? ''),
  );
  for (const [i, text] of inline.entries())
    if (text.trim()) files.push({ url: `inline#${i}`, gzipBytes: gzipSync(text, { level: 9 }).length });
  return { path: new URL(url).pathname, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0), files };
}

/**
 * Whether React came with the page: its own chunks, or Astro's React renderer (a `client.*.js` chunk of tens of KB).
 * The `astro:env/client` values also land in a chunk named `client`, a few hundred bytes, which is not React.
 */
export const loadsReact = (w: PageWeight): boolean =>
  w.files.some(
    (f) => /\/(react|react-dom|jsx-runtime)\.[\w-]+\.js/i.test(f.url) || (/\/client\.[\w-]+\.js/.test(f.url) && f.gzipBytes > 4096),
  );
