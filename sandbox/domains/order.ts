/** Sandbox domain: orders from checkout to receipt (confirm preview, idempotent create, lazy expiry and completion, cancel, receive, QR payment, company bank transfer and the pay/scan/confirm-transfer/ship hooks) and the after-sales that move orders into and out of AFTER_SERVICE. Money in cents inside. */
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { CartWay } from '#src/shared/api/contract/cart.ts';
import { isIdempotencyKey } from '#src/shared/api/idempotency.ts';
import {
  member as memberContract,
  type Address,
  type AfterSale,
  type InvoiceTitle,
  type AfterSaleStatus,
  type AfterSaleType,
} from '#src/shared/api/contract/member.ts';
import {
  ORDER_STATUS_LABEL,
  ORDER_STATUSES,
  PAY_TYPE_LABEL,
  PRICE_CHANGED,
  PayType,
  type PaidBy,
  type Transfer,
  order as contract,
  type Checkout,
  type CheckoutCoupon,
  type OrderAction,
  type OrderCounts,
  type OrderDetail,
  type OrderLine,
  type OrderStatus,
  type OrderSummary,
  type QrCode,
  type QrStatus,
} from '#src/shared/api/contract/order.ts';
import { Fail, parseOrFail, type Sandbox, type SandboxEvents, type Seeding, type RouteCtx, type Ctx } from '../app.ts';
import { orderSn, seedOrders, type CouponTemplate } from '../seed/member.ts';
import { findUpload } from './common.ts';
import { cents, depositOf, findSku, money, specsOf, takeStock, yuan, type State } from '../commerce.ts';
import type { AfterSaleRec, HeldCoupon, OrderLineRec, OrderRec, QrRec } from '../records.ts';
import { checkoutGroups, removeOrdered, unitCents, type CheckoutGroup } from './cart.ts';
import {
  addPoints,
  addressesOf,
  companyApproved,
  companyOf,
  couponView,
  invoiceTitlesOf,
  issueInvoice,
  requestInvoice,
  restoreCoupon,
  useCoupon,
  walletOf,
} from './member.ts';
import { scrubAfterSale, scrubOrder } from '#src/features/privacy/deidentify.ts';

const MINUTE = 60_000;
/** An unpaid order is cancelled after this long. */
export const PAY_WINDOW = 30 * MINUTE;
const QR_LIFETIME = 120 * MINUTE;
/** A received order completes by itself after this long. */
const AUTO_COMPLETE = 7 * 24 * 60 * MINUTE;
/** Per shop: goods of at least ¥2000 ship free, below that freight is ¥50. */
const FREE_FREIGHT_FROM = 200_000;
const FREIGHT = 5_000;
/** A shop's freight for its goods total (fen); the hazmat domain charges it on a shop's first shipment. */
export const shopFreight = (goodsTotal: number): number => (goodsTotal >= FREE_FREIGHT_FROM ? 0 : FREIGHT);
const FREIGHT_RULE = `单店商品满 ${money(FREE_FREIGHT_FROM)} 包邮，不满收取运费 ${money(FREIGHT)}；气体钢瓶按瓶收取押金，退瓶后退还`;
const NOT_ALLOWED = '当前订单状态不允许该操作';
/** The supplier's receiving account for company bank transfers (对公转账). */
const PAYEE = {
  payee: '华气云商（上海）气体科技有限公司',
  bank: '中国工商银行上海市漕河泾开发区支行',
  account: '1001 2345 0920 0088 123',
  bankCode: '102290024563',
};
const TRANSFER_PENDING = '已提交对公转账凭证，请等待财务确认到账';

// ---- the order tables: one row per order, its lines and its status history in their own tables

interface OrderRow {
  id: number;
  sn: string;
  uid: number;
  status: OrderStatus;
  prev_status: OrderStatus | null;
  create_time: number;
  payable: number;
  deposit: number;
  paid_at: number | null;
  received_at: number | null;
  data: string;
}
/** The parts of an order no query looks into. */
type OrderData = Omit<
  OrderRec,
  'id' | 'sn' | 'uid' | 'status' | 'prevStatus' | 'createTime' | 'payable' | 'deposit' | 'paidAt' | 'receivedAt' | 'lines' | 'logs'
>;

function orderColumns(o: OrderRec) {
  const { id, sn, uid, status, prevStatus, createTime, payable, deposit, paidAt, receivedAt, lines: _lines, logs: _logs, ...data } = o;
  return {
    id,
    sn,
    uid,
    status,
    prev_status: prevStatus,
    create_time: createTime,
    payable,
    deposit,
    paid_at: paidAt,
    received_at: receivedAt,
    transfer_at: o.transfer?.submittedAt ?? null,
    data: JSON.stringify(data satisfies OrderData),
  };
}

/** Stores a new order with its lines and history (checkout, the seed, measure:sandbox's bulk load). */
export function insertOrder(s: Pick<State, 'db'>, o: OrderRec): void {
  s.db.insert('orders', orderColumns(o));
  o.lines.forEach((l, pos) => s.db.insert('order_lines', { order_id: o.id, pos, sku_id: l.sku_id, num: l.num, data: JSON.stringify(l) }));
  o.logs.forEach((l, pos) => s.db.insert('order_logs', { order_id: o.id, pos, status: l.status, time: l.time, note: l.note }));
}

function loadOrder(s: State, id: number): OrderRec | null {
  const r = s.db.get<OrderRow>(
    'SELECT id, sn, uid, status, prev_status, create_time, payable, deposit, paid_at, received_at, data FROM orders WHERE id = ?',
    id,
  );
  if (!r) return null;
  const data = JSON.parse(r.data) as OrderData;
  return {
    id: r.id,
    sn: r.sn,
    uid: r.uid,
    status: r.status,
    prevStatus: r.prev_status,
    createTime: r.create_time,
    payable: r.payable,
    deposit: r.deposit,
    paidAt: r.paid_at,
    receivedAt: r.received_at,
    ...data,
    lines: s.db
      .all<{ data: string }>('SELECT data FROM order_lines WHERE order_id = ? ORDER BY pos', id)
      .map((l) => JSON.parse(l.data) as OrderLineRec),
    logs: s.db
      .all<OrderRec['logs'][number]>('SELECT status, time, note FROM order_logs WHERE order_id = ? ORDER BY pos', id)
      .map((l) => ({ ...l })),
  };
}

/** Writes back a changed order: its row and the status history entries added since it was loaded (lines never change). */
function saveOrder(s: State, o: OrderRec | null, before: OrderRec | null): void {
  if (!o || !before) return;
  const { id: _id, ...cols } = orderColumns(o);
  s.db.run(
    'UPDATE orders SET status = ?, prev_status = ?, paid_at = ?, received_at = ?, transfer_at = ?, data = ? WHERE id = ?',
    cols.status,
    cols.prev_status,
    cols.paid_at,
    cols.received_at,
    cols.transfer_at,
    cols.data,
    o.id,
  );
  o.logs
    .slice(before.logs.length)
    .forEach((l, i) =>
      s.db.insert('order_logs', { order_id: o.id, pos: before.logs.length + i, status: l.status, time: l.time, note: l.note }),
    );
}

