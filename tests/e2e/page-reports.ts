/**
 * What a page reports while a reader uses it, for the console-clean checks (templates.spec.ts, console-clean.spec.ts): console
 * errors, page errors (React's #418 arrives as one), hydration warnings and CSP violations (`securitypolicyviolation` events, as
 * an inline style attribute raises them). Plus the demo member's cookies, signed in once per worker.
 */
import { expect, test as base, type BrowserContext, type Page } from './fixtures.ts';
import { signIn } from './sandbox.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** `test` with `memberState`: the demo member signed in once per worker; a test opens its member contexts from those cookies. */
export const test = base.extend<object, { memberState: StorageState }>({
  memberState: [
    async ({ browser }, use, info) => {
      const baseURL = info.project.use.baseURL!;
      const context = await browser.newContext({ baseURL });
      await signIn(context, baseURL);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
});

/** An init script: collects the page's CSP violations for `watch().take()`. */
export const RECORD_CSP = () => {
  const w = window as unknown as { __violations: string[] };
  w.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    w.__violations.push(
      `CSP ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || e.documentURI}:${e.lineNumber}`,
    ),
  );
};

/** Records what the page reports; `take()` returns it and starts again. The 404 template's own document is a 404. */
export function watch(page: Page, allow404 = false) {
  const seen: string[] = [];
  page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    const text = m.text();
    if (m.type() === 'error' && !(allow404 && /status of 404/.test(text))) seen.push(`console error: ${text}`);
    else if (m.type() === 'warning' && /hydrat/i.test(text)) seen.push(`hydration warning: ${text}`);
  });
  return {
    async take(): Promise<string[]> {
      const v = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations?.splice(0) ?? []);
      return [...seen.splice(0), ...v];
    },
  };
}

/** Wakes every client:interaction island the way a reader's pointer would, and waits until each has hydrated. */
export async function wakeIslands(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('astro-island[ssr][client="interaction"]')) {
      const target = island.firstElementChild ?? island;
      target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    }
  });
  await expect(page.locator('astro-island[ssr][client="interaction"]')).toHaveCount(0);
  // Their first requests (cart, likes, captcha) answer; an error they raise is reported by then.
  await page.waitForLoadState('networkidle');
}
