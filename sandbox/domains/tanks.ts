/**
 * Sandbox domain: bulk tanks (tank_part). The demo member's tanks with 60 days of generated readings (seed/tanks.ts), the
 * member's list and automatic-replenishment switch, the gateways' signed telemetry ingestion, and after each batch of
 * readings: alerts (one message each, through the auth domain's messages) and the automatic replenishment order, placed
 * through the order domain's normal path (its `order.creating` listeners: company approvals, PO numbers, permits).
 */
import { workingDayFrom } from '#src/shared/formats/working-days.ts';
import { chinaDay } from '#src/shared/formats/china-time.ts';
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import {
  REPLENISHMENT_STATUS_LABEL,
  tankTelemetry,
  tanks as contract,
  type Replenishment,
  type Tank,
} from '#src/shared/api/contract/tanks.ts';
import { ALERT_LABEL, tankAlerts, type TankAlert } from '#src/features/tanks/alerts.ts';
import { addDays, averageDailyUse, DAY_MS, dailyUse, deliveriesOf, forecastRunOut, type Reading } from '#src/features/tanks/forecast.ts';
import { LIQUIDS, liquidKg, liquidM3, type Liquid } from '#src/features/tanks/liquids.ts';
import { NEED_LABEL, refillTonnes, replenishmentNeed } from '#src/features/tanks/replenish.ts';
import { verifyTelemetry } from '#src/features/tanks/telemetry.ts';
import { Fail, parseOrFail, type Sandbox, type SandboxEvents, type Seeding, type RouteCtx, type Ctx } from '../app.ts';
import { findSku, paged, type State } from '../commerce.ts';
import type { Db } from '../db.ts';
import { demoTanks, generateReadings, TANKER_SKU } from '../seed/tanks.ts';
import { addMessage, memberUidOf } from './auth.ts';
import { notify as notifyWithSms } from './notices.ts';
import { findOrder, placeOrder, releaseUnpaid, statusTextOf } from './order.ts';
import { viewOn } from './site.ts';

const FEATURE = 'tank_part';
const METHOD = '近 14 天日均用量（移动平均法，Hyndman & Athanasopoulos《Forecasting: Principles and Practice》§5.2）';
/** Readings kept for a tank's view: the chart's 30 days, and the forecast window before a silent gateway's last reading. */
const VIEW_DAYS = 31;

interface TankRow {
  id: number;
  uid: number;
  name: string;
  product: Liquid;
  sku_id: number;
  capacity_m3: number;
  location: string;
  address_id: number;
  reorder_pct: number;
  lead_days: number;
  auto_replenish: 0 | 1;
  po_number: string;
  device_id: string;
  device_key: string;
  created_at: number;
}
interface ReplenishmentRow {
  id: number;
  tank_id: number;
  reason: string;
  status: Replenishment['status'];
  order_id: number | null;
  sn: string | null;
  tonnes: number;
  planned_on: string | null;
  note: string;
  created_at: number;
  closed_at: number | null;
}

const ReadingsHook = v.object({
  readings: v.pipe(
    v.array(
      v.object({
        at: v.pipe(v.number('at 须为毫秒时间戳'), v.integer('at 须为毫秒时间戳')),
        levelPct: v.pipe(v.number('levelPct 须为 0-100'), v.minValue(0, 'levelPct 须为 0-100'), v.maxValue(100, 'levelPct 须为 0-100')),
      }),
      'readings 须为数组',
    ),
    v.minLength(1, 'readings 不能为空'),
    v.maxLength(5000, 'readings 最多 5000 条'),
  ),
});
const TankHook = v.object({
  /** The member: phone or uid. */
  member: v.string('请指定 member（手机号或 uid）'),
  name: v.optional(v.pipe(v.string(), v.maxLength(40)), '测试储罐'),
  product: v.optional(v.picklist(['LIN', 'LAR', 'LOX'], 'product 只能是 LIN、LAR 或 LOX'), 'LIN'),
  capacityM3: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(100)), 10),
  endPct: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 60),
  reorderPct: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(90)), 30),
  leadDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(30)), 2),
  workdayPct: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(50)), 7),
  days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60)), 30),
  addressId: v.optional(v.pipe(v.number(), v.integer())),
  poNumber: v.optional(v.pipe(v.string(), v.maxLength(40)), ''),
});