/** An order, loaded once per request and saved with its transaction when it changed. */
const orderById = (s: State, id: number): OrderRec | null =>
  s.db.unit(
    `order:${id}`,
    () => loadOrder(s, id),
    (o, before) => saveOrder(s, o, before),
  );

/** An order as stored, settled for the time passed (for other domains' reads: the company domain's approvals and statement). */
export const findOrder = (s: State, id: number): OrderRec | null => {
  const o = orderById(s, id);
  return o && settle(s, o);
};

/** The orders of these members placed in [from, to), settled, oldest first (the e-invoice domain's candidates and merged invoices). */
export function ordersOfMembers(s: State, uids: readonly number[], from: number, to: number): OrderRec[] {
  if (!uids.length) return [];
  const ids = s.db.all<{ id: number }>(
    `SELECT id FROM orders WHERE uid IN (${uids.map(() => '?').join(',')}) AND create_time >= ? AND create_time < ? ORDER BY create_time, id`,
    ...uids,
    from,
    to,
  );
  return ids.map((r) => findOrder(s, r.id)).filter((o): o is OrderRec => o !== null);
}

/** An order by its number, settled; null when there is none. */
export const findOrderBySn = (s: State, sn: string): OrderRec | null => {
  const r = s.db.get<{ id: number }>('SELECT id FROM orders WHERE sn = ?', sn);
  return r ? findOrder(s, r.id) : null;
};

/**
 * The company's approver decided an order that waited (APPROVAL, set by the company domain in `order.creating`): approved, it
 * becomes a new order with the full payment window from now; rejected, it is cancelled and its stock and coupon come back.
 */
export function decideApproval(s: State, id: number, approved: boolean, note: string): OrderRec {
  const o = orderById(s, id);
  if (!o) throw new Fail(404, '订单不存在');
  const now = s.now();
  if (approved && o.payType === 'CREDIT')
    advance(o, ['APPROVAL'], 'PAID_OFF', now, note); // on account (domains/credit.ts): no payment window
  else if (approved) {
    advance(o, ['APPROVAL'], 'NEW', now, note);
    o.payFrom = now;
  } else {
    advance(o, ['APPROVAL'], 'CANCELLED', now, note);
    o.cancelReason = note;
    for (const l of o.lines) takeStock(s, l.sku_id, -l.num);
    if (o.coupon) restoreCoupon(s, o.uid, o.coupon.couponId);
  }
  return o;
}

// ---- after-sales: one row each, its history in the JSON detail

type AfterSaleData = Omit<AfterSaleRec, 'id' | 'uid' | 'orderId' | 'sku_id' | 'type' | 'status' | 'createTime'>;
function afterSaleColumns(a: AfterSaleRec) {
  const { id, uid, orderId, sku_id, type, status, createTime, ...data } = a;
  return { id, uid, order_id: orderId, sku_id, type, status, create_time: createTime, data: JSON.stringify(data satisfies AfterSaleData) };
}
interface AfterSaleRow {
  id: number;
  uid: number;
  order_id: number;
  sku_id: number;
  type: AfterSaleType;
  status: AfterSaleStatus;
  create_time: number;
  data: string;
}
const AFTER_SALE_COLUMNS = 'id, uid, order_id, sku_id, type, status, create_time, data';
const afterSaleFrom = (r: AfterSaleRow): AfterSaleRec => ({
  id: r.id,
  uid: r.uid,
  orderId: r.order_id,
  sku_id: r.sku_id,
  type: r.type,
  status: r.status,
  createTime: r.create_time,
  ...(JSON.parse(r.data) as AfterSaleData),
});
const afterSaleById = (s: State, id: number): AfterSaleRec | null =>
  s.db.unit(
    `afterSale:${id}`,
    () => {
      const r = s.db.get<AfterSaleRow>(`SELECT ${AFTER_SALE_COLUMNS} FROM after_sales WHERE id = ?`, id);
      return r ? afterSaleFrom(r) : null;
    },
    (a) => {
      if (a) s.db.upsert('after_sales', afterSaleColumns(a), ['id']);
    },
  );
/** The after-sales of an order (through the cache, so changes made in this request are seen). */
const afterSalesOfOrder = (s: State, orderId: number): AfterSaleRec[] =>
  s.db.all<{ id: number }>('SELECT id FROM after_sales WHERE order_id = ? ORDER BY id', orderId).map((r) => afterSaleById(s, r.id)!);

/** Money refunded on an order by completed after-sales (cents, when), for other domains' statements. */
/** Goods taken back by completed returns (销货退回) of an order, per SKU: what its invoice leaves out (domains/einvoice.ts). */
export const returnsOfOrder = (s: State, orderId: number): { sku_id: number; num: number }[] =>
  afterSalesOfOrder(s, orderId)
    .filter((a) => a.status === 'COMPLETE' && a.type === 'RETURN')
    .map((a) => ({ sku_id: a.sku_id, num: a.num }));

export const refundsOfOrder = (s: State, orderId: number): { time: number; amount: number }[] =>
  afterSalesOfOrder(s, orderId)
    .filter((a) => a.status === 'COMPLETE' && a.refundAmount > 0)
    .map((a) => ({ time: a.logs.at(-1)?.time ?? a.createTime, amount: a.refundAmount }));

// ---- pricing a checkout

interface PricedShop extends CheckoutGroup {
  freight: number;
  deposit: number;
}
interface Priced {
  shops: PricedShop[];
  goodsNum: number;
  goodsTotal: number;
  freight: number;
  deposit: number;
  discount: number;
  couponDiscount: number;
  payable: number;
  coupon: { tpl: CouponTemplate; held: HeldCoupon } | null;
  coupons: CheckoutCoupon[];
}

const sum = <T>(list: T[], f: (x: T) => number): number => list.reduce((acc, x) => acc + f(x), 0);

/** What a coupon can take off these goods (after the shop activities), or why it cannot. */
function couponFit(tpl: CouponTemplate, shops: PricedShop[], now: number, scopeName: string): { base: number; reason: string } {
  const base = sum(
    shops.filter((g) => tpl.shop_id === 0 || g.shop_id === tpl.shop_id),
    (g) => g.goodsTotal - g.discount,
  );
  if (now < tpl.startTime) return { base, reason: '未到使用时间' };
  if (base === 0) return { base, reason: `仅限${scopeName}的商品使用` };
  if (base < tpl.threshold) return { base, reason: `商品金额未满 ${money(tpl.threshold)}` };
  return { base, reason: '' };
}

