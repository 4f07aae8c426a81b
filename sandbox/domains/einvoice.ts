/**
 * Sandbox domain: 数电票 (einvoice_part, contract/einvoice.ts, docs/invoices.md). Issues fully digital e-invoices for one received
 * order or a company's month (合并开票) with a 20-digit number and the XML the issuing call returns; red-letter requests from a
 * completed after-sales return or a price allowance follow src/features/invoices/red-letter.ts: before the buyer confirmed use, the
 * full red invoice at once (and a new blue one for the rest); after, a 确认单 the buyer's 财务 confirms within 72 hours or it
 * lapses (the run-due hook moves the sandbox clock's lapses into the store).
 */
import { chinaDateTime, chinaMonth } from '#src/shared/formats/china-time.ts';
import * as v from 'valibot';
import { can, monthRange } from '#src/features/company/rules.ts';
import {
  blueStatus,
  CONFIRM_WINDOW_MS,
  confirmationAt,
  planRed,
  redRemark,
  type ConfirmationStatus,
  type RedReason,
} from '#src/features/invoices/red-letter.ts';
import { amountInCapitals, invoiceLines, splitTax, totalsOf, type InvoicedOrder, type InvoiceLine } from '#src/features/invoices/rules.ts';
import { invoiceXml } from '#src/features/invoices/xml.ts';
import { einvoice as contract, type Confirmation, type EInvoice, type EInvoiceParty } from '#src/shared/api/contract/einvoice.ts';
import type { InvoiceTitle } from '#src/shared/api/contract/member.ts';
import { Fail, parseOrFail, type Ctx, type RouteCtx, type Sandbox, type SandboxEvents } from '../app.ts';
import { paged, type State } from '../commerce.ts';
import type { Db } from '../db.ts';
import type { OrderRec } from '../records.ts';
import { SUPPLIER_CREDIT_CODE } from '../seed/site.ts';
import { colleaguesOf, companyPlaceOf } from './company.ts';
import { invoiceTitlesOf } from './member.ts';
import { statementOrdersOf } from './credit.ts';
import { findOrderBySn, ordersOfMembers, returnsOfOrder } from './order.ts';
import { viewOn } from './site.ts';

const FEATURE = 'einvoice_part';
const INVOICEABLE = ['ROG', 'COMPLETE'];

const SELLER: EInvoiceParty = {
  name: '华气云商（上海）气体科技有限公司',
  taxNo: SUPPLIER_CREDIT_CODE,
  address: '上海市浦东新区张江路 1000 号',
  phone: '021-60000000',
  bank: '中国工商银行上海市漕河泾开发区支行',
  account: '1001234509200088123',
  natural: false,
};
const ISSUER = '沙箱开票员';

interface InvoiceRow {
  number: string;
  kind: 'BLUE' | 'RED';
  uid: number;
  company_id: number | null;
  blue_number: string | null;
  gross: number;
  red: number;
  used: 0 | 1;
  issued_at: number;
  data: string;
  xml: string;
}
interface InvoiceData {
  type: EInvoice['type'];
  buyer: EInvoiceParty;
  lines: InvoiceLine[];
  sns: string[];
  remark: string;
  /** A blue invoice's orders as they stand after its red invoices (the base of the next red one); [] on a red invoice. */
  sources: InvoicedOrder[];
}
interface ConfirmationRow {
  no: string;
  blue_number: string;
  reason: RedReason;
  amount: number;
  status: ConfirmationStatus;
  created_at: number;
  red_number: string | null;
  data: string;
}

const rowOf = (s: State, number: string): InvoiceRow | undefined =>
  s.db.get<InvoiceRow>('SELECT * FROM einvoices WHERE number = ?', number);
const dataOf = (r: InvoiceRow): InvoiceData => JSON.parse(r.data) as InvoiceData;

/** 20 digits: year (2), province 31 Shanghai (2), channel (1), sequence (15); the shop treats it as opaque (docs/invoices.md). */
function nextNumber(s: State): string {
  const seq = s.db.next('einvoice');
  return `${chinaMonth(s.now()).slice(2, 4)}310${String(seq).padStart(15, '0')}`;
}

