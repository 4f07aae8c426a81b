/** Sandbox domain: the supplier's cylinder fleet (records, fills, inspections, where each is), the cylinders each member holds with their rent plans, the rent ledger, return requests and their receive hook, the public trace record. Money in fen inside. */
import * as v from 'valibot';
import { CHINA_OFFSET_MS, DAY_MS } from '#src/shared/formats/china-time.ts';
import {
  cylinders as contract,
  LEDGER_KIND_LABEL,
  RETURN_STATUS_LABEL,
  type CylinderTrace,
  type HeldCylinder,
  type LedgerEntry,
  type LedgerKind,
  type ReturnRequest,
  type ReturnStatus,
  type Statement,
} from '#src/shared/api/contract/cylinders.ts';
import type { Pictogram } from '#src/shared/api/contract/content.ts';
import { isIdempotencyKey } from '#src/shared/api/idempotency.ts';
import { gasClassOf, gasesNamed, purityIn } from '#src/features/cylinders/gases.ts';
import { INSPECTION_SOURCE, inspectionState, nextInspection, periodOf } from '#src/features/cylinders/inspection.ts';
import {
  dateOf,
  dateOfDay,
  dayNumber,
  dayOfDate,
  daysOnSite,
  freeDaysLeft,
  rateOnDay,
  rentFor,
  rentInPeriod,
  rentRule,
  type RentPlan,
} from '#src/features/cylinders/rent.ts';
import { inPickupWindow, PICKUP_WINDOW_MESSAGE } from '#src/features/cylinders/pickup.ts';
import { isSerial } from '#src/features/cylinders/serial.ts';
import { Fail, parseOrFail, type Sandbox, type SandboxEvents, type RouteCtx, type Ctx } from '../app.ts';
import { yuan, type State } from '../commerce.ts';
import type { Db } from '../db.ts';
import type { StatementLineRec } from './company.events.ts';
import type { OrderLineRec } from '../records.ts';
import { sdsEntries } from '../seed/gases.ts';
import * as seed from '../seed/cylinders.ts';
import type { Seeding } from '../app.ts';
import { addressesOf } from './member.ts';
import { viewOn } from './site.ts';
import { scrubCylinderReturn } from '#src/features/privacy/deidentify.ts';

// ---- cylinder records

export type Location = 'PLANT' | 'TRANSIT' | 'CUSTOMER' | 'RETURNED';
export interface FillRec {
  plant: string;
  date: string;
  batch: string;
  pressure: string;
  filler: string;
}
/** A cylinder of the fleet: what it is and holds, its inspections and fills. */
export interface CylinderRec {
  serial: string;
  /** The SKU it is filled for (plant stock is picked by it). */
  kind: string;
  gasId: number;
  gasName: string;
  formula: string;
  size: string;
  waterVolume: number;
  material: string;
  workingPressure: number;
  madeOn: string;
  lastInspection: string;
  periodYears: number;
  location: Location;
  plant: string;
  fills: FillRec[];
}

interface CylinderRow {
  serial: string;
  kind: string;
  gas_id: number;
  location: Location;
  next_inspection: string;
  data: string;
}

export function saveCylinder(db: Db, c: CylinderRec): void {
  const { serial, kind, gasId, location, ...rest } = c;
  db.upsert(
    'cylinders',
    { serial, kind, gas_id: gasId, location, next_inspection: nextInspection(c.lastInspection, c.periodYears), data: JSON.stringify(rest) },
    ['serial'],
  );
}
function cylinderOf(row: CylinderRow): CylinderRec {
  return {
    ...(JSON.parse(row.data) as Omit<CylinderRec, 'serial' | 'kind' | 'gasId' | 'location'>),
    serial: row.serial,
    kind: row.kind,
    gasId: row.gas_id,
    location: row.location,
  };
}
const findCylinder = (db: Db, serial: string): CylinderRec | null => {
  const row = db.get<CylinderRow>('SELECT * FROM cylinders WHERE serial = ?', serial);
  return row ? cylinderOf(row) : null;
};

const SDS = new Map(sdsEntries.map((s) => [s.id, s]));

/** What a cylinder of an order line is: gas (by the formulas its name gives), size, volume, material, pressure, inspection period. */
export function describeLine(
  line: Pick<OrderLineRec, 'sku_id' | 'goodsName' | 'specs'>,
): Omit<CylinderRec, 'serial' | 'madeOn' | 'lastInspection' | 'location' | 'plant' | 'fills'> {
  const ids = gasesNamed(`${line.goodsName} ${line.specs}`);
  const gasId = ids[0] ?? 1;
  const gas = SDS.get(gasId);
  // A standard gas or mixture is named by its goods (二氧化硫/氮 标准气体), not by the one formula its name shows.
  const single = ids.length === 1 && gas && !/标准气体|混合气|校准气/.test(line.goodsName);
  const bundle = /集装格|瓶组/.exec(line.specs);
  const litres = /(\d+(?:\.\d+)?)\s*L\s*(钢瓶|铝合金瓶|铝瓶|气瓶)/.exec(line.specs);
  const size = bundle ? '集装格 16 瓶组' : litres ? `${litres[1]}L ${litres[2]}` : '40L 钢瓶';
  const pressure = /(\d+(?:\.\d+)?)\s*MPa/.exec(line.specs);
  return {
    kind: String(line.sku_id),
    gasId,
    gasName: single ? gas.name : line.goodsName.replace(/\s+[A-Z][^\s]*$/, '').trim(),
    formula: single
      ? gas.formula
      : ids
          .map((id) => SDS.get(id)?.formula ?? '')
          .filter(Boolean)
          .join('/'),
    size,
    waterVolume: bundle ? 640 : litres ? Number(litres[1]) : 40,
    material: litres?.[2]?.startsWith('铝') ? '铝合金无缝' : '钢质无缝',
    workingPressure: pressure ? Number(pressure[1]) : 0,
    periodYears: periodOf(ids.length ? ids.map(gasClassOf) : ['general'], purityIn(line.specs)),
  };
}