function price(s: State, uid: number, way: CartWay | 'QUOTE', couponId: number | undefined): Priced {
  // An accepted quote's lines are not the cart's: the quote domain prices them in order.confirming / order.creating.
  const shops: PricedShop[] = (way === 'QUOTE' ? [] : checkoutGroups(s, uid, way)).map((g) => ({
    ...g,
    freight: shopFreight(g.goodsTotal),
    deposit: sum(g.lines, (l) => depositOf(l.goods, l.sku) * l.num),
  }));
  const now = s.now();
  const coupons: CheckoutCoupon[] = [];
  let coupon: Priced['coupon'] = null;
  let couponDiscount = 0;
  for (const { tpl, held } of walletOf(s, uid)) {
    const view = couponView(tpl, held, now);
    if (view.status !== 'unused') continue;
    const fit = couponFit(tpl, shops, now, view.shopName);
    coupons.push({ ...view, usable: fit.reason === '', reason: fit.reason });
    if (tpl.couponId !== couponId) continue;
    if (fit.reason) throw new Fail(400, `优惠券不可用：${fit.reason}`);
    coupon = { tpl, held };
    couponDiscount = Math.min(tpl.reduction, fit.base);
  }
  if (couponId !== undefined && !coupon) throw new Fail(400, '优惠券不存在或已使用');
  const goodsTotal = sum(shops, (g) => g.goodsTotal);
  const discount = sum(shops, (g) => g.discount);
  const freight = sum(shops, (g) => g.freight);
  const deposit = sum(shops, (g) => g.deposit);
  return {
    shops,
    goodsNum: sum(shops, (g) => sum(g.lines, (l) => l.num)),
    goodsTotal,
    freight,
    deposit,
    discount,
    couponDiscount,
    payable: goodsTotal - discount - couponDiscount + freight + deposit,
    coupon,
    coupons,
  };
}

const lineRec = (l: CheckoutGroup['lines'][number]): OrderLineRec => ({
  sku_id: l.sku.sku_id,
  goods_id: l.goods.id,
  shop_id: l.goods.shop_id,
  shopName: l.goods.shopName,
  goodsName: l.goods.goodsName,
  thumbnail: l.goods.thumbnail,
  specs: specsOf(l.sku),
  unit: l.sku.unit,
  price: l.unit,
  num: l.num,
  deposit: depositOf(l.goods, l.sku),
  // The agreement and list price as placed: the order keeps them whatever the agreement does later.
  ...(l.agreed && { agreementNo: l.agreed.agreementNo, listPrice: cents(l.sku.price) }),
});

const lineOut = (l: OrderLineRec): OrderLine => ({
  ...l,
  price: yuan(l.price),
  subtotal: yuan(l.price * l.num),
  deposit: yuan(l.deposit),
  ...(l.listPrice !== undefined && { listPrice: yuan(l.listPrice) }),
});

// ---- order state

const payDeadline = (o: OrderRec): number => (o.payFrom ?? o.createTime) + PAY_WINDOW;
const unpaid = (o: OrderRec): boolean => o.status === 'NEW' || o.status === 'CONFIRM';
/** A slip was sent and the money is not confirmed yet: the order waits for the back office instead of timing out. */
const transferPending = (o: OrderRec): boolean => unpaid(o) && Boolean(o.transfer);
/** The code the member writes in the transfer's remark; derived from the order so it never changes. */
const transferReference = (o: OrderRec): string => `HQ${o.sn.slice(-10)}`;

function transferView(o: OrderRec): Transfer {
  return {
    ...PAYEE,
    reference: transferReference(o),
    amount: yuan(o.payable),
    status: o.payType === 'TRANSFER' && o.paidAt !== null ? 'CONFIRMED' : o.transfer ? 'AWAITING_CONFIRMATION' : 'AWAITING_SLIP',
    slip: o.transfer ? { url: o.transfer.slipUrl, name: o.transfer.slipName, submittedAt: o.transfer.submittedAt } : null,
    confirmedAt: o.payType === 'TRANSFER' ? o.paidAt : null,
  };
}

/** Marks an unpaid order paid (the payment provider's notice, or the back office confirming a transfer); its invoice is requested. */
function markPaid(s: State, o: OrderRec, by: PaidBy, note: string): void {
  advance(o, ['NEW', 'CONFIRM'], 'PAID_OFF', s.now(), note);
  o.payType = by;
  o.paidAt = s.now();
  if (o.invoice) requestInvoice(s, o.uid, { orderId: o.id, sn: o.sn, ...o.invoice, amount: o.payable - o.deposit });
}

/** Moves an order on, when it is in one of `from`. */
function advance(o: OrderRec, from: OrderStatus[], to: OrderStatus, time: number, note: string): void {
  if (!from.includes(o.status)) throw new Fail(400, NOT_ALLOWED);
  o.status = to;
  o.logs.push({ status: to, time, note });
}

/** Cancels an unpaid order: its stock and coupon come back. */
export function cancelUnpaid(s: State, o: OrderRec, reason: string, time: number): void {
  advance(o, ['NEW', 'CONFIRM'], 'CANCELLED', time, reason);
  o.cancelReason = reason;
  for (const l of o.lines) takeStock(s, l.sku_id, -l.num);
  if (o.coupon) restoreCoupon(s, o.uid, o.coupon.couponId);
}

/** Applies what time did since the order was last read: unpaid orders expire, received ones complete. */
function settle(s: State, o: OrderRec): OrderRec {
  const now = s.now();
  if (unpaid(o) && !transferPending(o) && !o.keepUnpaid && now >= payDeadline(o)) cancelUnpaid(s, o, '超时未支付', payDeadline(o));
  if (o.status === 'ROG' && o.receivedAt !== null && now >= o.receivedAt + AUTO_COMPLETE) {
    advance(o, ['ROG'], 'COMPLETE', o.receivedAt + AUTO_COMPLETE, '收货 7 天后自动完成');
  }
  return o;
}

/**
 * The member's orders created in [from, to) that are cancelled now, settled for the time passed: only the cancelled and the
 * unpaid past their window are loaded (index orders_uid_status), so the answer costs what the few cancelled ones cost, not
 * the month's orders (the company domain's month spend asks this at every checkout and once grew quadratic with it).
 */
export function cancelledOf(s: State, uid: number, from: number, to: number): Set<number> {
  // Two range scans of the index, one per status: with an OR of the statuses SQLite walks the member's whole month instead.
  const rows = s.db.all<{ id: number; status: string }>(
    `SELECT id, status FROM orders WHERE uid = ?1 AND status = 'CANCELLED' AND create_time >= ?2 AND create_time < ?3
     UNION ALL
     SELECT id, status FROM orders WHERE uid = ?1 AND status IN ('NEW', 'CONFIRM') AND create_time >= ?2 AND create_time < ?3 AND create_time <= ?4 AND transfer_at IS NULL`,
    uid,
    from,
    to,
    s.now() - PAY_WINDOW,
  );
  return new Set(rows.filter((r) => r.status === 'CANCELLED' || findOrder(s, r.id)?.status === 'CANCELLED').map((r) => r.id));
}

