/**
 * Bulk tanks (an extension of the supplier's API, shown only while view control has `tank_part` with isShow 1): the liquid
 * gas tanks on a member's site with their level from the tanks' telemetry gateways, consumption, forecast run-out, alerts and
 * automatic replenishment (an order placed through the normal order path when a delivery is needed).
 *
 * For the back office. Member calls live on the `buyer` base and answer the usual envelope `{ status, msg, data }`. Levels
 * are % of the tank's geometric volume, masses kg, instants epoch ms, days YYYY-MM-DD in China time.
 *
 * | call | method, path | auth | input | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- | --- |
 * | list | GET /tanks | member | pageNumber, pageSize (<= 100) | page of `Tank`: readings of the last 30 days, daily use, forecast, alerts, replenishment | 400 分页参数 … |
 * | setAuto | POST /tanks/{id}/auto | member | `{ on: boolean }` | `Tank` | 400 请选择是否自动补货; 404 储罐不存在 (also another member's) |
 * | telemetry.ingest | POST /tanks/telemetry | device (below) | `{ readings: [{ id, at, levelPct }] }` (1-500) | `{ accepted, duplicates }` | 400 读数格式错误 / 读数时间晚于当前时间; 401 设备未登记 / 时间戳超出 5 分钟有效期 / 签名错误 |
 *
 * **Telemetry ingestion** (gateway to backend, never through the shop, so it is not in the shop's proxy registry). The
 * back office provisions each gateway with a device id and a secret key (32 random bytes, hex) when the supply contract is
 * signed. Each request carries the headers `x-tank-device` (device id), `x-tank-timestamp` (epoch ms, within 5 minutes of
 * the server's clock) and `x-tank-signature`: hex HMAC-SHA256 with the device key over the canonical string
 * `TANK-TELEMETRY-V1\n{device}\n{timestamp}\n{id}|{at}|{levelPct}` (one line per reading, in the order sent; see
 * src/features/tanks/telemetry.ts). A reading id already stored for the tank is counted in `duplicates` and changes nothing, so a
 * gateway may resend a batch it got no answer for. After storing, the backend evaluates the tank: alerts (a message to the
 * member once per alert) and, if the member left automatic replenishment on, the delivery order.
 *
 * A backend without the feature answers these paths 404 and has no `tank_part` entry: the shop then hides the feature.
 */
import * as v from 'valibot';
import { endpoint, form, page, PageQuery } from './core.ts';
import { LIQUID_KEYS } from '#src/features/tanks/liquids.ts';

const DateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const auth = 'required' as const;

export const TankReading = v.object({ at: v.number(), levelPct: v.number() });
export const AlertKind = v.picklist(['LOW', 'ABNORMAL_DROP', 'SILENT']);
export const TankAlert = v.object({ kind: AlertKind, label: v.string(), message: v.string(), at: v.number() });
export const ReplenishmentStatus = v.picklist(['OPEN', 'DELIVERED', 'CANCELLED', 'FAILED']);
export const REPLENISHMENT_STATUS_LABEL = { OPEN: '已安排配送', DELIVERED: '已送达', CANCELLED: '订单已取消', FAILED: '未能下单' } as const;

/** A delivery the backend scheduled (or failed to): its order through the normal order path. */
export const Replenishment = v.object({
  id: v.number(),
  status: ReplenishmentStatus,
  statusText: v.string(),
  /** Why it was needed, in words. */
  reason: v.string(),
  orderSn: v.nullable(v.string()),
  /** The order's own status label (待付款, 待审批 …), when there is an order. */
  orderStatusText: v.nullable(v.string()),
  tonnes: v.number(),
  plannedOn: v.nullable(DateText),
  /** For FAILED: what went wrong and what to do. */
  note: v.string(),
  createTime: v.number(),
});
export type Replenishment = v.InferOutput<typeof Replenishment>;

export const Tank = v.object({
  id: v.number(),
  name: v.string(),
  product: v.picklist(LIQUID_KEYS),
  productName: v.string(),
  capacityM3: v.number(),
  densityKgM3: v.number(),
  location: v.string(),
  reorderPct: v.number(),
  leadDays: v.number(),
  autoReplenish: v.boolean(),
  /** The goods ordered for it (a tanker SKU). */
  skuId: v.number(),
  goodsName: v.string(),
  level: v.nullable(v.object({ pct: v.number(), kg: v.number(), m3: v.number(), at: v.number() })),
  /** Readings of the last 30 days, oldest first. */
  readings: v.array(TankReading),
  deliveries: v.array(v.object({ at: v.number(), fromPct: v.number(), toPct: v.number() })),
  /** Use per China day over the last 30 days, oldest first. */
  daily: v.array(v.object({ day: DateText, usedPct: v.number(), usedKg: v.number(), endPct: v.number(), delivered: v.boolean() })),
  forecast: v.nullable(
    v.object({
      dailyPct: v.number(),
      dailyKg: v.number(),
      runOutAt: v.number(),
      runOutDay: DateText,
      daysLeft: v.number(),
      method: v.string(),
    }),
  ),
  alerts: v.array(TankAlert),
  /** The open delivery, if any. */
  nextDelivery: v.nullable(Replenishment),
  /** The latest replenishments, newest first (at most 5). */
  replenishments: v.array(Replenishment),
  gateway: v.object({ deviceId: v.string(), lastSeen: v.nullable(v.number()) }),
});
export type Tank = v.InferOutput<typeof Tank>;

export const AutoInput = form({ on: v.boolean('请选择是否自动补货') });

export const tanks = {
  list: endpoint({ name: 'tanks.list', method: 'GET', path: '/tanks', data: page(Tank), input: PageQuery, auth }),
  setAuto: endpoint({ name: 'tanks.setAuto', method: 'POST', path: '/tanks/{id}/auto', data: Tank, input: AutoInput, auth }),
};

/** Gateway readings: id unique per tank (the gateway's own sequence), level 0-100, at not in the future. */
export const TelemetryReading = v.object({
  id: v.pipe(v.string('读数格式错误'), v.regex(/^[\w.:-]{1,64}$/, '读数格式错误')),
  at: v.pipe(v.number('读数格式错误'), v.integer('读数格式错误'), v.minValue(0, '读数格式错误')),
  levelPct: v.pipe(v.number('读数格式错误'), v.minValue(0, '读数格式错误'), v.maxValue(100, '读数格式错误')),
});
export const TelemetryInput = v.object({
  readings: v.pipe(v.array(TelemetryReading, '读数格式错误'), v.minLength(1, '读数格式错误'), v.maxLength(500, '一次最多上报 500 条读数')),
});

/** The gateways' call: not registered in registry.ts (the shop never proxies it); the sandbox answers it. */
export const tankTelemetry = {
  ingest: endpoint({
    name: 'tanks.telemetry',
    method: 'POST',
    path: '/tanks/telemetry',
    data: v.object({ accepted: v.number(), duplicates: v.number() }),
    input: TelemetryInput,
  }),
};
