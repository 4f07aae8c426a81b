/**
 * Sandbox domain: buying on credit (contract/credit.ts, docs/credit.md): terms and credit lines per company, orders on account
 * (listeners of the order path), monthly statements closed by the back office and confirmed or disputed by the company's
 * finance, bills with due dates, payment by bank transfer with a remittance code matched against bank receipts, holds while a
 * bill is overdue, and the reminders of the sandbox clock. Follows view control `credit_part` (and `company_part`): switched off,
 * ordering is as before. Money in fen.
 */
import * as v from 'valibot';
import { chinaDay } from '#src/shared/formats/china-time.ts';
import {
  credit as contract,
  type CreditAccount,
  type CreditBill,
  type CreditStatement,
  type Remittance,
} from '#src/shared/api/contract/credit.ts';
import {
  allocate,
  BILL_STATE_LABEL,
  billState,
  creditAvailable,
  creditRefusal,
  dueDate,
  fenText,
  matchReceipt,
  remittanceCode,
  reminderDays,
  statementMonthOf,
  statementTotals,
  termLabel,
  type CreditTerm,
  type StatementLineKind,
} from '#src/features/credit/rules.ts';
import { can, monthRange } from '#src/features/company/rules.ts';
import { Fail, parseOrFail, type Ctx, type RouteCtx, type Sandbox, type SandboxEvents } from '../app.ts';
import type { Db } from '../db.ts';
import { paged, type State } from '../commerce.ts';
import { memberContact, memberUidOf } from './auth.ts';
import { findUpload } from './common.ts';
import { companyPlaceOf, membersWithRoles } from './company.ts';
import { depositRefunds, ledgerLines } from './cylinders.ts';
import { notify } from './notices.ts';
import { findOrder, refundsOfOrder } from './order.ts';
import { viewOn } from './site.ts';
import { seedCredit } from '../seed/credit.ts';

const FEATURE = 'credit_part';
/** The supplier's receiving account (the order domain's 对公转账 payee). */
export const PAYEE = {
  payee: '华气云商（上海）气体科技有限公司',
  bank: '中国工商银行上海市漕河泾开发区支行',
  account: '1001 2345 0920 0088 123',
  bankCode: '102290024563',
};
export const HOLD_MESSAGE = '您有账单已逾期，请先付款';

/**
 * An order on account refused by the credit rules (a bill overdue, over the credit left, a role that may not order): 400 like
 * the order path's other refusals; an order placed for a buyer's own system answers it its own way (punchout: cXML 409).
 */
export class CreditRefused extends Fail {}

interface TermsRow {
  owner_uid: number;
  term_days: number;
  working_days: 0 | 1;
  line_fen: number;
  currency: string;
}
interface StatementRow {
  id: number;
  owner_uid: number;
  month: string;
  status: CreditStatement['status'];
  issued_at: number | null;
  confirmed_at: number | null;
  bill_id: number | null;
  data: string;
}
interface BillRow {
  id: number;
  owner_uid: number;
  statement_id: number | null;
  month: string;
  amount: number;
  paid: number;
  due_on: string;
  created_at: number;
  paid_at: number | null;
}
interface RemittanceRow {
  id: number;
  code: string;
  owner_uid: number;
  bill_ids: string;
  amount: number;
  received: number;
  slip: string | null;
  by_uid: number;
  created_at: number;
}
interface LineRec {
  id: number;
  kind: StatementLineKind;
  time: number;
  sn: string;
  uid: number;
  amountFen: number;
  note: string;
}

const termOf = (t: TermsRow): CreditTerm => ({ kind: 'MONTHLY', days: t.term_days, workingDays: t.working_days === 1 });
const termsOf = (db: Db, ownerUid: number): TermsRow | undefined =>
  db.get<TermsRow>('SELECT * FROM credit_terms WHERE owner_uid = ?', ownerUid);
const nameOf = (db: Db, uid: number): string => memberContact(db, uid)?.name ?? `会员 ${uid}`;
const today = (s: State): string => chinaDay(s.now());

/** The member's company and its terms while the feature is on; null otherwise. */
function creditPlace(s: State, uid: number) {
  if (!viewOn(s.db, FEATURE)) return null;
  const place = companyPlaceOf(s, uid);
  const terms = place && termsOf(s.db, place.ownerUid);
  return place && terms ? { ...place, terms } : null;
}
type Place = NonNullable<ReturnType<typeof creditPlace>>;

/** Frees the credit an order on account used, once it is cancelled before it was billed (within the same request, too). */
export function releaseOnAccount(s: State, orderId: number): void {
  s.db.run('DELETE FROM credit_orders WHERE order_id = ? AND billed = 0', orderId);
}