/** Settles every member's orders that time has moved on by `s.now()` (the sandbox clock's run-due). */
export function settleDue(s: State, uid?: number): number {
  const now = s.now();
  // `uid`: only that member's orders (the clock hook's `member`), so a test's clock leaves other members' orders alone.
  const mine = uid === undefined ? '' : ' AND uid = ?';
  const who = uid === undefined ? [] : [uid];
  const due = [
    ...s.db.all<{ id: number }>(
      `SELECT id FROM orders WHERE status IN ('NEW', 'CONFIRM') AND transfer_at IS NULL AND create_time <= ?${mine}`,
      now - PAY_WINDOW,
      ...who,
    ),
    ...s.db.all<{ id: number }>(`SELECT id FROM orders WHERE status = 'ROG' AND received_at <= ?${mine}`, now - AUTO_COMPLETE, ...who),
  ];
  return due.filter(({ id }) => {
    const o = orderById(s, id)!;
    const before = o.status;
    return settle(s, o).status !== before;
  }).length;
}

/**
 * An order the backend placed for the member that waited for payment without a timeout (a tank's replenishment while the tank
 * was below its reorder point) gets the usual payment window from now on.
 */
export function releaseUnpaid(s: State, orderId: number): void {
  const o = orderById(s, orderId);
  if (!o?.keepUnpaid || !unpaid(o)) return;
  o.keepUnpaid = false;
  o.payFrom = s.now();
}

/** Settles the member's orders that time has moved on (found by index, not by reading every order). */
function settleMine(s: State, uid: number): void {
  const now = s.now();
  const due = [
    ...s.db.all<{ id: number }>(
      "SELECT id FROM orders WHERE uid = ? AND status IN ('NEW', 'CONFIRM') AND transfer_at IS NULL AND create_time <= ?",
      uid,
      now - PAY_WINDOW,
    ),
    ...s.db.all<{ id: number }>("SELECT id FROM orders WHERE uid = ? AND status = 'ROG' AND received_at <= ?", uid, now - AUTO_COMPLETE),
  ];
  for (const { id } of due) settle(s, orderById(s, id)!);
}

function bySn(s: State, uid: number, sn: string | undefined): OrderRec {
  const row = s.db.get<{ id: number }>('SELECT id FROM orders WHERE uid = ? AND sn = ?', uid, sn ?? '');
  const o = row && orderById(s, row.id);
  if (!o) throw new Fail(404, '订单不存在');
  return settle(s, o);
}

function byId(s: State, uid: number | null, raw: string | undefined): OrderRec {
  const row = /^\d{1,20}$/.test(raw ?? '')
    ? s.db.get<{ id: number }>(
        'SELECT id FROM orders WHERE (id = ? OR sn = ?) AND (? IS NULL OR uid = ?) ORDER BY id LIMIT 1',
        Number(raw),
        raw!,
        uid,
        uid,
      )
    : undefined;
  const o = row && orderById(s, row.id);
  if (!o) throw new Fail(404, '订单不存在');
  return settle(s, o);
}

/** Statuses in which a member may apply for each kind of after-sales. */
const AFTER_SALE_FROM: Record<AfterSaleType, OrderStatus[]> = {
  RETURN: ['ROG', 'COMPLETE'],
  EXCHANGE: ['ROG', 'COMPLETE'],
  CYLINDER_RETURN: ['ROG', 'COMPLETE'],
  REFUND: ['PAID_OFF', 'ROG', 'COMPLETE'],
};
const baseStatus = (o: OrderRec): OrderStatus => (o.status === 'AFTER_SERVICE' ? (o.prevStatus ?? o.status) : o.status);

function actionsOf(o: OrderRec): OrderAction[] {
  if (transferPending(o)) return [];
  if (unpaid(o)) return ['PAY', 'CANCEL'];
  if (o.status === 'SHIPPED') return ['RECEIVE'];
  return AFTER_SALE_FROM.REFUND.includes(baseStatus(o)) ? ['AFTERSALE'] : [];
}

/** The status label; an order on account (domains/credit.ts) is not paid, so its PAID_OFF reads 待发货（账期支付）. */
export const statusTextOf = (o: OrderRec): string =>
  o.status === 'PAID_OFF' && o.payType === 'CREDIT' ? '待发货（账期支付）' : ORDER_STATUS_LABEL[o.status];

function summary(o: OrderRec): OrderSummary {
  return {
    orderId: o.id,
    sn: o.sn,
    status: o.status,
    statusText: statusTextOf(o),
    createTime: o.createTime,
    goodsNum: sum(o.lines, (l) => l.num),
    payable: yuan(o.payable),
    lines: o.lines.map(lineOut),
    actions: actionsOf(o),
    payDeadline: unpaid(o) && !transferPending(o) ? payDeadline(o) : null,
  };
}

function detail(o: OrderRec): OrderDetail {
  return {
    ...summary(o),
    goodsTotal: yuan(o.goodsTotal),
    freight: yuan(o.freight),
    deposit: yuan(o.deposit),
    discount: yuan(o.discount),
    couponDiscount: yuan(o.couponDiscount),
    coupon: o.coupon,
    address: o.address,
    invoice: o.invoice,
    remark: o.remark,
    logs: o.logs.map((l) => ({ ...l, statusText: ORDER_STATUS_LABEL[l.status] })),
    cancelReason: o.cancelReason,
    payType: o.payType,
    paidAt: o.paidAt,
    delivery: o.delivery,
    receivedAt: o.receivedAt,
  };
}

const created = (o: OrderRec) => ({ sn: o.sn, orderId: o.id, payable: yuan(o.payable), status: o.status });

function qrView(o: OrderRec, payType: PayType, qr: QrRec): QrCode {
  return { payType, codeUrl: qr.codeUrl, expiresAt: qr.expiresAt, payable: yuan(o.payable) };
}

const token = (bytes: number): string => randomBytes(bytes).toString('hex');

// ---- after-sales

const OPEN: AfterSaleStatus[] = ['APPLY', 'PASS'];
/** Goods returns and cylinder returns are counted apart: a member may return the gas, the cylinder, or both. */
const kind = (t: AfterSaleType): string => (t === 'CYLINDER_RETURN' ? 'cylinder' : 'goods');

function afterSaleView(a: AfterSaleRec): AfterSale {
  const { uid: _uid, refundAmount, ...rest } = a;
  return {
    ...rest,
    description: rest.description ?? '',
    refundAmount: yuan(refundAmount),
    actions: a.status === 'APPLY' ? ['CANCEL'] : [],
  };
}

function afterSaleOf(s: State, uid: number | null, raw: string | undefined): AfterSaleRec {
  const found = /^\d{1,12}$/.test(raw ?? '') ? afterSaleById(s, Number(raw)) : null;
  const a = found && (uid === null || found.uid === uid) ? found : null;
  if (!a) throw new Fail(404, '售后申请不存在');
  return a;
}

function moveAfterSale(a: AfterSaleRec, from: AfterSaleStatus[], to: AfterSaleStatus, time: number, note: string, refusal: string): void {
  if (!from.includes(a.status)) throw new Fail(400, refusal);
  a.status = to;
  a.logs.push({ status: to, time, note });
}

