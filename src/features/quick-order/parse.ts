/**
 * The quick-order pad's lines: what a buyer pastes from a spreadsheet or types (a code and a quantity per line, tab, comma
 * or space separated, full-width or not, "10瓶" as well as "10"), read into code + quantity, or the reason a line is unreadable.
 *
 * Source: docs/quick-order.md "Lines" (the pad's format, the template's columns and the 500-line limit).
 */
import { foldText } from './codes.ts';

/** Lines a pad, a paste or a file may hold at once (docs/architecture.md §7: 500 pasted lines resolved within 2 s). */
export const MAX_LINES = 500;
/** The largest quantity of one line, as the cart allows (contract/cart.ts CART_MAX_NUM). */
export const MAX_QTY = 9999;
/** The template's columns, in order. */
export const TEMPLATE_HEADER = ['商品编码/CAS/UN/化学式/名称', '数量', '备注'] as const;

/** Units a quantity may carry ("10瓶", "2 组"); the catalogue's SKU units and what buyers add. */
const UNITS = ['瓶', '组', '个', '台', '套', '罐', '车', '支', '件', '只', '根', '桶', '箱', 'pcs', 'pc'];
const QTY = new RegExp(`^(?:[x×*]\\s*)?(\\d+(?:\\.\\d+)?)\\s*(?:${UNITS.join('|')})?$`, 'i');

export interface PadLine {
  /** 1-based line of the paste or file, for messages. */
  lineNo: number;
  /** The code or name as folded (full-width to ASCII). */
  code: string;
  qty: number;
  /** Why the line cannot be read (its quantity); the code is still shown. */
  problem?: string;
}

/** A quantity cell: a whole number 1-9999, optionally with a unit; else the reason. */
export function parseQty(cell: string): { qty: number } | { problem: string } {
  const t = foldText(cell);
  if (!t) return { qty: 1 };
  const m = QTY.exec(t);
  if (!m) return { problem: `数量「${t}」无法识别` };
  const n = Number(m[1]);
  if (!Number.isInteger(n)) return { problem: '数量须为整数' };
  if (n < 1) return { problem: '数量不能小于 1' };
  if (n > MAX_QTY) return { problem: `数量不能大于 ${MAX_QTY}` };
  return { qty: n };
}

/** The cells of one line: tab first (a spreadsheet's paste), else commas or semicolons, else a trailing quantity after spaces. */
export function splitCells(line: string): string[] {
  const raw = line.normalize('NFKC');
  // A CSV file's quoted cells ("7727-37-9") lose their quotes; codes and quantities hold no commas of their own.
  const cell = (c: string) => c.trim().replace(/^"(.*)"$/, '$1');
  if (raw.includes('\t')) return raw.split('\t').map(cell);
  if (/[,;]/.test(raw)) return raw.split(/[,;]/).map(cell);
  const t = foldText(raw);
  const m = /^(.+?)\s+((?:[x×*]\s*)?\d+(?:\.\d+)?\s*[^\d\s]{0,3})$/i.exec(t);
  return m && QTY.test(m[2]!) ? [m[1]!, m[2]!] : [t];
}

/** Whether a row is a header (the template's, or a sheet's own): its quantity cell names the column instead of a number. */
const isHeader = (cells: string[]): boolean => /数量|qty|quantity/i.test(cells[1] ?? '') || /^(商品)?编码|^code$/i.test(cells[0] ?? '');

/** Rows of cells (a paste's lines, a sheet's rows) into pad lines; blank rows and a header are skipped. */
export function rowsToLines(rows: readonly (readonly string[])[]): PadLine[] {
  const out: PadLine[] = [];
  rows.forEach((cells, i) => {
    const code = foldText(cells[0] ?? '');
    if (!code && !foldText(cells[1] ?? '')) return;
    if (isHeader(cells.map(foldText))) return;
    const q = parseQty(cells[1] ?? '');
    const line: PadLine = { lineNo: i + 1, code, qty: 'qty' in q ? q.qty : 1 };
    if (!code) line.problem = '缺少商品编码或名称';
    else if ('problem' in q) line.problem = q.problem;
    out.push(line);
  });
  return out;
}

/** Pasted or typed text into pad lines. */
export const parseLines = (text: string): PadLine[] => rowsToLines(text.split(/\r?\n/).map(splitCells));