/** Whether the member's company buys on account here (credit_part on, terms granted): its orders go on account. */
export const buysOnAccount = (s: State, uid: number): boolean => creditPlace(s, uid) !== null;

/** The place of a member who may act for the company's money (财务 or 管理员); 404 without terms, 403 without the role. */
function financePlace(s: State, uid: number): Place {
  const place = creditPlace(s, uid);
  if (!place) throw new Fail(404, '贵公司未开通账期支付');
  if (!can(place.roles, 'statement')) throw new Fail(403, '您没有查看对账单的权限');
  return place;
}

/**
 * Credit used (fen): orders on account not yet on a bill (an order still waiting for approval counts until it is rejected; one
 * cancelled before shipping, e.g. by a punchout OrderRequest's update or delete, no longer counts) and what the bills still
 * owe. Summed in SQL; only the few orders waiting for approval are loaded.
 */
export function creditUsed(s: State, ownerUid: number): number {
  const sum = (sql: string) => s.db.get<{ n: number }>(sql, ownerUid)!.n;
  const unbilled = sum(
    "SELECT COALESCE(SUM(c.amount), 0) AS n FROM credit_orders c JOIN orders o ON o.id = c.order_id WHERE c.owner_uid = ? AND c.billed = 0 AND c.approval = 0 AND o.status <> 'CANCELLED'",
  );
  const waiting = s.db
    .all<{ order_id: number; amount: number }>(
      'SELECT order_id, amount FROM credit_orders WHERE owner_uid = ? AND billed = 0 AND approval = 1',
      ownerUid,
    )
    .filter((r) => findOrder(s, r.order_id)?.status !== 'CANCELLED')
    .reduce((a, r) => a + r.amount, 0);
  return unbilled + waiting + sum('SELECT COALESCE(SUM(amount - paid), 0) AS n FROM credit_bills WHERE owner_uid = ? AND paid < amount');
}

const billsOf = (s: State, ownerUid: number): BillRow[] =>
  s.db.all<BillRow>('SELECT * FROM credit_bills WHERE owner_uid = ? ORDER BY id DESC', ownerUid);

/** The hold on ordering on account: the company's overdue bills, or null. */
function holdOf(s: State, ownerUid: number): CreditAccount['hold'] {
  const overdue = s.db
    .all<BillRow>('SELECT * FROM credit_bills WHERE owner_uid = ? AND paid < amount AND due_on < ? ORDER BY due_on', ownerUid, today(s))
    .filter((b) => billState({ amountFen: b.amount, paidFen: b.paid, dueOn: b.due_on }, today(s)) === 'OVERDUE');
  if (!overdue.length) return null;
  const overdueFen = overdue.reduce((a, b) => a + b.amount - b.paid, 0);
  return {
    reason: `${HOLD_MESSAGE}（逾期 ${fenText(overdueFen)}），付清后即可继续使用账期支付`,
    overdueFen,
    billIds: overdue.map((b) => b.id),
  };
}

function accountView(s: State, place: Place): CreditAccount {
  const used = creditUsed(s, place.ownerUid);
  return {
    companyName: place.name,
    termLabel: termLabel(termOf(place.terms)),
    termDays: place.terms.term_days,
    workingDays: place.terms.working_days === 1,
    currency: 'CNY',
    lineFen: place.terms.line_fen,
    usedFen: used,
    availableFen: creditAvailable(place.terms.line_fen, used),
    hold: holdOf(s, place.ownerUid),
    openBills: s.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM credit_bills WHERE owner_uid = ? AND paid < amount', place.ownerUid)!.n,
    me: { order: can(place.roles, 'order'), finance: can(place.roles, 'statement') },
  };
}

// ---- statements

