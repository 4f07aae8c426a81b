import { describe, expect, it } from 'vitest';
import { sdsEntries } from '#sandbox/seed/gases.ts';
import { normalizeCas, normalizeFormula } from '#src/features/quick-order/codes.ts';
import { GAS_NAMES } from '#src/shared/search/gas-names.ts';

describe('the gas name table', () => {
  it('holds every encyclopedia gas with its name, formula, CAS and UN number', () => {
    expect(GAS_NAMES.map((g) => [g.name, g.formula, g.cas, g.un])).toEqual(
      sdsEntries.map((e) => [e.name, normalizeFormula(e.formula), e.cas, e.un]),
    );
  });
  it('has only CAS numbers with a right check digit', () => {
    for (const g of GAS_NAMES) expect(normalizeCas(g.cas)).toBe(g.cas);
  });
});
