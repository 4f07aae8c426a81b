// The template sweep: every main template (templates.ts) in one test, loaded as few times as its checks allow (four loads, where
// the JS budget, axe at two widths, the console at two widths and roles, and the phone's sideways scroll took eleven until
// 27 Nov 2026 in four specs). As the template's reader (a demo member on a private page, else a visitor):
//  - 1440 px, a cold load with no interaction: the JavaScript it loads, gzip, within its kind's budget and script requests
//    (scripts/lib/js-weight.ts; docs/light-pages.md), React not loaded on content and sign-in pages;
//  - at 1440 and at 390 px: no serious or critical axe violation on the page as loaded (docs/architecture.md §7);
//  - at 390 px, narrowed to 360 px: nothing scrolls sideways;
// and as both a visitor and a member, at 1440 and 390 px with every client:interaction island woken (that is when a hydration
// mismatch shows): nothing in the console, no page error, no hydration warning, no CSP violation (page-reports.ts; docs/engines.md).
// Each check is soft: one run lists every problem of a template.
import { expect } from './fixtures.ts';
import { BUDGETS, loadsReact, SCRIPT_LIMITS, scriptRequests, weighPage } from '#scripts/lib/js-weight.ts';
import { seriousViolations } from './axe.ts';
import { RECORD_CSP, test, wakeIslands, watch } from './page-reports.ts';
import { TEMPLATES } from '#scripts/lib/templates.ts';

// Its tests share no state: every worker takes them.
test.describe.configure({ mode: 'parallel' });

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

for (const t of TEMPLATES) {
  test(`${t.name} (${t.path}): JS budget, axe at 1440 and 390 px, no sideways scroll at 360 px, a clean console as a visitor and a member`, async ({
    browser,
    baseURL,
    memberState,
  }) => {
    test.setTimeout(90_000);
    const reader = t.signedIn ? 'member' : 'visitor';
    for (const role of [reader, reader === 'member' ? 'visitor' : 'member'] as const) {
      const context = await browser.newContext({
        baseURL,
        storageState: role === 'member' ? memberState : undefined,
        viewport: WIDE,
        locale: 'zh-CN',
      });
      await context.addInitScript(RECORD_CSP);
      const page = await context.newPage();
      const reports = watch(page, t.path === '/no/such/page');
      for (const size of [WIDE, PHONE]) {
        const at = `${role}, ${size.width} px`;
        await page.setViewportSize(size);
        if (role === reader && size === WIDE) {
          const weight = await weighPage(page, new URL(t.path, baseURL).href);
          const files = weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n');
          expect
            .soft(weight.gzipBytes, `JS before interaction, gzip (budget ${BUDGETS[t.kind]} B):\n${files}`)
            .toBeLessThanOrEqual(BUDGETS[t.kind]);
          if (t.kind === 'content' || t.kind === 'sign-in')
            expect.soft(loadsReact(weight), `React loaded before interaction:\n${files}`).toBe(false);
          const limit = SCRIPT_LIMITS[t.kind];
          if (limit !== undefined)
            expect.soft(scriptRequests(weight), `script requests (at most ${limit}):\n${files}`).toBeLessThanOrEqual(limit);
        } else {
          await page.goto(t.path);
        }
        if (role === reader) expect.soft(await seriousViolations(page, { label: `axe at ${size.width} px` })).toEqual([]);
        await wakeIslands(page);
        if (role === reader && size === PHONE) {
          await page.setViewportSize({ width: 360, height: 740 });
          const wide = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
          expect.soft(wide, 'page width at 360 px').toBeLessThanOrEqual(360);
        }
        expect.soft(await reports.take(), `${at}: console`).toEqual([]);
      }
      await context.close();
    }
  });
}
