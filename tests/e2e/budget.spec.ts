import { expect, test } from './fixtures.ts';
import { BUDGETS, loadsReact, measurePage, SCRIPT_LIMITS, scriptRequests } from '../../scripts/lib/js-weight.ts';
import { signIn } from './sandbox.ts';
import { TEMPLATES } from './templates.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

/** docs/architecture.md §7: JavaScript loaded before the first interaction, gzip, per page kind, on every main template. */
for (const { name, path, kind, signedIn } of TEMPLATES) {
  test(`${name} (${path}) loads at most ${BUDGETS[kind] / 1024} KB of JS before interaction`, async ({ browser, baseURL }) => {
    const weight = await measurePage(browser, baseURL!, path, signedIn ? (context) => signIn(context, baseURL!).then(() => undefined) : undefined);
    test.info().annotations.push({ type: 'js-gzip-bytes', description: String(weight.gzipBytes) });
    expect(weight.gzipBytes, weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(BUDGETS[kind]);
    // On content pages, and in the login dialog a private page opens for its visitor, React loads only when an island is first used.
    if (kind === 'content' || kind === 'sign-in') expect(loadsReact(weight)).toBe(false);
    // Each script is a request a slow network waits for: content pages make at most four (docs/light-pages.md).
    const limit = SCRIPT_LIMITS[kind];
    if (limit !== undefined) expect(scriptRequests(weight), weight.files.map((f) => f.url).join('\n')).toBeLessThanOrEqual(limit);
  });
}

test('a member\'s home page, with the cart count fetched, stays within the content budget', async ({ browser, baseURL }) => {
  const weight = await measurePage(browser, baseURL!, '/', (context) => signIn(context, baseURL!).then(() => undefined));
  test.info().annotations.push({ type: 'js-gzip-bytes', description: String(weight.gzipBytes) });
  expect(weight.gzipBytes, weight.files.map((f) => `${f.gzipBytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(BUDGETS.content);
  expect(scriptRequests(weight), weight.files.map((f) => f.url).join('\n')).toBeLessThanOrEqual(SCRIPT_LIMITS.content!);
});