/** The month's lines as they stand: orders on account (deposits apart), returns refunded on them, credit notes. */
function liveLines(s: State, ownerUid: number, month: string): LineRec[] {
  const range = monthRange(month)!;
  const lines: Omit<LineRec, 'id'>[] = [];
  const orders = s.db.all<{ order_id: number; uid: number; sn: string; amount: number; deposit: number; time: number }>(
    'SELECT order_id, uid, sn, amount, deposit, time FROM credit_orders WHERE owner_uid = ? AND month = ? ORDER BY time, order_id',
    ownerUid,
    month,
  );
  for (const r of orders) {
    const o = findOrder(s, r.order_id);
    if (!o || o.status === 'CANCELLED' || o.status === 'APPROVAL') continue;
    lines.push({ kind: 'ORDER', time: r.time, sn: r.sn, uid: r.uid, amountFen: r.amount - r.deposit, note: '账期支付（月结）' });
    if (r.deposit) lines.push({ kind: 'DEPOSIT', time: r.time, sn: r.sn, uid: r.uid, amountFen: r.deposit, note: '钢瓶押金，退瓶后退还' });
    for (const f of refundsOfOrder(s, r.order_id))
      if (f.time >= range.from && f.time < range.to)
        lines.push({ kind: 'RETURN', time: f.time, sn: r.sn, uid: r.uid, amountFen: f.amount, note: '售后退款' });
  }
  // The cylinder rent the company's members accrued in the month (cylinder_part), billed with the month.
  const place = companyPlaceOf(s, ownerUid);
  const uids = place ? membersWithRoles(s.db, place.id, ['ADMIN', 'BUYER', 'APPROVER', 'FINANCE']) : [ownerUid];
  for (const l of ledgerLines(s.db, uids, range.from, range.to))
    if (l.kind === 'CYLINDER_RENT') lines.push({ kind: 'RENT', time: l.time, sn: l.sn, uid: l.uid, amountFen: l.amount, note: l.note });
  // A deposit taken on account and refunded when its cylinder came back is credited in the month of the refund, apart as the
  // deposit was; deposits paid at the cashier go back the way they were paid.
  const onAccount = new Set(
    s.db
      .all<{ order_id: number }>('SELECT order_id FROM credit_orders WHERE owner_uid = ? AND month <= ?', ownerUid, month)
      .map((r) => r.order_id),
  );
  for (const f of depositRefunds(s.db, uids, range.from, range.to))
    if (onAccount.has(f.orderId))
      lines.push({
        kind: 'DEPOSIT',
        time: f.time,
        sn: f.orderSn,
        uid: f.uid,
        amountFen: f.amount,
        note: `钢瓶 ${f.serial} 已退回，押金退还`,
      });
  return lines.sort((a, b) => a.time - b.time).map((l, i) => ({ ...l, id: i + 1 }));
}

const statementRow = (s: State, ownerUid: number, month: string): StatementRow | undefined =>
  s.db.get<StatementRow>('SELECT * FROM credit_statements WHERE owner_uid = ? AND month = ?', ownerUid, month);

function statementView(s: State, place: { ownerUid: number; name: string; terms: TermsRow }, month: string): CreditStatement {
  const row = statementRow(s, place.ownerUid, month);
  const lines = row ? (JSON.parse(row.data) as LineRec[]) : liveLines(s, place.ownerUid, month);
  const disputes = row
    ? s.db.all<{ id: number; line_ids: string; reason: string; status: string; answer: string; created_at: number }>(
        'SELECT * FROM credit_disputes WHERE statement_id = ? ORDER BY id',
        row.id,
      )
    : [];
  return {
    month,
    status: row?.status ?? 'OPEN',
    companyName: place.name,
    lines: lines.map(({ uid, ...l }) => ({ ...l, buyer: nameOf(s.db, uid) })),
    totals: statementTotals(lines),
    dueOn: dueDate(month, termOf(place.terms)),
    issuedAt: row?.issued_at ?? null,
    confirmedAt: row?.confirmed_at ?? null,
    billId: row?.bill_id ?? null,
    disputes: disputes.map((d) => ({
      id: d.id,
      lineIds: JSON.parse(d.line_ids) as number[],
      reason: d.reason,
      status: d.status as 'OPEN' | 'ADJUSTED' | 'REJECTED',
      answer: d.answer,
      createTime: d.created_at,
    })),
  };
}

/** Issues a company's statement of a month (the back office's month close): its lines are frozen; finance is told. */
function issueStatement(s: State, t: TermsRow, month: string): void {
  if (statementRow(s, t.owner_uid, month)) return;
  const lines = liveLines(s, t.owner_uid, month);
  if (!lines.length) return;
  s.db.insert('credit_statements', {
    owner_uid: t.owner_uid,
    month,
    status: 'ISSUED',
    issued_at: s.now(),
    confirmed_at: null,
    bill_id: null,
    data: JSON.stringify(lines),
  });
  const place = companyPlaceOf(s, t.owner_uid);
  const payable = statementTotals(lines).payable;
  for (const uid of place ? membersWithRoles(s.db, place.id, ['ADMIN', 'FINANCE']) : [t.owner_uid])
    notify(s.db, uid, '对账单已出具', `${month} 月对账单已出具，应付 ${fenText(payable)}，请在会员中心“对账单”核对并确认。`, s.now());
}

