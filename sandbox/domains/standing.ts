/**
 * Sandbox domain: standing orders (standing_part, contract/standing.ts). A member's standing order of cylinder goods with its
 * cadence; occurrences skipped or changed before their cut-off; at the cut-off (the run-due hook, and a timer in the HTTP
 * server) each due occurrence is ordered through the order domain's own create call (BUY_NOW with the standing order's SKU,
 * so stock, deposits, hazmat permits and company approvals apply), once: the row (standing_id, date) is the occurrence's
 * primary key and the order's idempotency key names it too. A refusal is recorded on the occurrence and sent to the member's
 * messages with what to do; the standing order stays. Shipping an order of a standing order with empties collected makes the
 * cylinder domain take back as many of the member's cylinders of that SKU (the exchange its ledger counts).
 */
import { chinaDay } from '#src/shared/formats/china-time.ts';
import * as v from 'valibot';
import { order as orderContract, type Created } from '#src/shared/api/contract/order.ts';
import {
  OCCURRENCE_STATE_LABEL,
  STANDING_LIMIT,
  STANDING_STATUS_LABEL,
  WINDOW_LABEL,
  standing as contract,
  type Cadence,
  type DeliveryWindow,
  type Occurrence,
  type OccurrenceState,
  type StandingOptions,
  type StandingOrder,
  type StandingStatus,
} from '#src/shared/api/contract/standing.ts';
import {
  cadenceText,
  dateText,
  dueBetween,
  upcoming,
  occurrenceOf,
  falls,
  cutoffText,
  type Occurrence as Occ,
  type Schedule,
} from '#src/features/standing/schedule.ts';
import { Fail, parseOrFail, type Ctx, type Sandbox, type SandboxEvents, type RouteCtx } from '../app.ts';
import { agreedOf, depositOf, findGoods, findSku, specsOf, yuan, type State } from '../commerce.ts';
import { unitFenAt } from '#src/features/prices/rules.ts';
import type { Db } from '../db.ts';
import { addMessage } from './auth.ts';
import { cartOf } from './cart.ts';
import { orderRules } from './company.ts';
import { collectOnDelivery } from './cylinders.ts';
import { addressesOf } from './member.ts';
import { viewOn } from './site.ts';

const FEATURE = 'standing_part';
const NOT_FOUND = '定期订单不存在';
/** The sandbox's timer: due occurrences are ordered within a minute of their cut-off. */
export const RUN_EVERY_MS = 60_000;

interface StandingData {
  skuId: number;
  goodsId: number;
  quantity: number;
  cadence: Cadence;
  weekdays: number[];
  monthDay: number;
  window: DeliveryWindow;
  addressId: number;
  poNumber: string;
  costCentre: string;
  collectEmpties: boolean;
  remark: string;
  startDate: string;
}
interface StandingRow {
  id: number;
  uid: number;
  no: string;
  status: StandingStatus;
  /** Occurrences whose cut-off is after this instant are ordered (creation, resume, an edit's own time). */
  due_from: number;
  create_time: number;
  data: string;
}
interface Rec extends StandingData {
  id: number;
  uid: number;
  no: string;
  status: StandingStatus;
  dueFrom: number;
  createTime: number;
}
interface OccRow {
  standing_id: number;
  date: string;
  state: Exclude<OccurrenceState, 'PLANNED'>;
  quantity: number | null;
  order_sn: string | null;
  note: string;
  time: number;
}

const recOf = (r: StandingRow): Rec => ({
  ...(JSON.parse(r.data) as StandingData),
  id: r.id,
  uid: r.uid,
  no: r.no,
  status: r.status,
  dueFrom: r.due_from,
  createTime: r.create_time,
});
function save(db: Db, r: Rec): void {
  const { id, uid, no, status, dueFrom, createTime, ...data } = r;
  db.upsert('standing_orders', { id, uid, no, status, due_from: dueFrom, create_time: createTime, data: JSON.stringify(data) }, ['id']);
}
const scheduleOf = (r: Rec): Schedule => ({ cadence: r.cadence, weekdays: r.weekdays, monthDay: r.monthDay, startDate: r.startDate });
const standingNo = (at: number, id: number): string => `DQ${chinaDay(at).replace(/-/g, '')}${String(id).padStart(4, '0')}`;