export const PLANTS = { SZ: '苏州吴中充装站', SH: '上海浦东充装站' } as const;

/** A fill record of a plant on a day; batch and filler numbers as the plant's fill log writes them. */
export function fillOn(
  plantCode: keyof typeof PLANTS,
  day: number,
  n: number,
  c: Pick<CylinderRec, 'workingPressure' | 'waterVolume'>,
): FillRec {
  const date = dateOfDay(day);
  return {
    plant: PLANTS[plantCode],
    date,
    batch: `${plantCode}${date.replace(/-/g, '').slice(2)}-${String((n % 40) + 1).padStart(2, '0')}`,
    pressure: c.workingPressure > 0 ? `${c.workingPressure.toFixed(1)} MPa` : `${Math.round(c.waterVolume * 0.6)} kg`,
    filler: `CZ-${String(101 + (n % 12)).padStart(4, '0')}`,
  };
}

/** A new cylinder of the fleet for an order line: the plant registers one when its stock of that kind is empty. */
function registerCylinder(db: Db, line: OrderLineRec, today: number): CylinderRec {
  const seq = db.next('cylinder_serial');
  const d = describeLine(line);
  const made = dateOfDay(today - 400 - (seq % 300));
  const c: CylinderRec = {
    ...d,
    serial: `SZ${String(26_000_000 + seq).padStart(8, '0')}`,
    madeOn: made,
    lastInspection: made,
    location: 'PLANT',
    plant: PLANTS.SZ,
    fills: [],
  };
  saveCylinder(db, c);
  return c;
}

// ---- rent plans

type SizeClass = 'small' | 'large' | 'bundle';
const sizeClassOf = (c: Pick<CylinderRec, 'size' | 'waterVolume'>): SizeClass =>
  /瓶组/.test(c.size) ? 'bundle' : c.waterVolume <= 15 ? 'small' : 'large';

/** The plan for a member's cylinder: the member's own for that goods, else the member's for the size, else the standard one. */
export function planFor(db: Db, uid: number, goodsId: number, size: SizeClass): RentPlan {
  const row = db.get<{ data: string }>(
    `SELECT data FROM cylinder_plans WHERE (uid = ? OR uid IS NULL) AND (goods_id = ? OR goods_id IS NULL) AND (size_class = ? OR size_class IS NULL)
     ORDER BY uid IS NULL, goods_id IS NULL, size_class IS NULL LIMIT 1`,
    uid,
    goodsId,
    size,
  );
  if (!row) throw new Error(`no rent plan for ${size}`);
  return JSON.parse(row.data) as RentPlan;
}
export function savePlan(
  db: Db,
  p: { id: number; uid: number | null; goodsId: number | null; sizeClass: SizeClass | null; plan: RentPlan },
): void {
  db.upsert('cylinder_plans', { id: p.id, uid: p.uid, goods_id: p.goodsId, size_class: p.sizeClass, data: JSON.stringify(p.plan) }, ['id']);
}

// ---- holdings: a cylinder at a member's site, from delivery to pick-up

export type HoldingStateRec = 'ON_SITE' | 'REQUESTED' | 'PICKED' | 'RETURNED' | 'MISSING' | 'DAMAGED';
interface HoldingRow {
  id: number;
  uid: number;
  serial: string;
  order_id: number;
  order_sn: string;
  line_pos: number;
  sku_id: number;
  goods_id: number;
  gas_id: number;
  goods_name: string;
  delivered_day: number;
  picked_day: number | null;
  return_id: number | null;
  state: HoldingStateRec;
  plan: string;
  deposit: number;
}

/** Puts a cylinder on a member's site: its plan is fixed at delivery, its deposit recorded in the ledger. */
export function deliver(
  db: Db,
  h: {
    uid: number;
    c: CylinderRec;
    orderId: number;
    orderSn: string;
    pos: number;
    skuId: number;
    goodsId: number;
    goodsName: string;
    day: number;
    at: number;
    deposit: number;
  },
): void {
  const plan = planFor(db, h.uid, h.goodsId, sizeClassOf(h.c));
  db.insert('cylinder_holdings', {
    uid: h.uid,
    serial: h.c.serial,
    order_id: h.orderId,
    order_sn: h.orderSn,
    line_pos: h.pos,
    sku_id: h.skuId,
    goods_id: h.goodsId,
    gas_id: h.c.gasId,
    goods_name: h.goodsName,
    delivered_day: h.day,
    picked_day: null,
    return_id: null,
    state: 'ON_SITE',
    plan: JSON.stringify(plan),
    deposit: h.deposit,
  });
  h.c.location = 'CUSTOMER';
  saveCylinder(db, h.c);
  book(db, {
    uid: h.uid,
    time: h.at,
    kind: 'DEPOSIT',
    amount: h.deposit,
    serial: h.c.serial,
    ref: h.orderSn || '线下发货',
    note: `${h.c.gasName} ${h.c.size} 钢瓶押金`,
  });
}

export function book(
  db: Db,
  e: { uid: number; time: number; kind: LedgerKind; amount: number; serial: string; ref: string; note: string },
): void {
  db.insert('cylinder_ledger', { uid: e.uid, time: e.time, kind: e.kind, amount: e.amount, serial: e.serial, ref: e.ref, note: e.note });
}

const HELD = "state IN ('ON_SITE', 'REQUESTED')";
/** Gas names sorted as Chinese readers expect (pinyin); one collator, as `localeCompare(x, 'zh')` builds one per call. */
const ZH = new Intl.Collator('zh');

interface Held {
  h: HoldingRow;
  c: CylinderRec;
  next: string;
  plan: RentPlan;
  view: HeldCylinder;
  rentThisMonth: number;
}