/**
 * An order as invoiced: its goods at the price paid (every goods here is a gas) less the goods its completed returns took back
 * before the invoice (销货退回), freight and discounts; deposits left out.
 */
export function invoicedOrder(s: State, o: OrderRec): InvoicedOrder {
  const returned = returnsOfOrder(s, o.id).flatMap((r) => {
    const l = o.lines.find((x) => x.sku_id === r.sku_id);
    return l ? [{ goodsName: l.goodsName, spec: l.specs, num: r.num, priceFen: l.price }] : [];
  });
  return {
    sn: o.sn,
    lines: o.lines.map((l) => ({
      goodsName: l.goodsName,
      spec: l.specs,
      unit: l.unit,
      kind: 'GAS' as const,
      priceFen: l.price,
      num: l.num,
    })),
    freightFen: o.freight,
    discountFen: o.discount + o.couponDiscount,
    depositFen: o.deposit,
    ...(returned.length ? { returned } : {}),
  };
}

function buyerOf(t: InvoiceTitle): EInvoiceParty {
  const natural = t.titleType === 'PERSONAL';
  return { name: t.title, taxNo: natural ? '' : t.taxNo, address: t.address, phone: t.phone, bank: t.bank, account: t.account, natural };
}

interface Issue {
  kind: 'BLUE' | 'RED';
  uid: number;
  companyId: number | null;
  data: InvoiceData;
  blueNumber: string | null;
  confirmationNo: string | null;
}

/** Issues one invoice: number, totals from its lines, capitals, and the XML as the issuing call returns it. */
function issue(s: State, i: Issue): InvoiceRow {
  const number = nextNumber(s);
  const totals = totalsOf(i.data.lines);
  const xml = invoiceXml({
    number,
    kind: i.kind,
    typeCode: i.data.type === 'VAT_SPECIAL' ? '81' : '82',
    issuedAt: chinaDateTime(s.now()),
    buyer: i.data.buyer,
    seller: SELLER,
    lines: i.data.lines,
    totals,
    capitals: amountInCapitals(totals.grossFen),
    remark: i.data.remark,
    blueNumber: i.blueNumber,
    confirmationNo: i.confirmationNo,
    issuer: ISSUER,
  });
  s.db.insert('einvoices', {
    number,
    kind: i.kind,
    uid: i.uid,
    company_id: i.companyId,
    blue_number: i.blueNumber,
    gross: totals.grossFen,
    red: 0,
    used: 0,
    issued_at: s.now(),
    data: JSON.stringify(i.data),
    xml,
  });
  if (i.kind === 'BLUE') for (const sn of i.data.sns) markInvoiced(s, sn, number);
  return rowOf(s, number)!;
}

function markInvoiced(s: State, sn: string, number: string): void {
  const o = findOrderBySn(s, sn);
  if (o) s.db.insert('einvoice_orders', { order_id: o.id, number }, 'INSERT OR REPLACE');
}

function view(s: State, r: InvoiceRow): EInvoice {
  const d = dataOf(r);
  const totals = totalsOf(d.lines);
  const reds = s.db.all<{ number: string }>(
    "SELECT number FROM einvoices WHERE blue_number = ? AND kind = 'RED' ORDER BY issued_at",
    r.number,
  );
  return {
    number: r.number,
    kind: r.kind,
    type: d.type,
    issuedAt: r.issued_at,
    buyer: d.buyer,
    seller: SELLER,
    lines: d.lines,
    totals,
    capitals: amountInCapitals(totals.grossFen),
    status: r.kind === 'RED' ? 'ISSUED' : blueStatus({ grossFen: r.gross, redFen: r.red }),
    redFen: r.red,
    sns: d.sns,
    remark: d.remark,
    blueNumber: r.blue_number,
    redNumbers: reds.map((x) => x.number),
    usedByBuyer: r.used === 1,
  };
}