/** A confirmed statement becomes a bill due under the company's term; its orders leave the unbilled credit used. */
function billStatement(s: State, row: StatementRow, t: TermsRow): number {
  const lines = JSON.parse(row.data) as LineRec[];
  const amount = statementTotals(lines).payable;
  const id = s.db.next('credit_bill');
  const dueOn = dueDate(row.month, termOf(t));
  s.db.insert('credit_bills', {
    id,
    owner_uid: row.owner_uid,
    statement_id: row.id,
    month: row.month,
    amount,
    paid: 0,
    due_on: dueOn,
    created_at: s.now(),
    paid_at: amount === 0 ? s.now() : null,
  });
  s.db.run('UPDATE credit_orders SET billed = 1 WHERE owner_uid = ? AND month = ?', row.owner_uid, row.month);
  return id;
}

/**
 * A company's statement of `month` for the 数电票 of a confirmed statement (domains/einvoice.ts): its status and the orders its
 * ORDER lines name, in the statement's order; null when the company has no statement of the month (or credit is off).
 */
export function statementOrdersOf(
  s: State,
  uid: number,
  month: string,
): { ownerUid: number; status: CreditStatement['status']; sns: string[] } | null {
  const place = creditPlace(s, uid);
  const row = place && statementRow(s, place.ownerUid, month);
  if (!place || !row) return null;
  const sns = (JSON.parse(row.data) as LineRec[]).filter((l) => l.kind === 'ORDER').map((l) => l.sn);
  return { ownerUid: place.ownerUid, status: row.status, sns: [...new Set(sns)] };
}

function account(ctx: RouteCtx<typeof contract.account>) {
  const place = creditPlace(ctx, ctx.uid!);
  return place && accountView(ctx, place);
}

function statement(ctx: RouteCtx<typeof contract.statement>) {
  return statementView(ctx, financePlace(ctx, ctx.uid!), ctx.input.month);
}

function issuedFor(ctx: Ctx<unknown>, place: Place): StatementRow {
  const row = statementRow(ctx, place.ownerUid, ctx.params.month ?? '');
  if (!row) throw new Fail(400, '对账单尚未出具');
  if (row.status === 'CONFIRMED') throw new Fail(400, '对账单已确认');
  return row;
}

// Finance confirms the month's statement: it becomes a bill with its due date.
function confirm(ctx: RouteCtx<typeof contract.confirm>) {
  const place = financePlace(ctx, ctx.uid!);
  const row = issuedFor(ctx, place);
  if (row.status === 'DISPUTED') throw new Fail(400, '有争议尚未处理，请等待供应商答复');
  const billId = billStatement(ctx, row, place.terms);
  ctx.db.run("UPDATE credit_statements SET status = 'CONFIRMED', confirmed_at = ?, bill_id = ? WHERE id = ?", ctx.now(), billId, row.id);
  return statementView(ctx, place, row.month);
}

// Finance disputes lines of the statement with a reason: a thread with the supplier opens; the statement waits for its answer.
function dispute(ctx: RouteCtx<typeof contract.dispute>) {
  const place = financePlace(ctx, ctx.uid!);
  const row = issuedFor(ctx, place);
  const known = new Set((JSON.parse(row.data) as LineRec[]).map((l) => l.id));
  const lineIds = [...new Set(ctx.input.lineIds)];
  if (lineIds.some((id) => !known.has(id))) throw new Fail(400, '请选择有异议的明细');
  ctx.db.insert('credit_disputes', {
    statement_id: row.id,
    line_ids: JSON.stringify(lineIds),
    reason: ctx.input.reason,
    status: 'OPEN',
    answer: '',
    by_uid: ctx.uid!,
    created_at: ctx.now(),
  });
  ctx.db.run("UPDATE credit_statements SET status = 'DISPUTED' WHERE id = ?", row.id);
  return statementView(ctx, place, row.month);
}

// ---- bills and payment

function remittanceRow(s: State, code: string): RemittanceRow | undefined {
  return s.db.get<RemittanceRow>('SELECT * FROM credit_remittances WHERE code = ?', code);
}

/** What a remittance may still take: its amount less what came, and never more than its bills still owe (no bill paid twice). */
function owedOn(s: State, r: RemittanceRow): number {
  const ids = JSON.parse(r.bill_ids) as number[];
  const bills = s.db.all<BillRow>('SELECT * FROM credit_bills WHERE id IN (SELECT value FROM json_each(?))', r.bill_ids);
  const billsOwe = bills.filter((b) => ids.includes(b.id)).reduce((a, b) => a + b.amount - b.paid, 0);
  return Math.max(0, Math.min(r.amount - r.received, billsOwe));
}