function mine(s: State, uid: number, raw: string | undefined): Rec {
  const row = /^\d{1,12}$/.test(raw ?? '') ? s.db.get<StandingRow>('SELECT * FROM standing_orders WHERE id = ?', Number(raw)) : undefined;
  // Another member's standing order answers like a missing one.
  if (!row || row.uid !== uid) throw new Fail(404, NOT_FOUND);
  return recOf(row);
}
const occRows = (db: Db, id: number): Map<string, OccRow> =>
  new Map(db.all<OccRow>('SELECT * FROM standing_occurrences WHERE standing_id = ?', id).map((r) => [r.date, r]));

function occView(o: Occ, row: OccRow | undefined, r: Rec, now: number): Occurrence {
  const state: OccurrenceState = row?.state ?? 'PLANNED';
  return {
    ...o,
    state,
    stateText: OCCURRENCE_STATE_LABEL[state],
    quantity: row?.quantity ?? r.quantity,
    changeable: r.status === 'ACTIVE' && o.cutoff > now && (state === 'PLANNED' || state === 'CHANGED' || state === 'SKIPPED'),
    orderSn: row?.order_sn ?? null,
    note: row?.note ?? '',
  };
}

function view(s: State, r: Rec): StandingOrder {
  const now = s.now();
  const found = findSku(s, r.skuId);
  const address = addressesOf(s, r.uid).find((a) => a.id === r.addressId);
  const rows = occRows(s.db, r.id);
  const open = r.status === 'ENDED' ? [] : upcoming(scheduleOf(r), now).map((o) => occView(o, rows.get(o.date), r, now));
  const history = [...rows.values()]
    .filter((x) => x.state === 'ORDERED' || x.state === 'FAILED')
    .sort((a, b) => (a.date < b.date ? 1 : -1))
    .slice(0, 10)
    .map((x) => occView(occurrenceOf(x.date), x, r, now));
  return {
    id: r.id,
    no: r.no,
    status: r.status,
    statusText: STANDING_STATUS_LABEL[r.status],
    goodsId: r.goodsId,
    skuId: r.skuId,
    goodsName: found?.goods.goodsName ?? '商品已删除',
    specs: found ? specsOf(found.sku) : '',
    thumbnail: found?.goods.thumbnail ?? '',
    // The company's agreed price at this quantity where its agreement covers the SKU: what each order will charge.
    price: found ? agreedYuan(s, r.uid, found.sku, r.quantity) : 0,
    deposit: found ? yuan(depositOf(found.goods, found.sku)) : 0,
    quantity: r.quantity,
    cadence: r.cadence,
    weekdays: r.weekdays,
    monthDay: r.monthDay,
    cadenceText: cadenceText(r),
    window: r.window,
    windowText: WINDOW_LABEL[r.window],
    address: address
      ? { id: address.id, name: address.name, phone: address.phone, regionText: address.regionText, detail: address.detail }
      : { id: r.addressId, name: '', phone: '', regionText: '收货地址已删除，请重新选择', detail: '' },
    poNumber: r.poNumber,
    costCentre: r.costCentre,
    collectEmpties: r.collectEmpties,
    remark: r.remark,
    startDate: r.startDate,
    createTime: r.createTime,
    next: r.status === 'ACTIVE' ? (open.find((o) => o.state !== 'SKIPPED') ?? null) : null,
    calendar: open,
    history,
  };
}

/** The cylinder goods a standing order may carry: goods on sale with SKUs in a returnable cylinder (a deposit). */
/** A SKU's unit price for the member in yuan: the agreed tier at `num` (docs/prices.md), else the list price. */
const agreedYuan = (s: State, uid: number, sku: { sku_id: number; price: number }, num: number): number => {
  const agreed = agreedOf(s, uid, sku.sku_id);
  return agreed ? yuan(unitFenAt(agreed.line, num)) : sku.price;
};