/** When an order's last open after-sales ends, the order goes back to where it was; a paid order refunded in full is cancelled. */
function endAfterService(s: State, orderId: number): void {
  const o = orderById(s, orderId);
  if (!o || o.status !== 'AFTER_SERVICE' || !o.prevStatus) return;
  const mineList = afterSalesOfOrder(s, orderId);
  if (mineList.some((a) => OPEN.includes(a.status))) return;
  const refunded = (skuId: number) =>
    sum(
      mineList.filter((a) => a.sku_id === skuId && a.status === 'COMPLETE' && (a.type === 'REFUND' || a.type === 'RETURN')),
      (a) => a.num,
    );
  const back = o.prevStatus;
  o.prevStatus = null;
  if (back === 'PAID_OFF' && o.lines.every((l) => refunded(l.sku_id) >= l.num)) {
    o.cancelReason = '已全额退款';
    advance(o, ['AFTER_SERVICE'], 'CANCELLED', s.now(), '已全额退款');
  } else {
    advance(o, ['AFTER_SERVICE'], back, s.now(), '售后结束');
  }
}

// ---- hooks' bodies

const PayHook = v.object({ payType: v.optional(PayType) });
const ScanHook = v.object({ payType: PayType });
const ShipHook = v.object({
  company: v.optional(v.pipe(v.string(), v.nonEmpty('请输入物流公司')), '顺丰速运'),
  trackingNo: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{6,30}$/, '物流单号格式错误'))),
});
const ReviewHook = v.object({
  result: v.picklist(['PASS', 'REFUSE', 'COMPLETE'], 'result 只能是 PASS、REFUSE 或 COMPLETE'),
  note: v.optional(v.string(), ''),
});

// Account deletion (domains/privacy.ts): unfinished orders block it; when due, orders and after-sales stay as accounting
// vouchers (src/features/privacy/rules.ts RETENTION_RULES) without the consignee, remark, slip, description or photos.
function onMemberClosing({ db, uid, facts }: SandboxEvents['member.closing']) {
  const open = db.all<{ sn: string }>(
    "SELECT sn FROM orders WHERE uid = ? AND status IN ('NEW', 'CONFIRM', 'PAID_OFF', 'SHIPPED', 'AFTER_SERVICE', 'APPROVAL') ORDER BY create_time DESC",
    uid,
  );
  facts.openOrders.push(...open.map((o) => o.sn));
  facts.openAftersales += db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM after_sales WHERE uid = ? AND status IN ('APPLY', 'PASS')",
    uid,
  )!.n;
}

function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  for (const o of db.all<{ id: number; data: string }>('SELECT id, data FROM orders WHERE uid = ?', uid))
    db.run('UPDATE orders SET data = ? WHERE id = ?', JSON.stringify(scrubOrder(JSON.parse(o.data) as OrderData)), o.id);
  db.run("UPDATE order_logs SET note = '' WHERE order_id IN (SELECT id FROM orders WHERE uid = ?)", uid);
  for (const a of db.all<{ id: number; data: string }>('SELECT id, data FROM after_sales WHERE uid = ?', uid))
    db.run(
      'UPDATE after_sales SET data = ? WHERE id = ?',
      JSON.stringify(scrubAfterSale(JSON.parse(a.data) as { description?: string; images: string[] })),
      a.id,
    );
  db.run('DELETE FROM order_keys WHERE uid = ?', uid);
}

function seedOrder(s: Seeding) {
  for (const o of seedOrders(s.at).list) insertOrder(s, o);
}

function confirm(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.confirm>) => {
    const uid = ctx.uid!;
    const { way, addressId, couponId, invoiceId } = ctx.input;
    const p = price(ctx, uid, way, couponId);
    const addresses = addressesOf(ctx, uid);
    const address = addressId === undefined ? (addresses[0] ?? null) : addresses.find((a) => a.id === addressId);
    if (address === undefined) throw new Fail(400, '收货地址不存在');
    const titles = invoiceTitlesOf(ctx, uid);
    const invoice = invoiceId === undefined ? (titles.find((t) => t.isDefault === 1) ?? null) : titles.find((t) => t.id === invoiceId);
    if (invoice === undefined) throw new Fail(400, '发票抬头不存在');
    const checkout: Checkout = {
      way,
      shops: p.shops.map((g) => ({
        shop_id: g.shop_id,
        shopName: g.shopName,
        sku_list: g.lines.map((l) => lineOut(lineRec(l))),
        goodsTotal: yuan(g.goodsTotal),
        freight: yuan(g.freight),
        deposit: yuan(g.deposit),
        activity: g.activity && { activity_id: g.activity.activity_id, title: g.activity.title },
        discount: yuan(g.discount),
        subtotal: yuan(g.goodsTotal - g.discount + g.freight + g.deposit),
      })),
      goodsNum: p.goodsNum,
      goodsTotal: yuan(p.goodsTotal),
      freight: yuan(p.freight),
      deposit: yuan(p.deposit),
      discount: yuan(p.discount),
      couponDiscount: yuan(p.couponDiscount),
      payable: yuan(p.payable),
      freightRule: FREIGHT_RULE,
      address,
      coupons: p.coupons,
      coupon: p.coupon && couponView(p.coupon.tpl, p.coupon.held, ctx.now()),
      invoice,
      companyReady: companyApproved(ctx, uid),
    };
    sb.emit('order.confirming', { db: ctx.db, now: ctx.now(), uid, input: ctx.input, checkout });
    return checkout;
  };
}

function create(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.create>) => {
    const uid = ctx.uid!;
    const way = ctx.params.type;
    if (way !== 'CART' && way !== 'BUY_NOW' && way !== 'QUOTE') throw new Fail(400, '下单方式错误');
    const key = ctx.request.headers.get('idempotency-key');
    if (key !== null && !isIdempotencyKey(key)) throw new Fail(400, '幂等键格式错误');
    // The same key answers the order it created: a double-clicked submit places one order.
    const keyed =
      key === null ? undefined : ctx.db.get<{ order_id: number }>('SELECT order_id FROM order_keys WHERE uid = ? AND key = ?', uid, key);
    const earlier = keyed && orderById(ctx, keyed.order_id);
    if (earlier) return created(settle(ctx, earlier));

    requireApprovedCompany(ctx, uid);
    const { addressId, couponId, invoiceId, remark } = ctx.input;
    const address = addressesOf(ctx, uid).find((a) => a.id === addressId);
    if (!address) throw new Fail(400, '收货地址不存在');
    const title = invoiceId === undefined ? null : invoiceTitlesOf(ctx, uid).find((t) => t.id === invoiceId);
    if (title === undefined) throw new Fail(400, '发票抬头不存在');
    const p = price(ctx, uid, way, couponId);
    // The member confirmed an amount; prices, stock or coupons that moved since must be seen before ordering.
    if (way !== 'QUOTE' && ctx.input.payable !== undefined && cents(ctx.input.payable) !== p.payable) {
      throw new Fail(PRICE_CHANGED, `订单金额已变化（现为 ${money(p.payable)}），请核对后重新提交`);
    }
    const o = storeOrder(sb, ctx, {
      uid,
      way,
      lines: p.shops.flatMap((g) => g.lines.map(lineRec)),
      totals: p,
      coupon: p.coupon && { couponId: p.coupon.tpl.couponId, title: p.coupon.tpl.title },
      address,
      title,
      remark,
      note: '提交订单',
      input: ctx.input,
      within: (order) => {
        if (way !== 'QUOTE')
          removeOrdered(
            ctx,
            uid,
            way,
            order.lines.map((l) => l.sku_id),
          );
        if (order.coupon) useCoupon(ctx, uid, order.coupon.couponId, order.sn);
        if (key !== null) ctx.db.insert('order_keys', { uid, key, order_id: order.id });
      },
    });
    return created(o);
  };
}

