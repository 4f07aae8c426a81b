/**
 * Sandbox domain: delivery (delivery_part). Area calendars and window capacity offered at checkout (order.confirming), the
 * choice checked again and booked when the order is placed (order.creating), pickup at a filling station with its code,
 * each order's shipments (the hazmat split's vehicles) moving PREPARED → LOADED → IN_TRANSIT → DELIVERED → SIGNED through the
 * advance hook with SMS notices to the consignee (in the one SMS log, notices.ts), the proof of delivery (collected empties go back through the cylinder ledger) and the
 * dangerous-goods waybill. The order's own states follow at two points: the first loading ships it, the last signature receives it.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { chinaDay } from '#src/shared/formats/china-time.ts';
import {
  delivery as contract,
  DELIVERY_MODE_LABEL,
  SLOT_TAKEN,
  type CheckoutDelivery,
  type DeliveryMode,
  type DeliveryShipment,
  type OrderDelivery,
  type Proof,
  type Waybill,
} from '#src/shared/api/contract/delivery.ts';
import {
  checkChoice,
  earliestDay,
  firstFree,
  offers,
  slotKey,
  slotText,
  WINDOW_HOURS,
  type AreaCalendar,
  type Booked,
  type DayOffer,
  type Window,
} from '#src/features/delivery/calendar.ts';
import {
  changeable,
  mayAdvance,
  NOT_CHANGEABLE,
  SHIPMENT_STATE_LABEL,
  SHIPMENT_STEPS,
  stepsBetween,
  type ShipmentState,
  type ShipmentStep,
} from '#src/features/delivery/shipment.ts';
import { maskCertificate, waybillGoods, waybillNo } from '#src/features/delivery/waybill.ts';
import type { DgLabel } from '#src/features/hazmat/segregation.ts';
import { Fail, parseOrFail, type Ctx, type RouteCtx, type Sandbox, type SandboxEvents, type Seeding } from '../app.ts';
import type { State } from '../commerce.ts';
import type { Db } from '../db.ts';
import type { OrderRec } from '../records.ts';
import * as seed from '../seed/delivery.ts';
import { collectSerials, undeliver } from './cylinders.ts';
import { goodsCompliance, orderShipments } from './hazmat.ts';
import { addressesOf } from './member.ts';
import { sendSms } from './notices.ts';
import { cancelBeforeShipping, findOrder, receiveOrder, shipOrder } from './order.ts';
import { viewOn } from './site.ts';
import { plannedDeliveries } from './standing.ts';

const FEATURE = 'delivery_part';

interface DeliveryRec {
  mode: DeliveryMode;
  /** The capacity the booking takes: `R<calendar region>` or `S<station id>`. */
  place: string;
  stationId: number | null;
  date: string;
  window: Window;
  pickupCode: string | null;
  consignee: { name: string; phone: string; address: string };
  /** Serials the cylinder domain gave each line position when the order shipped. */
  serials: Record<number, string[]>;
}
interface ShipmentLineRec {
  pos: number;
  goodsName: string;
  specs: string;
  num: number;
  un: string;
  labels: DgLabel[];
}
interface ShipmentRec {
  n: number;
  state: ShipmentState;
  lines: ShipmentLineRec[];
  times: Partial<Record<ShipmentStep, { time: number; note: string }>>;
  vehicle: (typeof seed.fleet)[number] | null;
  proof: Proof | null;
}
type StationRec = seed.StationSeed;

const AdvanceHook = v.object({
  to: v.picklist(SHIPMENT_STEPS, 'to 只能是 PREPARED、LOADED、IN_TRANSIT、DELIVERED 或 SIGNED'),
  signedBy: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, 'signedBy 过长'))),
  delivered: v.optional(v.array(v.string())),
  collected: v.optional(v.array(v.string())),
  remark: v.optional(v.pipe(v.string(), v.maxLength(200, 'remark 过长')), ''),
});
const FillHook = v.object({
  regionId: v.pipe(v.number('regionId 应为区县编号'), v.integer()),
  date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'date 格式应为 YYYY-MM-DD')),
  window: v.picklist(['AM', 'PM'], 'window 只能是 AM 或 PM'),
});