function cylinderGoods(s: State, uid: number): StandingOptions['goods'] {
  const ids = s.db.all<{ id: number }>('SELECT id FROM goods WHERE market_enable = 1 AND category_pid IN (1, 2) ORDER BY id');
  return ids.flatMap(({ id }) => {
    const g = findGoods(s, id);
    const skus = (g?.skus ?? [])
      .filter((k) => depositOf(g!, k) > 0)
      .map((k) => ({
        skuId: k.sku_id,
        specs: specsOf(k),
        price: agreedYuan(s, uid, k, 1),
        deposit: yuan(depositOf(g!, k)),
        stock: k.stock,
      }));
    return g && skus.length ? [{ goodsId: g.id, goodsName: g.goodsName, skus }] : [];
  });
}

type Input = v.InferOutput<typeof contract.create.input>;

/** Checks an input against the catalogue, the member's addresses and company rules; answers the record's data. */
function checked(s: State, uid: number, input: Input, startDate: string): StandingData {
  const found = findSku(s, input.skuId);
  if (!found || found.goods.marketEnable !== 1) throw new Fail(400, '请选择商品规格');
  if (depositOf(found.goods, found.sku) === 0) throw new Fail(400, '该商品不支持定期配送');
  const weekdays = [...new Set(input.weekdays)].sort((a, b) => a - b);
  if (input.cadence !== 'MONTHLY' && weekdays.length === 0) throw new Fail(400, '请选择配送日（周一至周六）');
  if (input.cadence === 'BIWEEKLY' && weekdays.length !== 1) throw new Fail(400, '每两周配送请只选择一个配送日');
  if (!addressesOf(s, uid).some((a) => a.id === input.addressId)) throw new Fail(400, '收货地址不存在');
  const rules = orderRules(s, uid);
  if (rules?.poRequired && !input.poNumber) throw new Fail(400, '请填写采购单号');
  if (rules?.costCentreRequired && !input.costCentre) throw new Fail(400, '请填写成本中心');
  return {
    skuId: input.skuId,
    goodsId: found.goods.id,
    quantity: input.quantity,
    cadence: input.cadence,
    weekdays: input.cadence === 'MONTHLY' ? [] : weekdays,
    monthDay: input.monthDay,
    window: input.window,
    addressId: input.addressId,
    poNumber: input.poNumber,
    costCentre: input.costCentre,
    collectEmpties: input.collectEmpties,
    remark: input.remark,
    startDate,
  };
}

/** What the member can do about a refusal of the order path, by its message. */
function whatToDo(msg: string): string {
  if (/库存不足|售罄|下架/.test(msg)) return '请减少数量或更换规格（编辑定期订单），或联系客服安排补货';
  if (/许可/.test(msg)) return '请在「危化品购买许可」上传有效的许可证，审核通过后下一次配送照常下单';
  if (/采购单号|成本中心/.test(msg)) return '请编辑定期订单补填采购单号或成本中心';
  if (/地址/.test(msg)) return '请编辑定期订单，重新选择收货地址';
  if (/企业/.test(msg)) return '请在会员中心完成企业认证';
  if (/角色/.test(msg)) return '请企业管理员为您开通下单权限';
  return '请联系客服，或在商城直接下单';
}

export interface RunResult {
  ordered: { id: number; date: string; sn: string }[];
  failed: { id: number; date: string; msg: string }[];
}

/** The order domain's create call (its route handler), through which each occurrence is ordered as the member would. */
type OrderCreate = (ctx: Ctx<unknown>) => unknown;

/** Orders one occurrence through the order domain's create call, as the member would buy it now. */
function place(createOrder: OrderCreate, db: Db, r: Rec, o: Occ, quantity: number, at: number): Created {
  const s: State = { db, now: () => at };
  const cart = cartOf(s, r.uid);
  const kept = cart.buyNow;
  cart.buyNow = { sku_id: r.skuId, num: quantity };
  try {
    const checked = parseOrFail(orderContract.create.input, {
      addressId: r.addressId,
      remark:
        `定期订单 ${r.no}：${dateText(o.deliveryDate)} ${WINDOW_LABEL[r.window]}送达${r.collectEmpties ? `，随车回收空瓶 ${quantity} 只` : ''}${r.remark ? `；${r.remark}` : ''}`.slice(
          0,
          200,
        ),
      poNumber: r.poNumber,
      costCentre: r.costCentre,
    });
    // Not fields of the create call: only the backend's own placement books its day and window as planned (domains/delivery.ts),
    // and goes on account when the company buys on credit and has credit left (domains/credit.ts; else at the cashier as before).
    const input = { ...checked, standingSlot: { date: o.deliveryDate, window: r.window }, creditIfAvailable: true };
    const request = new Request('http://sandbox/order/create/BUY_NOW', {
      method: 'POST',
      headers: { 'idempotency-key': `standing-${r.id}-${o.date}` },
    });
    const ctx: Ctx<unknown> = { request, url: new URL(request.url), params: { type: 'BUY_NOW' }, input, db, uid: r.uid, now: () => at };
    return createOrder(ctx) as Created;
  } finally {
    // The member's own buy-now choice is not the standing order's business.
    cartOf(s, r.uid).buyNow = kept;
  }
}