/** Every cylinder a member holds, with its figures as of today; sorted by gas, size and serial (the list groups by them). */
function held(s: State, uid: number): Held[] {
  const today = dayNumber(s.now());
  const todayText = dateOfDay(today);
  const monthStart = dayOfDate(`${todayText.slice(0, 7)}-01`);
  const rows = s.db.all<HoldingRow & { c_kind: string; c_location: Location; next_inspection: string; c_data: string }>(
    `SELECT h.*, c.kind AS c_kind, c.location AS c_location, c.next_inspection, c.data AS c_data
     FROM cylinder_holdings h JOIN cylinders c ON c.serial = h.serial WHERE h.uid = ? AND h.${HELD}`,
    uid,
  );
  const out = rows.map((r): Held => {
    const c = cylinderOf({
      serial: r.serial,
      kind: r.c_kind,
      gas_id: r.gas_id,
      location: r.c_location,
      next_inspection: r.next_inspection,
      data: r.c_data,
    });
    const plan = JSON.parse(r.plan) as RentPlan;
    const days = daysOnSite(r.delivered_day, today);
    return {
      h: r,
      c,
      next: r.next_inspection,
      plan,
      rentThisMonth: rentInPeriod(plan, r.delivered_day, today, monthStart, today),
      view: {
        serial: r.serial,
        gasId: c.gasId,
        gasName: c.gasName,
        formula: c.formula,
        size: c.size,
        goodsName: r.goods_name,
        orderSn: r.order_sn,
        deliveredOn: dateOfDay(r.delivered_day),
        daysOnSite: days,
        freeDaysLeft: freeDaysLeft(plan, days),
        rentSoFar: yuan(rentFor(plan, days)),
        rateToday: yuan(rateOnDay(plan, days)),
        rentRule: rentRule(plan),
        deposit: yuan(r.deposit),
        nextInspection: r.next_inspection,
        inspectionState: inspectionState(r.next_inspection, todayText),
        state: r.state === 'REQUESTED' ? 'REQUESTED' : 'ON_SITE',
      },
    };
  });
  return out.sort(
    (a, b) =>
      ZH.compare(a.c.gasName, b.c.gasName) ||
      ZH.compare(a.c.size, b.c.size) ||
      (a.h.serial < b.h.serial ? -1 : a.h.serial > b.h.serial ? 1 : 0),
  );
}

function filtered(list: Held[], q: { gasId?: number; filter?: 'rent' | 'inspection' }): Held[] {
  return list.filter(
    (x) =>
      (q.gasId === undefined || x.c.gasId === q.gasId) &&
      (q.filter !== 'rent' || x.view.daysOnSite > x.plan.freeDays) &&
      (q.filter !== 'inspection' || x.view.inspectionState !== 'ok'),
  );
}

const sumOf = <T>(list: T[], f: (x: T) => number) => list.reduce((n, x) => n + f(x), 0);

// ---- ledger

interface LedgerRow {
  id: number;
  time: number;
  kind: LedgerKind;
  amount: number;
  serial: string;
  ref: string;
  note: string;
}
const ledgerView = (r: LedgerRow): LedgerEntry => ({ ...r, kindText: LEDGER_KIND_LABEL[r.kind], amount: yuan(r.amount) });

// ---- return requests

export interface ReturnRec {
  id: number;
  uid: number;
  no: string;
  status: ReturnStatus;
  createTime: number;
  pickupDate: string;
  slot: 'AM' | 'PM';
  address: { name: string; phone: string; regionText: string; detail: string };
  remark: string;
  cylinders: { serial: string; gasName: string; size: string; result: 'RECEIVED' | 'MISSING' | 'DAMAGED' | null }[];
  pickedUpOn: string | null;
  receivedAt: number | null;
  refund: number;
  rentDue: number;
  forfeited: number;
  logs: { status: ReturnStatus; time: number; note: string }[];
}

export function saveReturn(db: Db, r: ReturnRec): void {
  db.upsert('cylinder_returns', { id: r.id, uid: r.uid, no: r.no, status: r.status, create_time: r.createTime, data: JSON.stringify(r) }, [
    'id',
  ]);
}
const returnById = (db: Db, id: number): ReturnRec | null => {
  const row = db.get<{ data: string }>('SELECT data FROM cylinder_returns WHERE id = ?', id);
  return row ? (JSON.parse(row.data) as ReturnRec) : null;
};
function returnOf(s: State, uid: number | null, raw: string | undefined): ReturnRec {
  const r = /^\d{1,12}$/.test(raw ?? '') ? returnById(s.db, Number(raw)) : null;
  if (!r || (uid !== null && r.uid !== uid)) throw new Fail(404, '回收申请不存在');
  return r;
}
const returnView = (r: ReturnRec): ReturnRequest => ({
  id: r.id,
  no: r.no,
  status: r.status,
  statusText: RETURN_STATUS_LABEL[r.status],
  createTime: r.createTime,
  pickupDate: r.pickupDate,
  slot: r.slot,
  address: r.address,
  cylinders: r.cylinders,
  pickedUpOn: r.pickedUpOn,
  receivedAt: r.receivedAt,
  refund: yuan(r.refund),
  rentDue: yuan(r.rentDue),
  forfeited: yuan(r.forfeited),
  logs: r.logs.map((l) => ({ ...l, statusText: RETURN_STATUS_LABEL[l.status] })),
});
export const returnNo = (at: number, id: number): string => `HS${dateOf(at).replace(/-/g, '')}${String(id).padStart(4, '0')}`;

/** Pick-up: rent stops on the pick-up day; the cylinders leave the member's list. */
function pickUp(db: Db, r: ReturnRec, day: number, at: number): void {
  r.status = 'PICKED_UP';
  r.pickedUpOn = dateOfDay(day);
  r.logs.push({ status: 'PICKED_UP', time: at, note: `物流已于 ${r.pickedUpOn} 取件` });
  db.run(`UPDATE cylinder_holdings SET state = 'PICKED', picked_day = ? WHERE return_id = ? AND ${HELD}`, day, r.id);
  for (const c of r.cylinders) db.run("UPDATE cylinders SET location = 'TRANSIT' WHERE serial = ?", c.serial);
}

