/** `npm run measure:js [baseUrl]`: prints the JavaScript each main page loads before interaction (gzip, script requests) against its budget; exits 1 when one is over. */
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { BUDGETS, measurePage, SCRIPT_LIMITS, scriptRequests, withinBudget } from './lib/js-weight.ts';
import { signIn } from './lib/sandbox-client.ts';
import { TEMPLATES } from './lib/templates.ts';

const baseUrl = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 4321}`;
// Signed-in templates log a demo member in against the sandbox on SANDBOX_PORT.
const sandboxUrl = process.env.E2E_SANDBOX_URL ?? `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 4010}`;
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
let over = 0;
console.log(`JS loaded before interaction (gzip -9), ${baseUrl}`);
for (const { path, kind, signedIn } of TEMPLATES) {
  const w = await measurePage(
    browser,
    baseUrl,
    path,
    signedIn ? (context) => signIn(sandboxUrl, context, baseUrl).then(() => undefined) : undefined,
  );
  const { ok } = withinBudget(w, kind);
  if (!ok) over++;
  const limit = SCRIPT_LIMITS[kind];
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${path.padEnd(24)} ${(w.gzipBytes / 1024).toFixed(1).padStart(6)} KB (${w.gzipBytes} B)  ${String(scriptRequests(w)).padStart(2)} requests  (budget ${BUDGETS[kind] / 1024} KB = ${BUDGETS[kind]} B${limit ? ` in ${limit} requests` : ''}, ${kind}; ${w.files.length} scripts with inline ones)`,
  );
  for (const f of w.files) console.log(`       ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.url.replace(baseUrl, '')}`);
}
await browser.close();
process.exit(over ? 1 : 0);