// ---- calendars, stations and bookings

/** The calendar of a district: its own, else its city's (GB/T 2260: the city is the code's first four digits), else the default. */
function calendarFor(db: Db, district: number): AreaCalendar {
  for (const id of [district, Math.floor(district / 100) * 100, 0]) {
    const row = db.get<{ data: string }>('SELECT data FROM delivery_calendars WHERE region_id = ?', id);
    if (row) return JSON.parse(row.data) as AreaCalendar;
  }
  return seed.calendars.at(-1)!;
}
const districtOf = (regionIds: readonly number[]): number => regionIds[2] ?? regionIds.at(-1) ?? 0;
const stationsOf = (db: Db): StationRec[] =>
  db.all<{ data: string }>('SELECT data FROM delivery_stations ORDER BY id').map((r) => JSON.parse(r.data) as StationRec);
const publicStation = ({ uns: _u, calendar: _c, ...s }: StationRec) => s;

/**
 * Windows booked per day at a place from `from` on. Bookings of cancelled orders do not count (an unpaid order expires
 * lazily in the order domain, so its booking row stays and is skipped here through the order's status).
 */
function bookedAt(db: Db, place: string, from: string, exceptOrder = 0): Booked {
  const rows = db.all<{ date: string; win: Window; n: number }>(
    `SELECT b.date, b.win, COUNT(*) AS n FROM delivery_bookings b LEFT JOIN orders o ON o.id = b.order_id
     WHERE b.place = ? AND b.date >= ? AND (b.order_id IS NULL OR (o.status <> 'CANCELLED' AND b.order_id <> ?)) GROUP BY b.date, b.win`,
    place,
    from,
    exceptOrder,
  );
  return new Map(rows.map((r) => [slotKey(r.date, r.win), r.n]));
}
/**
 * What a window has taken at a delivery place: its bookings, plus the deliveries standing orders will place there (their
 * address's calendar), which hold capacity before they are ordered.
 */
function takenAt(db: Db, place: string, now: number, exceptOrder = 0): Booked {
  const taken = new Map(bookedAt(db, place, chinaDay(now), exceptOrder));
  if (!place.startsWith('R')) return taken;
  const s: State = { db, now: () => now };
  for (const p of plannedDeliveries(db, now)) {
    const address = addressesOf(s, p.uid).find((a) => a.id === p.addressId);
    if (!address || `R${calendarFor(db, districtOf(address.regionIds)).regionId}` !== place) continue;
    taken.set(slotKey(p.date, p.window), (taken.get(slotKey(p.date, p.window)) ?? 0) + 1);
  }
  return taken;
}
const offersAt = (db: Db, place: string, cal: AreaCalendar, now: number, exceptOrder = 0): DayOffer[] =>
  offers(cal, now, takenAt(db, place, now, exceptOrder));

/** The stations that fill every gas of these goods (lines without a UN number, equipment, go along anywhere). */
function stationsFor(db: Db, goodsIds: readonly number[]): StationRec[] {
  const uns = goodsIds.map((id) => goodsCompliance(db, id)?.un ?? '').filter(Boolean);
  return stationsOf(db).filter((s) => uns.every((un) => s.uns.includes(un)));
}

function onOrderConfirming({ db, now, checkout }: SandboxEvents['order.confirming']) {
  if (!viewOn(db, FEATURE) || !checkout.address) return;
  const cal = calendarFor(db, districtOf(checkout.address.regionIds));
  const days = offersAt(db, `R${cal.regionId}`, cal, now);
  const goodsIds = checkout.shops.flatMap((s) => s.sku_list.map((l) => l.goods_id));
  const delivery: CheckoutDelivery = {
    regionId: districtOf(checkout.address.regionIds),
    routeText: routeText(cal, now),
    days,
    preselected: firstFree(days),
    stations: stationsFor(db, goodsIds).map((st) => {
      const sd = offersAt(db, `S${st.id}`, st.calendar, now);
      return { ...publicStation(st), days: sd, preselected: firstFree(sd) };
    }),
  };
  checkout.delivery = delivery;
}