const tankOf = (db: Db, uid: number | null, id: string | number): TankRow => {
  const n = Number(id);
  const row = Number.isInteger(n) ? db.get<TankRow>('SELECT * FROM tanks WHERE id = ?', n) : undefined;
  // Another member's tank answers as a missing one.
  if (!row || (uid !== null && row.uid !== uid)) throw new Fail(404, '储罐不存在');
  return row;
};

function readingsOf(db: Db, tankId: number): Reading[] {
  const last = db.get<{ at: number }>('SELECT MAX(at) AS at FROM tank_readings WHERE tank_id = ?', tankId)?.at;
  if (last === null || last === undefined) return [];
  return db.all<Reading>(
    'SELECT at, level_pct AS levelPct FROM tank_readings WHERE tank_id = ? AND at >= ? ORDER BY at',
    tankId,
    last - VIEW_DAYS * DAY_MS,
  );
}

function replenishmentOut(s: State, r: ReplenishmentRow): Replenishment {
  const order = r.order_id === null ? null : findOrder(s, r.order_id);
  return {
    id: r.id,
    status: r.status,
    statusText: REPLENISHMENT_STATUS_LABEL[r.status],
    reason: r.reason,
    orderSn: r.sn,
    orderStatusText: order ? statusTextOf(order) : null,
    tonnes: r.tonnes,
    plannedOn: r.planned_on,
    note: r.note,
    createTime: r.created_at,
  };
}

const alertKey = (a: TankAlert, readings: readonly Reading[]): string =>
  // LOW once per fill cycle (since the last delivery); a drop once per reading; silence once per last reading.
  a.kind === 'LOW' ? `low:${deliveriesOf(readings).at(-1)?.at ?? 0}` : `${a.kind}:${a.at}`;

/** Sends each new alert to the member's messages once; a read that finds nothing new writes nothing. */
function notify(db: Db, t: TankRow, alerts: readonly TankAlert[], readings: readonly Reading[], now: number): void {
  for (const a of alerts) {
    const key = alertKey(a, readings);
    if (db.get('SELECT 1 AS x FROM tank_alerts WHERE tank_id = ? AND key = ?', t.id, key)) continue;
    db.insert('tank_alerts', { tank_id: t.id, kind: a.kind, key, at: a.at, message: a.message, created_at: now });
    addMessage(db, t.uid, `储罐告警：${t.name}${ALERT_LABEL[a.kind]}`, a.message, now);
  }
}

/** Closes open replenishments that are over: delivered (a refill after the order) or their order cancelled. */
function settleReplenishments(s: State, t: TankRow, readings: readonly Reading[], now: number): void {
  const open = s.db.get<ReplenishmentRow>("SELECT * FROM tank_replenishments WHERE tank_id = ? AND status = 'OPEN'", t.id);
  if (!open) return;
  if (deliveriesOf(readings).some((d) => d.at > open.created_at)) {
    s.db.run("UPDATE tank_replenishments SET status = 'DELIVERED', closed_at = ? WHERE id = ?", now, open.id);
    return;
  }
  const order = open.order_id === null ? null : findOrder(s, open.order_id);
  // Back above its reorder point (without a delivery, e.g. use fell), the order waiting for payment times out as usual.
  if (order && (readings.at(-1)?.levelPct ?? 0) >= t.reorder_pct) releaseUnpaid(s, order.id);
  if (order?.status === 'CANCELLED')
    s.db.run(
      "UPDATE tank_replenishments SET status = 'CANCELLED', closed_at = ?, note = ? WHERE id = ?",
      now,
      order.cancelReason || '订单已取消',
      open.id,
    );
}