/** The plant receives a request's cylinders: deposits of those received are refunded, rent to the pick-up day is due, missing or damaged ones keep their deposit. */
export function receive(db: Db, r: ReturnRec, at: number, missing: Set<string>, damaged: Set<string>): void {
  const rows = db.all<HoldingRow>('SELECT * FROM cylinder_holdings WHERE return_id = ?', r.id);
  for (const h of rows) {
    const c = r.cylinders.find((x) => x.serial === h.serial);
    if (!c) continue;
    const result = missing.has(h.serial) ? 'MISSING' : damaged.has(h.serial) ? 'DAMAGED' : 'RECEIVED';
    c.result = result;
    const plan = JSON.parse(h.plan) as RentPlan;
    const picked = h.picked_day ?? dayOfDate(r.pickedUpOn!);
    const days = daysOnSite(h.delivered_day, picked);
    const rent = rentFor(plan, days);
    r.rentDue += rent;
    if (rent > 0)
      book(db, {
        uid: r.uid,
        time: at,
        kind: 'RENT',
        amount: rent,
        serial: h.serial,
        ref: r.no,
        note: `${dateOfDay(h.delivered_day)} 至 ${dateOfDay(picked)} 共 ${days} 天（${rentRule(plan)}）`,
      });
    if (result === 'RECEIVED') {
      r.refund += h.deposit;
      book(db, { uid: r.uid, time: at, kind: 'REFUND', amount: -h.deposit, serial: h.serial, ref: r.no, note: '钢瓶已入库，押金退还' });
    } else {
      r.forfeited += h.deposit;
      book(db, {
        uid: r.uid,
        time: at,
        kind: 'FORFEIT',
        amount: 0,
        serial: h.serial,
        ref: r.no,
        note: `钢瓶${result === 'MISSING' ? '未收到' : '损坏'}，押金 ¥${(h.deposit / 100).toFixed(2)} 抵扣赔偿`,
      });
    }
    db.run(
      'UPDATE cylinder_holdings SET state = ?, picked_day = ? WHERE id = ?',
      result === 'RECEIVED' ? 'RETURNED' : result,
      picked,
      h.id,
    );
    db.run('UPDATE cylinders SET location = ? WHERE serial = ?', result === 'MISSING' ? 'CUSTOMER' : 'RETURNED', h.serial);
  }
  r.status = 'STORED';
  r.receivedAt = at;
  const notes = [`入库 ${r.cylinders.filter((c) => c.result === 'RECEIVED').length} 只`];
  if (missing.size) notes.push(`未收到 ${[...missing].join('、')}`);
  if (damaged.size) notes.push(`损坏 ${[...damaged].join('、')}`);
  r.logs.push({ status: 'STORED', time: at, note: notes.join('，') });
}

/** Lays the seed: plans, two cylinders of plant stock per cylinder SKU, the demo member's holdings and return requests. */
function laySeed({ db, at }: Seeding): void {
  const today = dayNumber(at);
  for (const p of seed.plans) savePlan(db, p);
  const make = (
    serial: string,
    skuId: number,
    plant: 'SZ' | 'SH',
    madeDay: number,
    inspectedDay: number,
    location: Location,
  ): CylinderRec => {
    const line = seed.lineOf(skuId);
    return {
      ...describeLine(line),
      serial,
      madeOn: dateOfDay(madeDay),
      lastInspection: dateOfDay(inspectedDay),
      location,
      plant: PLANTS[plant],
      fills: [],
    };
  };
  let n = 0;
  for (const skuId of seed.cylinderSkus()) {
    for (let i = 0; i < 2; i++) {
      n++;
      const c = make(`SH${String(25_100_000 + n)}`, skuId, 'SH', today - 500 - n, today - 200 - (n % 150), 'PLANT');
      c.fills = [fillOn('SH', today - 3 - (n % 5), n, c)];
      saveCylinder(db, c);
    }
  }
  const { holdings, returns } = seed.memberCylinders(at);
  for (const h of holdings) {
    const line = seed.lineOf(h.skuId);
    const deliveredDay = today - h.deliveredDaysAgo;
    const inspected = today - (h.inspectedDaysAgo ?? h.deliveredDaysAgo + 300);
    const c = make(h.serial, h.skuId, h.plant, inspected - 400, inspected, 'PLANT');
    c.fills = [0, 1, 2].map((k) => fillOn(h.plant, deliveredDay - 1 - k * 45, k + h.serial.charCodeAt(9), c));
    const pos = 0;
    deliver(db, {
      uid: 1,
      c,
      orderId: h.orderId,
      orderSn: h.orderSn,
      pos,
      skuId: h.skuId,
      goodsId: line.goods_id,
      goodsName: line.goodsName,
      day: deliveredDay,
      at: at - h.deliveredDaysAgo * 86_400_000,
      deposit: line.deposit,
    });
  }
  seedReturns(db, at, today, returns);
  db.setSequence('cylinder_return', returns.length);
}

/** The demo member's return requests, moved on as far as the seed says (waiting, picked up, stored). */
function seedReturns(db: Db, at: number, today: number, returns: ReturnType<typeof seed.memberCylinders>['returns']): void {
  const address = addressesOf({ db, now: () => at }, 1)[0]!;
  for (const rs of returns) {
    const created = at - rs.createdDaysAgo * 86_400_000;
    const r: ReturnRec = {
      id: rs.id,
      uid: 1,
      no: returnNo(created, rs.id),
      status: 'WAITING',
      createTime: created,
      pickupDate: dateOfDay(today + rs.pickupInDays),
      slot: rs.slot,
      address: { name: address.name, phone: address.phone, regionText: address.regionText, detail: address.detail },
      remark: '',
      cylinders: rs.serials.map((serial) => {
        const c = findCylinder(db, serial)!;
        return { serial, gasName: c.gasName, size: c.size, result: null };
      }),
      pickedUpOn: null,
      receivedAt: null,
      refund: 0,
      rentDue: 0,
      forfeited: 0,
      logs: [{ status: 'WAITING', time: created, note: `已提交回收申请，共 ${rs.serials.length} 只钢瓶` }],
    };
    for (const serial of rs.serials)
      db.run("UPDATE cylinder_holdings SET state = 'REQUESTED', return_id = ? WHERE uid = 1 AND serial = ?", r.id, serial);
    if (rs.status !== 'WAITING') pickUp(db, r, today + rs.pickupInDays, at + (rs.pickupInDays - 0.5) * 86_400_000);
    if (rs.status === 'STORED') receive(db, r, at + (rs.pickupInDays + 1) * 86_400_000, new Set(), new Set());
    saveReturn(db, r);
  }
}

