import { describe, expect, it } from 'vitest';
import type { PriceLine } from '#src/shared/api/contract/prices.ts';
import { PRICE_LIST_HEAD, priceListFileName, priceListRow, searchLines } from '#src/features/prices/price-list.ts';

const n2: PriceLine = {
  skuId: 100101,
  goodsId: 1001,
  goodsName: '高纯氮气 N₂ 99.999%',
  specs: '99.999% - 40L 钢瓶 - 15 MPa',
  unit: '瓶',
  listFen: 18_000,
  tiers: [
    { minQty: 1, unitFen: 16_500 },
    { minQty: 10, unitFen: 15_800 },
  ],
  minQty: 1,
  multiple: 1,
};
const ar: PriceLine = {
  ...n2,
  skuId: 100202,
  goodsId: 1002,
  goodsName: '高纯氩气 Ar 99.999%',
  specs: '8L 钢瓶',
  tiers: [{ minQty: 1, unitFen: 11_200 }],
  multiple: 4,
};

describe('the price list', () => {
  it('writes one row per line with yuan as numbers and tiers in words', () => {
    expect(priceListRow(n2)).toEqual([
      '高纯氮气 N₂ 99.999%',
      '99.999% - 40L 钢瓶 - 15 MPa',
      100101,
      '瓶',
      180,
      165,
      '1-9 瓶 ¥165.00；10 瓶以上 ¥158.00',
      1,
      1,
    ]);
    expect(priceListRow(ar)).toHaveLength(PRICE_LIST_HEAD.length);
    expect(priceListRow(ar)[6]).toBe('');
  });

  it('finds lines by every word of the query in name, specs or SKU', () => {
    expect(searchLines([n2, ar], '')).toHaveLength(2);
    expect(searchLines([n2, ar], '氩气').map((l) => l.skuId)).toEqual([100202]);
    expect(searchLines([n2, ar], '40l 氮').map((l) => l.skuId)).toEqual([100101]);
    expect(searchLines([n2, ar], '100202')).toHaveLength(1);
    expect(searchLines([n2, ar], '氦')).toEqual([]);
  });

  it('names the file after the agreement', () => {
    expect(priceListFileName('HQXY-2026-0318', 'xlsx')).toBe('协议价-HQXY-2026-0318.xlsx');
  });
});