/** After new readings: alerts, and the automatic delivery when one is needed and none is under way (one per need). */
function evaluate(sb: Sandbox, s: State, t: TankRow): void {
  if (!viewOn(s.db, FEATURE)) return;
  const now = s.now();
  const readings = readingsOf(s.db, t.id);
  const last = readings.at(-1);
  if (!last) return;
  const dailyPct = averageDailyUse(readings);
  const forecast = forecastRunOut(readings, now);
  notify(s.db, t, tankAlerts({ readings, reorderPct: t.reorder_pct, dailyPct, now }), readings, now);
  settleReplenishments(s, t, readings, now);
  if (!t.auto_replenish) return;
  const need = replenishmentNeed({ levelPct: last.levelPct, reorderPct: t.reorder_pct, leadDays: t.lead_days, forecast, now });
  if (!need) return;
  if (s.db.get("SELECT 1 AS x FROM tank_replenishments WHERE tank_id = ? AND status = 'OPEN'", t.id)) return;
  const tonnes = refillTonnes({ levelPct: last.levelPct, dailyPct, leadDays: t.lead_days, capacityM3: t.capacity_m3, liquid: t.product });
  const plannedOn = workingDayFrom(addDays(chinaDay(now), Math.max(1, t.lead_days)));
  const reason = `${NEED_LABEL[need]}（液位 ${last.levelPct}%，订货点 ${t.reorder_pct}%${forecast ? `，预计 ${forecast.runOutDay} 用完` : ''}）`;
  try {
    const o = placeOrder(sb, s, {
      uid: t.uid,
      lines: [{ skuId: t.sku_id, num: tonnes }],
      addressId: t.address_id,
      remark: `储罐自动补货：${t.name}，${reason}，计划 ${plannedOn} 送达，按实际卸液重量结算`,
      // On account when the company has terms and credit (domains/credit.ts); else waiting for payment, not timed out while needed.
      input: { poNumber: t.po_number, costCentre: '', creditIfAvailable: true },
      keepUnpaid: true,
    });
    s.db.insert('tank_replenishments', {
      tank_id: t.id,
      reason,
      status: 'OPEN',
      order_id: o.id,
      sn: o.sn,
      tonnes,
      planned_on: plannedOn,
      note: '',
      created_at: now,
      closed_at: null,
    });
    const next =
      o.payType === 'CREDIT'
        ? `已使用账期支付（月结）${o.status === 'APPROVAL' ? '，企业审批通过后即安排配送' : '，无需在线支付'}。`
        : o.status === 'APPROVAL'
          ? '订单需企业审批，审批通过后请完成支付。'
          : '订单待付款，请尽快完成支付；储罐低于订货点期间订单不会因超时取消。';
    const text = `${reason}，已为您下单 ${tonnes} 吨${LIQUIDS[t.product].name}（订单 ${o.sn}），计划 ${plannedOn} 送达。${next}`;
    // Waiting for payment, the member is told by SMS as well: the tank runs dry if nobody pays.
    if (o.payType === 'CREDIT') addMessage(s.db, t.uid, `储罐自动补货：${t.name}已下单`, text, now);
    else notifyWithSms(s.db, t.uid, `储罐自动补货：${t.name}已下单，待付款`, text, now);
  } catch (e) {
    if (!(e instanceof Fail)) throw e;
    const note = `${e.message}。请处理后在储罐页重新开启自动补货，或直接下单补液。`;
    const prev = s.db.get<{ note: string }>('SELECT note FROM tank_replenishments WHERE tank_id = ? ORDER BY id DESC LIMIT 1', t.id);
    if (prev?.note === note) return;
    s.db.insert('tank_replenishments', {
      tank_id: t.id,
      reason,
      status: 'FAILED',
      order_id: null,
      sn: null,
      tonnes,
      planned_on: null,
      note,
      created_at: now,
      closed_at: now,
    });
    addMessage(s.db, t.uid, `储罐自动补货：${t.name}未能下单`, `${reason}，但自动下单未成功：${note}`, now);
  }
}

/** The sandbox clock's tank check (run-due): every tank is evaluated as of `s.now()`, so a cancelled order is placed again. */
export function checkTanks(sb: Sandbox, s: State, uid?: number): number {
  const rows =
    uid === undefined
      ? s.db.all<TankRow>('SELECT * FROM tanks ORDER BY id')
      : s.db.all<TankRow>('SELECT * FROM tanks WHERE uid = ? ORDER BY id', uid);
  for (const t of rows) evaluate(sb, s, t);
  return rows.length;
}