const ReceiveHook = v.object({
  missing: v.optional(v.array(v.string()), []),
  damaged: v.optional(v.array(v.string()), []),
});
const PickupHook = v.object({ date: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'date 格式应为 YYYY-MM-DD'))) });

/**
 * Empties collected on a delivery (a standing order's exchange, 换瓶): the driver takes back up to `count` of the member's
 * cylinders of that SKU still on site (the longest held first) as a return request already picked up that day, so rent stops
 * and the plant's receive hook refunds their deposits like any return. Answers the request, or null when none was on site.
 */
export function collectOnDelivery(
  db: Db,
  e: { uid: number; skuId: number; count: number; orderId: number; at: number; ref: string; address: ReturnRec['address'] },
): ReturnRec | null {
  // Not the full ones this very delivery brought.
  const rows = db.all<HoldingRow>(
    "SELECT * FROM cylinder_holdings WHERE uid = ? AND sku_id = ? AND state = 'ON_SITE' AND order_id <> ? ORDER BY delivered_day, id LIMIT ?",
    e.uid,
    e.skuId,
    e.orderId,
    e.count,
  );
  if (!rows.length) return null;
  const day = dayNumber(e.at);
  const r = openReturn(db, {
    uid: e.uid,
    rows,
    at: e.at,
    pickupDate: dateOfDay(day),
    slot: 'AM',
    address: e.address,
    remark: `随车换瓶（${e.ref}）`,
    note: `送货时随车回收空瓶 ${rows.length} 只（${e.ref}）`,
  });
  pickUp(db, r, day, e.at);
  saveReturn(db, r);
  return r;
}

/**
 * Empties collected by serial on a signed proof of delivery (the delivery domain): the member's cylinders on site go back as
 * a return request picked up and received that day (rent to today, deposit refunded: the plant's receive rules); a return
 * request whose cylinders are all collected is closed the same way. Answers the serials collected; others are left out.
 */
export function collectSerials(
  db: Db,
  e: { uid: number; serials: string[]; at: number; ref: string; address: ReturnRec['address'] },
): string[] {
  const rows = db.all<HoldingRow>(
    `SELECT * FROM cylinder_holdings WHERE uid = ? AND serial IN (SELECT value FROM json_each(?)) AND ${HELD} ORDER BY id`,
    e.uid,
    JSON.stringify(e.serials),
  );
  const day = dayNumber(e.at);
  const wanted = new Set(e.serials);
  const requests = [...new Set(rows.flatMap((h) => (h.return_id === null ? [] : [h.return_id])))]
    .map((id) => returnById(db, id)!)
    .filter((r) => r.cylinders.every((c) => wanted.has(c.serial)));
  const fresh = rows.filter((h) => h.return_id === null);
  if (fresh.length) {
    const note = `签收时随车回收空瓶 ${fresh.length} 只（${e.ref}）`;
    requests.push(openReturn(db, { ...e, rows: fresh, pickupDate: dateOfDay(day), slot: 'AM', remark: `随车回收（${e.ref}）`, note }));
  }
  for (const r of requests) {
    if (r.status === 'WAITING') pickUp(db, r, day, e.at);
    receive(db, r, e.at, new Set(), new Set());
    saveReturn(db, r);
  }
  return requests.flatMap((r) => r.cylinders.map((c) => c.serial));
}

/**
 * Cylinders loaded for an order but not on its signed proof of delivery (a shortage): the holding ends the day it began (no
 * rent), the deposit is refunded and the cylinder is back in the plant's stock. Answers the serials taken back.
 */
export function undeliver(db: Db, e: { uid: number; orderId: number; serials: string[]; at: number; ref: string }): string[] {
  const rows = db.all<HoldingRow>(
    "SELECT * FROM cylinder_holdings WHERE uid = ? AND order_id = ? AND state = 'ON_SITE' AND serial IN (SELECT value FROM json_each(?))",
    e.uid,
    e.orderId,
    JSON.stringify(e.serials),
  );
  for (const h of rows) {
    db.run("UPDATE cylinder_holdings SET state = 'RETURNED', picked_day = delivered_day WHERE id = ?", h.id);
    db.run("UPDATE cylinders SET location = 'PLANT' WHERE serial = ?", h.serial);
    book(db, {
      uid: e.uid,
      time: e.at,
      kind: 'REFUND',
      amount: -h.deposit,
      serial: h.serial,
      ref: e.ref,
      note: '签收单未列此瓶（未送达），押金退还',
    });
  }
  return rows.map((h) => h.serial);
}

/** A new return request of these holdings, waiting for pick-up: they leave the member's list of cylinders to return. */
function openReturn(
  db: Db,
  e: {
    uid: number;
    rows: HoldingRow[];
    at: number;
    pickupDate: string;
    slot: ReturnRec['slot'];
    address: ReturnRec['address'];
    remark: string;
    note: string;
  },
): ReturnRec {
  const id = db.next('cylinder_return');
  const r: ReturnRec = {
    id,
    uid: e.uid,
    no: returnNo(e.at, id),
    status: 'WAITING',
    createTime: e.at,
    pickupDate: e.pickupDate,
    slot: e.slot,
    address: e.address,
    remark: e.remark,
    cylinders: e.rows.map((h) => {
      const c = findCylinder(db, h.serial)!;
      return { serial: h.serial, gasName: c.gasName, size: c.size, result: null };
    }),
    pickedUpOn: null,
    receivedAt: null,
    refund: 0,
    rentDue: 0,
    forfeited: 0,
    logs: [{ status: 'WAITING', time: e.at, note: e.note }],
  };
  saveReturn(db, r);
  for (const h of e.rows) db.run("UPDATE cylinder_holdings SET state = 'REQUESTED', return_id = ? WHERE id = ?", id, h.id);
  return r;
}

