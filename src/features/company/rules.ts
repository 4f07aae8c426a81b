/** The company-buying rules that decide money and permissions: roles, buyers' limits, when an order waits for approval, who may approve it, and a statement's month. One place, used by the sandbox and the pages alike. */
import { chinaInstant, chinaMonth } from '#src/shared/formats/china-time.ts';

/** 管理员 manages members and limits, 采购员 orders, 审批人 approves, 财务 reads statements and invoices (docs/gas-features.md). */
export const COMPANY_ROLES = ['ADMIN', 'BUYER', 'APPROVER', 'FINANCE'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_ROLE_LABEL: Record<CompanyRole, string> = { ADMIN: '管理员', BUYER: '采购员', APPROVER: '审批人', FINANCE: '财务' };

/** What each call of the company feature needs; checked on the server for every call. */
export type CompanyAbility = 'manage' | 'order' | 'approve' | 'statement';
const NEEDS: Record<CompanyAbility, CompanyRole[]> = {
  manage: ['ADMIN'],
  order: ['ADMIN', 'BUYER'],
  approve: ['APPROVER'],
  statement: ['ADMIN', 'FINANCE'],
};
export const can = (roles: readonly CompanyRole[], ability: CompanyAbility): boolean => NEEDS[ability].some((r) => roles.includes(r));

/** A limit as typed: positive yuan with at most two decimals (docs/product.md §5 money), or empty for no limit. */
export const LIMIT_PATTERN = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,2})?$/;
export const LIMIT_MESSAGE = '限额须为大于 0 的金额，最多两位小数';

/** Yuan text to fen; null for an empty field (no limit); undefined when the text is not a valid positive amount. */
export function parseLimit(text: string): number | null | undefined {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return null;
  if (!LIMIT_PATTERN.test(t)) return undefined;
  const [whole, frac = ''] = t.split('.');
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return fen > 0 ? fen : undefined;
}

export interface BuyerLimits {
  /** Fen; null = no limit. */
  perOrder: number | null;
  perMonth: number | null;
}

export interface ApprovalDecision {
  needed: boolean;
  /** Why, in the buyer's words; empty when not needed. */
  reason: string;
}

const fen = (n: number): string => `¥${(n / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Whether an order of `amount` fen waits for approval: it does when it is over the buyer's limit per order, or when it would take
 * the month's spending (orders placed this calendar month that were not cancelled or rejected, `monthSpent`) over the limit per
 * month. Exactly at the limit is within it.
 */
export function approvalNeeded(amount: number, limits: BuyerLimits, monthSpent: number): ApprovalDecision {
  if (limits.perOrder !== null && amount > limits.perOrder)
    return { needed: true, reason: `订单金额 ${fen(amount)} 超过单笔限额 ${fen(limits.perOrder)}` };
  if (limits.perMonth !== null && monthSpent + amount > limits.perMonth) {
    return { needed: true, reason: `本月累计 ${fen(monthSpent + amount)} 将超过月度限额 ${fen(limits.perMonth)}` };
  }
  return { needed: false, reason: '' };
}

/** Why an approver may not decide an order, or null when they may: the role is needed, and nobody approves their own order. */
export function approvalRefusal(approver: { uid: number; roles: readonly CompanyRole[] }, buyerUid: number): string | null {
  if (!can(approver.roles, 'approve')) return '您没有审批权限';
  if (approver.uid === buyerUid) return '不能审批自己提交的订单';
  return null;
}

/** A company keeps at least one administrator: removing or demoting the last one is refused. */
export function leavesAnAdmin(
  members: readonly { uid: number; roles: readonly CompanyRole[] }[],
  uid: number,
  rolesAfter: readonly CompanyRole[] | null,
): boolean {
  return members.some((m) => (m.uid === uid ? (rolesAfter ?? []) : m.roles).includes('ADMIN'));
}

/** `YYYY-MM` of an instant: months of statements and limits are China months. */
export const monthOf = chinaMonth;

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month's first instant and the next month's, in epoch ms; null for text that is not `YYYY-MM`. */
export function monthRange(month: string): { from: number; to: number } | null {
  const m = MONTH_PATTERN.exec(month);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  return { from: chinaInstant(y, mo), to: chinaInstant(y, mo + 1) };
}

/** A PO number or cost centre: printable, no control characters, kept short enough for an invoice's remark. */
export const PO_MAX = 40;

/** A PO number asked for in a page's query (a filter): trimmed and cut to PO_MAX; '' when absent. */
export function poQuery(raw: string | null): string {
  return (raw ?? '').trim().slice(0, PO_MAX);
}