/**
 * The deliveries standing orders will place (open occurrences, neither skipped nor ordered yet), with address and window: the
 * delivery domain counts them against window capacity ahead, so a checkout never sells a window a standing order will take.
 */
export function plannedDeliveries(db: Db, now: number): { uid: number; addressId: number; date: string; window: DeliveryWindow }[] {
  if (!viewOn(db, FEATURE)) return [];
  return db.all<StandingRow>("SELECT * FROM standing_orders WHERE status = 'ACTIVE'").flatMap((row) => {
    const r = recOf(row);
    const rows = occRows(db, r.id);
    return upcoming(scheduleOf(r), now)
      .filter((o) => (rows.get(o.date)?.state ?? 'CHANGED') === 'CHANGED')
      .map((o) => ({ uid: r.uid, addressId: r.addressId, date: o.deliveryDate, window: r.window }));
  });
}

/** Orders every occurrence whose cut-off passed by `at`, each once. */
function runDue(createOrder: OrderCreate, db: Db, at: number): RunResult {
  const out: RunResult = { ordered: [], failed: [] };
  if (!viewOn(db, FEATURE)) return out;
  for (const row of db.all<StandingRow>("SELECT * FROM standing_orders WHERE status = 'ACTIVE' AND due_from < ? ORDER BY id", at)) {
    const r = recOf(row);
    const rows = occRows(db, r.id);
    for (const o of dueBetween(scheduleOf(r), r.dueFrom, at)) {
      const known = rows.get(o.date);
      if (known && known.state !== 'CHANGED') continue; // skipped, or already ordered or failed: never twice
      const quantity = known?.quantity ?? r.quantity;
      try {
        const created = db.nested(() => {
          const c = place(createOrder, db, r, o, quantity, at);
          db.insert('standing_order_links', { order_id: c.orderId, standing_id: r.id, date: o.date });
          return c;
        });
        db.upsert(
          'standing_occurrences',
          { standing_id: r.id, date: o.date, state: 'ORDERED', quantity, order_sn: created.sn, note: '', time: at },
          ['standing_id', 'date'],
        );
        const pay =
          created.status === 'PAID_OFF'
            ? '已使用账期支付（月结），无需在线支付'
            : created.status === 'APPROVAL'
              ? '订单金额超出您的采购限额，已提交企业审批，审批通过后请支付'
              : '请在 30 分钟内完成支付，逾期订单将自动取消';
        addMessage(
          db,
          r.uid,
          '定期订单已下单',
          `定期订单 ${r.no}（${findSku({ db }, r.skuId)?.goods.goodsName ?? ''} × ${quantity}）${dateText(o.deliveryDate)}的配送已生成订单 ${created.sn}，应付 ¥${created.payable.toFixed(2)}。${pay}。`,
          at,
        );
        out.ordered.push({ id: r.id, date: o.date, sn: created.sn });
      } catch (e) {
        if (!(e instanceof Fail)) throw e;
        const note = `${e.message}。${whatToDo(e.message)}；之后的配送照常进行。`;
        db.upsert('standing_occurrences', { standing_id: r.id, date: o.date, state: 'FAILED', quantity, order_sn: null, note, time: at }, [
          'standing_id',
          'date',
        ]);
        addMessage(db, r.uid, '定期订单下单失败', `定期订单 ${r.no} ${dateText(o.deliveryDate)}的配送未能下单：${note}`, at);
        out.failed.push({ id: r.id, date: o.date, msg: e.message });
      }
    }
  }
  return out;
}