function remittanceView(s: State, r: RemittanceRow): Remittance {
  const slip = r.slip ? (JSON.parse(r.slip) as Remittance['slip']) : null;
  const owed = owedOn(s, r);
  const status = owed === 0 ? 'PAID' : r.received > 0 ? 'PARTIAL' : slip ? 'AWAITING_RECEIPT' : 'AWAITING_SLIP';
  return { code: r.code, billIds: JSON.parse(r.bill_ids), amountFen: r.amount, receivedFen: r.received, status, payee: PAYEE, slip };
}

function billView(s: State, b: BillRow): CreditBill {
  const state = billState({ amountFen: b.amount, paidFen: b.paid, dueOn: b.due_on }, today(s));
  const receipts = s.db.all<{ receipt_id: string; amount: number; at: number; code: string }>(
    'SELECT receipt_id, amount, at, code FROM credit_bill_receipts WHERE bill_id = ? ORDER BY at',
    b.id,
  );
  const open = s.db
    .all<RemittanceRow>('SELECT * FROM credit_remittances WHERE owner_uid = ? ORDER BY id DESC', b.owner_uid)
    .find((r) => (JSON.parse(r.bill_ids) as number[]).includes(b.id) && owedOn(s, r) > 0);
  return {
    id: b.id,
    month: b.month,
    amountFen: b.amount,
    paidFen: b.paid,
    dueOn: b.due_on,
    state,
    stateText: BILL_STATE_LABEL[state],
    receipts: receipts.map((r) => ({ receiptId: r.receipt_id, amountFen: r.amount, at: r.at, code: r.code })),
    remittance: open ? { code: open.code, slipSent: open.slip !== null } : null,
  };
}

function bills(ctx: RouteCtx<typeof contract.bills>) {
  const place = financePlace(ctx, ctx.uid!);
  const p = paged(billsOf(ctx, place.ownerUid), ctx.input);
  return { ...p, list: p.list.map((b) => billView(ctx, b)) };
}

// Finance pays bills by transfer: the same open remittance answers the same bills (two members paying at once get one code).
function remit(ctx: RouteCtx<typeof contract.remit>) {
  const place = financePlace(ctx, ctx.uid!);
  const ids = [...new Set(ctx.input.billIds)].sort((a, b) => a - b);
  const own = billsOf(ctx, place.ownerUid);
  const chosen = ids.map((id) => own.find((b) => b.id === id));
  if (chosen.some((b) => !b)) throw new Fail(404, '账单不存在');
  const amount = (chosen as BillRow[]).reduce((a, b) => a + b.amount - b.paid, 0);
  if (amount <= 0) throw new Fail(400, '账单已付清');
  const key = JSON.stringify(ids);
  const same = ctx.db
    .all<RemittanceRow>('SELECT * FROM credit_remittances WHERE owner_uid = ? AND bill_ids = ? ORDER BY id DESC', place.ownerUid, key)
    .find((r) => owedOn(ctx, r) > 0);
  if (same) return remittanceView(ctx, same);
  const id = ctx.db.next('credit_remittance');
  const code = remittanceCode(id);
  ctx.db.insert('credit_remittances', {
    id,
    code,
    owner_uid: place.ownerUid,
    bill_ids: key,
    amount,
    received: 0,
    slip: null,
    by_uid: ctx.uid!,
    created_at: ctx.now(),
  });
  return remittanceView(ctx, remittanceRow(ctx, code)!);
}

// The bank slip of a transfer (a file the member uploaded: JPG, PNG or PDF, checked by content by the upload call).
function slip(ctx: RouteCtx<typeof contract.slip>) {
  const place = financePlace(ctx, ctx.uid!);
  const r = remittanceRow(ctx, ctx.params.code ?? '');
  if (!r || r.owner_uid !== place.ownerUid) throw new Fail(404, '汇款不存在');
  const upload = findUpload(ctx.db, ctx.input.slipUrl, ctx.uid!);
  if (!upload) throw new Fail(400, '请先上传汇款凭证');
  const slipRec = { url: upload.url, name: ctx.input.slipName || upload.name, submittedAt: ctx.now() };
  ctx.db.run('UPDATE credit_remittances SET slip = ? WHERE id = ?', JSON.stringify(slipRec), r.id);
  return remittanceView(ctx, remittanceRow(ctx, r.code)!);
}

// ---- the back office's hooks

