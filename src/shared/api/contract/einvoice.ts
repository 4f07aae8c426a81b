/**
 * 数电票 (docs/invoices.md "数电票", an extension of the supplier's API shown only while view control has `einvoice_part` on):
 * fully digital e-invoices for one received order or a month's (合并开票), their PDF/XML, and red-letter 确认单. Amounts are
 * integer fen. Every call needs a signed-in member; the server checks who may see each invoice (its requester, or the
 * 管理员/财务 of the buyer company) — another company's invoice answers 404 发票不存在.
 *
 * For the back office, each endpoint (base `buyer`, auth required, envelope `{ status, msg, data }`):
 * - GET  /member/einvoice/list                  { pageNumber, pageSize } → page of EInvoice, newest first (blue and red)
 * - GET  /member/einvoice/candidates            { month?: YYYY-MM } → Candidates: the member's own received (ROG) or completed
 *                                                orders without an invoice, and, for the company's 管理员/财务, the company's orders of
 *                                                `month` (default this month, China time) that one merged invoice would cover
 * - POST /member/einvoice/request               { sn, titleId } → EInvoice: issues the invoice of one received or completed order
 *                                                with one of the member's invoice titles (member.invoiceTitles). 404 订单不存在; 400
 *                                                确认收货后才能申请发票 / 该订单已开具发票 / 发票抬头不存在
 * - POST /member/einvoice/merge                 { month, titleId } → EInvoice: one invoice for every uninvoiced received or completed
 *                                                order of the company in the month; 403 只有企业管理员或财务可以合并开票; 400 月份格式错误 /
 *                                                合并开票须使用单位抬头 / 该月没有可开票的已收货订单
 * - GET  /member/einvoice/order/{sn}           → OrderEInvoice: the 数电票 of one of the member's own orders (its number and status), or
 *                                                whether it may be requested now (received or completed, none yet); 404 订单不存在. The order
 *                                                page's request for a company order (company buying's VAT invoice, paper-era while this is off)
 * - GET  /member/einvoice/statement/{month}     → StatementEInvoice | null: the merged invoice of the company's credit statement of the
 *                                                month (contract/credit.ts) — its number once requested, else what it would cover; null
 *                                                when the company has no statement of the month. 403 只有企业管理员或财务可以合并开票
 * - POST /member/einvoice/statement/{month}     { titleId } → EInvoice: one invoice for the orders of a CONFIRMED statement (their goods
 *                                                less returns, freight, less discounts; deposits not invoiced; orders already invoiced
 *                                                alone left out), once per statement. 403 只有企业管理员或财务可以合并开票; 404 对账单不存在; 400
 *                                                对账单确认后才能申请合并开票 / 该对账单已申请合并开票 / 合并开票须使用单位抬头 / 该对账单没有可开票的订单
 * - GET  /member/einvoice/detail/{number}       → EInvoice. 404 发票不存在
 * - GET  /member/einvoice/xml/{number}          → the XML as issued (application/xml, not an envelope). 404 (envelope)
 * - GET  /member/einvoice/confirmations         → Confirmation[] of the member's (or their company's) invoices, newest first
 * - POST /member/einvoice/confirmations/{no}    { accept } → Confirmation: the buyer confirms (the red invoice is issued and linked to
 *                                                the blue one) or refuses a 确认单 waiting for them. 403 只有企业管理员或财务可以确认;
 *                                                404 确认单不存在; 400 确认单已超过72小时未确认，已作废 / 该确认单无需确认
 * Red-letter requests start in the back office: an after-sales return completed on an invoiced order, or a price allowance.
 * Issuing rounds tax per line as docs/invoices.md "Rounding" says (src/features/invoices/rules.ts).
 */
import * as v from 'valibot';
import { BLUE_STATUS_LABEL, CONFIRMATION_STATUS, RED_REASONS } from '#src/features/invoices/red-letter.ts';
import { endpoint, form, page, PageQuery } from './core.ts';
import { VatDetails } from './company.ts';
import { InvoiceType } from './member.ts';

const auth = 'required' as const;
const Fen = v.pipe(v.number(), v.integer());

/** Buyer or seller: the fields of a VAT title (company.ts VatDetails; 统一社会信用代码 empty for a natural person) and 自然人标志 (乐企 `gmfzrrbz`). */
export const EInvoiceParty = v.object({
  ...v.pick(VatDetails, ['name', 'taxNo', 'address', 'phone', 'bank', 'account']).entries,
  natural: v.boolean(),
});
export type EInvoiceParty = v.InferOutput<typeof EInvoiceParty>;

export const EInvoiceLine = v.object({
  name: v.string(),
  spec: v.string(),
  unit: v.string(),
  num: v.number(),
  ratePct: v.number(),
  netFen: Fen,
  taxFen: Fen,
  grossFen: Fen,
  discount: v.boolean(),
});

export const BlueStatus = v.picklist(Object.keys(BLUE_STATUS_LABEL) as ['ISSUED', 'PARTLY_RED', 'RED']);