/** Who acts for the buyer: the requester, or the 管理员/财务 of the invoice's company. */
function mayAct(s: State, uid: number, r: Pick<InvoiceRow, 'uid' | 'company_id'>): boolean {
  if (r.uid === uid) return true;
  if (r.company_id === null) return false;
  const place = companyPlaceOf(s, uid);
  return place?.id === r.company_id && can(place.roles, 'statement');
}

/** The invoice if the member may see it; another member's or company's answers 404 like a missing one. */
function visible(s: State, uid: number, number: string): InvoiceRow {
  const r = /^\d{20}$/.test(number) ? rowOf(s, number) : undefined;
  if (!r || !mayAct(s, uid, r)) throw new Fail(404, '发票不存在');
  return r;
}

function list(ctx: RouteCtx<typeof contract.list>) {
  const place = companyPlaceOf(ctx, ctx.uid!);
  const company = place && can(place.roles, 'statement') ? place.id : -1;
  const rows = ctx.db.all<InvoiceRow>(
    'SELECT * FROM einvoices WHERE uid = ? OR company_id = ? ORDER BY issued_at DESC, number DESC',
    ctx.uid!,
    company,
  );
  return paged(
    rows.map((r) => view(ctx, r)),
    ctx.input,
  );
}

const detail = (ctx: RouteCtx<typeof contract.detail>) => view(ctx, visible(ctx, ctx.uid!, ctx.params.number ?? ''));

function xml(ctx: RouteCtx<typeof contract.xml>) {
  const r = visible(ctx, ctx.uid!, ctx.params.number ?? '');
  return new Response(r.xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'content-disposition': `attachment; filename="${r.number}.xml"` },
  });
}

const invoiced = (s: State, orderId: number): boolean =>
  s.db.get('SELECT number FROM einvoice_orders WHERE order_id = ?', orderId) !== undefined;
const openOrders = (s: State, list: OrderRec[]): OrderRec[] => list.filter((o) => INVOICEABLE.includes(o.status) && !invoiced(s, o.id));
/** What an invoice of the order would total: paid less deposits and less goods returned before it (the issuing call's figure). */
const grossOf = (s: State, o: OrderRec): number => totalsOf(invoiceLines([invoicedOrder(s, o)])).grossFen;
const candidate = (s: State, o: OrderRec) => ({
  sn: o.sn,
  status: o.status,
  createTime: o.createTime,
  grossFen: grossOf(s, o),
  buyer: o.address.name,
});

/** The orders a merged invoice of `month` would cover, for the company's 管理员/财务; null for anyone else. */
function mergeable(s: State, uid: number, month: string) {
  const place = companyPlaceOf(s, uid);
  const range = monthRange(month);
  if (!place || !can(place.roles, 'statement') || !range) return null;
  const orders = openOrders(s, ordersOfMembers(s, colleaguesOf(s.db, uid), range.from, range.to));
  return { place, orders };
}

function candidates(ctx: RouteCtx<typeof contract.candidates>) {
  const month = ctx.input.month ?? chinaMonth(ctx.now());
  const own = openOrders(ctx, ordersOfMembers(ctx, [ctx.uid!], 0, ctx.now() + 1)).reverse();
  const m = mergeable(ctx, ctx.uid!, month);
  return {
    own: own.map((o) => candidate(ctx, o)),
    merge: m && {
      month,
      companyName: m.place.name,
      orders: m.orders.map((o) => candidate(ctx, o)),
      grossFen: m.orders.reduce((n, o) => n + grossOf(ctx, o), 0),
    },
  };
}

function titleOf(s: State, uid: number, id: number): InvoiceTitle {
  const t = invoiceTitlesOf(s, uid).find((x) => x.id === id);
  if (!t) throw new Fail(400, '发票抬头不存在');
  return t;
}

function blueData(s: State, t: InvoiceTitle, orders: OrderRec[], remark: string): InvoiceData {
  const sources = orders.map((o) => invoicedOrder(s, o));
  const type = t.titleType === 'PERSONAL' ? 'NORMAL' : t.type;
  return { type, buyer: buyerOf(t), lines: invoiceLines(sources), sns: orders.map((o) => o.sn), remark, sources };
}