// Account deletion (domains/privacy.ts): cylinders on site and deposits not refunded block it; when due, the holdings and the
// ledger stay (deposit accounts, 会计档案管理办法) and return requests lose their pick-up address and remark.
function onMemberClosing({ db, uid, facts }: SandboxEvents['member.closing']) {
  facts.cylindersOnHand += db.get<{ n: number }>("SELECT COUNT(*) AS n FROM cylinder_holdings WHERE uid = ? AND state = 'ON_SITE'", uid)!.n;
  facts.depositsHeld += db.get<{ d: number }>(
    "SELECT COALESCE(SUM(deposit), 0) AS d FROM cylinder_holdings WHERE uid = ? AND state IN ('ON_SITE', 'REQUESTED')",
    uid,
  )!.d;
}

function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  for (const r of db.all<{ id: number; data: string }>('SELECT id, data FROM cylinder_returns WHERE uid = ?', uid))
    db.run('UPDATE cylinder_returns SET data = ? WHERE id = ?', JSON.stringify(scrubCylinderReturn(JSON.parse(r.data) as ReturnRec)), r.id);
  db.run('DELETE FROM cylinder_return_keys WHERE uid = ?', uid);
  db.run('DELETE FROM cylinder_plans WHERE uid = ?', uid);
}

// A company's monthly statement (company buying) lists the month's cylinder rent and deposits of its members while the
// cylinder feature is on: deposits taken and refunded as CYLINDER_DEPOSIT, settled rent as CYLINDER_RENT (cents).
function onStatementCollecting({ db, uids, from, to, lines }: SandboxEvents['statement.collecting']) {
  lines.push(...ledgerLines(db, uids, from, to));
}

/** The members' rent, deposits and deposit refunds in [from, to) as statement lines (the company and credit statements). */
export function ledgerLines(db: Db, uids: readonly number[], from: number, to: number): StatementLineRec[] {
  const lines: StatementLineRec[] = [];
  if (!viewOn(db, 'cylinder_part') || uids.length === 0) return lines;
  const rows = db.all<LedgerRow & { uid: number }>(
    `SELECT id, uid, time, kind, amount, serial, ref, note FROM cylinder_ledger WHERE uid IN (${uids.map(() => '?').join(', ')}) AND time >= ? AND time < ? AND kind IN ('DEPOSIT', 'REFUND', 'RENT') ORDER BY time, id`,
    ...uids,
    from,
    to,
  );
  for (const r of rows) {
    const kind = r.kind === 'RENT' ? 'CYLINDER_RENT' : 'CYLINDER_DEPOSIT';
    lines.push({
      kind,
      time: r.time,
      sn: r.ref,
      uid: r.uid,
      poNumber: '',
      costCentre: '',
      amount: r.amount,
      note: `${LEDGER_KIND_LABEL[r.kind]} ${r.serial}：${r.note}`,
    });
  }
  return lines;
}

/**
 * Deposit refunds booked for the members in [from, to), each with the order its cylinder came on: a return's refund is the
 * holding of that return request (the ledger's ref is the request's number), a shortage's the holding its proof of delivery
 * took back (ref: the order). The credit statement credits those of orders on account (docs/credit.md).
 */
export function depositRefunds(
  db: Db,
  uids: readonly number[],
  from: number,
  to: number,
): { time: number; uid: number; amount: number; serial: string; orderId: number; orderSn: string }[] {
  if (uids.length === 0) return [];
  return db.all(
    `SELECT l.time, l.uid, l.amount, l.serial, h.order_id AS orderId, h.order_sn AS orderSn FROM cylinder_ledger l
       JOIN cylinder_holdings h ON h.uid = l.uid AND h.serial = l.serial
        AND (h.return_id = (SELECT r.id FROM cylinder_returns r WHERE r.no = l.ref) OR (h.return_id IS NULL AND h.order_sn = l.ref))
     WHERE l.kind = 'REFUND' AND l.uid IN (${uids.map(() => '?').join(', ')}) AND l.time >= ? AND l.time < ? ORDER BY l.time, l.id`,
    ...uids,
    from,
    to,
  );
}

// Shipping an order gives its cylinder lines (those with a deposit) serials from the plant stock of that SKU and starts their rent.
function onOrderShipped({ db, now, order, serials }: SandboxEvents['order.shipped']) {
  const day = dayNumber(now);
  order.lines.forEach((line, pos) => {
    if (line.deposit <= 0) return;
    const list: string[] = [];
    for (let i = 0; i < line.num; i++) {
      const row = db.get<CylinderRow>(
        "SELECT * FROM cylinders WHERE kind = ? AND location = 'PLANT' ORDER BY serial LIMIT 1",
        String(line.sku_id),
      );
      const c = row ? cylinderOf(row) : registerCylinder(db, line, day);
      c.fills = [fillOn('SZ', day - 1, c.fills.length + i, c), ...c.fills].slice(0, 20);
      deliver(db, {
        uid: order.uid,
        c,
        orderId: order.id,
        orderSn: order.sn,
        pos,
        skuId: line.sku_id,
        goodsId: line.goods_id,
        goodsName: line.goodsName,
        day,
        at: now,
        deposit: line.deposit,
      });
      list.push(c.serial);
    }
    serials.set(pos, list);
  });
}

