import { describe, expect, it } from 'vitest';
import { casCheckDigit, casMistyped, formulaShaped, normalizeCas, normalizeFormula, normalizeUn } from '#src/features/quick-order/codes.ts';

describe('CAS check digit (docs/quick-order.md: cas.org check digit rule)', () => {
  it('gives 5 for water 7732-18-5, the worked example', () => {
    // 8×1 + 1×2 + 2×3 + 3×4 + 7×5 + 7×6 = 105 → 5
    expect(casCheckDigit('773218')).toBe(5);
  });
  it('accepts the encyclopedia gases with and without dashes', () => {
    expect(normalizeCas('7727-37-9')).toBe('7727-37-9');
    expect(normalizeCas('7727379')).toBe('7727-37-9');
    expect(normalizeCas('124-38-9')).toBe('124-38-9');
    expect(normalizeCas('10024-97-2')).toBe('10024-97-2');
    expect(normalizeCas('７７２７－３７－９')).toBe('7727-37-9');
    expect(normalizeCas('CAS 74-86-2')).toBe('74-86-2');
  });
  it('refuses a wrong check digit and says it looks mistyped', () => {
    expect(normalizeCas('7727-37-8')).toBeNull();
    expect(casMistyped('7727-37-8')).toBe(true);
    expect(casMistyped('7727-37-9')).toBe(false);
    expect(normalizeCas('1032')).toBeNull();
  });
});

describe('UN numbers', () => {
  it('reads UN1066 in its spellings', () => {
    for (const t of ['UN1066', 'un1066', 'UN 1066', 'UN-1066', 'ＵＮ１０６６']) expect(normalizeUn(t)).toBe('UN1066');
  });
  it('reads a bare number only when asked', () => {
    expect(normalizeUn('1066')).toBeNull();
    expect(normalizeUn('1066', true)).toBe('UN1066');
    expect(normalizeUn('10660', true)).toBeNull();
  });
});

describe('formulas', () => {
  it('folds subscripts and full-width letters and keeps case', () => {
    expect(normalizeFormula('N₂')).toBe('N2');
    expect(normalizeFormula('C₂H₂')).toBe('C2H2');
    expect(normalizeFormula('SF₆')).toBe('SF6');
    expect(normalizeFormula('ＣＯ２')).toBe('CO2');
    expect(normalizeFormula('C2 H2')).toBe('C2H2');
    expect(normalizeFormula('CO')).not.toBe(normalizeFormula('Co2'));
  });
  it('knows a formula shape', () => {
    expect(formulaShaped('CO2')).toBe(true);
    expect(formulaShaped('SiH₄')).toBe(true);
    expect(formulaShaped('nitrogen')).toBe(false);
  });
});
