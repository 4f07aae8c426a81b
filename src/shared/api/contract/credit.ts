/**
 * Buying on credit (账期 / 月结, docs/credit.md; an extension of the supplier's API shown only while view control has
 * `credit_part` with isShow 1): a company's payment term and credit line, orders on account, the monthly statement the
 * company's finance confirms or disputes, the bill a confirmed statement becomes, and its payment by bank transfer (对公转账)
 * with a remittance code (汇款识别码) matched against the bank's receipts. Ordering on account is held while a bill is overdue.
 *
 * For the back office. Member calls live on the `buyer` base, need a signed-in member of a company with terms, and answer the
 * envelope `{ status, msg, data }`. **Money is integer fen** (`…Fen`); days are China days `YYYY-MM-DD`, months `YYYY-MM`.
 * 财务 and 管理员 read and confirm statements and pay bills; 采购员 and 管理员 order on account; anyone else 403.
 *
 * | call | method, path | who | input | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- | --- |
 * | account | GET /member/credit | member | - | `CreditAccount` or null (no company, or no terms) | - |
 * | statement | GET /member/credit/statements | 财务, 管理员 | `month` | `CreditStatement` | 400 月份格式错误; 403 您没有查看对账单的权限 |
 * | confirm | POST /member/credit/statements/{month}/confirm | 财务, 管理员 | - | `CreditStatement` (status CONFIRMED, with its bill) | 400 对账单尚未出具 / 对账单已确认 / 有争议尚未处理 |
 * | dispute | POST /member/credit/statements/{month}/dispute | 财务, 管理员 | `{ lineIds, reason }` | `CreditStatement` (status DISPUTED) | 400 请选择有异议的明细 / 请填写异议原因 / 对账单已确认 |
 * | bills | GET /member/credit/bills | 财务, 管理员 | pageNumber, pageSize | page of `CreditBill`, newest first | - |
 * | remit | POST /member/credit/remittances | 财务, 管理员 | `{ billIds }` | `Remittance`: the payee account and the code for the transfer's note (the same open remittance for the same bills) | 400 请选择要付款的账单 / 账单已付清; 404 账单不存在 |
 * | slip | POST /member/credit/remittances/{code}/slip | 财务, 管理员 | `{ slipUrl, slipName }` (a file the member uploaded through /upload/file) | `Remittance` | 400 请先上传汇款凭证; 404 汇款不存在 |
 *
 * Extensions of the order calls (a backend without the feature omits them): Confirmorder's answer carries `credit`
 * (`CheckoutCredit`); order create takes `payMethod: 'CREDIT'`. An order on account is **PAID_OFF with payType CREDIT**
 * (label 账期支付（月结）): it skips the cashier, ships like a paid order and is never cancelled by the unpaid-order timeout
 * (the timeout applies to NEW and CONFIRM only); over the buyer's company limit it waits in APPROVAL and becomes PAID_OFF on
 * account when approved. Create refuses 400 `超出可用额度：订单金额 ¥a，可用额度 ¥b（授信额度 ¥c，已用 ¥d）`, 400
 * `您有账单已逾期，请先付款，账期支付暂停` while a bill is overdue, 400 `贵公司未开通账期支付` without terms.
 *
 * Back-office jobs (the sandbox's hooks, docs/credit.md): closing a month issues its statement (`POST /__sandbox/credit/close-month`
 * `{ month }`); a dispute is answered ADJUST (a credit note) or REJECT (`POST /__sandbox/credit/disputes/{id}/answer`); a bank
 * receipt `{ receiptId, amountFen, note }` is matched by the code in its note, once per receipt id
 * (`POST /__sandbox/credit/bank-receipts`).
 */
import * as v from 'valibot';
import { endpoint, form, page, PageQuery } from './core.ts';