function list(ctx: RouteCtx<typeof contract.list>) {
  const uid = ctx.uid!;
  const { status, pageNumber, pageSize } = ctx.input;
  settleMine(ctx, uid);
  const filter = status ? 'uid = ? AND status = ?' : 'uid = ? AND ? IS NULL';
  const total = ctx.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM orders WHERE ${filter}`, uid, status || null)!.n;
  const ids = ctx.db.all<{ id: number }>(
    `SELECT id FROM orders WHERE ${filter} ORDER BY create_time DESC, id ASC LIMIT ? OFFSET ?`,
    uid,
    status || null,
    pageSize,
    (pageNumber - 1) * pageSize,
  );
  return { list: ids.map((r) => summary(orderById(ctx, r.id)!)), total, pageNumber, pageSize };
}

function counts(ctx: RouteCtx<typeof contract.counts>) {
  settleMine(ctx, ctx.uid!);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as OrderCounts;
  for (const r of ctx.db.all<{ status: OrderStatus; n: number }>(
    'SELECT status, COUNT(*) AS n FROM orders WHERE uid = ? GROUP BY status',
    ctx.uid!,
  ))
    counts[r.status] = r.n;
  return counts;
}

function detailRoute(ctx: RouteCtx<typeof contract.detail>) {
  return detail(bySn(ctx, ctx.uid!, ctx.params.sn));
}

function cancel(ctx: RouteCtx<typeof contract.cancel>) {
  const o = bySn(ctx, ctx.uid!, ctx.params.sn);
  cancelUnpaid(ctx, o, ctx.input.reason, ctx.now());
  return detail(o);
}

function receive(ctx: RouteCtx<typeof contract.receive>) {
  const o = bySn(ctx, ctx.uid!, ctx.params.sn);
  receiveOrder(ctx, o, '确认收货');
  return detail(o);
}

function qrCode(ctx: RouteCtx<typeof contract.qrCode>) {
  const o = byId(ctx, ctx.uid!, ctx.params.id);
  if (o.paidAt !== null) throw new Fail(400, '订单已支付，请勿重复支付');
  if (!unpaid(o)) throw new Fail(400, NOT_ALLOWED);
  if (transferPending(o)) throw new Fail(400, TRANSFER_PENDING);
  const { payType } = ctx.input;
  const now = ctx.now();
  const live = o.qr[payType];
  if (live && now < live.expiresAt) return qrView(o, payType, live);
  const qr: QrRec = {
    codeUrl: payType === 'WECHAT' ? `weixin://wxpay/bizpayurl?pr=${token(6)}` : `https://qr.alipay.com/bax0${token(10)}`,
    issuedAt: now,
    expiresAt: Math.min(now + QR_LIFETIME, payDeadline(o)),
    scanned: false,
  };
  o.qr[payType] = qr;
  return qrView(o, payType, qr);
}

function qrStatus(ctx: RouteCtx<typeof contract.qrStatus>) {
  const o = byId(ctx, ctx.uid!, ctx.params.id);
  const qr = o.qr[ctx.input.payType];
  if (!qr) throw new Fail(400, '请先获取支付二维码');
  // A lapsed code reads EXPIRED even when the lapse also timed the order out; CLOSED is an order cancelled while its code was live.
  const status: QrStatus =
    o.paidAt !== null
      ? 'PAID'
      : ctx.now() >= qr.expiresAt
        ? 'EXPIRED'
        : o.status === 'CANCELLED'
          ? 'CLOSED'
          : qr.scanned
            ? 'SCANNED'
            : 'WAITING';
  return { status };
}

// The payment provider's notice: the order is paid (by the QR shown last unless payType says otherwise).
function hookOrdersPay(ctx: Ctx<unknown>) {
  const body = parseOrFail(PayHook, ctx.input);
  const o = byId(ctx, null, ctx.params.id);
  const shown = (Object.entries(o.qr) as [PayType, QrRec][]).sort((a, b) => b[1].issuedAt - a[1].issuedAt)[0]?.[0];
  const payType = body.payType ?? shown ?? 'WECHAT';
  markPaid(ctx, o, payType, `${PAY_TYPE_LABEL[payType]}支付成功`);
  return detail(o);
}

// The back office sees the transferred money arrive and confirms the order's bank transfer.
function hookOrdersConfirmTransfer(ctx: Ctx<unknown>) {
  const o = byId(ctx, null, ctx.params.id);
  if (!transferPending(o)) throw new Fail(400, '该订单没有待确认的对公转账');
  markPaid(ctx, o, 'TRANSFER', `对公转账已到账（${transferReference(o)}）`);
  return detail(o);
}

function transfer(ctx: RouteCtx<typeof contract.transfer>) {
  const o = bySn(ctx, ctx.uid!, ctx.params.sn);
  if (!unpaid(o) && o.payType !== 'TRANSFER') throw new Fail(400, NOT_ALLOWED);
  return transferView(o);
}

function submitTransfer(ctx: RouteCtx<typeof contract.submitTransfer>) {
  const o = bySn(ctx, ctx.uid!, ctx.params.sn);
  if (o.paidAt !== null) throw new Fail(400, '订单已支付，请勿重复支付');
  if (!unpaid(o)) throw new Fail(400, NOT_ALLOWED);
  // Only a file this member uploaded counts as the slip.
  const upload = findUpload(ctx.db, ctx.input.slipUrl, o.uid);
  if (!upload) throw new Fail(400, '请先上传汇款凭证');
  const first = !o.transfer;
  o.transfer = { slipUrl: upload.url, slipName: ctx.input.slipName || upload.name, submittedAt: ctx.now() };
  if (first) o.logs.push({ status: o.status, time: ctx.now(), note: '已提交对公转账凭证，等待财务确认' });
  return transferView(o);
}

// The member scanned the code and has not confirmed on the phone yet.
function hookOrdersScan(ctx: Ctx<unknown>) {
  const { payType } = parseOrFail(ScanHook, ctx.input);
  const o = byId(ctx, null, ctx.params.id);
  const qr = o.qr[payType];
  if (!qr) throw new Fail(400, '请先获取支付二维码');
  qr.scanned = true;
  return qrView(o, payType, qr);
}

