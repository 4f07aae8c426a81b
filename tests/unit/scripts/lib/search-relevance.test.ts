import { describe, expect, it } from 'vitest';
import { measureRelevance, RELEVANCE_SET } from '#scripts/lib/search-relevance.ts';

describe('the goods search on the gas query set (docs/architecture.md §7)', () => {
  it('has at least 60 queries and puts the wanted result first in >= 0.9 of them, in the first five in >= 0.95', async () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(60);
    const { at1, at5, misses } = await measureRelevance();
    expect({ at1: at1 >= 0.9, at5: at5 >= 0.95, misses }).toMatchObject({ at1: true, at5: true });
  }, 30_000);
});