const ReceiptHook = v.object({
  receiptId: v.pipe(v.string('receiptId 必填'), v.regex(/^[\w.:-]{1,64}$/, 'receiptId 格式错误')),
  amountFen: v.pipe(v.number('amountFen 必须是整数'), v.integer('amountFen 必须是整数'), v.minValue(1, 'amountFen 必须大于 0')),
  note: v.optional(v.string(), ''),
});

/** Applies matched money to a remittance's bills, oldest due first; a bill paid in full is told to finance. */
function applyReceipt(s: State, r: RemittanceRow, receiptId: string, appliedFen: number): void {
  const ids = JSON.parse(r.bill_ids) as number[];
  const owe = billsOf(s, r.owner_uid)
    .filter((b) => ids.includes(b.id) && b.paid < b.amount)
    .map((b) => ({ id: b.id, dueOn: b.due_on, owedFen: b.amount - b.paid }));
  for (const [billId, fen] of allocate(appliedFen, owe)) {
    s.db.run('UPDATE credit_bills SET paid = paid + ? WHERE id = ?', fen, billId);
    s.db.run('UPDATE credit_bills SET paid_at = ? WHERE id = ? AND paid >= amount', s.now(), billId);
    s.db.insert('credit_bill_receipts', { bill_id: billId, receipt_id: receiptId, amount: fen, code: r.code, at: s.now() });
  }
  s.db.run('UPDATE credit_remittances SET received = received + ? WHERE id = ?', appliedFen, r.id);
}

// The bank's receipt arrives: matched by the remittance code in its note, once per receipt id (a resent receipt changes nothing).
function hookBankReceipts(ctx: Ctx<unknown>) {
  const body = parseOrFail(ReceiptHook, ctx.input);
  const seen = ctx.db.get<{ result: string }>('SELECT result FROM credit_receipts WHERE receipt_id = ?', body.receiptId);
  if (seen) return { ...(JSON.parse(seen.result) as object), duplicate: true };
  const match = matchReceipt(body, (code) => {
    const r = remittanceRow(ctx, code);
    const owed = r ? owedOn(ctx, r) : 0;
    return owed > 0 ? owed : null;
  });
  if (match.appliedFen > 0) applyReceipt(ctx, remittanceRow(ctx, match.code!)!, body.receiptId, match.appliedFen);
  ctx.db.insert('credit_receipts', {
    receipt_id: body.receiptId,
    amount: body.amountFen,
    note: body.note,
    result: JSON.stringify(match),
    at: ctx.now(),
  });
  return { ...match, duplicate: false };
}

