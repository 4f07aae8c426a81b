/**
 * Agreed prices (协议价): which tier of an agreement line applies to a quantity, the next tier, the line's minimum order
 * quantity and order multiple, and an agreement's validity. Shared by the shop (islands, pages) and the sandbox (cart and
 * order pricing), so the price a buyer sees is the price the server charges.
 *
 * Source: docs/prices.md "The rules" (tiers such as 1-9, 10-49, 50+; the
 * refusals "该商品协议起订量 10 瓶" and "须按 4 瓶的整数倍订购"; renewal notice within 30 days of the end) and
 * docs/architecture.md §7 Money (integer fen; an order keeps the price it was placed at).
 */

/** A quantity break: from `minQty` units on, each unit costs `unitFen`. */
export interface PriceTier {
  minQty: number;
  unitFen: number;
}

/** What the rules need of an agreement line. */
export interface AgreedLine {
  /** Ascending by `minQty`; the first tier is the line's base agreed price. */
  tiers: readonly PriceTier[];
  /** Minimum order quantity (1: none). */
  minQty: number;
  /** Order multiple (1: any quantity). */
  multiple: number;
  /** The SKU's unit as the catalogue names it (瓶, 组, 车 …). */
  unit: string;
}

/** Days before the end from which the agreement page asks for renewal (docs/prices.md: "within 30 days of its end"). */
export const RENEWAL_NOTICE_DAYS = 30;

/** The ticket title a renewal request is prefilled with. */
export const RENEWAL_TICKET_TITLE = '协议续签';

/** The label shown beside the agreed price, and beside the list price. */
export const AGREED_LABEL = '协议价';
export const LIST_LABEL = '目录价';

/** The tier that applies to `qty`: the one with the largest `minQty` not above it (the first tier below its own minimum). */
export function tierFor(line: Pick<AgreedLine, 'tiers'>, qty: number): PriceTier {
  let picked = line.tiers[0]!;
  for (const t of line.tiers) if (qty >= t.minQty) picked = t;
  return picked;
}

/** The agreed unit price at `qty`, in fen. */
export const unitFenAt = (line: Pick<AgreedLine, 'tiers'>, qty: number): number => tierFor(line, qty).unitFen;

/** The next cheaper tier above `qty`: how many more units reach it and its unit price; null on the last tier. */
export function nextTier(line: Pick<AgreedLine, 'tiers'>, qty: number): { more: number; unitFen: number } | null {
  const next = line.tiers.find((t) => t.minQty > qty);
  return next ? { more: next.minQty - qty, unitFen: next.unitFen } : null;
}

/** Yuan with two decimals, as the hints write it (¥36.00). */
export const yuanText = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;

/** The hint under a quantity: "再买 N 瓶 单价 ¥x", or '' on the last tier. */
export function nextTierText(line: Pick<AgreedLine, 'tiers' | 'unit'>, qty: number): string {
  const next = nextTier(line, qty);
  return next ? `再买 ${next.more} ${line.unit} 单价 ${yuanText(next.unitFen)}` : '';
}

/** The tier's range in words: "1-9 瓶", "50 瓶以上". */
export function tierRangeText(line: Pick<AgreedLine, 'tiers' | 'unit'>, index: number): string {
  const t = line.tiers[index]!;
  const next = line.tiers[index + 1];
  return next ? `${t.minQty}-${next.minQty - 1} ${line.unit}` : `${t.minQty} ${line.unit}以上`;
}

/** Why `qty` breaks the line's minimum or multiple (the server's refusal and the stepper's message), or null. */
export function quantityProblem(line: Pick<AgreedLine, 'minQty' | 'multiple' | 'unit'>, qty: number): string | null {
  if (qty < line.minQty) return `该商品协议起订量 ${line.minQty} ${line.unit}`;
  if (line.multiple > 1 && qty % line.multiple !== 0) return `须按 ${line.multiple} ${line.unit}的整数倍订购`;
  return null;
}

/** The line's ordering rules in words, for a note beside the quantity ('' when there are none). */
export function quantityRuleText(line: Pick<AgreedLine, 'minQty' | 'multiple' | 'unit'>): string {
  const rules = [
    line.minQty > 1 ? `该商品协议起订量 ${line.minQty} ${line.unit}` : '',
    line.multiple > 1 ? `须按 ${line.multiple} ${line.unit}的整数倍订购` : '',
  ];
  return rules.filter(Boolean).join('，');
}

/**
 * The nearest allowed quantity to `qty`: at least the minimum, rounded up to the multiple; a step down (`from` above `qty`)
 * rounds down instead, but never below the smallest allowed quantity.
 */
export function allowedQuantity(line: Pick<AgreedLine, 'minQty' | 'multiple'>, qty: number, from?: number): number {
  const m = Math.max(1, line.multiple);
  const smallest = Math.ceil(Math.max(1, line.minQty) / m) * m;
  const down = from !== undefined && qty < from;
  const rounded = down ? Math.floor(qty / m) * m : Math.ceil(qty / m) * m;
  return Math.max(smallest, rounded);
}

/** The stepper's step: the multiple, else 1. */
export const quantityStep = (line: Pick<AgreedLine, 'multiple'>): number => Math.max(1, line.multiple);

/** Whole days from China day `today` to `validTo` (both YYYY-MM-DD); 0 on the last day, negative once it ended. */
export function daysLeft(validTo: string, today: string): number {
  return Math.round((Date.parse(`${validTo}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Whether an agreement valid `validFrom`..`validTo` (inclusive China days) is in force on `today`. */
export const inForce = (a: { validFrom: string; validTo: string }, today: string): boolean => a.validFrom <= today && today <= a.validTo;

/** Whether the agreement page shows the renewal notice: in force and at most 30 days left. */
export const renewalDue = (a: { validFrom: string; validTo: string }, today: string): boolean =>
  inForce(a, today) && daysLeft(a.validTo, today) <= RENEWAL_NOTICE_DAYS;

/** The roles of a company member who may order, and so see agreed prices (docs/prices.md: 管理员, 采购员). */
export const PRICE_ROLES = ['ADMIN', 'BUYER'] as const;
export const seesAgreedPrices = (roles: readonly string[]): boolean => roles.some((r) => (PRICE_ROLES as readonly string[]).includes(r));
