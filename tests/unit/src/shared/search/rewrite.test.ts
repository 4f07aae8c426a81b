import { describe, expect, it } from 'vitest';
import { GAS_PINYIN } from '#src/shared/search/gas-pinyin.ts';
import { gasPinyinTable } from '#src/shared/search/pinyin-table.ts';
import { nearestGases, queryWords, rewriteQuery, typoDistance } from '#src/shared/search/rewrite.ts';

const first = (q: string) => rewriteQuery(q).gases[0]?.gas.name;

describe('rewriteQuery', () => {
  it('maps codes, formulas, names, trade names and pinyin onto the gas', () => {
    const cases: [string, string][] = [
      ['7727-37-9', '氮气'],
      ['7727379', '氮气'],
      ['UN1066', '氮气'],
      ['1066', '氮气'],
      ['N2', '氮气'],
      ['N₂', '氮气'],
      ['co2', '二氧化碳'],
      ['C2H2', '乙炔'],
      ['SF6', '六氟化硫'],
      ['carbon dioxide', '二氧化碳'],
      ['Nitrogen', '氮气'],
      ['笑气', '一氧化二氮'],
      ['干冰', '二氧化碳'],
      ['电石气', '乙炔'],
      ['danqi', '氮气'],
      ['dq', '氮气'],
      ['eryanghuatan', '二氧化碳'],
      ['nitorgen', '氮气'],
    ];
    for (const [q, gas] of cases) expect([q, first(q)]).toEqual([q, gas]);
  });
  it('carries a grade name with its grade', () => {
    expect(rewriteQuery('高纯氮').gases[0]).toMatchObject({ via: 'alias', also: '99.999%' });
  });
  it('keeps the other words of a mixed query', () => {
    expect(rewriteQuery('CO2 钢瓶')).toMatchObject({ rest: ['钢瓶'] });
    expect(rewriteQuery('CO2钢瓶').gases[0]?.gas.name).toBe('二氧化碳');
    expect(rewriteQuery('氮气钢瓶')).toMatchObject({ rest: ['钢瓶'] });
    expect(queryWords('CO2钢瓶 40L')).toEqual(['CO2', '钢瓶', '40L']);
  });
  it('leaves a query without a gas as typed', () => {
    expect(rewriteQuery('减压器')).toEqual({ gases: [], rest: [] });
  });
});

describe('typoDistance', () => {
  it('counts a swap as one', () => {
    expect(typoDistance('nitorgen', 'nitrogen')).toBe(1);
    expect(typoDistance('oxigen', 'oxygen')).toBe(1);
    expect(typoDistance('argon', 'xenon')).toBeGreaterThan(1);
  });
});

describe('gas-pinyin.ts', () => {
  it('is what scripts/tools/gas-pinyin.ts writes from the table today', () => {
    expect(GAS_PINYIN).toEqual(gasPinyinTable());
  });
});

describe('nearestGases', () => {
  it('offers the gases a query that found nothing comes nearest to', () => {
    expect(nearestGases('nitrgn')[0]).toBe('氮气');
    expect(nearestGases('氮汽')[0]).toBe('氮气');
    expect(nearestGases('argn')[0]).toBe('氩气');
  });
  it('offers nothing for a query that names a gas or is far from all', () => {
    expect(nearestGases('N2')).toEqual([]);
    expect(nearestGases('xyzzyq')).toEqual([]);
  });
});
