/** Pinyin and initials of the gas table's Chinese names, computed with pinyin-pro (scripts/tools/gas-pinyin.ts writes gas-pinyin.ts from it). */
import { pinyin } from 'pinyin-pro';
import { aliasTerm, GAS_NAMES } from './gas-names.ts';

const HAN = /\p{Script=Han}/u;

/** The pinyin spellings of one gas: its name's and its Chinese aliases', whole ("danqi") and as initials of 2+ syllables ("dq"). */
export function pinyinOf(words: readonly string[]): { full: string[]; initials: string[] } {
  const full = new Set<string>();
  const initials = new Set<string>();
  for (const w of words.filter((x) => HAN.test(x) && !/[A-Za-z0-9]/.test(x))) {
    const syllables = pinyin(w, { toneType: 'none', type: 'array' }).map((s) => s.replace(/ü/g, 'v'));
    full.add(syllables.join(''));
    if (syllables.length >= 2) initials.add(syllables.map((s) => s[0]).join(''));
  }
  return { full: [...full], initials: [...initials] };
}

/** One gas's spellings: its own name's (ranked first by the search) apart from its aliases'. */
export interface GasPinyin {
  own: { full: string[]; initials: string[] };
  aliases: { full: string[]; initials: string[] };
}

/** The whole table's pinyin, by gas name, as gas-pinyin.ts holds it. */
export const gasPinyinTable = (): Record<string, GasPinyin> =>
  Object.fromEntries(GAS_NAMES.map((g) => [g.name, { own: pinyinOf([g.name]), aliases: pinyinOf(g.aliases.map(aliasTerm)) }]));