const auth = 'required' as const;
const Fen = v.pipe(v.number(), v.integer());
const DayText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const MonthText = v.pipe(v.string('月份格式错误'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式错误'));

/** The supplier's receiving account for transfers (对公转账). */
export const Payee = v.object({ payee: v.string(), bank: v.string(), account: v.string(), bankCode: v.string() });

export const CreditAccount = v.object({
  companyName: v.string(),
  /** E.g. 月结30天. */
  termLabel: v.string(),
  termDays: v.number(),
  workingDays: v.boolean(),
  currency: v.literal('CNY'),
  lineFen: Fen,
  usedFen: Fen,
  availableFen: Fen,
  /** Ordering on account is held (a bill is overdue): why and what to do. */
  hold: v.nullable(v.object({ reason: v.string(), overdueFen: Fen, billIds: v.array(v.number()) })),
  /** Bills not yet paid in full. */
  openBills: v.number(),
  /** What the signed-in member may do. */
  me: v.object({ order: v.boolean(), finance: v.boolean() }),
});
export type CreditAccount = v.InferOutput<typeof CreditAccount>;

export const CREDIT_LINE_KINDS = ['ORDER', 'RETURN', 'RENT', 'CREDIT_NOTE', 'DEPOSIT'] as const;
export const CreditLineKind = v.picklist(CREDIT_LINE_KINDS);
export const CREDIT_LINE_LABEL: Record<(typeof CREDIT_LINE_KINDS)[number], string> = {
  ORDER: '账期订单',
  RETURN: '退货',
  RENT: '钢瓶租金',
  CREDIT_NOTE: '贷项调整',
  // Owed with the bill (the payable includes it) but refundable money held, not revenue: listed apart from the total.
  DEPOSIT: '钢瓶押金（另列，不计收入）',
};
export const StatementStatus = v.picklist(['OPEN', 'ISSUED', 'DISPUTED', 'CONFIRMED']);
export type StatementStatus = v.InferOutput<typeof StatementStatus>;
export const STATEMENT_STATUS_LABEL: Record<StatementStatus, string> = {
  OPEN: '本月进行中',
  ISSUED: '待确认',
  DISPUTED: '有异议',
  CONFIRMED: '已确认',
};

export const CreditStatementLine = v.object({
  id: v.number(),
  kind: CreditLineKind,
  time: v.number(),
  sn: v.string(),
  buyer: v.string(),
  amountFen: Fen,
  note: v.string(),
});
export const Dispute = v.object({
  id: v.number(),
  lineIds: v.array(v.number()),
  reason: v.string(),
  status: v.picklist(['OPEN', 'ADJUSTED', 'REJECTED']),
  /** The supplier's answer, once given. */
  answer: v.string(),
  createTime: v.number(),
});
export const CreditStatement = v.object({
  month: v.string(),
  status: StatementStatus,
  companyName: v.string(),
  lines: v.array(CreditStatementLine),
  totals: v.object({ orders: Fen, returns: Fen, rent: Fen, creditNotes: Fen, total: Fen, deposits: Fen, payable: Fen }),
  /** The day the month's bill is (or will be) due under the company's term. */
  dueOn: DayText,
  issuedAt: v.nullable(v.number()),
  confirmedAt: v.nullable(v.number()),
  billId: v.nullable(v.number()),
  disputes: v.array(Dispute),
});
export type CreditStatement = v.InferOutput<typeof CreditStatement>;

export const BillStateSchema = v.picklist(['OPEN', 'DUE_SOON', 'OVERDUE', 'PAID']);
export const CreditBill = v.object({
  id: v.number(),
  month: v.string(),
  amountFen: Fen,
  paidFen: Fen,
  dueOn: DayText,
  state: BillStateSchema,
  stateText: v.string(),
  /** Receipts applied to it. */
  receipts: v.array(v.object({ receiptId: v.string(), amountFen: Fen, at: v.number(), code: v.string() })),
  /** An open remittance waiting for the bank (the code and whether a slip was sent). */
  remittance: v.nullable(v.object({ code: v.string(), slipSent: v.boolean() })),
});
export type CreditBill = v.InferOutput<typeof CreditBill>;

export const Remittance = v.object({
  code: v.string(),
  billIds: v.array(v.number()),
  amountFen: Fen,
  receivedFen: Fen,
  status: v.picklist(['AWAITING_SLIP', 'AWAITING_RECEIPT', 'PARTIAL', 'PAID']),
  payee: Payee,
  slip: v.nullable(v.object({ url: v.string(), name: v.string(), submittedAt: v.number() })),
});
export type Remittance = v.InferOutput<typeof Remittance>;

/** Extension of Confirmorder's answer (order contract): the company's term and credit, offered as 账期支付（月结）. */
export const CheckoutCredit = v.object({
  termLabel: v.string(),
  lineFen: Fen,
  availableFen: Fen,
  /** Why ordering on account is held now, or null. */
  held: v.nullable(v.string()),
  /** The statement month an order placed now appears on. */
  month: v.string(),
  /** False when the member's company role cannot order. */
  allowed: v.boolean(),
});
export type CheckoutCredit = v.InferOutput<typeof CheckoutCredit>;

/** Extension of order create's body: pay on account. Absent = the cashier as before (never preselected). */
export const CreditOrderInput = { payMethod: v.optional(v.picklist(['CREDIT'], '支付方式错误')) };

const Ids = v.pipe(
  v.array(
    v.pipe(v.number('请选择要付款的账单'), v.integer('请选择要付款的账单'), v.minValue(1, '请选择要付款的账单')),
    '请选择要付款的账单',
  ),
  v.minLength(1, '请选择要付款的账单'),
  v.maxLength(24, '一次最多支付 24 张账单'),
);

export const credit = {
  account: endpoint({ name: 'credit.account', method: 'GET', path: '/member/credit', data: v.nullable(CreditAccount), auth }),
  statement: endpoint({
    name: 'credit.statement',
    method: 'GET',
    path: '/member/credit/statements',
    data: CreditStatement,
    input: v.object({ month: MonthText }),
    auth,
  }),
  confirm: endpoint({
    name: 'credit.confirm',
    method: 'POST',
    path: '/member/credit/statements/{month}/confirm',
    data: CreditStatement,
    auth,
    idempotent: true,
  }),
  dispute: endpoint({
    name: 'credit.dispute',
    method: 'POST',
    path: '/member/credit/statements/{month}/dispute',
    data: CreditStatement,
    input: form({
      lineIds: v.pipe(v.array(v.number('请选择有异议的明细'), '请选择有异议的明细'), v.minLength(1, '请选择有异议的明细')),
      reason: v.pipe(v.string('请填写异议原因'), v.trim(), v.nonEmpty('请填写异议原因'), v.maxLength(200, '异议原因不能超过 200 个字')),
    }),
    auth,
  }),
  bills: endpoint({ name: 'credit.bills', method: 'GET', path: '/member/credit/bills', data: page(CreditBill), input: PageQuery, auth }),
  remit: endpoint({
    name: 'credit.remit',
    method: 'POST',
    path: '/member/credit/remittances',
    data: Remittance,
    input: form({ billIds: Ids }),
    auth,
    idempotent: true,
  }),
  slip: endpoint({
    name: 'credit.slip',
    method: 'POST',
    path: '/member/credit/remittances/{code}/slip',
    data: Remittance,
    input: form({
      slipUrl: v.pipe(v.string('请先上传汇款凭证'), v.nonEmpty('请先上传汇款凭证')),
      slipName: v.optional(v.pipe(v.string(), v.maxLength(100, '文件名过长')), ''),
    }),
    auth,
    idempotent: true,
  }),
};