const gate = (db: Db) => {
  if (!viewOn(db, FEATURE)) throw new Fail(404, '接口不存在');
};

const RunHook = v.object({ at: v.optional(v.pipe(v.number('at 须为毫秒时间戳'), v.integer('at 须为毫秒时间戳'))) });

// A closed account's standing orders go with it (their addresses, PO numbers and windows are personal data); the orders they
// placed stay with the order domain, which keeps them as the accounting rules require, without the member's identity.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  const ids = 'SELECT id FROM standing_orders WHERE uid = ?';
  db.run(`DELETE FROM standing_occurrences WHERE standing_id IN (${ids})`, uid);
  db.run(`DELETE FROM standing_order_links WHERE standing_id IN (${ids})`, uid);
  db.run('DELETE FROM standing_orders WHERE uid = ?', uid);
}

// The exchange: delivering a standing order's cylinders takes back as many empties of that SKU.
function onOrderShipped({ db, now, order }: SandboxEvents['order.shipped']) {
  const link = db.get<{ standing_id: number; date: string }>(
    'SELECT standing_id, date FROM standing_order_links WHERE order_id = ?',
    order.id,
  );
  const row = link && db.get<StandingRow>('SELECT * FROM standing_orders WHERE id = ?', link.standing_id);
  if (!row) return;
  const r = recOf(row);
  if (!r.collectEmpties || !viewOn(db, 'cylinder_part')) return;
  const num = order.lines.filter((l) => l.sku_id === r.skuId).reduce((a, l) => a + l.num, 0);
  collectOnDelivery(db, {
    uid: r.uid,
    skuId: r.skuId,
    count: num,
    orderId: order.id,
    at: now,
    ref: `定期订单 ${r.no}，订单 ${order.sn}`,
    address: order.address,
  });
}

function options(ctx: RouteCtx<typeof contract.options>) {
  gate(ctx.db);
  const rules = orderRules(ctx, ctx.uid!);
  return { goods: cylinderGoods(ctx, ctx.uid!), company: rules } satisfies StandingOptions;
}

function list(ctx: RouteCtx<typeof contract.list>) {
  gate(ctx.db);
  const { pageNumber, pageSize } = ctx.input;
  const uid = ctx.uid!;
  const total = ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM standing_orders WHERE uid = ?', uid)!.n;
  const rows = ctx.db.all<StandingRow>(
    'SELECT * FROM standing_orders WHERE uid = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    uid,
    pageSize,
    (pageNumber - 1) * pageSize,
  );
  return { list: rows.map((row) => view(ctx, recOf(row))), total, pageNumber, pageSize };
}

function detail(ctx: RouteCtx<typeof contract.detail>) {
  gate(ctx.db);
  return view(ctx, mine(ctx, ctx.uid!, ctx.params.id));
}

function create(ctx: RouteCtx<typeof contract.create>) {
  gate(ctx.db);
  const uid = ctx.uid!;
  const count = ctx.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM standing_orders WHERE uid = ? AND status <> 'ENDED'", uid)!.n;
  if (count >= STANDING_LIMIT) throw new Fail(400, `最多设置 ${STANDING_LIMIT} 个定期订单`);
  const now = ctx.now();
  const data = checked(ctx, uid, ctx.input, chinaDay(now));
  const id = ctx.db.next('standing_order');
  const r: Rec = { ...data, id, uid, no: standingNo(now, id), status: 'ACTIVE', dueFrom: now, createTime: now };
  save(ctx.db, r);
  return view(ctx, r);
}

function update(ctx: RouteCtx<typeof contract.update>) {
  gate(ctx.db);
  const r = mine(ctx, ctx.uid!, ctx.params.id);
  if (r.status === 'ENDED') throw new Fail(400, '定期订单已终止，无法修改');
  const next: Rec = { ...r, ...checked(ctx, r.uid, ctx.input, r.startDate) };
  // Occurrences past their cut-off are ordered already; an edit only reaches the open ones. A changed quantity of an open
  // occurrence gives way to the new plan.
  save(ctx.db, next);
  return view(ctx, next);
}