const CloseHook = v.object({
  month: v.pipe(v.string('month 格式为 YYYY-MM'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month 格式为 YYYY-MM')),
  /** Only this member's company (phone or uid), e.g. a test's own; every company with terms when absent. */
  member: v.optional(v.string()),
});

// The back office closes a month: every company with terms (or the one named) gets the month's statement (once).
function hookCloseMonth(ctx: Ctx<unknown>) {
  const { month, member } = parseOrFail(CloseHook, ctx.input);
  const only = member === undefined ? null : (companyPlaceOf(ctx, memberUidOf(ctx.db, member))?.ownerUid ?? -1);
  for (const t of ctx.db.all<TermsRow>('SELECT * FROM credit_terms ORDER BY owner_uid'))
    if (only === null || t.owner_uid === only) issueStatement(ctx, t, month);
  return { month, statements: ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM credit_statements WHERE month = ?', month)!.n };
}

const AnswerHook = v.object({
  result: v.picklist(['ADJUST', 'REJECT'], 'result 只能是 ADJUST 或 REJECT'),
  amountFen: v.optional(v.pipe(v.number(), v.integer('amountFen 必须是整数'), v.minValue(1, 'amountFen 必须大于 0'))),
  note: v.optional(v.string(), ''),
});

// The supplier answers a dispute: an adjustment becomes a credit note on the statement; with no dispute left open it can be confirmed.
function hookDisputeAnswer(ctx: Ctx<unknown>) {
  const body = parseOrFail(AnswerHook, ctx.input);
  const d = ctx.db.get<{ id: number; statement_id: number; status: string; reason: string }>(
    'SELECT * FROM credit_disputes WHERE id = ?',
    Number(ctx.params.id),
  );
  if (!d || d.status !== 'OPEN') throw new Fail(404, '争议不存在或已答复');
  if (body.result === 'ADJUST' && !body.amountFen) throw new Fail(400, '调整时请填写 amountFen');
  const row = ctx.db.get<StatementRow>('SELECT * FROM credit_statements WHERE id = ?', d.statement_id)!;
  const lines = JSON.parse(row.data) as LineRec[];
  const answer =
    body.result === 'ADJUST'
      ? `同意调整，开具贷项 ${fenText(body.amountFen!)}${body.note ? `：${body.note}` : ''}`
      : `不予调整${body.note ? `：${body.note}` : ''}`;
  if (body.result === 'ADJUST')
    lines.push({
      id: lines.length + 1,
      kind: 'CREDIT_NOTE',
      time: ctx.now(),
      sn: '',
      uid: row.owner_uid,
      amountFen: body.amountFen!,
      note: `争议 ${d.id}：${d.reason}`,
    });
  ctx.db.run(
    'UPDATE credit_disputes SET status = ?, answer = ? WHERE id = ?',
    body.result === 'ADJUST' ? 'ADJUSTED' : 'REJECTED',
    answer,
    d.id,
  );
  const open = ctx.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM credit_disputes WHERE statement_id = ? AND status = 'OPEN'", row.id)!.n;
  ctx.db.run('UPDATE credit_statements SET data = ?, status = ? WHERE id = ?', JSON.stringify(lines), open ? 'DISPUTED' : 'ISSUED', row.id);
  return { id: d.id, answer, statementStatus: open ? 'DISPUTED' : 'ISSUED' };
}

const TermsHook = v.object({
  member: v.string('member 必填'),
  termDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(180)), 30),
  workingDays: v.optional(v.boolean(), false),
  lineFen: v.pipe(v.number('lineFen 必填'), v.integer('lineFen 必须是整数'), v.minValue(0)),
});

// The back office grants or changes a company's terms (member: a phone or uid of the company; keyed by its owner).
function hookTerms(ctx: Ctx<unknown>) {
  const body = parseOrFail(TermsHook, ctx.input);
  const place = companyPlaceOf(ctx, memberUidOf(ctx.db, body.member));
  if (!place) throw new Fail(404, '该会员不属于任何企业');
  const row = {
    owner_uid: place.ownerUid,
    term_days: body.termDays,
    working_days: body.workingDays ? 1 : 0,
    line_fen: body.lineFen,
    currency: 'CNY',
  };
  ctx.db.upsert('credit_terms', row, ['owner_uid']);
  return { ownerUid: place.ownerUid, termLabel: termLabel(termOf(row as TermsRow)) };
}

const BillHook = v.object({
  member: v.string('member 必填'),
  amountFen: v.pipe(v.number('amountFen 必须是整数'), v.integer('amountFen 必须是整数'), v.minValue(1, 'amountFen 必须大于 0')),
  month: v.pipe(v.string('month 格式为 YYYY-MM'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month 格式为 YYYY-MM')),
  dueOn: v.pipe(v.string('dueOn 格式为 YYYY-MM-DD'), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'dueOn 格式为 YYYY-MM-DD')),
});

// The back office records a bill for a company with terms (e.g. one carried over from before the shop), due on `dueOn`.
function hookBills(ctx: Ctx<unknown>) {
  const body = parseOrFail(BillHook, ctx.input);
  const place = creditPlace(ctx, memberUidOf(ctx.db, body.member));
  if (!place) throw new Fail(404, '该会员的企业未开通账期支付');
  const id = ctx.db.next('credit_bill');
  ctx.db.insert('credit_bills', {
    id,
    owner_uid: place.ownerUid,
    statement_id: null,
    month: body.month,
    amount: body.amountFen,
    paid: 0,
    due_on: body.dueOn,
    created_at: ctx.now(),
    paid_at: null,
  });
  return billView(ctx, billsOf(ctx, place.ownerUid).find((b) => b.id === id)!);
}

// ---- the clock: reminders 7 days and 1 day before a bill's due date and the day after it

/** Sends the reminders due at `at` for every unpaid bill, each once; answers how many went out. */
export function runDue(db: Db, at: number, ownerUid?: number): number {
  const s: State = { db, now: () => at };
  const day = chinaDay(at);
  let sent = 0;
  const open =
    ownerUid === undefined
      ? db.all<BillRow>('SELECT * FROM credit_bills WHERE paid < amount ORDER BY id')
      : db.all<BillRow>('SELECT * FROM credit_bills WHERE paid < amount AND owner_uid = ? ORDER BY id', ownerUid);
  for (const b of open) {
    const due = reminderDays(b.due_on).filter((r) => r.day <= day && (r.kind === 'OVERDUE' || day <= b.due_on));
    for (const r of due.slice(-1)) {
      if (db.get('SELECT 1 AS x FROM credit_reminders WHERE bill_id = ? AND kind = ?', b.id, r.kind)) continue;
      db.insert('credit_reminders', { bill_id: b.id, kind: r.kind, sent_at: at });
      const owed = fenText(b.amount - b.paid);
      const text =
        r.kind === 'OVERDUE'
          ? `您 ${b.month} 月账单 ${owed} 已于 ${b.due_on} 到期未付，账期支付已暂停，请尽快对公转账付款。`
          : `您 ${b.month} 月账单 ${owed} 将于 ${b.due_on} 到期，请按时对公转账付款。`;
      const place = companyPlaceOf(s, b.owner_uid);
      for (const uid of place ? membersWithRoles(db, place.id, ['ADMIN', 'FINANCE']) : [b.owner_uid])
        notify(db, uid, r.kind === 'OVERDUE' ? '账单已逾期' : '账单即将到期', text, at);
      sent++;
    }
  }
  return sent;
}

// ---- the order path's listeners

/** Confirmorder offers 账期支付（月结） with the credit available (never preselected: the shop shows it as one choice). */
function onOrderConfirming(e: SandboxEvents['order.confirming']) {
  const s: State = { db: e.db, now: () => e.now };
  const place = creditPlace(s, e.uid);
  if (!place) return;
  const used = creditUsed(s, place.ownerUid);
  e.checkout.credit = {
    termLabel: termLabel(termOf(place.terms)),
    lineFen: place.terms.line_fen,
    availableFen: creditAvailable(place.terms.line_fen, used),
    held: holdOf(s, place.ownerUid)?.reason ?? null,
    month: statementMonthOf(chinaDay(e.now)),
    allowed: can(place.roles, 'order'),
  };
}

/** Why an order may not go on account now, or null; `place` null means the company has no terms. */
function refusalFor(s: State, place: Place | null, payable: number): string | null {
  if (!place) return '贵公司未开通账期支付';
  if (!can(place.roles, 'order')) return '您的企业角色不能下单';
  if (holdOf(s, place.ownerUid)) return `${HOLD_MESSAGE}，账期支付暂停`;
  return creditRefusal(payable, place.terms.line_fen, creditUsed(s, place.ownerUid));
}

/**
 * An order on account (`payMethod: 'CREDIT'`, or an order the backend places for the member, `creditIfAvailable`): checked
 * against the hold and the credit left inside the order's transaction (requests run one at a time, so parallel orders never
 * take the line below zero), then PAID_OFF with payType CREDIT (or waiting in APPROVAL, on account once approved).
 */
function onOrderCreating(e: SandboxEvents['order.creating']) {
  const asked = e.input.payMethod === 'CREDIT';
  if (!asked && e.input.creditIfAvailable !== true) return;
  const s: State = { db: e.db, now: () => e.now };
  const place = creditPlace(s, e.uid);
  const o = e.order;
  const refusal = refusalFor(s, place, o.payable);
  if (refusal) {
    if (asked) throw new CreditRefused(400, refusal);
    return;
  }
  const month = statementMonthOf(chinaDay(e.now));
  o.payType = 'CREDIT';
  const note = `账期支付（月结），计入 ${month} 对账单，无需在线支付`;
  if (o.status === 'NEW') {
    o.status = 'PAID_OFF';
    o.logs.push({ status: 'PAID_OFF', time: e.now, note });
  } else o.logs.push({ status: o.status, time: e.now, note: `${note}，审批通过后发货` });
  e.db.insert('credit_orders', {
    order_id: o.id,
    owner_uid: place!.ownerUid,
    uid: e.uid,
    sn: o.sn,
    amount: o.payable,
    deposit: o.deposit,
    month,
    time: e.now,
    approval: o.status === 'APPROVAL' ? 1 : 0,
    billed: 0,
  });
}

export function install(sb: Sandbox): void {
  sb.seed('credit', seedCredit);
  sb.on(contract.account, account);
  sb.on(contract.statement, statement);
  sb.on(contract.confirm, confirm);
  sb.on(contract.dispute, dispute);
  sb.on(contract.bills, bills);
  sb.on(contract.remit, remit);
  sb.on(contract.slip, slip);
  sb.listen('order.confirming', onOrderConfirming);
  sb.listen('order.creating', onOrderCreating);
  sb.hook('POST', '/credit/close-month', hookCloseMonth);
  sb.hook('POST', '/credit/disputes/{id}/answer', hookDisputeAnswer);
  sb.hook('POST', '/credit/bank-receipts', hookBankReceipts);
  sb.hook('POST', '/credit/terms', hookTerms);
  sb.hook('POST', '/credit/bills', hookBills);
}