// Time passes for a received order: it completes now instead of 7 days after receipt (tests of what follows completion).
function hookOrdersComplete(ctx: Ctx<unknown>) {
  const o = byId(ctx, null, ctx.params.id);
  advance(o, ['ROG'], 'COMPLETE', ctx.now(), '收货 7 天后自动完成');
  return detail(o);
}

// The warehouse ships a paid order; its invoice is issued with it.
function hookOrdersShip(sb: Sandbox) {
  return (ctx: Ctx<unknown>) => {
    const body = parseOrFail(ShipHook, ctx.input);
    const o = byId(ctx, null, ctx.params.id);
    shipOrder(sb, ctx, o, body.company, body.trackingNo);
    return detail(o);
  };
}

/** Ships a paid order (the ship hook; the delivery domain when its first shipment is loaded): its invoice is issued and the cylinder domain gives it serials (answered per line position). */
export function shipOrder(sb: Sandbox, s: State, o: OrderRec, company: string, trackingNo?: string): Map<number, string[]> {
  const no = trackingNo ?? `SF${String(1_400_000_000_000 + o.id * 7_919)}`;
  advance(o, ['PAID_OFF'], 'SHIPPED', s.now(), `${company} ${no}`);
  o.delivery = { company, trackingNo: no, shippedAt: s.now() };
  issueInvoice(s, o.uid, o.id);
  const serials = new Map<number, string[]>();
  sb.emit('order.shipped', { db: s.db, now: s.now(), order: o, serials });
  return serials;
}

/** Receives a shipped order (the member's confirmation; the delivery domain when its last shipment is signed): points follow. */
export function receiveOrder(s: State, o: OrderRec, note: string): void {
  advance(o, ['SHIPPED'], 'ROG', s.now(), note);
  o.receivedAt = s.now();
  // One point per yuan of goods and freight; the deposit earns none.
  addPoints(s, o.uid, Math.floor((o.payable - o.deposit) / 100), `订单 ${o.sn} 确认收货`);
}

/**
 * Cancels an order before it ships (the delivery domain's cancel before loading, a punchout OrderRequest's update or delete):
 * unpaid as the member's cancel, paid with its payment returned, on account (domains/credit.ts) with nothing to return.
 */
export function cancelBeforeShipping(s: State, o: OrderRec, reason: string): void {
  if (unpaid(o)) return cancelUnpaid(s, o, reason, s.now());
  advance(o, ['PAID_OFF'], 'CANCELLED', s.now(), `${reason}${o.payType === 'CREDIT' ? '（账期订单，不计入对账单）' : '（款项原路退回）'}`);
  o.cancelReason = reason;
  for (const l of o.lines) takeStock(s, l.sku_id, -l.num);
}

