/**
 * The money rules of buying on credit (账期 / 月结, docs/credit.md): a payment term's due date, the credit a company has left,
 * a statement's totals, the remittance code a bank transfer carries and how a bank receipt is matched to it, and when a bill
 * is due soon or overdue (which holds ordering on account). Amounts are integer fen throughout; days are China calendar days
 * `YYYY-MM-DD`. One place, used by the sandbox and the pages alike.
 */
import { addCalendarDays, isWorkingDay } from '#src/shared/formats/working-days.ts';

/**
 * A payment term. 月结N天 (docs/credit.md, "Terms"): the orders of a calendar month go on that month's statement, and its bill
 * is due N calendar days after the month's last day. 月结N个工作日: N China working days after the month's end (weekends, public
 * holidays and 调休 make-up days from the State Council's notices, src/shared/formats/working-days.ts).
 */
export interface CreditTerm {
  kind: 'MONTHLY';
  days: number;
  workingDays: boolean;
}

export const termLabel = (t: CreditTerm): string => `月结${t.days}${t.workingDays ? '个工作日' : '天'}`;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The last calendar day of a `YYYY-MM` month (28, 29, 30 or 31: Date.UTC's day 0 of the next month). */
export function monthEnd(month: string): string {
  const m = MONTH.exec(month);
  if (!m) throw new RangeError(`not a month: ${month}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).toISOString().slice(0, 10);
}

/** The month after a `YYYY-MM` month. */
export function nextMonth(month: string): string {
  return addCalendarDays(monthEnd(month), 1).slice(0, 7);
}

/** The day a month's bill is due under a term: docs/credit.md "Terms" (calendar days, or working days after the month's end). */
export function dueDate(month: string, term: CreditTerm): string {
  const end = monthEnd(month);
  if (!term.workingDays) return addCalendarDays(end, term.days);
  let d = end;
  for (let left = term.days; left > 0; ) {
    d = addCalendarDays(d, 1);
    if (isWorkingDay(d)) left--;
  }
  return d;
}

// ---- credit line

/** ¥1,610.00; a credit (a deposit given back) as -¥600.00. */
const yuanText = (fen: number): string =>
  `${fen < 0 ? '-' : ''}¥${(Math.abs(fen) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export { yuanText as fenText };

/** Credit left: the line less what is used (orders on account not yet paid); never below 0 in what is shown. */
export const creditAvailable = (lineFen: number, usedFen: number): number => Math.max(0, lineFen - usedFen);

/** Why an order of `amountFen` may not go on account, with the figures; null when it fits (exactly the available amount fits). */
export function creditRefusal(amountFen: number, lineFen: number, usedFen: number): string | null {
  const available = creditAvailable(lineFen, usedFen);
  if (amountFen <= available) return null;
  return `超出可用额度：订单金额 ${yuanText(amountFen)}，可用额度 ${yuanText(available)}（授信额度 ${yuanText(lineFen)}，已用 ${yuanText(usedFen)}）`;
}

// ---- statements

/** Kinds of statement line; DEPOSIT is listed apart (a cylinder deposit is refundable money held, not revenue). */
export type StatementLineKind = 'ORDER' | 'RETURN' | 'RENT' | 'CREDIT_NOTE' | 'DEPOSIT';

export interface StatementTotals {
  orders: number;
  returns: number;
  rent: number;
  creditNotes: number;
  /** What the bill asks: orders + rent − returns − credit notes. */
  total: number;
  /** Deposits held, beside the total. */
  deposits: number;
  /** What the bill asks: the total and the deposits, which are owed but not revenue. */
  payable: number;
}

/**
 * A statement's totals in fen from its lines (amounts positive; returns and credit notes reduce the total). Integer sums only,
 * so the total equals the sum of the lines to the fen.
 */
export function statementTotals(lines: readonly { kind: StatementLineKind; amountFen: number }[]): StatementTotals {
  const sum = (k: StatementLineKind) => lines.filter((l) => l.kind === k).reduce((a, l) => a + l.amountFen, 0);
  const t = { orders: sum('ORDER'), returns: sum('RETURN'), rent: sum('RENT'), creditNotes: sum('CREDIT_NOTE'), deposits: sum('DEPOSIT') };
  const total = t.orders + t.rent - t.returns - t.creditNotes;
  return { ...t, total, payable: total + t.deposits };
}

// ---- bills

export type BillState = 'OPEN' | 'DUE_SOON' | 'OVERDUE' | 'PAID';
export const BILL_STATE_LABEL: Record<BillState, string> = { OPEN: '待付款', DUE_SOON: '即将到期', OVERDUE: '已逾期', PAID: '已付款' };
/** A bill is "due soon" from 7 days before its due date: the first reminder (docs/credit.md "Reminders"). */
export const DUE_SOON_DAYS = 7;

/** A bill's state on China day `today`: paid in full, overdue from the day after its due date, due soon within 7 days. */
export function billState(bill: { amountFen: number; paidFen: number; dueOn: string }, today: string): BillState {
  if (bill.paidFen >= bill.amountFen) return 'PAID';
  if (today > bill.dueOn) return 'OVERDUE';
  if (today >= addCalendarDays(bill.dueOn, -DUE_SOON_DAYS)) return 'DUE_SOON';
  return 'OPEN';
}

/** The days reminders go out for a bill: 7 days and 1 day before the due date, and the day after it (docs/credit.md "Reminders"). */
export function reminderDays(dueOn: string): { day: string; kind: 'DUE_IN_7' | 'DUE_IN_1' | 'OVERDUE' }[] {
  return [
    { day: addCalendarDays(dueOn, -7), kind: 'DUE_IN_7' },
    { day: addCalendarDays(dueOn, -1), kind: 'DUE_IN_1' },
    { day: addCalendarDays(dueOn, 1), kind: 'OVERDUE' },
  ];
}

// ---- remittance codes and bank receipts

/**
 * The remittance code (汇款识别码) a buyer writes in the transfer's note: `HK` + the payment's number in 6 digits + one check
 * digit (the sum of the digits times their position from the right, mod 10, as CAS numbers are checked), so a mistyped code is
 * recognised as wrong instead of matching another payment.
 */
export function remittanceCode(paymentNo: number): string {
  const digits = String(paymentNo).padStart(6, '0');
  return `HK${digits}${checkDigit(digits)}`;
}

function checkDigit(digits: string): number {
  return [...digits].reverse().reduce((a, d, i) => a + Number(d) * (i + 1), 0) % 10;
}

/** The first well-formed code in a note (any case, spaces ignored), or null; a code whose check digit fails is `wrong`. */
export function codeInNote(note: string): { code: string; valid: boolean } | null {
  const m = /HK\s*(\d{6})\s*(\d)/i.exec(note);
  if (!m) return null;
  const code = `HK${m[1]}${m[2]}`;
  return { code, valid: checkDigit(m[1]!) === Number(m[2]) };
}

export type ReceiptMatch =
  | { kind: 'EXACT' | 'PARTIAL' | 'OVER'; code: string; appliedFen: number; leftFen: number }
  | { kind: 'NO_CODE' | 'WRONG_CODE' | 'UNKNOWN_CODE'; code: string | null; appliedFen: 0; leftFen: number };

/**
 * How a bank receipt is matched (docs/credit.md "Paying"): by the remittance code in its note to an open payment; the amount
 * received applies up to what the payment still owes (EXACT when it settles it, PARTIAL when some stays open, OVER when more
 * came than owed: the rest is left for the back office to refund). A note without a code, a code whose check digit fails, or a
 * code of no open payment matches nothing.
 */
export function matchReceipt(receipt: { amountFen: number; note: string }, owedByCode: (code: string) => number | null): ReceiptMatch {
  const found = codeInNote(receipt.note);
  if (!found) return { kind: 'NO_CODE', code: null, appliedFen: 0, leftFen: 0 };
  if (!found.valid) return { kind: 'WRONG_CODE', code: found.code, appliedFen: 0, leftFen: 0 };
  const owed = owedByCode(found.code);
  if (owed === null) return { kind: 'UNKNOWN_CODE', code: found.code, appliedFen: 0, leftFen: 0 };
  const applied = Math.min(owed, receipt.amountFen);
  const kind = receipt.amountFen === owed ? 'EXACT' : receipt.amountFen < owed ? 'PARTIAL' : 'OVER';
  return { kind, code: found.code, appliedFen: applied, leftFen: owed - applied };
}

/**
 * Spreads a payment over its bills, oldest due first (a partial transfer settles the oldest bill first and leaves the rest open).
 * Returns fen per bill id.
 */
export function allocate(amountFen: number, bills: readonly { id: number; dueOn: string; owedFen: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  let left = amountFen;
  for (const b of [...bills].sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.id - b.id)) {
    const take = Math.min(left, b.owedFen);
    if (take > 0) out.set(b.id, take);
    left -= take;
  }
  return out;
}

/** The statement month an order placed on China day `day` appears on. */
export const statementMonthOf = (day: string): string => day.slice(0, 7);
