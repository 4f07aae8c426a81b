/**
 * The goods search's relevance set (docs/quick-order.md "Relevance"): queries a gas buyer types (names, codes, formulas,
 * pinyin, typos, mixed Chinese and Latin) with the result that must come first, and the scoring against an in-process sandbox:
 * success at 1 (the wanted result first) and at 5 (in the first five). `npm run measure:relevance` prints it; the unit suite
 * gates on it (docs/architecture.md §7: >= 0.9 at 1, >= 0.95 at 5).
 */
import { createSandbox } from '#sandbox/index.ts';

/** What must come first: a goods of the gas with this CAS number, or this very goods. */
export type Wanted = { cas: string } | { goodsId: number };

const N2 = { cas: '7727-37-9' };
const O2 = { cas: '7782-44-7' };
const AR = { cas: '7440-37-1' };
const HE = { cas: '7440-59-7' };
const H2 = { cas: '1333-74-0' };
const CO2 = { cas: '124-38-9' };
const C2H2 = { cas: '74-86-2' };
const NH3 = { cas: '7664-41-7' };
const CH4 = { cas: '74-82-8' };
const N2O = { cas: '10024-97-2' };
const SF6 = { cas: '2551-62-4' };
const NF3 = { cas: '7783-54-2' };
const SIH4 = { cas: '7803-62-5' };
const CF4 = { cas: '75-73-0' };
const HCL = { cas: '7647-01-0' };
const XE = { cas: '7440-63-3' };

export const RELEVANCE_SET: readonly [query: string, wanted: Wanted][] = [
  // Chinese names and grades
  ['氮气', N2],
  ['氧气', O2],
  ['氩气', AR],
  ['氦气', HE],
  ['氢气', H2],
  ['二氧化碳', CO2],
  ['乙炔', C2H2],
  ['六氟化硫', SF6],
  ['高纯氮', { goodsId: 1001 }],
  ['高纯氩', { goodsId: 1002 }],
  ['高纯氦', { goodsId: 1003 }],
  // common and trade names
  ['干冰', CO2],
  ['电石气', C2H2],
  ['笑气', N2O],
  ['氧化亚氮', N2O],
  ['液氮', N2],
  ['液氧', O2],
  ['碳酸气', CO2],
  ['溶解乙炔', C2H2],
  ['甲硅烷', SIH4],
  // CAS numbers, with and without dashes
  ['7727-37-9', N2],
  ['7727379', N2],
  ['124-38-9', CO2],
  ['124389', CO2],
  ['74-86-2', C2H2],
  ['2551-62-4', SF6],
  ['7440-37-1', AR],
  ['10024-97-2', N2O],
  // UN numbers
  ['UN1066', N2],
  ['1066', N2],
  ['UN1013', CO2],
  ['un1001', C2H2],
  ['UN 1072', O2],
  ['1046', HE],
  ['UN1080', SF6],
  // formulas as typed
  ['N2', N2],
  ['N₂', N2],
  ['CO2', CO2],
  ['co2', CO2],
  ['CO₂', CO2],
  ['C2H2', C2H2],
  ['SF6', SF6],
  ['NF3', NF3],
  ['SiH4', SIH4],
  ['CF4', CF4],
  ['HCl', HCL],
  ['Ｎ２', N2],
  // English names
  ['nitrogen', N2],
  ['Carbon Dioxide', CO2],
  ['acetylene', C2H2],
  ['argon', AR],
  ['helium', HE],
  ['xenon', XE],
  ['sulfur hexafluoride', SF6],
  ['ammonia', NH3],
  ['methane', CH4],
  // pinyin and initials
  ['danqi', N2],
  ['dq', N2],
  ['eryanghuatan', CO2],
  ['yique', C2H2],
  ['haiqi', HE],
  ['ganbing', CO2],
  ['xiaoqi', N2O],
  ['dsq', C2H2],
  // typos
  ['nitorgen', N2],
  ['acetylen', C2H2],
  ['hellium', HE],
  ['carbon dioxde', CO2],
  // mixed Chinese and Latin
  ['CO2钢瓶', CO2],
  ['N2 40L', N2],
  ['氩气 Ar', AR],
  ['高纯氮 40L', { goodsId: 1001 }],
];

interface Summary {
  id: number;
}
interface Detail {
  id: number;
  params: { name: string; value: string }[];
}

/** Runs every query against a fresh in-process sandbox's goods search and scores the first five results. */
export async function measureRelevance(): Promise<{ at1: number; at5: number; misses: { query: string; got: number[] }[] }> {
  const sb = createSandbox({ dataDir: null });
  const get = async <T>(path: string): Promise<T> =>
    ((await (await sb.handle(new Request(`http://sandbox.local${path}`))).json()) as { data: T }).data;
  const casOf = new Map<number, string>();
  const cas = async (id: number) => {
    if (!casOf.has(id))
      casOf.set(id, (await get<Detail>(`/product/detail/${id}`)).params.find((p) => p.name === 'CAS 号')?.value.trim() ?? '');
    return casOf.get(id)!;
  };
  let at1 = 0;
  let at5 = 0;
  const misses: { query: string; got: number[] }[] = [];
  for (const [query, wanted] of RELEVANCE_SET) {
    const ids = (await get<{ list: Summary[] }>(`/goods/list?pageSize=5&keyword=${encodeURIComponent(query)}`)).list.map((g) => g.id);
    const hits = await Promise.all(ids.map(async (id) => ('goodsId' in wanted ? id === wanted.goodsId : (await cas(id)) === wanted.cas)));
    if (hits[0]) at1++;
    if (hits.some(Boolean)) at5++;
    else misses.push({ query, got: ids });
  }
  return { at1: at1 / RELEVANCE_SET.length, at5: at5 / RELEVANCE_SET.length, misses };
}
