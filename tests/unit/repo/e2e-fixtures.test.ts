// The e2e specs run in chromium-headless-shell, whose parked cursor fires pointer events at (0, 0) on every page load;
// tests/e2e/fixtures.ts drops them. A spec that takes `test` from Playwright directly would run without that correction and
// see islands wake on load that a reader's page leaves asleep.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('e2e specs', () => {
  it('take test and expect from tests/e2e/fixtures.ts, never from @playwright/test directly (type imports aside)', () => {
    const direct = readdirSync('tests/e2e')
      .filter((f) => f.endsWith('.ts') && f !== 'fixtures.ts')
      .filter((f) =>
        [...readFileSync(`tests/e2e/${f}`, 'utf8').matchAll(/import \{([^}]*)\} from '@playwright\/test'/g)].some((m) =>
          m[1]!.split(',').some((name) => name.trim() && !name.trim().startsWith('type ')),
        ),
      );
    expect(direct).toEqual([]);
  });
});
