/**
 * The one table of what buyers type for a gas: CAS and UN numbers, the formula, the English name, common and trade names,
 * and (in gas-pinyin.ts, generated from this table) pinyin and initials. The goods search's query rewrite
 * (contract/catalog.ts, implemented by the sandbox), the quick-order pad's resolution and the knowledge search's hidden terms
 * all read it, so every search maps a word to the same gas.
 *
 * Source: the encyclopedia's gas facts (sandbox/seed/gases.ts: name, formula, CAS, UN number, English name; a unit test keeps
 * this table equal to them) and docs/quick-order.md "Names buyers type" for the common and trade names (笑气, 干冰, 电石气,
 * 高纯氮 …). A trade name meaning a grade (高纯氮 = 氮气 99.999%) carries that grade as `also`.
 */

export interface GasName {
  /** The encyclopedia's Chinese name (氮气). */
  name: string;
  /** ASCII formula as typed on a keyboard (N2, not N₂). */
  formula: string;
  cas: string;
  /** UN number with its prefix (UN1066). */
  un: string;
  /** English name, lower case. */
  en: string;
  /** Common, liquid and trade names; a grade name maps with its grade (`also`). */
  aliases: readonly (string | { term: string; also: string })[];
}

export const GAS_NAMES: readonly GasName[] = [
  {
    name: '氮气',
    formula: 'N2',
    cas: '7727-37-9',
    un: 'UN1066',
    en: 'nitrogen',
    aliases: ['氮', '液氮', '液态氮', 'LIN', 'LN2', { term: '高纯氮', also: '99.999%' }],
  },
  {
    name: '氧气',
    formula: 'O2',
    cas: '7782-44-7',
    un: 'UN1072',
    en: 'oxygen',
    aliases: ['氧', '液氧', '液态氧', 'LOX', { term: '高纯氧', also: '99.995%' }],
  },
  {
    name: '氩气',
    formula: 'Ar',
    cas: '7440-37-1',
    un: 'UN1006',
    en: 'argon',
    aliases: ['氩', '液氩', '液态氩', 'LAR', { term: '高纯氩', also: '99.999%' }],
  },
  {
    name: '氦气',
    formula: 'He',
    cas: '7440-59-7',
    un: 'UN1046',
    en: 'helium',
    aliases: ['氦', '液氦', 'LHe', { term: '高纯氦', also: '99.999%' }],
  },
  {
    name: '氢气',
    formula: 'H2',
    cas: '1333-74-0',
    un: 'UN1049',
    en: 'hydrogen',
    aliases: ['氢', '液氢', 'LH2', { term: '高纯氢', also: '99.999%' }],
  },
  {
    name: '二氧化碳',
    formula: 'CO2',
    cas: '124-38-9',
    un: 'UN1013',
    en: 'carbon dioxide',
    aliases: ['干冰', '碳酸气', '液态二氧化碳', '液体二氧化碳', 'LCO2'],
  },
  { name: '乙炔', formula: 'C2H2', cas: '74-86-2', un: 'UN1001', en: 'acetylene', aliases: ['电石气', '溶解乙炔'] },
  { name: '氨', formula: 'NH3', cas: '7664-41-7', un: 'UN1005', en: 'ammonia', aliases: ['氨气', '液氨', '无水氨'] },
  { name: '甲烷', formula: 'CH4', cas: '74-82-8', un: 'UN1971', en: 'methane', aliases: ['沼气', '液化天然气', 'LNG', '天然气'] },
  { name: '丙烷', formula: 'C3H8', cas: '74-98-6', un: 'UN1978', en: 'propane', aliases: ['液化石油气', 'LPG'] },
  { name: '乙烯', formula: 'C2H4', cas: '74-85-1', un: 'UN1962', en: 'ethylene', aliases: [] },
  { name: '一氧化二氮', formula: 'N2O', cas: '10024-97-2', un: 'UN1070', en: 'nitrous oxide', aliases: ['笑气', '氧化亚氮'] },
  { name: '一氧化碳', formula: 'CO', cas: '630-08-0', un: 'UN1016', en: 'carbon monoxide', aliases: [] },
  { name: '六氟化硫', formula: 'SF6', cas: '2551-62-4', un: 'UN1080', en: 'sulfur hexafluoride', aliases: ['sulphur hexafluoride'] },
  { name: '三氟化氮', formula: 'NF3', cas: '7783-54-2', un: 'UN2451', en: 'nitrogen trifluoride', aliases: [] },
  { name: '硅烷', formula: 'SiH4', cas: '7803-62-5', un: 'UN2203', en: 'silane', aliases: ['甲硅烷'] },
  { name: '氯气', formula: 'Cl2', cas: '7782-50-5', un: 'UN1017', en: 'chlorine', aliases: ['液氯'] },
  { name: '氯化氢', formula: 'HCl', cas: '7647-01-0', un: 'UN1050', en: 'hydrogen chloride', aliases: ['无水氯化氢'] },
  { name: '硫化氢', formula: 'H2S', cas: '7783-06-4', un: 'UN1053', en: 'hydrogen sulfide', aliases: [] },
  { name: '氪气', formula: 'Kr', cas: '7439-90-9', un: 'UN1056', en: 'krypton', aliases: ['氪'] },
  { name: '氙气', formula: 'Xe', cas: '7440-63-3', un: 'UN2036', en: 'xenon', aliases: ['氙'] },
  { name: '氖气', formula: 'Ne', cas: '7440-01-9', un: 'UN1065', en: 'neon', aliases: ['氖'] },
  { name: '一氧化氮', formula: 'NO', cas: '10102-43-9', un: 'UN1660', en: 'nitric oxide', aliases: [] },
  { name: '二氧化硫', formula: 'SO2', cas: '7446-09-5', un: 'UN1079', en: 'sulfur dioxide', aliases: [] },
  { name: '乙烷', formula: 'C2H6', cas: '74-84-0', un: 'UN1035', en: 'ethane', aliases: [] },
  { name: '四氟化碳', formula: 'CF4', cas: '75-73-0', un: 'UN1982', en: 'carbon tetrafluoride', aliases: ['四氟甲烷', 'R14'] },
];

/** The alias's words, whether a plain name or a grade name. */
export const aliasTerm = (a: GasName['aliases'][number]): string => (typeof a === 'string' ? a : a.term);