function request(ctx: RouteCtx<typeof contract.request>) {
  const uid = ctx.uid!;
  const o = findOrderBySn(ctx, ctx.input.sn);
  if (!o || o.uid !== uid) throw new Fail(404, '订单不存在');
  if (!INVOICEABLE.includes(o.status)) throw new Fail(400, '确认收货后才能申请发票');
  if (invoiced(ctx, o.id)) throw new Fail(400, '该订单已开具发票');
  const t = titleOf(ctx, uid, ctx.input.titleId);
  const companyId = t.titleType === 'COMPANY' ? (companyPlaceOf(ctx, uid)?.id ?? null) : null;
  return view(
    ctx,
    issue(ctx, { kind: 'BLUE', uid, companyId, data: blueData(ctx, t, [o], `订单 ${o.sn}`), blueNumber: null, confirmationNo: null }),
  );
}

function merge(ctx: RouteCtx<typeof contract.merge>) {
  const uid = ctx.uid!;
  const m = mergeable(ctx, uid, ctx.input.month);
  if (!m) throw new Fail(403, '只有企业管理员或财务可以合并开票');
  const t = titleOf(ctx, uid, ctx.input.titleId);
  if (t.titleType !== 'COMPANY') throw new Fail(400, '合并开票须使用单位抬头');
  if (!m.orders.length) throw new Fail(400, '该月没有可开票的已收货订单');
  const remark = `${ctx.input.month} 合并开票，共 ${m.orders.length} 笔订单`;
  const data = blueData(ctx, t, m.orders, remark);
  return view(ctx, issue(ctx, { kind: 'BLUE', uid, companyId: m.place.id, data, blueNumber: null, confirmationNo: null }));
}

// ---- one order's invoice, a statement's merged invoice

const numberOfOrder = (s: State, orderId: number): string | null =>
  s.db.get<{ number: string }>('SELECT number FROM einvoice_orders WHERE order_id = ?', orderId)?.number ?? null;

function orderInvoice(ctx: RouteCtx<typeof contract.orderInvoice>) {
  const o = findOrderBySn(ctx, ctx.params.sn ?? '');
  if (!o || o.uid !== ctx.uid) throw new Fail(404, '订单不存在');
  const number = numberOfOrder(ctx, o.id);
  const r = number === null ? undefined : rowOf(ctx, number);
  return {
    sn: o.sn,
    number,
    status: r ? blueStatus({ grossFen: r.gross, redFen: r.red }) : null,
    canRequest: number === null && INVOICEABLE.includes(o.status),
  };
}

/** The company's statement of the month for its 管理员/财务: the orders a merged invoice covers and the one already issued. */
function statementPlace(s: State, uid: number, month: string) {
  const place = companyPlaceOf(s, uid);
  if (!place || !can(place.roles, 'statement')) throw new Fail(403, '只有企业管理员或财务可以合并开票');
  const st = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? statementOrdersOf(s, uid, month) : null;
  if (!st) return null;
  const issued = s.db.get<{ number: string }>(
    'SELECT number FROM einvoice_statements WHERE owner_uid = ? AND month = ?',
    st.ownerUid,
    month,
  );
  // Orders cancelled since, or invoiced alone before the request, are left out.
  const orders = st.sns.flatMap((sn) => findOrderBySn(s, sn) ?? []).filter((o) => o.status !== 'CANCELLED' && !invoiced(s, o.id));
  return { place, st, number: issued?.number ?? null, orders };
}

function statementInvoice(ctx: RouteCtx<typeof contract.statement>) {
  const month = ctx.params.month ?? '';
  const p = statementPlace(ctx, ctx.uid!, month);
  if (!p) return null;
  const orders = p.number === null ? p.orders : [];
  const grossFen = orders.reduce((n, o) => n + grossOf(ctx, o), 0);
  return { month, status: p.st.status, number: p.number, orders: orders.length, grossFen };
}

