/**
 * Agreed prices in words: the labels, yuan, tier ranges and ordering rules (docs/prices.md "The rules"). Apart from rules.ts
 * (which re-exports them) so the goods pages' small script takes only these few lines.
 */

/** What a tier and a line need to be put in words. */
interface Worded {
  tiers: readonly { minQty: number; unitFen: number }[];
  minQty: number;
  multiple: number;
  unit: string;
}

/** The label shown beside the agreed price, and beside the list price. */
export const AGREED_LABEL = '协议价';
export const LIST_LABEL = '目录价';

/** Yuan with two decimals, as the hints write it (¥36.00). */
export const yuanText = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;

/** The tier's range in words: "1-9 瓶", "50 瓶以上". */
export function tierRangeText(line: Pick<Worded, 'tiers' | 'unit'>, index: number): string {
  const t = line.tiers[index]!;
  const next = line.tiers[index + 1];
  return next ? `${t.minQty}-${next.minQty - 1} ${line.unit}` : `${t.minQty} ${line.unit}以上`;
}

/** The line's ordering rules in words, for a note beside the quantity ('' when there are none). */
export function quantityRuleText(line: Pick<Worded, 'minQty' | 'multiple' | 'unit'>): string {
  const rules = [
    line.minQty > 1 ? `该商品协议起订量 ${line.minQty} ${line.unit}` : '',
    line.multiple > 1 ? `须按 ${line.multiple} ${line.unit}的整数倍订购` : '',
  ];
  return rules.filter(Boolean).join('，');
}
