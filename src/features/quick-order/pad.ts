/** The quick-order pad's rows in the browser: parsed lines with their resolution, what can go into the cart, the counts shown above the table. */
import type { LineStatus, QuickLineInput, ResolvedLine } from '#src/shared/api/contract/quick.ts';
import type { PadLine } from './parse.ts';

/** A row of the pad: a parsed line, and its resolution once the server answered (none when the line itself is unreadable). */
export interface PadRow extends PadLine {
  resolved?: ResolvedLine;
}

/** The status label of a row (its message says the rest). */
export const STATUS_LABEL: Record<LineStatus | 'INVALID', string> = {
  OK: '可下单',
  AMBIGUOUS: '请选择',
  UNKNOWN: '未找到',
  DISCONTINUED: '已下架',
  PERMIT: '需许可证',
  QUANTITY: '数量不符',
  STOCK: '库存不足',
  INVALID: '无法识别',
};

export const rowStatus = (r: PadRow): LineStatus | 'INVALID' => (r.problem ? 'INVALID' : (r.resolved?.status ?? 'INVALID'));

/** The rows that go into the cart: resolved OK, one entry per SKU (quantities of repeated SKUs add up). */
export function addableLines(rows: readonly PadRow[]): QuickLineInput[] {
  const bySku = new Map<number, number>();
  for (const r of rows)
    if (rowStatus(r) === 'OK' && r.resolved?.sku) bySku.set(r.resolved.sku.skuId, (bySku.get(r.resolved.sku.skuId) ?? 0) + r.qty);
  return [...bySku].map(([skuId, qty]) => ({ skuId, qty }));
}

/** Rows with something wrong: what the buyer must look at. */
export const problemRows = (rows: readonly PadRow[]): number => rows.filter((r) => rowStatus(r) !== 'OK').length;

/** The total of the addable rows in fen, at the prices the server gave for their quantities. */
export const padTotalFen = (rows: readonly PadRow[]): number =>
  rows.reduce((sum, r) => sum + (rowStatus(r) === 'OK' && r.resolved?.sku ? r.resolved.sku.priceFen * r.qty : 0), 0);

/** The pad's text for rows (one "code<TAB>qty" per line), so an upload or a list shows in the pad as if pasted. */
export const padText = (lines: readonly Pick<PadLine, 'code' | 'qty'>[]): string => lines.map((l) => `${l.code}\t${l.qty}`).join('\n');

/** Rows from a resolve answer laid over the parsed lines it was asked for (same order), unreadable lines kept as they are. */
export function withResolved(lines: readonly PadLine[], resolved: readonly ResolvedLine[]): PadRow[] {
  let i = 0;
  return lines.map((l) => (l.problem ? { ...l } : { ...l, resolved: resolved[i++] }));
}
