import { expect, test } from './fixtures.ts';
import { BUDGETS, measurePage, SCRIPT_LIMITS, scriptRequests } from '#scripts/lib/js-weight.ts';
import { signIn } from './sandbox.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

// Every main template's budget is checked by the template sweep (templates.spec.ts), on the load its axe and console checks use.
test("a member's home page, with the cart count fetched, stays within the content budget", async ({ browser, baseURL }) => {
  const weight = await measurePage(browser, baseURL!, '/', (context) => signIn(context, baseURL!).then(() => undefined));
  test.info().annotations.push({ type: 'js-gzip-bytes', description: String(weight.gzipBytes) });
  expect(weight.gzipBytes, weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(BUDGETS.content);
  expect(scriptRequests(weight), weight.files.map((f) => f.url).join('\n')).toBeLessThanOrEqual(SCRIPT_LIMITS.content!);
});
