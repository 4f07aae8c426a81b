/** The words readers search a gas by that its encyclopedia page may not spell out: ASCII formula, English name, liquid and trade names, UN number, pinyin. */
import { aliasTerm, GAS_NAMES } from '#src/shared/search/gas-names.ts';
import { GAS_PINYIN } from '#src/shared/search/gas-pinyin.ts';

/** The facts of a gas the terms are made from (the contract's GasFacts has them). */
export interface GasNames {
  name: string;
  enName: string;
  /** With Unicode subscripts, e.g. N₂, C₂H₂. */
  formula: string;
}

/**
 * Liquid, trade and common names and pinyin of a gas: the one table every search reads (src/shared/search/gas-names.ts and its
 * generated pinyin), so the knowledge search and the goods search map a word to the same gas (docs/quick-order.md).
 */
function tableTerms(name: string): string[] {
  const g = GAS_NAMES.find((x) => x.name === name);
  const py = GAS_PINYIN[name];
  // Not the initials (dq, qq): two-letter words in the index match the start of unrelated keywords (qqxyzzy found 氢气's
  // page); the browser's rewrite maps initials to the gas's name before Pagefind is asked (knowledge-search.ts).
  return g ? [...g.aliases.map(aliasTerm), g.un, ...(py ? [...py.own.full, ...py.aliases.full] : [])] : [];
}

/** N₂ → N2, C₂H₂ → C2H2: the formula as it is typed on a keyboard. */
export function asciiFormula(formula: string): string {
  return formula.replace(/[\u2080-\u2089]/g, (d) => String(d.charCodeAt(0) - 0x2080));
}

/** The English name as searched: lower case, without the qualifier after a comma (Ammonia, anhydrous → ammonia). */
export function englishName(enName: string): string {
  return enName.split(',')[0]!.trim().toLowerCase();
}

/**
 * Search terms of one gas's page. `others` are the other gases of the encyclopedia: an English word that is another gas's
 * whole name (nitrogen in "nitrogen trifluoride") is left out, so that gas's own page stays the strongest answer to it.
 */
export function gasTerms(gas: GasNames, others: readonly GasNames[] = []): string[] {
  const formula = asciiFormula(gas.formula);
  const own = englishName(gas.enName);
  const taken = new Set(others.map((o) => englishName(o.enName)).filter((n) => n !== own && !n.includes(' ')));
  const english = own
    .split(/\s+/)
    .filter((word) => !taken.has(word))
    .join(' ');
  const terms = [gas.name, formula, english, ...tableTerms(gas.name)];
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = t.toLowerCase();
    if (!t || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
