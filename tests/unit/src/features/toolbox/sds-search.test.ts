// The SDS lookup's matching over the sandbox's 26 gases: identifiers land on one gas, text filters.
import { describe, expect, it } from 'vitest';
import { sdsEntries, wikiEntries } from '#sandbox/seed/gases.ts';
import { normalize, searchSds } from '#src/features/toolbox/sds-search.ts';

const index = sdsEntries.map((e) => ({
  id: e.id,
  name: e.name,
  enName: wikiEntries.find((w) => w.id === e.id)?.gas?.enName ?? '',
  formula: e.formula,
  cas: e.cas,
  un: e.un,
}));
const names = (q: string) => searchSds(index, q).results.map((r) => r.name);

describe('SDS search', () => {
  it('a CAS or UN number names exactly one gas', () => {
    expect(searchSds(index, '7727-37-9').exact?.name).toBe('氮气');
    expect(searchSds(index, 'UN1072').exact?.name).toBe('氧气');
    expect(searchSds(index, 'un 1072').exact?.name).toBe('氧气');
    expect(searchSds(index, '1005').exact?.name).toBe('氨');
  });

  it('formulas match with or without subscripts, names in Chinese or English', () => {
    expect(normalize('N₂O')).toBe('n2o');
    expect(searchSds(index, 'n2o').exact?.name).toBe('一氧化二氮');
    expect(searchSds(index, 'N2').exact?.name).toBe('氮气');
    expect(names('N2')).not.toContain('硅烷');
    expect(names('hydrogen')).toEqual(['氢气', '氯化氢', '硫化氢']);
    expect(names('氩')).toEqual(['氩气']);
    expect(names('nothing-like-this')).toEqual([]);
    expect(names('').length).toBe(26);
  });
});
