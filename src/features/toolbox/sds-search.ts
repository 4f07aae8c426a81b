/** SDS lookup over a small pre-built index: by Chinese or English name, formula, CAS or UN number; pure, shared by build and browser. */

export interface SdsIndexEntry {
  id: number;
  name: string;
  enName: string;
  formula: string;
  cas: string;
  /** e.g. UN1072. */
  un: string;
}

const SUBSCRIPTS: Record<string, string> = {
  '₀': '0',
  '₁': '1',
  '₂': '2',
  '₃': '3',
  '₄': '4',
  '₅': '5',
  '₆': '6',
  '₇': '7',
  '₈': '8',
  '₉': '9',
};

/** Lower case, subscripts as digits, no spaces: "N₂" and "n2" compare equal. */
export const normalize = (text: string): string =>
  text
    .replace(/[₀-₉]/g, (c) => SUBSCRIPTS[c] ?? c)
    .toLowerCase()
    .replace(/[\s\u3000]+/g, '')
    .trim();

/** Digits of a UN number typed as "UN1072", "un 1072" or "1072". */
const unDigits = (text: string): string | null => /^(?:un)?(\d{4})$/.exec(normalize(text))?.[1] ?? null;

export interface SdsMatch {
  /** Entries matching, best first. */
  results: SdsIndexEntry[];
  /** The one entry an identifier (CAS, UN number, formula or full name) names exactly, to go straight to. */
  exact: SdsIndexEntry | null;
}

export function searchSds(index: readonly SdsIndexEntry[], query: string): SdsMatch {
  const q = normalize(query);
  if (!q) return { results: [...index], exact: null };
  const un = unDigits(query);
  const scored = index
    .map((e) => {
      const name = normalize(e.name);
      const en = normalize(e.enName);
      const formula = normalize(e.formula);
      let score = 0;
      if (e.cas === q || (un && e.un === `UN${un}`) || formula === q || name === q || en === q || name === `${q}气`) score = 100;
      else if (name.startsWith(q) || en.startsWith(q) || formula.startsWith(q)) score = 50;
      else if (
        name.includes(q) ||
        en.includes(q) ||
        e.cas.startsWith(q) ||
        (/^(un)?\d{2,3}$/.test(q) && e.un.slice(2).startsWith(q.replace('un', '')))
      )
        score = 20;
      return { e, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.e.id - b.e.id);
  const exacts = scored.filter((x) => x.score === 100);
  return { results: scored.map((x) => x.e), exact: exacts.length === 1 ? exacts[0]!.e : null };
}