export const EInvoice = v.object({
  /** 20 digits. */
  number: v.string(),
  kind: v.picklist(['BLUE', 'RED']),
  /** 电子发票（增值税专用发票） for VAT_SPECIAL, （普通发票） for NORMAL. */
  type: InvoiceType,
  issuedAt: v.number(),
  buyer: EInvoiceParty,
  seller: EInvoiceParty,
  lines: v.array(EInvoiceLine),
  totals: v.object({ netFen: Fen, taxFen: Fen, grossFen: Fen }),
  /** 价税合计（大写）. */
  capitals: v.string(),
  /** Blue: what red invoices took back; red: ISSUED. */
  status: BlueStatus,
  redFen: Fen,
  /** Orders it covers. */
  sns: v.array(v.string()),
  remark: v.string(),
  /** A red invoice's blue one. */
  blueNumber: v.nullable(v.string()),
  /** A blue invoice's red ones. */
  redNumbers: v.array(v.string()),
  /** The buyer confirmed it for use (用途确认): a red-letter request then waits for their confirmation. */
  usedByBuyer: v.boolean(),
});
export type EInvoice = v.InferOutput<typeof EInvoice>;

export const EINVOICE_TYPE_LABEL: Record<v.InferOutput<typeof InvoiceType>, string> = {
  VAT_SPECIAL: '电子发票（增值税专用发票）',
  NORMAL: '电子发票（普通发票）',
};

export const CandidateOrder = v.object({ sn: v.string(), status: v.string(), createTime: v.number(), grossFen: Fen, buyer: v.string() });
export const Candidates = v.object({
  own: v.array(CandidateOrder),
  /** The company's orders of `month` a merged invoice would cover; null when the member may not merge. */
  merge: v.nullable(v.object({ month: v.string(), companyName: v.string(), orders: v.array(CandidateOrder), grossFen: Fen })),
});
export type Candidates = v.InferOutput<typeof Candidates>;

export const Confirmation = v.object({
  no: v.string(),
  blueNumber: v.string(),
  reason: v.picklist(RED_REASONS),
  amountFen: Fen,
  status: v.picklist(CONFIRMATION_STATUS),
  createdAt: v.number(),
  /** When it lapses unconfirmed (72 hours after it was entered). */
  deadline: v.number(),
  redNumber: v.nullable(v.string()),
  /** Whether the signed-in member may confirm or refuse it now. */
  canDecide: v.boolean(),
});
export type Confirmation = v.InferOutput<typeof Confirmation>;

export const OrderEInvoice = v.object({
  sn: v.string(),
  /** The blue invoice covering the order (alone or merged), once issued. */
  number: v.nullable(v.string()),
  status: v.nullable(BlueStatus),
  /** Received or completed, no invoice yet: the member may request it now. */
  canRequest: v.boolean(),
});
export type OrderEInvoice = v.InferOutput<typeof OrderEInvoice>;

export const StatementEInvoice = v.object({
  month: v.string(),
  /** The statement's status (credit.ts StatementStatus): only a CONFIRMED one is invoiced. */
  status: v.picklist(['OPEN', 'ISSUED', 'DISPUTED', 'CONFIRMED']),
  /** The merged invoice once requested. */
  number: v.nullable(v.string()),
  /** What a request would cover now: orders not yet invoiced and their 价税合计 (deposits left out). */
  orders: v.number(),
  grossFen: Fen,
});
export type StatementEInvoice = v.InferOutput<typeof StatementEInvoice>;

const Month = v.pipe(v.string('月份格式错误'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式错误'));
const TitleId = v.pipe(v.number('请选择发票抬头'), v.integer('发票抬头不存在'), v.minValue(1, '发票抬头不存在'));

export const einvoice = {
  list: endpoint({ name: 'einvoice.list', method: 'GET', path: '/member/einvoice/list', data: page(EInvoice), input: PageQuery, auth }),
  candidates: endpoint({
    name: 'einvoice.candidates',
    method: 'GET',
    path: '/member/einvoice/candidates',
    data: Candidates,
    input: v.object({ month: v.optional(Month) }),
    auth,
  }),
  request: endpoint({
    name: 'einvoice.request',
    method: 'POST',
    path: '/member/einvoice/request',
    data: EInvoice,
    input: form({ sn: v.pipe(v.string('订单不存在'), v.regex(/^[\w-]{1,40}$/, '订单不存在')), titleId: TitleId }),
    auth,
  }),
  merge: endpoint({
    name: 'einvoice.merge',
    method: 'POST',
    path: '/member/einvoice/merge',
    data: EInvoice,
    input: form({ month: Month, titleId: TitleId }),
    auth,
  }),
  orderInvoice: endpoint({ name: 'einvoice.orderInvoice', method: 'GET', path: '/member/einvoice/order/{sn}', data: OrderEInvoice, auth }),
  statement: endpoint({
    name: 'einvoice.statement',
    method: 'GET',
    path: '/member/einvoice/statement/{month}',
    data: v.nullable(StatementEInvoice),
    auth,
  }),
  statementRequest: endpoint({
    name: 'einvoice.statementRequest',
    method: 'POST',
    path: '/member/einvoice/statement/{month}',
    data: EInvoice,
    input: form({ titleId: TitleId }),
    auth,
  }),
  detail: endpoint({ name: 'einvoice.detail', method: 'GET', path: '/member/einvoice/detail/{number}', data: EInvoice, auth }),
  /** Answers the XML itself (application/xml); `data` describes only its error envelope. */
  xml: endpoint({ name: 'einvoice.xml', method: 'GET', path: '/member/einvoice/xml/{number}', data: v.unknown(), auth }),
  confirmations: endpoint({
    name: 'einvoice.confirmations',
    method: 'GET',
    path: '/member/einvoice/confirmations',
    data: v.array(Confirmation),
    auth,
  }),
  decide: endpoint({
    name: 'einvoice.decide',
    method: 'POST',
    path: '/member/einvoice/confirmations/{no}',
    data: Confirmation,
    input: form({ accept: v.boolean('请选择确认或否认') }),
    auth,
  }),
};