function statementRequest(ctx: RouteCtx<typeof contract.statementRequest>) {
  const month = ctx.params.month ?? '';
  const p = statementPlace(ctx, ctx.uid!, month);
  if (!p) throw new Fail(404, '对账单不存在');
  if (p.st.status !== 'CONFIRMED') throw new Fail(400, '对账单确认后才能申请合并开票');
  if (p.number !== null) throw new Fail(400, `该对账单已申请合并开票（发票 ${p.number}）`);
  const t = titleOf(ctx, ctx.uid!, ctx.input.titleId);
  if (t.titleType !== 'COMPANY') throw new Fail(400, '合并开票须使用单位抬头');
  if (!p.orders.length) throw new Fail(400, '该对账单没有可开票的订单');
  const data = blueData(ctx, t, p.orders, `${month} 对账单合并开票，共 ${p.orders.length} 笔订单`);
  const row = issue(ctx, { kind: 'BLUE', uid: ctx.uid!, companyId: p.place.id, data, blueNumber: null, confirmationNo: null });
  ctx.db.insert('einvoice_statements', { owner_uid: p.st.ownerUid, month, number: row.number });
  return view(ctx, row);
}

// ---- red-letter

/** The lines that take `from` to `to`, per goods line: what a red invoice states (negative where it takes back). */
function diffLines(from: readonly InvoiceLine[], to: readonly InvoiceLine[]): InvoiceLine[] {
  const key = (l: InvoiceLine) => [l.name, l.spec, l.unit, l.ratePct, l.discount].join('|');
  const before = new Map(from.map((l) => [key(l), l]));
  const after = new Map(to.map((l) => [key(l), l]));
  const out: InvoiceLine[] = [];
  // Every line of either side, in the order the blue invoice printed them, a 折扣行 new to the change after them.
  for (const k of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(k);
    const n = after.get(k);
    const l = (b ?? n)!;
    const grossFen = (n?.grossFen ?? 0) - (b?.grossFen ?? 0);
    if (grossFen !== 0) out.push({ ...l, num: (n?.num ?? 0) - (b?.num ?? 0), grossFen, ...splitTax(grossFen, l.ratePct) });
  }
  return out;
}

const confirmationNo = (s: State): string =>
  `HZ${chinaMonth(s.now()).replace('-', '')}${String(s.db.next('einvoice-confirmation')).padStart(8, '0')}`;

/** Issues the red invoice of a 确认单 and takes its amount off the blue one; the blue one's orders become `next`. */
function issueRed(s: State, blue: InvoiceRow, no: string, lines: InvoiceLine[], next: InvoicedOrder[]): InvoiceRow {
  const d = dataOf(blue);
  const data: InvoiceData = { ...d, lines, remark: redRemark(blue.number, no), sources: [] };
  const red = issue(s, { kind: 'RED', uid: blue.uid, companyId: blue.company_id, data, blueNumber: blue.number, confirmationNo: no });
  s.db.run(
    'UPDATE einvoices SET red = red - ?, data = ? WHERE number = ?',
    red.gross,
    JSON.stringify({ ...d, sources: next }),
    blue.number,
  );
  return red;
}

/**
 * A red-letter request on a blue invoice whose orders become `next` (goods returned, an allowance): planned by the rules, then
 * either issued at once (no confirmation needed: full red, a new blue one for the rest) or entered as a 确认单 for the buyer.
 */
