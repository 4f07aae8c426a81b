/**
 * The e2e specs' `test`: Playwright's, with one correction to the browser every spec runs in. Everything else is Playwright's
 * own (`export *`), so a spec imports `test`, `expect` and the types from here.
 *
 * Why: the e2e run uses Debian's `chromium-headless-shell` when installed (playwright.config.ts: the same Blink, a third
 * less CPU on this CPU-bound run). The shell keeps its mouse cursor parked at (0, 0) inside the page, so every page load gets a
 * pointerover and a pointermove at (0, 0), as if the reader pointed at the logo; `client:interaction` islands take that for
 * intent and load React, which a reader whose pointer is elsewhere does not (the budget specs saw it). The init script drops
 * those parked-cursor events until the pointer first moves for real (a Playwright hover or click goes to the element's centre).
 */
import { test as base, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

function dropParkedCursor() {
  let moved = false;
  for (const type of ['pointerover', 'pointermove', 'pointerenter', 'mouseover', 'mousemove', 'mouseenter']) {
    window.addEventListener(
      type,
      (e) => {
        const m = e as MouseEvent;
        // Only the browser's own events: a test that dispatches a pointerover itself (console-clean wakes islands so) means it.
        if (!e.isTrusted) return;
        if (moved || m.clientX !== 0 || m.clientY !== 0) moved = true;
        else e.stopImmediatePropagation();
      },
      { capture: true },
    );
  }
}

const corrected = new WeakSet<BrowserContext>();
async function correct(context: BrowserContext): Promise<BrowserContext> {
  if (!corrected.has(context)) {
    corrected.add(context);
    await context.addInitScript(dropParkedCursor);
  }
  return context;
}

export const test = base.extend<object, object>({
  // Contexts a spec opens itself (`browser.newContext()`: sweeps, budgets, two members side by side) get it too.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => correct(await newContext(options));
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await use(await correct(context));
  },
});