function afterSales(ctx: RouteCtx<typeof memberContract.afterSales>) {
  const { status, pageNumber, pageSize } = ctx.input;
  const filter = status ? 'uid = ? AND status = ?' : 'uid = ? AND ? IS NULL';
  const total = ctx.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM after_sales WHERE ${filter}`, ctx.uid!, status || null)!.n;
  const rows = ctx.db.all<AfterSaleRow>(
    `SELECT ${AFTER_SALE_COLUMNS} FROM after_sales WHERE ${filter} ORDER BY create_time DESC, id ASC LIMIT ? OFFSET ?`,
    ctx.uid!,
    status || null,
    pageSize,
    (pageNumber - 1) * pageSize,
  );
  return { list: rows.map((r) => afterSaleView(afterSaleFrom(r))), total, pageNumber, pageSize };
}

function afterSale(ctx: RouteCtx<typeof memberContract.afterSale>) {
  return afterSaleView(afterSaleOf(ctx, ctx.uid!, ctx.params.id));
}

function applyAfterSale(ctx: RouteCtx<typeof memberContract.applyAfterSale>) {
  const uid = ctx.uid!;
  const { sn, skuId, type, reason, description, num, images } = ctx.input;
  const o = bySn(ctx, uid, sn);
  if (!AFTER_SALE_FROM[type].includes(baseStatus(o))) throw new Fail(400, '当前订单状态不允许申请售后');
  const line = o.lines.find((l) => l.sku_id === skuId);
  if (!line) throw new Fail(400, '订单中没有该商品');
  if (type === 'CYLINDER_RETURN' && line.deposit === 0) throw new Fail(400, '该商品没有可退还的钢瓶');
  const earlier = afterSalesOfOrder(ctx, o.id).filter((a) => a.sku_id === skuId && kind(a.type) === kind(type));
  if (earlier.some((a) => OPEN.includes(a.status))) throw new Fail(400, '该商品已有进行中的售后申请');
  const left =
    line.num -
    sum(
      earlier.filter((a) => a.status === 'COMPLETE'),
      (a) => a.num,
    );
  if (num > left) throw new Fail(400, left > 0 ? `申请数量不能超过 ${left}` : '该商品已无可申请售后的数量');

  const now = ctx.now();
  const rec: AfterSaleRec = {
    id: ctx.db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM after_sales')!.id,
    uid,
    orderId: o.id,
    sn: o.sn,
    sku_id: skuId,
    goodsName: line.goodsName,
    thumbnail: line.thumbnail,
    specs: line.specs,
    type,
    reason,
    description,
    num,
    images,
    refundAmount: type === 'CYLINDER_RETURN' ? line.deposit * num : type === 'EXCHANGE' ? 0 : line.price * num,
    status: 'APPLY',
    createTime: now,
    logs: [{ status: 'APPLY', time: now, note: '提交售后申请' }],
  };
  ctx.db.insert('after_sales', afterSaleColumns(rec));
  if (o.status !== 'AFTER_SERVICE') {
    o.prevStatus = o.status;
    advance(o, AFTER_SALE_FROM[type], 'AFTER_SERVICE', now, '申请售后');
  }
  return afterSaleView(rec);
}

function cancelAfterSale(ctx: RouteCtx<typeof memberContract.cancelAfterSale>) {
  const a = afterSaleOf(ctx, ctx.uid!, ctx.params.id);
  moveAfterSale(a, ['APPLY'], 'CANCELLED', ctx.now(), '会员撤销申请', '当前售后状态不允许撤销');
  endAfterService(ctx, a.orderId);
  return afterSaleView(a);
}

// Customer service reviews an application (PASS or REFUSE) and later completes it.
function hookAftersalesReview(sb: Sandbox) {
  return (ctx: Ctx<unknown>) => {
    const { result, note } = parseOrFail(ReviewHook, ctx.input);
    const a = afterSaleOf(ctx, null, ctx.params.id);
    const from: AfterSaleStatus[] = result === 'COMPLETE' ? ['APPLY', 'PASS'] : ['APPLY'];
    const fallback = { PASS: '审核通过', REFUSE: '审核未通过', COMPLETE: '售后完成' }[result];
    moveAfterSale(a, from, result, ctx.now(), note || fallback, '当前售后状态不允许该操作');
    endAfterService(ctx, a.orderId);
    const o = findOrder(ctx, a.orderId);
    if (result === 'COMPLETE' && o) sb.emit('aftersale.completed', { db: ctx.db, now: ctx.now(), order: o, afterSale: a });
    return afterSaleView(a);
  };
}

export function install(sb: Sandbox): void {
  sb.listen('member.closing', onMemberClosing);
  sb.listen('member.erasing', onMemberErasing);
  sb.seed('order', seedOrder);
  sb.on(contract.confirm, confirm(sb));
  sb.on(contract.create, create(sb));
  sb.on(contract.list, list);
  sb.on(contract.counts, counts);
  sb.on(contract.detail, detailRoute);
  sb.on(contract.cancel, cancel);
  sb.on(contract.receive, receive);
  sb.on(contract.qrCode, qrCode);
  sb.on(contract.qrStatus, qrStatus);
  sb.hook('POST', '/orders/{id}/pay', hookOrdersPay);
  sb.hook('POST', '/orders/{id}/confirm-transfer', hookOrdersConfirmTransfer);
  sb.on(contract.transfer, transfer);
  sb.on(contract.submitTransfer, submitTransfer);
  sb.hook('POST', '/orders/{id}/scan', hookOrdersScan);
  sb.hook('POST', '/orders/{id}/complete', hookOrdersComplete);
  sb.hook('POST', '/orders/{id}/ship', hookOrdersShip(sb));
  sb.on(memberContract.afterSales, afterSales);
  sb.on(memberContract.afterSale, afterSale);
  sb.on(memberContract.applyAfterSale, applyAfterSale);
  sb.on(memberContract.cancelAfterSale, cancelAfterSale);
  sb.hook('POST', '/aftersales/{id}/review', hookAftersalesReview(sb));
}

/**
 * An order the backend places for a member by itself (a bulk tank's automatic replenishment, the tank domain): the checks,
 * listeners (company approvals and PO numbers, hazmat permits), stock and storage of `order/create`, for SKU lines at their
 * list or agreed price with the member's default invoice title; no cart, no coupon. `input` is what the listeners read (poNumber,
 * costCentre). Throws `Fail` with the order path's own message when a rule refuses it; nothing is stored then.
 */
export function placeOrder(
  sb: Sandbox,
  s: State,
  req: {
    uid: number;
    lines: { skuId: number; num: number }[];
    addressId: number;
    remark: string;
    input?: Record<string, unknown>;
    /** Not cancelled by the unpaid timeout until `releaseUnpaid` (a tank below its reorder point needs the delivery). */
    keepUnpaid?: boolean;
  },
): OrderRec {
  const { uid } = req;
  requireApprovedCompany(s, uid);
  const address = addressesOf(s, uid).find((a) => a.id === req.addressId) ?? addressesOf(s, uid)[0];
  if (!address) throw new Fail(400, '收货地址不存在');
  const title = invoiceTitlesOf(s, uid).find((t) => t.isDefault === 1) ?? null;
  const lines = req.lines.map(({ skuId, num }) => {
    const found = findSku(s, skuId);
    if (!found) throw new Fail(400, '商品不存在或已下架');
    // The member's agreed price when the company's agreement covers the SKU, as a checkout would charge.
    return lineRec({ goods: found.goods, sku: found.sku, num, ...unitCents(s, uid, found.sku, num) });
  });
  const goodsTotal = sum(lines, (l) => l.price * l.num);
  const freight = shopFreight(goodsTotal);
  const deposit = sum(lines, (l) => l.deposit * l.num);
  const totals = { goodsTotal, freight, deposit, discount: 0, couponDiscount: 0, payable: goodsTotal + freight + deposit };
  return storeOrder(sb, s, {
    uid,
    way: 'BUY_NOW',
    lines,
    totals,
    coupon: null,
    address,
    title,
    remark: req.remark,
    note: '系统自动下单',
    input: req.input ?? {},
    keepUnpaid: req.keepUnpaid,
  });
}

/** Only an approved company orders: the same refusal for the member's own orders and those placed on their behalf. */
function requireApprovedCompany(s: State, uid: number): void {
  const company = companyOf(s, uid);
  if (!company) throw new Fail(400, '请先在会员中心上传企业信息');
  if (company.status !== 'APPROVED')
    throw new Fail(400, company.status === 'PENDING' ? '企业信息审核中，审核通过后即可下单' : '企业信息审核未通过，请在会员中心重新提交');
}

/** An order as its maker priced it: the member's checkout (`create`) or a placement on their behalf (`placeOrder`). */
interface OrderDraft {
  uid: number;
  way: OrderRec['way'];
  lines: OrderLineRec[];
  totals: Pick<OrderRec, 'goodsTotal' | 'freight' | 'deposit' | 'discount' | 'couponDiscount' | 'payable'>;
  coupon: OrderRec['coupon'];
  address: Pick<Address, 'name' | 'phone' | 'regionText' | 'detail'>;
  title: Pick<InvoiceTitle, 'type' | 'titleType' | 'title' | 'taxNo'> | null;
  remark: string;
  /** The first log line's note. */
  note: string;
  /** The validated body, handed to the `order.creating` listeners. */
  input: Record<string, unknown>;
  keepUnpaid?: boolean;
  /** The maker's own writes for this order (cart, coupon, idempotency key), inside the order's transaction. */
  within?: (o: OrderRec) => void;
}

/** Stores a new order: the one path every order takes, whoever makes it, so the `order.creating` rules and the stock hold for all. */
function storeOrder(sb: Sandbox, s: State, d: OrderDraft): OrderRec {
  const now = s.now();
  const id = s.db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM orders')!.id;
  const { address, title } = d;
  const o: OrderRec = {
    id,
    sn: orderSn(now, id),
    uid: d.uid,
    status: 'NEW',
    prevStatus: null,
    way: d.way,
    createTime: now,
    lines: d.lines,
    goodsTotal: d.totals.goodsTotal,
    freight: d.totals.freight,
    deposit: d.totals.deposit,
    discount: d.totals.discount,
    couponDiscount: d.totals.couponDiscount,
    payable: d.totals.payable,
    coupon: d.coupon,
    address: { name: address.name, phone: address.phone, regionText: address.regionText, detail: address.detail },
    invoice: title && { type: title.type, titleType: title.titleType, title: title.title, taxNo: title.taxNo },
    remark: d.remark,
    logs: [{ status: 'NEW', time: now, note: d.note }],
    cancelReason: '',
    payType: null,
    paidAt: null,
    delivery: null,
    receivedAt: null,
    qr: {},
    ...(d.keepUnpaid ? { keepUnpaid: true } : {}),
  };
  // One unit: a refusal by a feature's listener or by the stock undoes what the listeners before it wrote for this order.
  s.db.nested(() => {
    sb.emit('order.creating', { db: s.db, now, uid: d.uid, input: d.input, order: o });
    // Checked and taken inside this transaction: concurrent orders for the last units never oversell (a quote's order waits for its price).
    if (d.way !== 'QUOTE') for (const l of o.lines) takeStock(s, l.sku_id, l.num, l.goodsName);
    d.within?.(o);
    insertOrder(s, o);
  });
  return o;
}
