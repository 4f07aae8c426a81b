/**
 * The house rules for imports that Biome's noRestrictedImports does not see (docs/architecture.md): it lints neither .astro
 * files nor dynamic imports, and it cannot say which of src/ the sandbox may use.
 *
 * - Nothing outside tests/ imports from tests/: the shop, server, sandbox, build and scripts run without the test tree.
 * - No path climbing three folders anywhere, and no '../' in src/: across folders, the package's imports map (#src/, #server/, ...).
 * - The sandbox plays the supplier's back office, so it shares with the shop only the API contract and the pure rules both
 *   sides must agree on (China time, working days, a feature's rules): never the shop's pages, islands, stores or session.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const CODE = /\.(astro|[cm]?[jt]sx?)$/;
const SKIP_DIRS = new Set(['node_modules', '.astro', 'dist']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP_DIRS.has(name) ? [] : files(path);
    return CODE.test(name) ? [path] : [];
  });
}

const rootFiles = readdirSync('.').filter((name) => statSync(name).isFile() && CODE.test(name));
const tree = (dir: string) => files(dir).map((f) => f.split('\\').join('/'));
const src = tree('src');
const sandbox = tree('sandbox');
const outsideTests = [...src, ...tree('server'), ...sandbox, ...tree('build'), ...tree('scripts'), ...rootFiles];
const everything = [...outsideTests, ...tree('tests')];

/** Module specifiers of static imports, re-exports, dynamic imports and `import 'x'`. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

/** What the sandbox may import from src/ besides the API contract (#src/shared/api/contract/...). */
const SANDBOX_MAY_IMPORT = [
  // Shared pure modules: time, calendar, request keys, form rules, PDF drawing.
  '#src/shared/formats/china-time.ts',
  '#src/shared/formats/working-days.ts',
  '#src/shared/api/idempotency.ts',
  '#src/shared/validation/rules.ts',
  '#src/shared/pdf/index.ts',
  // Features' rules modules: what the shop shows and the back office enforces must be the same rule.
  '#src/features/articles/articles.ts',
  '#src/features/certificates/certificate.ts',
  '#src/features/company/rules.ts',
  '#src/features/credit/rules.ts',
  '#src/features/cylinders/gases.ts',
  '#src/features/cylinders/inspection.ts',
  '#src/features/cylinders/pickup.ts',
  '#src/features/cylinders/rent.ts',
  '#src/features/cylinders/serial.ts',
  '#src/features/hazmat/permits.ts',
  '#src/features/invoices/red-letter.ts',
  '#src/features/invoices/rules.ts',
  '#src/features/invoices/xml.ts',
  '#src/features/hazmat/segregation.ts',
  '#src/features/preview/link.ts',
  '#src/features/privacy/deidentify.ts',
  '#src/features/privacy/device.ts',
  '#src/features/prices/rules.ts',
  '#src/features/quick-order/codes.ts',
  '#src/shared/search/rewrite.ts',
  '#src/features/punchout/cxml.ts',
  '#src/features/punchout/rules.ts',
  '#src/features/punchout/xml.ts',
  '#src/features/privacy/rules.ts',
  '#src/features/publish/webhook.ts',
  '#src/features/quotes/gases.ts',
  '#src/features/quotes/mixture.ts',
  '#src/features/standing/schedule.ts',
  '#src/features/delivery/calendar.ts',
  '#src/features/delivery/shipment.ts',
  '#src/features/delivery/waybill.ts',
  '#src/features/tanks/alerts.ts',
  '#src/features/tanks/forecast.ts',
  '#src/features/tanks/liquids.ts',
  '#src/features/tanks/replenish.ts',
  '#src/features/tanks/telemetry.ts',
];

it('finds the files it checks, .astro included', () => {
  expect(src.some((f) => f.endsWith('.astro'))).toBe(true);
  expect(sandbox.length).toBeGreaterThan(20);
  expect(outsideTests).toContain('astro.config.mjs');
});

it('nothing outside tests/ imports from tests/', () => {
  const bad = outsideTests.flatMap((f) =>
    specifiers(f)
      .filter((s) => s.startsWith('#tests/') || /(^|\/)tests\//.test(s))
      .map((s) => `${f}: ${s}`),
  );
  expect(bad).toEqual([]);
});

// Built, so that this file does not match itself.
const UP_THREE = '../'.repeat(3);

it('no path climbs three folders, anywhere', () => {
  const bad = everything.filter((f) => readFileSync(f, 'utf8').includes(UP_THREE));
  expect(bad).toEqual([]);
});

it("no '../' import in src/, .astro files included", () => {
  const bad = src.flatMap((f) =>
    specifiers(f)
      .filter((s) => s.startsWith('../'))
      .map((s) => `${f}: ${s}`),
  );
  expect(bad).toEqual([]);
});

it('the sandbox imports from src/ only the API contract and the listed rules modules', () => {
  const bad = sandbox.flatMap((f) =>
    specifiers(f)
      .filter((s) => s.startsWith('#src/') && !s.startsWith('#src/shared/api/contract/') && !SANDBOX_MAY_IMPORT.includes(s))
      .map((s) => `${f}: ${s}`),
  );
  expect(bad).toEqual([]);
});
