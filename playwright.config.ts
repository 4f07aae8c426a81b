// e2e: real Chromium against the built site and the sandbox API, both started by `npm start` on test ports with fresh state.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SITES, MAIN_SITE, SERIAL_SITE } from './scripts/lib/e2e-sites.ts';
import { chromiumPath } from './scripts/lib/e2e-prereqs.ts';

/**
 * Debian's `chromium-headless-shell` when present (`.ci/run` installs it): the same Blink without the full browser's UI layers,
 * about a third less CPU for the same page loads and axe runs on this CPU-bound run (docs/testing.md, "The browser"); else the
 * system Chromium (Playwright cannot download browsers here); `CHROMIUM_PATH` names another, `E2E_SHELL=0` keeps the full one.
 * The shell was held back on 27 Nov for publish.spec.ts's "only its page was rendered again", which failed in two of four
 * runs with it: the cause was the build's, not the browser's (build/light-chrome.ts), and is fixed.
 * The list is `npm test`'s too, which checks before its first phase that one of them exists (scripts/lib/e2e-prereqs.ts).
 */
const executablePath = chromiumPath(process.env, existsSync);
/**
 * Specs that change state every page sees (site closed, injected faults, view control, the demo members' company, a release
 * switch): one at a time on a site of their own (scripts/lib/e2e-sites.ts), beside the parallel pool. Until 27 Nov 2026 they ran
 * alone on the one site before the pool started, one worker busy and the other waiting.
 */
// publish-fast.spec.ts has a sandbox, builds and a server of its own (ports E2E_PORT + 8): it changes nothing the others see, but
// its two builds hold a worker for minutes, which the serial lane (about 6 of the pool's 17 minutes) has to spare.
// knowledge-search, knowledge-xss and toolbox change nothing and read only published content: they run in the serial lane to
// even out the lanes (28 Nov 2026: the lane's tests took 4.9 minutes, the pool's 23.8 test-minutes on two workers, and the pool
// ended the run alone for its last 117 tests).
const SERIAL_SPECS =
  /\/(shell|cart-concurrency|checkout-payment|company-off|credit-demo|einvoice-demo|knowledge-search|knowledge-xss|member-company|member-orders|publish|publish-fast|punchout-off|site-status|standing-orders|toolbox)\.spec\.ts$/;
/**
 * first-tap.spec.ts taps cold pages under a 4x CPU slowdown and prints how long each tap takes to show its effect. It ran alone
 * (a project of its own between the serial specs and the rest) until 27 Nov 2026, because beside another worker two first taps
 * were lost in CI: the islands' own start-up undid them (the converter's URL state, the likes' live state). Both races are
 * fixed and tested (25 Nov), so it runs in the parallel pool again (its likes and coupons no longer reach what publish.spec.ts
 * rebuilds: that spec has the other site), and its times are bars only with E2E_TAP_BARS=1 (a quiet machine).
 */

export default defineConfig({
  testDir: 'tests/e2e',
  // Spec files run side by side (tests inside a file stay in order, except in files that declare `mode: 'parallel'`: their
  // tests share no state, so both workers take them); E2E_WORKERS=1 for a one-at-a-time run. Two workers keep
  // the two cores only a third busy (a CI run: user+sys 22 of 66 core-minutes), yet three did not shorten the run (25 Nov:
  // e2e 22.8 min against 23.5 on two: the long files, member pages and the XSS site's build, set its end) and pushed the
  // mixture configurator's one-frame re-check to 20 ms.
  // The serial specs' worker comes on top: three browsers in all (E2E_WORKERS counts them all).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // E2E_REPORT=file.json also writes each test's duration there (to see where CI's minutes go).
  reporter: process.env.E2E_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_REPORT }]] : [['list']],
  timeout: 30_000,
  // An effect a test waits for (a toast after a sign-in's navigation, a count after a call) may come late when the host is busy
  // (three browsers, the integration builds beside them); waiting longer costs nothing when it comes at once.
  expect: { timeout: 10_000 },
  use: {
    baseURL: MAIN_SITE.baseURL,
    locale: 'zh-CN',
    // A failed test keeps its trace with DOM snapshots, without the screencast: recording screenshots for every test (all but
    // the failed ones thrown away) cost about a tenth more CPU in the browser and runner (docs/testing.md, The browser).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'serial',
      testMatch: SERIAL_SPECS,
      fullyParallel: false,
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: SERIAL_SITE.baseURL },
    },
    { name: 'chromium', testIgnore: [SERIAL_SPECS], use: { ...devices['Desktop Chrome'] } },
  ],
  // E2E_PREBUILT=1: `npm test` built both sites ahead (scripts/build-e2e-site.ts, beside the type checks); each server makes
  // its first release from that build instead of building again.
  webServer: E2E_SITES.map((site) => ({
    command: `node server/start.ts --fresh${process.env.E2E_PREBUILT === '1' ? ' --prebuilt' : ''}`,
    url: `${site.baseURL}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: site.env,
  })),
});