function list(ctx: RouteCtx<typeof contract.list>) {
  const all = held(ctx, ctx.uid!);
  const { pageNumber, pageSize, gasId, filter } = ctx.input;
  const list = filtered(all, { gasId, filter });
  const gases = new Map<number, { gasId: number; gasName: string; count: number }>();
  for (const x of all) {
    const g = gases.get(x.c.gasId) ?? { gasId: x.c.gasId, gasName: x.c.gasName, count: 0 };
    g.count++;
    gases.set(x.c.gasId, g);
  }
  const start = (pageNumber - 1) * pageSize;
  return {
    list: list.slice(start, start + pageSize).map((x) => x.view),
    total: list.length,
    pageNumber,
    pageSize,
    totals: {
      cylinders: all.length,
      deposit: yuan(sumOf(all, (x) => x.h.deposit)),
      rentThisMonth: yuan(sumOf(all, (x) => x.rentThisMonth)),
      rentSoFar: yuan(sumOf(all, (x) => rentFor(x.plan, x.view.daysOnSite))),
      pastFreeDays: all.filter((x) => x.view.daysOnSite > x.plan.freeDays).length,
      inspectionDue: all.filter((x) => x.view.inspectionState !== 'ok').length,
    },
    gases: [...gases.values()],
  };
}

function exportRoute(ctx: RouteCtx<typeof contract.export>) {
  return filtered(held(ctx, ctx.uid!), ctx.input).map((x) => x.view);
}

function statement(ctx: RouteCtx<typeof contract.statement>) {
  const uid = ctx.uid!;
  const today = dayNumber(ctx.now());
  const { month } = ctx.input;
  if (month > dateOfDay(today).slice(0, 7)) throw new Fail(400, '月份不能晚于本月');
  const from = dayOfDate(`${month}-01`);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const to = Math.min(from + new Date(Date.UTC(y, m, 0)).getUTCDate() - 1, today);
  const rows = ctx.db.all<HoldingRow & { c_data: string }>(
    `SELECT h.*, c.data AS c_data FROM cylinder_holdings h JOIN cylinders c ON c.serial = h.serial
     WHERE h.uid = ? AND h.delivered_day <= ? AND (h.picked_day IS NULL OR h.picked_day >= ?) ORDER BY h.delivered_day, h.serial`,
    uid,
    to,
    from,
  );
  const lines = rows.map((r) => {
    const c = JSON.parse(r.c_data) as Pick<CylinderRec, 'gasName' | 'size'>;
    const plan = JSON.parse(r.plan) as RentPlan;
    const until = r.picked_day ?? today;
    const days = Math.max(0, Math.min(to, until) - Math.max(from, r.delivered_day) + 1);
    return {
      serial: r.serial,
      gasName: c.gasName,
      size: c.size,
      deliveredOn: dateOfDay(r.delivered_day),
      returnedOn: r.picked_day === null ? null : dateOfDay(r.picked_day),
      days,
      rent: rentInPeriod(plan, r.delivered_day, until, from, to),
      rentRule: rentRule(plan),
    };
  });
  // Ledger entries booked in the month, in China time.
  const startMs = from * DAY_MS - CHINA_OFFSET_MS;
  const endMs = (to + 1) * DAY_MS - CHINA_OFFSET_MS;
  const entries = ctx.db
    .all<LedgerRow>(
      'SELECT id, time, kind, amount, serial, ref, note FROM cylinder_ledger WHERE uid = ? AND time >= ? AND time < ? ORDER BY time, id',
      uid,
      startMs,
      endMs,
    )
    .map(ledgerView);
  const depositHeld = ctx.db.get<{ n: number }>(
    `SELECT COALESCE(SUM(deposit), 0) AS n FROM cylinder_holdings WHERE uid = ? AND ${HELD}`,
    uid,
  )!.n;
  const out: Statement = {
    month,
    from: dateOfDay(from),
    to: dateOfDay(to),
    lines: lines.map((l) => ({ ...l, rent: yuan(l.rent) })),
    entries,
    rentTotal: yuan(sumOf(lines, (l) => l.rent)),
    depositHeld: yuan(depositHeld),
  };
  return out;
}

function ledger(ctx: RouteCtx<typeof contract.ledger>) {
  const { pageNumber, pageSize } = ctx.input;
  const total = ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM cylinder_ledger WHERE uid = ?', ctx.uid!)!.n;
  const rows = ctx.db.all<LedgerRow>(
    'SELECT id, time, kind, amount, serial, ref, note FROM cylinder_ledger WHERE uid = ? ORDER BY time DESC, id DESC LIMIT ? OFFSET ?',
    ctx.uid!,
    pageSize,
    (pageNumber - 1) * pageSize,
  );
  return { list: rows.map(ledgerView), total, pageNumber, pageSize };
}