const WEEKDAY = ['', '一', '二', '三', '四', '五', '六', '日'];
function routeText(cal: AreaCalendar, now: number): string {
  const wd = cal.weekdays;
  const run = wd.length > 1 && wd.every((d, i) => i === 0 || d === wd[i - 1]! + 1);
  const days = run ? `周${WEEKDAY[wd[0]!]}至周${WEEKDAY[wd.at(-1)!]}` : wd.map((d) => `周${WEEKDAY[d]}`).join('、');
  return `本区域${days}送货（法定节假日顺延），当日 ${cal.cutoffHour}:00 前下单，${cal.leadDays} 个工作日后起可送；现在下单最早 ${earliestDay(cal, now)} 送达`;
}

// ---- placing the order

/** The slot an order books: the member's choice checked against the offers now, or the first free one when none was given. */
function chosenSlot(days: DayOffer[], cal: AreaCalendar, now: number, date?: string, window?: Window): { date: string; window: Window } {
  if (date && window) {
    const check = checkChoice(days, date, window);
    if (!check.ok) throw new Fail(SLOT_TAKEN, takenMessage(check.reason, check.next));
    return { date, window };
  }
  // Orders the backend places itself (standing orders, tanks) are never refused for capacity: the dispatcher adds a vehicle.
  return firstFree(days) ?? { date: earliestDay(cal, now), window: 'AM' };
}
const takenMessage = (reason: 'FULL' | 'NOT_OFFERED', next: { date: string; window: Window } | null) =>
  `${reason === 'FULL' ? '所选送货时段已约满' : '所选送货时段不可预约'}，${next ? `最早可约 ${slotText(next.date, next.window)}` : '未来两周已约满，请联系客服'}，请重新选择`;

