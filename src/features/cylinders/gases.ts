/** Which inspection class each gas of the encyclopedia falls in (by its encyclopedia id), and which gases a goods' name names. */
import type { GasClass } from './inspection.ts';

/**
 * The class per encyclopedia gas id. TSG 23-2021 / GB/T 13004-2016 name nitrogen, sulphur hexafluoride and the inert gases for
 * the 5-year period; the corrosive ones are those that attack the cylinder's steel or aluminium: ammonia, chlorine, hydrogen
 * chloride, hydrogen sulphide, nitric oxide and sulphur dioxide (GHS05 corrosive in their SDS, see sandbox/seed/gases.ts).
 */
export const GAS_CLASS: Record<number, GasClass> = {
  1: 'inert', // 氮气
  3: 'inert', // 氩气
  4: 'inert', // 氦气
  14: 'inert', // 六氟化硫
  20: 'inert', // 氪气
  21: 'inert', // 氙气
  22: 'inert', // 氖气
  8: 'corrosive', // 氨
  17: 'corrosive', // 氯气
  18: 'corrosive', // 氯化氢
  19: 'corrosive', // 硫化氢
  23: 'corrosive', // 一氧化氮
  24: 'corrosive', // 二氧化硫
};
export const gasClassOf = (gasId: number): GasClass => GAS_CLASS[gasId] ?? 'general';

/** Formula (as the catalogue writes it, Unicode subscripts) to encyclopedia id. */
const FORMULA_ID: Record<string, number> = {
  'N₂': 1,
  'O₂': 2,
  Ar: 3,
  He: 4,
  'H₂': 5,
  'CO₂': 6,
  'C₂H₂': 7,
  'NH₃': 8,
  'CH₄': 9,
  'C₃H₈': 10,
  'C₂H₄': 11,
  'N₂O': 12,
  CO: 13,
  'SF₆': 14,
  'NF₃': 15,
  'SiH₄': 16,
  'Cl₂': 17,
  HCl: 18,
  'H₂S': 19,
  Kr: 20,
  Xe: 21,
  Ne: 22,
  NO: 23,
  'SO₂': 24,
  'C₂H₆': 25,
  'CF₄': 26,
};

/** The encyclopedia gases a goods' name and specs name by formula, in order, without repeats (mixtures name several). */
export function gasesNamed(text: string): number[] {
  const ids = (text.match(/[A-Z][a-z]?[₀-₉]*(?:[A-Z][a-z]?[₀-₉]*)*/g) ?? [])
    .map((t) => FORMULA_ID[t])
    .filter((id): id is number => id !== undefined);
  return [...new Set(ids)];
}

/** The purity in a SKU's specs (the first percentage of at least 99 %), e.g. 99.999 for "99.999% 40L 钢瓶 15 MPa". */
export function purityIn(specs: string): number | null {
  for (const m of specs.matchAll(/(\d{2,3}(?:\.\d+)?)\s*%/g)) {
    const n = Number(m[1]);
    if (n >= 99 && n <= 100) return n;
  }
  return null;
}