function tankView(s: State, t: TankRow): Tank {
  const now = s.now();
  const readings = readingsOf(s.db, t.id);
  const last = readings.at(-1);
  const since = (last?.at ?? now) - 30 * DAY_MS;
  const recent = readings.filter((r) => r.at >= since);
  const kg = (pct: number) => Math.round(liquidKg(pct, t.capacity_m3, t.product));
  const forecast = forecastRunOut(readings, now);
  const alerts = tankAlerts({ readings, reorderPct: t.reorder_pct, dailyPct: averageDailyUse(readings), now });
  // A silent gateway is found by reading, not by a new batch: tell the member once.
  if (viewOn(s.db, FEATURE)) notify(s.db, t, alerts, readings, now);
  settleReplenishments(s, t, readings, now);
  const reps = s.db
    .all<ReplenishmentRow>('SELECT * FROM tank_replenishments WHERE tank_id = ? ORDER BY id DESC LIMIT 5', t.id)
    .map((r) => replenishmentOut(s, r));
  return {
    id: t.id,
    name: t.name,
    product: t.product,
    productName: LIQUIDS[t.product].name,
    capacityM3: t.capacity_m3,
    densityKgM3: LIQUIDS[t.product].densityKgM3,
    location: t.location,
    reorderPct: t.reorder_pct,
    leadDays: t.lead_days,
    autoReplenish: t.auto_replenish === 1,
    skuId: t.sku_id,
    goodsName: findSku(s, t.sku_id)?.goods.goodsName ?? '',
    level: last
      ? { pct: last.levelPct, kg: kg(last.levelPct), m3: Math.round(liquidM3(last.levelPct, t.capacity_m3) * 100) / 100, at: last.at }
      : null,
    readings: recent,
    deliveries: deliveriesOf(recent),
    daily: dailyUse(readings)
      .filter((d) => d.day >= chinaDay(since))
      .map((d) => ({ ...d, usedKg: kg(d.usedPct) })),
    forecast: forecast && {
      ...forecast,
      dailyPct: Math.round(forecast.dailyPct * 100) / 100,
      dailyKg: kg(forecast.dailyPct),
      method: METHOD,
    },
    alerts: alerts.map((a) => ({ ...a, label: ALERT_LABEL[a.kind] })),
    nextDelivery: reps.find((r) => r.status === 'OPEN') ?? null,
    replenishments: reps,
    gateway: { deviceId: t.device_id, lastSeen: last?.at ?? null },
  };
}

function insertTank(db: Db, row: Omit<TankRow, 'id'>, readings: readonly { id: string; at: number; levelPct: number }[]): number {
  const id = db.insert('tanks', { ...row });
  for (const r of readings) db.insert('tank_readings', { tank_id: id, reading_id: r.id, at: r.at, level_pct: r.levelPct, source: 'SEED' });
  return id;
}

// A closed account's tanks go with it: their site location, PO number and gateway key are the member's; the deliveries they
// ordered stay with the order domain, which keeps orders as the accounting rules require, without the member's identity.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  const ids = 'SELECT id FROM tanks WHERE uid = ?';
  for (const table of ['tank_readings', 'tank_alerts', 'tank_replenishments'])
    db.run(`DELETE FROM ${table} WHERE tank_id IN (${ids})`, uid);
  db.run('DELETE FROM tanks WHERE uid = ?', uid);
}

function seedTanks({ db, at }: Seeding) {
  for (const t of demoTanks) {
    const row = {
      uid: 1,
      name: t.name,
      product: t.product,
      sku_id: t.skuId,
      capacity_m3: t.capacityM3,
      location: t.location,
      address_id: 1,
      reorder_pct: t.reorderPct,
      lead_days: t.leadDays,
      auto_replenish: 1 as const,
      po_number: '',
      device_id: t.deviceId,
      device_key: randomBytes(32).toString('hex'),
      created_at: at - 60 * DAY_MS,
    };
    insertTank(db, row, generateReadings(t, at, 60));
  }
}

function list(ctx: RouteCtx<typeof contract.list>) {
  const rows = ctx.db.all<TankRow>('SELECT * FROM tanks WHERE uid = ? ORDER BY id', ctx.uid!);
  const p = paged(rows, ctx.input);
  return { ...p, list: p.list.map((t) => tankView(ctx, t)) };
}

function setAuto(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.setAuto>) => {
    const t = tankOf(ctx.db, ctx.uid!, ctx.params.id ?? '');
    ctx.db.run('UPDATE tanks SET auto_replenish = ? WHERE id = ?', ctx.input.on ? 1 : 0, t.id);
    const now = { ...t, auto_replenish: ctx.input.on ? (1 as const) : (0 as const) };
    // Switched on: a need that exists already is acted on at once.
    if (ctx.input.on) evaluate(sb, ctx, now);
    return tankView(ctx, now);
  };
}