function returns(ctx: RouteCtx<typeof contract.returns>) {
  const { pageNumber, pageSize, status } = ctx.input;
  const filter = status ? 'uid = ? AND status = ?' : 'uid = ? AND ? IS NULL';
  const total = ctx.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM cylinder_returns WHERE ${filter}`, ctx.uid!, status ?? null)!.n;
  const rows = ctx.db.all<{ data: string }>(
    `SELECT data FROM cylinder_returns WHERE ${filter} ORDER BY create_time DESC, id DESC LIMIT ? OFFSET ?`,
    ctx.uid!,
    status ?? null,
    pageSize,
    (pageNumber - 1) * pageSize,
  );
  return { list: rows.map((r) => returnView(JSON.parse(r.data) as ReturnRec)), total, pageNumber, pageSize };
}

function returnDetail(ctx: RouteCtx<typeof contract.returnDetail>) {
  return returnView(returnOf(ctx, ctx.uid!, ctx.params.id));
}

function requestReturn(ctx: RouteCtx<typeof contract.requestReturn>) {
  const uid = ctx.uid!;
  const key = ctx.request.headers.get('idempotency-key');
  if (key !== null && !isIdempotencyKey(key)) throw new Fail(400, '幂等键格式错误');
  // The same key answers the request it made: a double-submitted form makes one request.
  const keyed =
    key === null
      ? undefined
      : ctx.db.get<{ return_id: number }>('SELECT return_id FROM cylinder_return_keys WHERE uid = ? AND key = ?', uid, key);
  const earlier = keyed && returnById(ctx.db, keyed.return_id);
  if (earlier) return returnView(earlier);

  const { serials, addressId, pickupDate, slot, remark } = ctx.input;
  const seen = new Set<string>();
  for (const sn of serials) {
    if (seen.has(sn)) throw new Fail(400, `钢瓶号 ${sn} 重复`);
    seen.add(sn);
  }
  const rows = serials.map((sn) => {
    const h = ctx.db.get<HoldingRow>(`SELECT * FROM cylinder_holdings WHERE uid = ? AND serial = ? AND ${HELD}`, uid, sn);
    if (!h) throw new Fail(400, `钢瓶 ${sn} 不在您的在用钢瓶中`);
    if (h.state === 'REQUESTED') {
      const r = returnById(ctx.db, h.return_id!);
      throw new Fail(400, `钢瓶 ${sn} 已申请回收（申请单 ${r?.no ?? ''}）`);
    }
    return h;
  });
  const address = addressesOf(ctx, uid).find((a) => a.id === addressId);
  if (!address) throw new Fail(400, '收货地址不存在');
  if (!inPickupWindow(pickupDate, ctx.now())) throw new Fail(400, PICKUP_WINDOW_MESSAGE);

  const r = openReturn(ctx.db, {
    uid,
    rows,
    at: ctx.now(),
    pickupDate,
    slot,
    address: { name: address.name, phone: address.phone, regionText: address.regionText, detail: address.detail },
    remark,
    note: `已提交回收申请，共 ${rows.length} 只钢瓶`,
  });
  if (key !== null) ctx.db.insert('cylinder_return_keys', { uid, key, return_id: r.id });
  return returnView(r);
}

function trace(ctx: RouteCtx<typeof contract.trace>) {
  const serial = ctx.params.serial ?? '';
  if (!isSerial(serial)) throw new Fail(400, '钢瓶号格式错误');
  const c = findCylinder(ctx.db, serial);
  if (!c) throw new Fail(404, '钢瓶不存在');
  const next = nextInspection(c.lastInspection, c.periodYears);
  const out: CylinderTrace = {
    serial: c.serial,
    gasId: c.gasId,
    gasName: c.gasName,
    formula: c.formula,
    pictograms: (SDS.get(c.gasId)?.pictograms ?? ['GHS04']) as Pictogram[],
    size: c.size,
    waterVolume: c.waterVolume,
    material: c.material,
    workingPressure: c.workingPressure,
    madeOn: c.madeOn,
    lastInspection: c.lastInspection,
    nextInspection: next,
    periodYears: c.periodYears,
    inspectionRule: `每 ${c.periodYears} 年检验一次（${INSPECTION_SOURCE}）`,
    inspectionState: inspectionState(next, dateOf(ctx.now())),
    location: c.location,
    fills: c.fills.slice(0, 5),
  };
  return out;
}

function orderSerials(ctx: RouteCtx<typeof contract.orderSerials>) {
  const rows = ctx.db.all<{ line_pos: number; sku_id: number; serial: string }>(
    'SELECT line_pos, sku_id, serial FROM cylinder_holdings WHERE uid = ? AND order_sn = ? ORDER BY line_pos, serial',
    ctx.uid!,
    ctx.params.sn ?? '',
  );
  const byPos = new Map<number, { pos: number; sku_id: number; serials: string[] }>();
  for (const r of rows) {
    const e = byPos.get(r.line_pos) ?? { pos: r.line_pos, sku_id: r.sku_id, serials: [] };
    e.serials.push(r.serial);
    byPos.set(r.line_pos, e);
  }
  return [...byPos.values()];
}

// The logistics partner collected a request's cylinders (date: the pick-up day, default today).
function hookCylindersReturnsPickup(ctx: Ctx<unknown>) {
  const body = parseOrFail(PickupHook, ctx.input);
  const r = returnOf(ctx, null, ctx.params.id);
  if (r.status !== 'WAITING') throw new Fail(400, '该回收申请不是待取件状态');
  pickUp(ctx.db, r, body.date ? dayOfDate(body.date) : dayNumber(ctx.now()), ctx.now());
  saveReturn(ctx.db, r);
  return returnView(r);
}

// The plant receives a request's cylinders, optionally with serials missing or damaged; a request not yet picked up is picked up today (or on its pick-up date, when that has passed).
function hookCylindersReturnsReceive(ctx: Ctx<unknown>) {
  const body = parseOrFail(ReceiveHook, ctx.input);
  const r = returnOf(ctx, null, ctx.params.id);
  if (r.status === 'STORED') throw new Fail(400, '该回收申请已入库');
  const listed = new Set(r.cylinders.map((c) => c.serial));
  for (const sn of [...body.missing, ...body.damaged]) if (!listed.has(sn)) throw new Fail(400, `钢瓶 ${sn} 不在该回收申请中`);
  const today = dayNumber(ctx.now());
  if (r.status === 'WAITING') pickUp(ctx.db, r, Math.min(today, dayOfDate(r.pickupDate)), ctx.now());
  receive(ctx.db, r, ctx.now(), new Set(body.missing), new Set(body.damaged));
  saveReturn(ctx.db, r);
  return returnView(r);
}

export function install(sb: Sandbox): void {
  sb.listen('member.closing', onMemberClosing);
  sb.listen('member.erasing', onMemberErasing);
  sb.seed('cylinders', laySeed);
  sb.listen('statement.collecting', onStatementCollecting);
  sb.listen('order.shipped', onOrderShipped);
  sb.on(contract.list, list);
  sb.on(contract.export, exportRoute);
  sb.on(contract.statement, statement);
  sb.on(contract.ledger, ledger);
  sb.on(contract.returns, returns);
  sb.on(contract.returnDetail, returnDetail);
  sb.on(contract.requestReturn, requestReturn);
  sb.on(contract.trace, trace);
  sb.on(contract.orderSerials, orderSerials);
  sb.hook('POST', '/cylinders/returns/{id}/pickup', hookCylindersReturnsPickup);
  sb.hook('POST', '/cylinders/returns/{id}/receive', hookCylindersReturnsReceive);
}
