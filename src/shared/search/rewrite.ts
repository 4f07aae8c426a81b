/**
 * The query rewrite of every search that speaks gas (docs/quick-order.md "Search that speaks gas"): a query, or one word of
 * it, that names a gas by CAS number (dashes or not), UN number (UN1066, 1066), formula (N2, N₂, co2), English name, common or
 * trade name (笑气, 干冰, 电石气, 高纯氮), pinyin or initials (danqi, dq), or a one-letter slip of a Latin word (nitorgen), is
 * mapped onto the gas of the table (gas-names.ts); the other words stay as words that must match too.
 *
 * The goods search's contract documents it (contract/catalog.ts goodsList) and the sandbox implements it; the knowledge search
 * rewrites its query the same way before Pagefind sees it, and its pages carry the same table's terms.
 */
import { foldText, normalizeCas, normalizeFormula, normalizeUn } from '#src/features/quick-order/codes.ts';
import { aliasTerm, GAS_NAMES, type GasName } from './gas-names.ts';
import { GAS_PINYIN } from './gas-pinyin.ts';

/** How a word named the gas; a smaller rank is a surer reading and comes first. */
export type GasVia = 'cas' | 'un' | 'formula' | 'name' | 'english' | 'alias' | 'pinyin' | 'initials' | 'typo';

export interface GasHit {
  gas: GasName;
  via: GasVia;
  rank: number;
  /** A grade the word carries (高纯氮 → 99.999%): the goods must mention it too. */
  also?: string;
}

export interface QueryRewrite {
  /** The gases the query names, surest first (several when the reading is ambiguous: yq → 氧气, 氩气 …). */
  gases: GasHit[];
  /** The query's other words (lower case), each of which must match as well (CO2 钢瓶 → 钢瓶). */
  rest: string[];
}

const HAN = /\p{Script=Han}/u;
const squash = (s: string): string => s.toLowerCase().replace(/[\s-]+/g, '');

/** Optimal string alignment distance (one swap, insertion, deletion or change counts 1), capped early past `max`. */
export function typoDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** Every way one word names a gas, before ranking. */
function readings(g: GasName, word: string): GasHit[] {
  const w = squash(word);
  const py = GAS_PINYIN[g.name];
  const hits: GasHit[] = [];
  const hit = (via: GasVia, rank: number, also?: string) => hits.push({ gas: g, via, rank, ...(also && { also }) });
  if (normalizeCas(word) === g.cas) hit('cas', 0);
  if (normalizeUn(word, true) === g.un) hit('un', 0);
  if (squash(normalizeFormula(word)) === g.formula.toLowerCase()) hit('formula', 0);
  if (w === g.name) hit('name', 0);
  if (w === squash(g.en)) hit('english', 0);
  for (const a of g.aliases) if (squash(aliasTerm(a)) === w) hit('alias', 1, typeof a === 'string' ? undefined : a.also);
  if (py?.own.full.includes(w)) hit('pinyin', 1);
  if (py?.aliases.full.includes(w)) hit('pinyin', 2);
  if (py?.own.initials.includes(w)) hit('initials', 2);
  if (py?.aliases.initials.includes(w)) hit('initials', 3);
  if (hits.length === 0 && /^[a-z]{5,}$/.test(w)) {
    const max = w.length >= 9 ? 2 : 1;
    if ([squash(g.en), ...(py?.own.full ?? [])].some((t) => typoDistance(w, t, max) <= max)) hit('typo', 4);
  }
  return hits;
}

/** The gases one word names, surest first, one hit per gas. */
export function gasesOf(word: string): GasHit[] {
  if (!word.trim()) return [];
  const best = new Map<string, GasHit>();
  for (const g of GAS_NAMES)
    for (const h of readings(g, word)) {
      const had = best.get(g.name);
      if (!had || h.rank < had.rank) best.set(g.name, h);
    }
  return [...best.values()].sort((a, b) => a.rank - b.rank);
}

/** Chinese names and aliases, longest first: what a run of Chinese characters may contain (氮气钢瓶 holds 氮气). */
const HAN_TERMS = GAS_NAMES.flatMap((g) => [g.name, ...g.aliases.map(aliasTerm)].filter((t) => HAN.test(t))).sort(
  (a, b) => b.length - a.length,
);

/** The query's words: spaces split them, and so does a change between Chinese and Latin (CO2钢瓶 → CO2, 钢瓶). */
export function queryWords(query: string): string[] {
  return foldText(query)
    .split(' ')
    .flatMap((w) => w.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? [])
    .filter(Boolean);
}

/** Rewrites a query: the gases it names and the words left over. No gas: `gases` is empty and the search runs as typed. */
export function rewriteQuery(query: string): QueryRewrite {
  const whole = foldText(query);
  const direct = gasesOf(whole);
  if (direct.length) return { gases: direct, rest: [] };
  const words = queryWords(whole);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const others = words.filter((_, j) => j !== i).map((w) => w.toLowerCase());
    const hits = gasesOf(word);
    if (hits.length) return { gases: hits, rest: others };
    const inside = HAN.test(word) ? HAN_TERMS.find((t) => word.includes(t)) : undefined;
    if (inside) {
      const left = word.split(inside).filter(Boolean);
      return { gases: gasesOf(inside), rest: [...left, ...others].map((w) => w.toLowerCase()) };
    }
  }
  return { gases: [], rest: [] };
}

/**
 * The gases nearest to a query that found nothing, for "您是不是要找": Latin words within a few slips of an English name or the
 * name's pinyin (nitrgoen, yanqi), Chinese words sharing characters with a gas's name or alias (氮汽 → 氮气); at most `max`.
 */
export function nearestGases(query: string, max = 3): string[] {
  const q = squash(foldText(query));
  if (!q || gasesOf(q).length) return [];
  const scored = GAS_NAMES.flatMap((g) => {
    if (HAN.test(q)) {
      const words = [g.name, ...g.aliases.map(aliasTerm)].filter((w) => HAN.test(w));
      const shared = Math.max(...words.map((w) => [...new Set(q)].filter((c) => HAN.test(c) && w.includes(c)).length));
      return shared > 0 ? [{ name: g.name, score: -shared }] : [];
    }
    if (q.length < 3) return [];
    const limit = Math.max(2, Math.floor(q.length / 3));
    const d = Math.min(...[squash(g.en), ...(GAS_PINYIN[g.name]?.own.full ?? [])].map((t) => typoDistance(q, t, limit)));
    return d <= limit ? [{ name: g.name, score: d }] : [];
  });
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, max)
    .map((s) => s.name);
}