export function startRed(s: State, blueNumber: string, reason: RedReason, next: InvoicedOrder[]): ConfirmationRow {
  const blue = rowOf(s, blueNumber);
  if (!blue || blue.kind !== 'BLUE') throw new Fail(404, '发票不存在');
  const d = dataOf(blue);
  // What the change takes back: the orders as they stand (after earlier red invoices) less the orders as they become.
  const amountFen = totalsOf(invoiceLines(d.sources)).grossFen - totalsOf(invoiceLines(next)).grossFen;
  const plan = planRed({ grossFen: blue.gross, redFen: blue.red, usedByBuyer: blue.used === 1 }, { reason, amountFen });
  if (!plan.ok) throw new Fail(400, plan.error);
  const no = confirmationNo(s);
  const row = { no, blue_number: blueNumber, reason, amount: plan.redFen, created_at: s.now(), data: JSON.stringify({ next }) };
  if (plan.needsBuyer) {
    s.db.insert('einvoice_confirmations', { ...row, status: '02', red_number: null });
    return s.db.get<ConfirmationRow>('SELECT * FROM einvoice_confirmations WHERE no = ?', no)!;
  }
  const current = invoiceLines(d.sources);
  const red = issueRed(s, blue, no, diffLines(current, []), []);
  s.db.insert('einvoice_confirmations', { ...row, status: '01', red_number: red.number });
  if (plan.reissueFen > 0) reissue(s, blue, next);
  return s.db.get<ConfirmationRow>('SELECT * FROM einvoice_confirmations WHERE no = ?', no)!;
}

/** A new blue invoice for what is left after a full red one (a partial change before the buyer confirmed use). */
function reissue(s: State, blue: InvoiceRow, next: InvoicedOrder[]): void {
  const d = dataOf(blue);
  const data: InvoiceData = { ...d, lines: invoiceLines(next), remark: `原发票 ${blue.number} 全额红冲后重开`, sources: next };
  issue(s, { kind: 'BLUE', uid: blue.uid, companyId: blue.company_id, data, blueNumber: null, confirmationNo: null });
}

function confirmationView(s: State, uid: number, c: ConfirmationRow): Confirmation {
  const status = confirmationAt({ status: c.status, createdAt: c.created_at }, s.now());
  const blue = rowOf(s, c.blue_number)!;
  return {
    no: c.no,
    blueNumber: c.blue_number,
    reason: c.reason,
    amountFen: c.amount,
    status,
    createdAt: c.created_at,
    deadline: c.created_at + CONFIRM_WINDOW_MS,
    redNumber: c.red_number,
    canDecide: status === '02' && mayAct(s, uid, blue) && financeOf(s, uid, blue),
  };
}

/** A company's invoice is confirmed by its 管理员/财务; a member's own by that member. */
function financeOf(s: State, uid: number, blue: InvoiceRow): boolean {
  if (blue.company_id === null) return blue.uid === uid;
  const place = companyPlaceOf(s, uid);
  return place?.id === blue.company_id && can(place.roles, 'statement');
}

function confirmations(ctx: RouteCtx<typeof contract.confirmations>) {
  const rows = ctx.db.all<ConfirmationRow>('SELECT * FROM einvoice_confirmations ORDER BY created_at DESC, no DESC');
  return rows.filter((c) => mayAct(ctx, ctx.uid!, rowOf(ctx, c.blue_number)!)).map((c) => confirmationView(ctx, ctx.uid!, c));
}

function decide(ctx: RouteCtx<typeof contract.decide>) {
  const c = ctx.db.get<ConfirmationRow>('SELECT * FROM einvoice_confirmations WHERE no = ?', ctx.params.no ?? '');
  const blue = c && rowOf(ctx, c.blue_number);
  if (!c || !blue || !mayAct(ctx, ctx.uid!, blue)) throw new Fail(404, '确认单不存在');
  if (!financeOf(ctx, ctx.uid!, blue)) throw new Fail(403, '只有企业管理员或财务可以确认');
  const status = confirmationAt({ status: c.status, createdAt: c.created_at }, ctx.now());
  if (status === '07') throw new Fail(400, '确认单已超过72小时未确认，已作废');
  if (status !== '02') throw new Fail(400, '该确认单无需确认');
  if (!ctx.input.accept) {
    ctx.db.run("UPDATE einvoice_confirmations SET status = '05' WHERE no = ?", c.no);
  } else {
    const { next } = JSON.parse(c.data) as { next: InvoicedOrder[] };
    const red = issueRed(ctx, blue, c.no, diffLines(invoiceLines(dataOf(blue).sources), invoiceLines(next)), next);
    ctx.db.run("UPDATE einvoice_confirmations SET status = '04', red_number = ? WHERE no = ?", red.number, c.no);
  }
  return confirmationView(ctx, ctx.uid!, ctx.db.get<ConfirmationRow>('SELECT * FROM einvoice_confirmations WHERE no = ?', c.no)!);
}