function pause(ctx: RouteCtx<typeof contract.pause>) {
  gate(ctx.db);
  const r = mine(ctx, ctx.uid!, ctx.params.id);
  if (r.status !== 'ACTIVE') throw new Fail(400, r.status === 'PAUSED' ? '定期订单已暂停' : '定期订单已终止');
  r.status = 'PAUSED';
  save(ctx.db, r);
  return view(ctx, r);
}

function resume(ctx: RouteCtx<typeof contract.resume>) {
  gate(ctx.db);
  const r = mine(ctx, ctx.uid!, ctx.params.id);
  if (r.status !== 'PAUSED') throw new Fail(400, '定期订单未暂停');
  // Deliveries whose cut-off passed while paused are not ordered afterwards.
  r.status = 'ACTIVE';
  r.dueFrom = Math.max(r.dueFrom, ctx.now());
  save(ctx.db, r);
  return view(ctx, r);
}

function end(ctx: RouteCtx<typeof contract.end>) {
  gate(ctx.db);
  const r = mine(ctx, ctx.uid!, ctx.params.id);
  r.status = 'ENDED';
  save(ctx.db, r);
  return view(ctx, r);
}

function occurrence(ctx: RouteCtx<typeof contract.occurrence>) {
  gate(ctx.db);
  const r = mine(ctx, ctx.uid!, ctx.params.id);
  if (r.status !== 'ACTIVE') throw new Fail(400, r.status === 'PAUSED' ? '定期订单已暂停，请先恢复' : '定期订单已终止');
  const { date, action, quantity } = ctx.input;
  if (!falls(scheduleOf(r), date)) throw new Fail(400, '该日期不是此定期订单的配送日');
  const o = occurrenceOf(date);
  const now = ctx.now();
  const known = occRows(ctx.db, r.id).get(date);
  if (o.cutoff <= now || (known && (known.state === 'ORDERED' || known.state === 'FAILED'))) {
    throw new Fail(400, `该次配送已过截单时间（${cutoffText(o)}），无法修改`);
  }
  if (action === 'RESTORE') ctx.db.run('DELETE FROM standing_occurrences WHERE standing_id = ? AND date = ?', r.id, date);
  else {
    if (action === 'CHANGE' && quantity === undefined) throw new Fail(400, '请填写数量');
    const row = {
      standing_id: r.id,
      date,
      state: action === 'SKIP' ? 'SKIPPED' : 'CHANGED',
      quantity: action === 'CHANGE' ? quantity! : (known?.quantity ?? null),
      order_sn: null,
      note: '',
      time: now,
    };
    ctx.db.upsert('standing_occurrences', row, ['standing_id', 'date']);
  }
  return view(ctx, r);
}

function hookStandingOrdersRunDue(createOrder: OrderCreate) {
  return (ctx: Ctx<unknown>) => {
    const { at } = parseOrFail(RunHook, ctx.input ?? {});
    return runDue(createOrder, ctx.db, at ?? ctx.now());
  };
}

export function install(sb: Sandbox): void {
  const createOrder = sb.routes.find((r) => r.endpoint === orderContract.create);
  if (!createOrder) throw new Error('the standing-order domain is installed after the order domain');
  sb.listen('member.erasing', onMemberErasing);
  sb.listen('order.shipped', onOrderShipped);
  sb.on(contract.options, options);
  sb.on(contract.list, list);
  sb.on(contract.detail, detail);
  sb.on(contract.create, create);
  sb.on(contract.update, update);
  sb.on(contract.pause, pause);
  sb.on(contract.resume, resume);
  sb.on(contract.end, end);
  sb.on(contract.occurrence, occurrence);
  sb.hook('POST', '/standing-orders/run-due', hookStandingOrdersRunDue(createOrder.handler));
}

/** The HTTP server's timer: runs the due occurrences every minute through the hook, so it takes its turn like any request. */
export function startTimer(sb: Sandbox, every = RUN_EVERY_MS): () => void {
  const timer = setInterval(() => {
    void sb
      .handle(new Request('http://sandbox/__sandbox/standing-orders/run-due', { method: 'POST', body: JSON.stringify({ at: sb.now() }) }))
      .catch(() => undefined);
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
