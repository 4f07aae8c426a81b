/**
 * The rules of red-letter 数电票 (红字发票信息确认单), docs/invoices.md "Red-letter invoices" (from the notes: 福建税务 and 青岛税务
 * Q&A pages, the 公告's "发起后72小时内未经确认的，自动作废" via mirrors, vendor API documents for reasons and status codes).
 * Pure: used by the sandbox's red-letter calls and by the member pages.
 */

/** Reasons of a 确认单 with their codes in the vendor API (notes: A doc-3002299): 1 开票有误, 2 销货退回, 3 服务终止, 4 销售折让. */
export const RED_REASONS = ['ERROR', 'RETURN', 'SERVICE_END', 'ALLOWANCE'] as const;
export type RedReason = (typeof RED_REASONS)[number];
export const RED_REASON_LABEL: Record<RedReason, string> = {
  ERROR: '开票有误',
  RETURN: '销货退回',
  SERVICE_END: '服务终止',
  ALLOWANCE: '销售折让',
};
export const RED_REASON_CODE: Record<RedReason, string> = { ERROR: '1', RETURN: '2', SERVICE_END: '3', ALLOWANCE: '4' };

/** Partial red invoices only for 销货退回 and 销售折让 (福建税务 page); 开票有误 and 服务终止 are full only. */
export const PARTIAL_ALLOWED: readonly RedReason[] = ['RETURN', 'ALLOWANCE'];

/** 72 hours: a 确认单 the other side has not confirmed in that time lapses (作废, status 07). */
export const CONFIRM_WINDOW_MS = 72 * 60 * 60 * 1000;

/**
 * 确认单 status codes (notes: A doc-3002301; S 10337829410077563). Ours: 01 no confirmation needed (the buyer had not
 * confirmed use), 02 entered by the seller and waiting for the buyer, 04 both confirmed, 05 refused by the other side, 07
 * lapsed after 72 hours.
 */
export const CONFIRMATION_STATUS = ['01', '02', '04', '05', '07'] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUS)[number];
export const CONFIRMATION_STATUS_LABEL: Record<ConfirmationStatus, string> = {
  '01': '无需确认',
  '02': '待购方确认',
  '04': '购销双方已确认',
  '05': '已作废（购方否认）',
  '07': '已作废（超72小时未确认）',
};

export interface RedRequest {
  reason: RedReason;
  /** 价税合计 to take back, fen, positive. */
  amountFen: number;
}

export interface BlueState {
  /** The blue invoice's 价税合计, fen. */
  grossFen: number;
  /** Already taken back by red invoices, fen (positive). */
  redFen: number;
  /** Whether the buyer has confirmed the invoice for use (用途确认) or booked it. */
  usedByBuyer: boolean;
}

/** What happens to a red-letter request: refused, or the red amount, whether the buyer must confirm, and a new blue one for the rest. */
export type RedPlan = { ok: false; error: string } | { ok: true; redFen: number; needsBuyer: boolean; reissueFen: number };

/**
 * Decides a red-letter request against its blue invoice:
 * - before the buyer confirmed use: the seller issues the FULL red invoice at once, no confirmation; a partial return or
 *   allowance is then a full red invoice and a new blue one for the rest;
 * - after: a 确认单 the buyer must confirm; partial only for 销货退回 / 销售折让;
 * - 开票有误 is full only, always.
 */
export function planRed(blue: BlueState, req: RedRequest): RedPlan {
  const left = blue.grossFen - blue.redFen;
  if (!Number.isInteger(req.amountFen) || req.amountFen <= 0) return { ok: false, error: '红冲金额须大于 0' };
  if (left <= 0) return { ok: false, error: '该发票已全额红冲' };
  if (req.amountFen > left) return { ok: false, error: '红冲金额不能超过发票未红冲的金额' };
  const partial = req.amountFen < left;
  if (partial && !PARTIAL_ALLOWED.includes(req.reason)) return { ok: false, error: `${RED_REASON_LABEL[req.reason]}只能全额红冲` };
  if (!blue.usedByBuyer) return { ok: true, redFen: left, needsBuyer: false, reissueFen: left - req.amountFen };
  return { ok: true, redFen: req.amountFen, needsBuyer: true, reissueFen: 0 };
}

export interface Confirmation {
  status: ConfirmationStatus;
  createdAt: number;
}

/** The 确认单's status at `now`: a waiting one lapses (07) once 72 hours have passed since it was entered. */
export function confirmationAt(c: Confirmation, now: number): ConfirmationStatus {
  return c.status === '02' && now >= c.createdAt + CONFIRM_WINDOW_MS ? '07' : c.status;
}

/** Milliseconds left to confirm (0 when lapsed or no longer waiting). */
export function timeLeft(c: Confirmation, now: number): number {
  return confirmationAt(c, now) === '02' ? c.createdAt + CONFIRM_WINDOW_MS - now : 0;
}

/** "还剩 71 小时 59 分" for the buyer's list. */
export function timeLeftText(ms: number): string {
  if (ms <= 0) return '已超时';
  if (ms < 60_000) return '还剩不到 1 分钟';
  // Whole minutes left, rounded down: the page never promises more time than there is.
  const minutes = Math.floor(ms / 60_000);
  return `还剩 ${Math.floor(minutes / 60)} 小时 ${minutes % 60} 分`;
}

/** A blue invoice's status from what red invoices took back: 已开具, 部分红冲, 已红冲. */
export type BlueStatus = 'ISSUED' | 'PARTLY_RED' | 'RED';
export const BLUE_STATUS_LABEL: Record<BlueStatus, string> = { ISSUED: '已开具', PARTLY_RED: '部分红冲', RED: '已红冲' };
export const blueStatus = (b: Pick<BlueState, 'grossFen' | 'redFen'>): BlueStatus =>
  b.redFen <= 0 ? 'ISSUED' : b.redFen >= b.grossFen ? 'RED' : 'PARTLY_RED';

/** The red invoice's 备注 (notes: vendor API field note; parsed by open-source bookkeeping code with this exact prefix). */
export const redRemark = (blueNumber: string, confirmationNo: string): string =>
  `被红冲蓝字数电发票号码：${blueNumber} 红字发票信息确认单编号：${confirmationNo}`;