function pickupCode(sn: string, id: number, now: number): string {
  const digest = createHash('sha256').update(`${sn}:${id}:${now}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

function onOrderCreating({ db, now, uid, input, order }: SandboxEvents['order.creating']) {
  if (!viewOn(db, FEATURE)) return;
  const s: State = { db, now: () => now };
  const address = addressesOf(s, uid).find((a) => a.id === input.addressId) ?? addressesOf(s, uid)[0];
  if (!address) return;
  const mode = (input.deliveryMode as DeliveryMode | undefined) ?? 'DELIVERY';
  const date = input.deliveryDate as string | undefined;
  const window = input.deliveryWindow as Window | undefined;
  let place: string;
  let slot: { date: string; window: Window };
  let stationId: number | null = null;
  if (mode === 'PICKUP') {
    const station = stationsFor(
      db,
      order.lines.map((l) => l.goods_id),
    ).find((st) => st.id === input.stationId);
    if (!station) throw new Fail(400, '请选择可充装本订单气体的自提站');
    place = `S${station.id}`;
    stationId = station.id;
    slot = chosenSlot(offersAt(db, place, station.calendar, now), station.calendar, now, date, window);
  } else {
    const cal = calendarFor(db, districtOf(address.regionIds));
    place = `R${cal.regionId}`;
    // A standing order's delivery keeps the day and window it was planned for (it held that capacity ahead).
    const planned = input.standingSlot as { date: string; window: Window } | undefined;
    slot = planned ?? chosenSlot(offersAt(db, place, cal, now), cal, now, date, window);
  }
  db.insert('delivery_bookings', { place, date: slot.date, win: slot.window, order_id: order.id });
  const rec: DeliveryRec = {
    mode,
    place,
    stationId,
    ...slot,
    pickupCode: mode === 'PICKUP' ? pickupCode(order.sn, order.id, now) : null,
    consignee: { name: address.name, phone: address.phone, address: `${address.regionText} ${address.detail}` },
    serials: {},
  };
  db.insert('delivery_orders', { order_id: order.id, uid, sn: order.sn, data: JSON.stringify(rec) });
  for (const sh of shipmentsOfNew(db, order)) db.insert('delivery_shipments', { order_id: order.id, n: sh.n, data: JSON.stringify(sh) });
}

/** The order's shipments: the hazmat split's vehicles (stored just before by that domain), else one for the whole order. */
function shipmentsOfNew(db: Db, order: OrderRec): ShipmentRec[] {
  const hazmat = orderShipments(db, order.id);
  const posOf = (skuId: number) => order.lines.findIndex((l) => l.sku_id === skuId);
  const lineOf = (pos: number, num: number): ShipmentLineRec => {
    const l = order.lines[pos]!;
    const h = goodsCompliance(db, l.goods_id);
    return { pos, goodsName: l.goodsName, specs: l.specs, num, un: h?.un ?? '', labels: (h?.labels ?? []) as DgLabel[] };
  };
  const groups = hazmat.length
    ? hazmat.map((sh) => sh.lines.map((l) => lineOf(posOf(l.sku_id), l.num)))
    : [order.lines.map((l, pos) => lineOf(pos, l.num))];
  return groups.map((lines, i) => ({ n: i + 1, state: 'PLANNED', lines, times: {}, vehicle: null, proof: null }));
}

// ---- reading

interface Loaded {
  orderId: number;
  uid: number;
  sn: string;
  rec: DeliveryRec;
}
function loadDelivery(db: Db, uid: number | null, sn: string | undefined): Loaded {
  const row = db.get<{ order_id: number; uid: number; sn: string; data: string }>(
    'SELECT * FROM delivery_orders WHERE sn = ? AND (? IS NULL OR uid = ?)',
    sn ?? '',
    uid,
    uid,
  );
  if (!row) throw new Fail(404, '订单不存在');
  return { orderId: row.order_id, uid: row.uid, sn: row.sn, rec: JSON.parse(row.data) as DeliveryRec };
}
const saveDelivery = (db: Db, d: Loaded) =>
  db.run('UPDATE delivery_orders SET data = ? WHERE order_id = ?', JSON.stringify(d.rec), d.orderId);
const shipmentsOf = (db: Db, orderId: number): ShipmentRec[] =>
  db
    .all<{ data: string }>('SELECT data FROM delivery_shipments WHERE order_id = ? ORDER BY n', orderId)
    .map((r) => JSON.parse(r.data) as ShipmentRec);
const saveShipment = (db: Db, orderId: number, sh: ShipmentRec) =>
  db.run('UPDATE delivery_shipments SET data = ? WHERE order_id = ? AND n = ?', JSON.stringify(sh), orderId, sh.n);

const shipmentWaybillNo = (d: Loaded, sh: ShipmentRec) => waybillNo(chinaDay(sh.times.LOADED!.time), d.orderId, sh.n);

function shipmentView(d: Loaded, sh: ShipmentRec): DeliveryShipment {
  return {
    n: sh.n,
    state: sh.state,
    stateText: SHIPMENT_STATE_LABEL[sh.state],
    lines: sh.lines.map(({ goodsName, specs, num, un }) => ({ goodsName, specs, num, un })),
    steps: SHIPMENT_STEPS.map((step) => ({
      step,
      text: SHIPMENT_STATE_LABEL[step],
      time: sh.times[step]?.time ?? null,
      note: sh.times[step]?.note ?? '',
    })),
    vehicle: sh.vehicle && { plate: sh.vehicle.plate, driver: sh.vehicle.driver, escort: sh.vehicle.escort },
    waybillNo: sh.times.LOADED ? shipmentWaybillNo(d, sh) : '',
    proof: sh.proof,
  };
}

function deliveryView(db: Db, d: Loaded, now: number): OrderDelivery {
  const shipments = shipmentsOf(db, d.orderId);
  const order = findOrder({ db, now: () => now }, d.orderId);
  const open = order !== null && order.status !== 'CANCELLED' && shipments.every((sh) => changeable(sh.state));
  const station = d.rec.stationId === null ? null : (stationsOf(db).find((s) => s.id === d.rec.stationId) ?? null);
  const cal = station ? null : calendarFor(db, Number(d.rec.place.slice(1)));
  const canMove = open && d.rec.mode === 'DELIVERY';
  return {
    sn: d.sn,
    mode: d.rec.mode,
    modeText: DELIVERY_MODE_LABEL[d.rec.mode],
    date: d.rec.date,
    window: d.rec.window,
    slotText: slotText(d.rec.date, d.rec.window),
    changeable: open,
    reason: open ? '' : order?.status === 'CANCELLED' ? '订单已取消' : NOT_CHANGEABLE,
    station: station && publicStation(station),
    pickupCode: d.rec.pickupCode,
    shipments: shipments.map((sh) => shipmentView(d, sh)),
    days: canMove && cal ? offersAt(db, d.rec.place, cal, now, d.orderId) : [],
  };
}

function orderRoute(ctx: RouteCtx<typeof contract.order>) {
  return deliveryView(ctx.db, loadDelivery(ctx.db, ctx.uid!, ctx.params.sn), ctx.now());
}

function glance(ctx: RouteCtx<typeof contract.glance>) {
  const sns = ctx.input.sns.split(',').filter(Boolean).slice(0, 50);
  return sns.flatMap((sn) => {
    const row = ctx.db.get<{ order_id: number; data: string }>(
      'SELECT order_id, data FROM delivery_orders WHERE uid = ? AND sn = ?',
      ctx.uid!,
      sn,
    );
    if (!row) return [];
    const rec = JSON.parse(row.data) as DeliveryRec;
    const states = shipmentsOf(ctx.db, row.order_id).map((sh) => SHIPMENT_STATE_LABEL[sh.state]);
    return [{ sn, mode: rec.mode, slotText: slotText(rec.date, rec.window), stateText: [...new Set(states)].join('、') }];
  });
}

function stationsRoute(ctx: RouteCtx<typeof contract.stations>) {
  if (!viewOn(ctx.db, FEATURE)) throw new Fail(404, '接口不存在');
  return stationsOf(ctx.db).map(publicStation);
}

// ---- the buyer's changes before loading

function requireOpen(db: Db, d: Loaded, now: number): OrderRec {
  const order = findOrder({ db, now: () => now }, d.orderId)!;
  if (order.status === 'CANCELLED') throw new Fail(400, '订单已取消');
  if (!shipmentsOf(db, d.orderId).every((sh) => changeable(sh.state))) throw new Fail(400, NOT_CHANGEABLE);
  return order;
}

function changeWindow(ctx: RouteCtx<typeof contract.changeWindow>) {
  const d = loadDelivery(ctx.db, ctx.uid!, ctx.params.sn);
  requireOpen(ctx.db, d, ctx.now());
  if (d.rec.mode !== 'DELIVERY') throw new Fail(400, '自提订单无需选择送货时段');
  const cal = calendarFor(ctx.db, Number(d.rec.place.slice(1)));
  const check = checkChoice(offersAt(ctx.db, d.rec.place, cal, ctx.now(), d.orderId), ctx.input.date, ctx.input.window);
  if (!check.ok) throw new Fail(SLOT_TAKEN, takenMessage(check.reason, check.next));
  ctx.db.run('UPDATE delivery_bookings SET date = ?, win = ? WHERE order_id = ?', ctx.input.date, ctx.input.window, d.orderId);
  d.rec.date = ctx.input.date;
  d.rec.window = ctx.input.window;
  saveDelivery(ctx.db, d);
  return deliveryView(ctx.db, d, ctx.now());
}

function cancel(ctx: RouteCtx<typeof contract.cancel>) {
  const d = loadDelivery(ctx.db, ctx.uid!, ctx.params.sn);
  const order = requireOpen(ctx.db, d, ctx.now());
  cancelBeforeShipping(ctx, order, ctx.input.reason);
  ctx.db.run('DELETE FROM delivery_bookings WHERE order_id = ?', d.orderId);
  return deliveryView(ctx.db, d, ctx.now());
}

// ---- documents

function shipmentOf(db: Db, d: Loaded, raw: string | undefined): ShipmentRec {
  const sh = shipmentsOf(db, d.orderId).find((x) => String(x.n) === raw);
  if (!sh) throw new Fail(404, '配送单不存在');
  return sh;
}

export function waybillOf(d: Loaded, sh: ShipmentRec): Waybill {
  const loaded = sh.times.LOADED!;
  const crew = sh.vehicle!;
  return {
    no: shipmentWaybillNo(d, sh),
    date: chinaDay(loaded.time),
    consignor: seed.consignor,
    carrier: seed.carrier,
    consignee: d.rec.consignee,
    goods: waybillGoods(sh.lines),
    plate: crew.plate,
    driver: { name: crew.driver, certificate: maskCertificate(crew.driverCert) },
    escort: { name: crew.escort, certificate: maskCertificate(crew.escortCert) },
    basis: '《危险货物道路运输安全管理办法》（交通运输部令2019年第29号）第二十四条；JT/T 617.5-2018 托运要求',
  };
}

function waybill(ctx: RouteCtx<typeof contract.waybill>) {
  const d = loadDelivery(ctx.db, ctx.uid!, ctx.params.sn);
  const sh = shipmentOf(ctx.db, d, ctx.params.n);
  if (!sh.times.LOADED || !sh.vehicle) throw new Fail(404, '运单在装车后生成');
  return waybillOf(d, sh);
}

function proof(ctx: RouteCtx<typeof contract.proof>) {
  const d = loadDelivery(ctx.db, ctx.uid!, ctx.params.sn);
  const sh = shipmentOf(ctx.db, d, ctx.params.n);
  if (!sh.proof) throw new Fail(404, '签收后方可查看电子签收单');
  return sh.proof;
}

// ---- the hooks: the back office moves shipments, fills windows; SMS to the consignee

function hookFill(ctx: Ctx<unknown>) {
  const { regionId, date, window } = parseOrFail(FillHook, ctx.input);
  const cal = calendarFor(ctx.db, regionId);
  const place = `R${cal.regionId}`;
  const left = cal.capacity[window] - (takenAt(ctx.db, place, ctx.now()).get(slotKey(date, window)) ?? 0);
  for (let i = 0; i < left; i++) ctx.db.insert('delivery_bookings', { place, date, win: window, order_id: null });
  return { place, date, window, booked: cal.capacity[window] };
}

// The consignee is told by SMS through the one SMS log (notices.ts), about the order's member and naming the order.
function sms(db: Db, d: Loaded, text: string, at: number) {
  sendSms(db, { phone: d.rec.consignee.phone, uid: d.uid, text, sn: d.sn }, at);
}

function hookAdvance(sb: Sandbox) {
  return (ctx: Ctx<unknown>) => {
    const body = parseOrFail(AdvanceHook, ctx.input);
    const d = loadDelivery(ctx.db, null, ctx.params.sn);
    const order = findOrder(ctx, d.orderId)!;
    if (!['PAID_OFF', 'SHIPPED', 'ROG', 'COMPLETE', 'AFTER_SERVICE'].includes(order.status)) throw new Fail(400, '订单未支付，不能配送');
    const sh = shipmentOf(ctx.db, d, ctx.params.n);
    if (!mayAdvance(sh.state, body.to))
      throw new Fail(400, `配送单已是「${SHIPMENT_STATE_LABEL[sh.state]}」，不能回到「${SHIPMENT_STATE_LABEL[body.to]}」`);
    for (const step of stepsBetween(sh.state, body.to)) enterStep(sb, ctx, { d, order, sh, step, body });
    saveShipment(ctx.db, d.orderId, sh);
    saveDelivery(ctx.db, d);
    // The order is received once every shipment is signed (its own states: docs/delivery.md).
    if (order.status === 'SHIPPED' && shipmentsOf(ctx.db, d.orderId).every((x) => x.state === 'SIGNED'))
      receiveOrder(ctx, order, '电子签收单已签收');
    return deliveryView(ctx.db, d, ctx.now());
  };
}

interface Step {
  d: Loaded;
  order: OrderRec;
  sh: ShipmentRec;
  step: ShipmentStep;
  body: v.InferOutput<typeof AdvanceHook>;
}

/** One step of a shipment: its time, and what happens with it (the vehicle, the order shipped, the SMS, the proof). */
function enterStep(sb: Sandbox, ctx: Ctx<unknown>, { d, order, sh, step, body }: Step) {
  const now = ctx.now();
  const slot = slotText(d.rec.date, d.rec.window);
  let note = '';
  if (step === 'LOADED') {
    sh.vehicle = seed.fleet[(d.orderId + sh.n) % seed.fleet.length]!;
    note = `车牌 ${sh.vehicle.plate}，驾驶员 ${sh.vehicle.driver}，押运员 ${sh.vehicle.escort}`;
    // The first vehicle loaded ships the order: the cylinder domain gives its lines serials then.
    if (order.status === 'PAID_OFF') {
      const serials = shipOrder(sb, ctx, order, seed.carrier.name, waybillNo(chinaDay(now), d.orderId, sh.n));
      d.rec.serials = Object.fromEntries(serials);
    }
    sms(ctx.db, d, `您的订单 ${d.sn} 第 ${sh.n} 车已装车，车牌 ${sh.vehicle.plate}，预计 ${slot} 送达。`, now);
  } else if (step === 'IN_TRANSIT') {
    note = `预计 ${WINDOW_HOURS[d.rec.window].label} 送达`;
    sms(ctx.db, d, `您的订单 ${d.sn} 第 ${sh.n} 车正在配送途中，预计 ${slot} 送达，请安排人员收货。`, now);
  } else if (step === 'DELIVERED') {
    sms(ctx.db, d, `您的订单 ${d.sn} 第 ${sh.n} 车已送达，请核对钢瓶编号后签收。`, now);
  } else if (step === 'SIGNED') {
    sh.proof = signProof(ctx, d, sh, body);
    note = `签收人 ${sh.proof.signedBy}`;
  }
  sh.state = step;
  sh.times[step] = { time: now, note };
}

/** The proof of delivery: the cylinders delivered (by default those loaded for this shipment's lines) and the empties collected, which go back through the cylinder ledger. */
function signProof(ctx: Ctx<unknown>, d: Loaded, sh: ShipmentRec, body: Step['body']): Proof {
  const loaded = sh.lines.flatMap((l) => d.rec.serials[l.pos] ?? []);
  const delivered = body.delivered ?? loaded;
  const stranger = delivered.find((x) => !loaded.includes(x));
  if (stranger) throw new Fail(400, `钢瓶 ${stranger} 不在第 ${sh.n} 车的装车清单中`);
  // The holdings follow the proof: a cylinder loaded but not signed for goes back (deposit refunded, no rent).
  undeliver(ctx.db, {
    uid: d.uid,
    orderId: d.orderId,
    serials: loaded.filter((x) => !delivered.includes(x)),
    at: ctx.now(),
    ref: d.sn,
  });
  const signedBy = body.signedBy || d.rec.consignee.name;
  const [name, phone] = [d.rec.consignee.name, d.rec.consignee.phone];
  const [regionText, detail] = [d.rec.consignee.address, ''];
  const collected = body.collected?.length
    ? collectSerials(ctx.db, {
        uid: d.uid,
        serials: body.collected,
        at: ctx.now(),
        ref: d.sn,
        address: { name, phone, regionText, detail },
      })
    : [];
  return {
    signedBy,
    signedAt: ctx.now(),
    signature: signatureImage(signedBy),
    delivered,
    collected,
    remark: body.remark ?? '',
    problem: /短缺|缺少|少送|破损|损坏|泄漏|漏气/.test(body.remark ?? ''),
  };
}

/** The signature captured on the driver's handset, as an SVG (the sandbox writes the name in a handwriting face). */
function signatureImage(name: string): string {
  const safe = name.replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="42" font-size="30" font-family="KaiTi, STKaiti, cursive" fill="#1f3a93">${safe}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function seedDelivery({ db }: Seeding) {
  for (const c of seed.calendars) db.insert('delivery_calendars', { region_id: c.regionId, data: JSON.stringify(c) });
  for (const s of seed.stations) db.insert('delivery_stations', { id: s.id, data: JSON.stringify(s) });
}

export function install(sb: Sandbox): void {
  sb.seed('delivery', seedDelivery);
  sb.listen('order.confirming', onOrderConfirming);
  sb.listen('order.creating', onOrderCreating);
  sb.on(contract.stations, stationsRoute);
  sb.on(contract.order, orderRoute);
  sb.on(contract.glance, glance);
  sb.on(contract.changeWindow, changeWindow);
  sb.on(contract.cancel, cancel);
  sb.on(contract.waybill, waybill);
  sb.on(contract.proof, proof);
  sb.hook('POST', '/delivery/fill', hookFill);
  sb.hook('POST', '/orders/{sn}/shipments/{n}/advance', hookAdvance(sb));
}
