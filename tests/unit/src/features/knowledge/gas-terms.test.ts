// The search terms of gas encyclopedia pages: typed formulas, English and trade names, and no term stolen from another gas's page.
import { describe, expect, it } from 'vitest';
import { asciiFormula, englishName, gasTerms, type GasNames } from '#src/features/knowledge/gas-terms.ts';
import { wikiEntries } from '#sandbox/seed/gases.ts';

const seeded: GasNames[] = wikiEntries.flatMap((w) => (w.gas ? [w.gas] : []));
const byName = (name: string): GasNames => seeded.find((g) => g.name === name)!;
const termsOf = (name: string): string[] => gasTerms(byName(name), seeded);

describe('asciiFormula', () => {
  it('writes subscripts as digits', () => {
    expect(asciiFormula('N₂')).toBe('N2');
    expect(asciiFormula('CO₂')).toBe('CO2');
    expect(asciiFormula('C₃H₈')).toBe('C3H8');
    expect(asciiFormula('SF₆')).toBe('SF6');
    expect(asciiFormula('Ar')).toBe('Ar');
  });
});

describe('englishName', () => {
  it('is lower case without the qualifier after a comma', () => {
    expect(englishName('Nitrogen')).toBe('nitrogen');
    expect(englishName('Ammonia, anhydrous')).toBe('ammonia');
    expect(englishName('Carbon dioxide')).toBe('carbon dioxide');
  });
});

describe('gasTerms', () => {
  it('gives nitrogen its Chinese name, formula, English name and liquid names (氮气, N2, nitrogen, 液氮, LIN)', () => {
    const terms = termsOf('氮气');
    expect(terms.slice(0, 3)).toEqual(['氮气', 'N2', 'nitrogen']);
    for (const t of ['液氮', 'LIN', 'LN2']) expect(terms).toContain(t);
  });

  it('knows the liquid and trade names of the bulk gases', () => {
    expect(termsOf('氧气')).toEqual(expect.arrayContaining(['O2', 'oxygen', '液氧', 'LOX']));
    expect(termsOf('氩气')).toEqual(expect.arrayContaining(['Ar', 'argon', '液氩', 'LAR']));
    expect(termsOf('二氧化碳')).toEqual(expect.arrayContaining(['CO2', 'carbon dioxide', '液态二氧化碳', 'LCO2', '干冰']));
    expect(termsOf('甲烷')).toEqual(expect.arrayContaining(['CH4', 'methane', '液化天然气', 'LNG']));
    expect(termsOf('丙烷')).toEqual(expect.arrayContaining(['C3H8', 'propane', 'LPG']));
  });

  it('leaves out an English word that is another gas’s name, so that gas’s page answers it first', () => {
    expect(termsOf('三氟化氮')).toContain('trifluoride');
    expect(termsOf('三氟化氮')).not.toContain('nitrogen');
    expect(termsOf('三氟化氮').join(' ')).not.toMatch(/\bnitrogen\b/);
    expect(termsOf('氯化氢').join(' ')).not.toMatch(/\bhydrogen\b/);
    expect(termsOf('硫化氢').join(' ')).toContain('sulfide');
    expect(termsOf('氢气')).toContain('hydrogen');
  });

  it('carries nitrogen’s own terms on no other page, and no term twice on one page', () => {
    const nitrogen = new Set(termsOf('氮气').map((t) => t.toLowerCase()));
    for (const g of seeded.filter((x) => x.name !== '氮气')) {
      const words = gasTerms(g, seeded).flatMap((t) => t.toLowerCase().split(/\s+/));
      expect(
        words.filter((w) => nitrogen.has(w)),
        g.name,
      ).toEqual([]);
    }
    for (const g of seeded) {
      const terms = gasTerms(g, seeded).map((t) => t.toLowerCase());
      expect(new Set(terms).size, g.name).toBe(terms.length);
    }
  });

  it('works without the other gases (every word of the English name kept)', () => {
    expect(gasTerms({ name: '三氟化氮', enName: 'Nitrogen trifluoride', formula: 'NF₃' }).slice(0, 3)).toEqual([
      '三氟化氮',
      'NF3',
      'nitrogen trifluoride',
    ]);
  });

  it('carries the table’s UN number and pinyin, so the knowledge search maps a word as the goods search does', () => {
    expect(termsOf('氮气')).toEqual(expect.arrayContaining(['UN1066', 'danqi', '高纯氮']));
    // Initials stay out of the index (the browser's rewrite maps dq to 氮气): a two-letter word matched unrelated keywords.
    expect(termsOf('氮气')).not.toContain('dq');
    expect(termsOf('氢气')).not.toContain('qq');
    expect(termsOf('乙炔')).toEqual(expect.arrayContaining(['电石气', 'yique', 'dianshiqi']));
    expect(termsOf('二氧化碳')).toEqual(expect.arrayContaining(['eryanghuatan', 'ganbing']));
  });
});