/** A completed return of goods on an invoiced order: the invoice's orders without them, as a 销货退回 red-letter request. */
function onAftersaleCompleted({ db, now, order, afterSale }: SandboxEvents['aftersale.completed']) {
  const s: State = { db, now: () => now };
  if (!viewOn(db, FEATURE) || afterSale.type !== 'RETURN') return;
  const link = db.get<{ number: string }>('SELECT number FROM einvoice_orders WHERE order_id = ?', order.id);
  const blue = link && rowOf(s, link.number);
  if (!blue || blue.gross - blue.red <= 0) return;
  const line = order.lines.find((l) => l.sku_id === afterSale.sku_id);
  if (!line) return;
  const back = { goodsName: line.goodsName, spec: line.specs, num: afterSale.num, priceFen: line.price };
  const next = dataOf(blue).sources.map((o) => (o.sn === order.sn ? { ...o, returned: [...(o.returned ?? []), back] } : o));
  startRed(s, blue.number, 'RETURN', next);
}

// ---- test hooks

const Allowance = v.object({ amountFen: v.pipe(v.number(), v.integer(), v.minValue(1)) });

/** The buyer confirms the invoice for use (用途确认) in their 税务数字账户: from now on a red-letter request waits for them. */
function hookConfirmUse(ctx: Ctx<unknown>) {
  const r = rowOf(ctx, ctx.params.number ?? '');
  if (!r) throw new Fail(404, '发票不存在');
  ctx.db.run('UPDATE einvoices SET used = 1 WHERE number = ?', r.number);
  return view(ctx, rowOf(ctx, r.number)!);
}

/** A price allowance (销售折让) of `amountFen` on an invoice: taken off its first order as a discount. */
function hookAllowance(ctx: Ctx<unknown>) {
  const { amountFen } = parseOrFail(Allowance, ctx.input);
  const r = rowOf(ctx, ctx.params.number ?? '');
  if (!r || r.kind !== 'BLUE') throw new Fail(404, '发票不存在');
  const next = dataOf(r).sources.map((o, i) => (i === 0 ? { ...o, discountFen: o.discountFen + amountFen } : o));
  const c = startRed(ctx, r.number, 'ALLOWANCE', next);
  return { no: c.no, status: c.status, redNumber: c.red_number };
}

/**
 * Every 确认单 still waiting 72 hours after it was entered lapses (07) as of `at`: a job of the one sandbox clock
 * (domains/clock.ts); with `uid`, only those on that member's invoices or their company's.
 */
export function lapseConfirmations(db: Db, at: number, uid?: number, companyId?: number | null): number {
  const sql = "UPDATE einvoice_confirmations SET status = '07' WHERE status = '02' AND created_at + ? <= ?";
  if (uid === undefined) return db.run(sql, CONFIRM_WINDOW_MS, at).changes;
  const scoped = `${sql} AND blue_number IN (SELECT number FROM einvoices WHERE uid = ? OR company_id = ?)`;
  return db.run(scoped, CONFIRM_WINDOW_MS, at, uid, companyId ?? -1).changes;
}

export function install(sb: Sandbox): void {
  sb.listen('aftersale.completed', onAftersaleCompleted);
  sb.on(contract.list, list);
  sb.on(contract.candidates, candidates);
  sb.on(contract.request, request);
  sb.on(contract.merge, merge);
  sb.on(contract.orderInvoice, orderInvoice);
  sb.on(contract.statement, statementInvoice);
  sb.on(contract.statementRequest, statementRequest);
  sb.on(contract.detail, detail);
  sb.on(contract.xml, xml);
  sb.on(contract.confirmations, confirmations);
  sb.on(contract.decide, decide);
  sb.hook('POST', '/invoices/{number}/confirm-use', hookConfirmUse);
  sb.hook('POST', '/invoices/{number}/allowance', hookAllowance);
}
