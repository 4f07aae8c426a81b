/** The agreement's price list as rows (the page's table, the CSV and the workbook share them) and the page's search. */
import type { PriceLine } from '#src/shared/api/contract/prices.ts';
import { tierRangeText, yuanText } from './rules.ts';

export const PRICE_LIST_HEAD = ['商品', '规格', 'SKU', '单位', '目录价（元）', '协议价（元）', '阶梯价', '起订量', '订购倍数'] as const;

/** One line as the list's cells: money in yuan as numbers (a spreadsheet sums them), tiers in words. */
export function priceListRow(l: PriceLine): (string | number)[] {
  const tiers = l.tiers.length > 1 ? l.tiers.map((t, i) => `${tierRangeText(l, i)} ${yuanText(t.unitFen)}`).join('；') : '';
  return [l.goodsName, l.specs, l.skuId, l.unit, l.listFen / 100, l.tiers[0]!.unitFen / 100, tiers, l.minQty, l.multiple];
}

/** Lines whose name, specs or SKU contain every word of the query (case-insensitive); all lines for an empty query. */
export function searchLines(lines: readonly PriceLine[], query: string): PriceLine[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...lines];
  return lines.filter((l) => {
    const text = `${l.goodsName} ${l.specs} ${l.skuId}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The download's file name: 协议价-{agreement number}.{ext}. */
export const priceListFileName = (agreementNo: string, ext: 'xlsx' | 'csv'): string => `协议价-${agreementNo}.${ext}`;