function ingest(sb: Sandbox) {
  return (ctx: RouteCtx<typeof tankTelemetry.ingest>) => {
    const h = ctx.request.headers;
    const deviceId = h.get('x-tank-device') ?? '';
    const t = ctx.db.get<TankRow>('SELECT * FROM tanks WHERE device_id = ?', deviceId);
    const verdict = verifyTelemetry(
      { deviceId, timestamp: Number(h.get('x-tank-timestamp')), signature: h.get('x-tank-signature') ?? '', readings: ctx.input.readings },
      t?.device_key ?? null,
      ctx.now(),
    );
    if (!verdict.ok) throw new Fail(verdict.status, verdict.msg);
    if (ctx.input.readings.some((r) => r.at > ctx.now() + 60_000)) throw new Fail(400, '读数时间晚于当前时间');
    let accepted = 0;
    for (const r of ctx.input.readings) {
      accepted += ctx.db.run(
        'INSERT OR IGNORE INTO tank_readings (tank_id, reading_id, at, level_pct, source) VALUES (?, ?, ?, ?, ?)',
        t!.id,
        r.id,
        r.at,
        r.levelPct,
        'GATEWAY',
      ).changes;
    }
    if (accepted) evaluate(sb, ctx, t!);
    return { accepted, duplicates: ctx.input.readings.length - accepted };
  };
}

// Readings as a gateway would send them, without the signature (tests, demos); the reading id is the instant.
function hookTanksReadings(sb: Sandbox) {
  return (ctx: Ctx<unknown>) => {
    const { readings } = parseOrFail(ReadingsHook, ctx.input);
    const t = tankOf(ctx.db, null, ctx.params.id ?? '');
    for (const r of readings)
      ctx.db.run(
        'INSERT OR IGNORE INTO tank_readings (tank_id, reading_id, at, level_pct, source) VALUES (?, ?, ?, ?, ?)',
        t.id,
        `hook-${r.at}`,
        r.at,
        r.levelPct,
        'HOOK',
      );
    evaluate(sb, ctx, t);
    return tankView(ctx, t);
  };
}

// A tank for any member with `days` of generated history ending now (tests give each a fresh member of their own).
function hookTanks(ctx: Ctx<unknown>) {
  const b = parseOrFail(TankHook, ctx.input);
  const uid = memberUidOf(ctx.db, b.member);
  if (!uid) throw new Fail(404, '会员不存在');
  const now = ctx.now();
  const deviceKey = randomBytes(32).toString('hex');
  const deviceId = `GW-TEST-${now}-${Math.floor(Math.random() * 1e6)}`;
  const id = insertTank(
    ctx.db,
    {
      uid,
      name: b.name,
      product: b.product,
      sku_id: TANKER_SKU[b.product]!,
      capacity_m3: b.capacityM3,
      location: '测试厂区储罐区',
      address_id: b.addressId ?? 0,
      reorder_pct: b.reorderPct,
      lead_days: b.leadDays,
      auto_replenish: 1,
      po_number: b.poNumber,
      device_id: deviceId,
      device_key: deviceKey,
      created_at: now,
    },
    b.days ? generateReadings({ workdayPct: b.workdayPct, endPct: b.endPct, rng: now % 2 ** 31 }, now, b.days) : [],
  );
  return { id, deviceId, deviceKey };
}

// The back office's view of a tank's device (its key is shown once when provisioned; here for the e2e signer).
function hookTanksDevice(ctx: Ctx<unknown>) {
  const t = tankOf(ctx.db, null, ctx.params.id ?? '');
  return { deviceId: t.device_id, deviceKey: t.device_key };
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  sb.seed('tanks', seedTanks);
  sb.on(contract.list, list);
  sb.on(contract.setAuto, setAuto(sb));
  sb.on(tankTelemetry.ingest, ingest(sb));
  sb.hook('POST', '/tanks/{id}/readings', hookTanksReadings(sb));
  sb.hook('POST', '/tanks', hookTanks);
  sb.hook('GET', '/tanks/{id}/device', hookTanksDevice);
}
