/** The words readers search a gas by that its encyclopedia page may not spell out: ASCII formula, English name, liquid and trade names. */

/** The facts of a gas the terms are made from (the contract's GasFacts has them). */
export interface GasNames {
  name: string;
  enName: string;
  /** With Unicode subscripts, e.g. N₂, C₂H₂. */
  formula: string;
}

/** Liquid, trade and common names by ASCII formula: what buyers and plant staff type (液氮, LIN, LOX, 干冰 …). */
const TRADE_NAMES: Readonly<Record<string, readonly string[]>> = {
  N2: ['液氮', '液态氮', 'LIN', 'LN2', '高纯氮'],
  O2: ['液氧', '液态氧', 'LOX', '高纯氧'],
  Ar: ['液氩', '液态氩', 'LAR', '高纯氩'],
  He: ['液氦', 'LHe', '高纯氦'],
  H2: ['液氢', 'LH2', '高纯氢'],
  CO2: ['液态二氧化碳', '液体二氧化碳', 'LCO2', '干冰', '碳酸气'],
  CH4: ['液化天然气', 'LNG'],
  C3H8: ['液化石油气', 'LPG'],
  C2H2: ['电石气', '溶解乙炔'],
  NH3: ['氨气', '液氨', '无水氨'],
  N2O: ['笑气'],
  Cl2: ['液氯'],
  CF4: ['四氟甲烷', 'R14'],
  SiH4: ['甲硅烷'],
  HCl: ['无水氯化氢'],
};

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
  const terms = [gas.name, formula, english, ...(TRADE_NAMES[formula] ?? [])];
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = t.toLowerCase();
    if (!t || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
