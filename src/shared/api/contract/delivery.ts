/**
 * Delivery (an extension of the supplier's API, shown only while view control has `delivery_part` with isShow 1): the
 * delivery day and window chosen at checkout from the area's delivery calendar (route weekdays, lead time, order cut-off,
 * China's working days, window capacity: src/features/delivery/calendar.ts), pickup at a filling station (自提) with a pickup
 * code, each shipment's timeline (已备货 → 已装车 → 运输中 → 已送达 → 已签收: src/features/delivery/shipment.ts), the proof of
 * delivery (电子签收单) and the dangerous-goods road waybill (危险货物道路运输运单: src/features/delivery/waybill.ts).
 *
 * For the back office. Every call lives on the `buyer` base and answers the usual envelope `{ status, msg, data }`. Dates
 * YYYY-MM-DD in China time; instants epoch ms. Another member's order answers 404 like a missing one. docs/delivery.md
 * maps the shipment steps onto the order's states.
 *
 * | call | method, path | auth | input | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- | --- |
 * | stations | GET /delivery/stations | none | | `Station[]` (address, hours, gases filled) | |
 * | order | GET /delivery/orders/{sn} | member | | `OrderDelivery` (mode, day and window or station and pickup code, shipments with their steps) | 404 订单不存在 / 该订单没有配送信息 |
 * | glance | GET /delivery/glance | member | sns: comma-separated order numbers (<= 50) | `DeliveryGlance[]` for those of the member's orders that have one | |
 * | change window | POST /delivery/orders/{sn}/window | member | `WindowInput` { date, window } | `OrderDelivery` | 400 货物已装车，无法修改… / 所选送货时段已约满… (`SLOT_TAKEN`) / 自提订单无需选择送货时段, 404 |
 * | cancel | POST /delivery/orders/{sn}/cancel | member | { reason } | `OrderDelivery` (the order cancelled; a paid one refunded) | 400 货物已装车，无法修改送货时段或取消配送…, 404 |
 * | waybill | GET /delivery/orders/{sn}/shipments/{n}/waybill | member | | `Waybill` (from 已装车 on) | 404 运单在装车后生成 |
 * | proof | GET /delivery/orders/{sn}/shipments/{n}/proof | member | | `Proof` (once 已签收) | 404 签收后方可查看电子签收单 |
 *
 * Extensions of existing answers (a backend without the feature omits them):
 * - POST /order/confirm: `delivery` (`CheckoutDelivery`): the days and windows with what is left, the earliest free one
 *   preselected, and the stations that fill every gas of the order with their pickup days.
 * - POST /order/create takes `deliveryMode` (DELIVERY / PICKUP), `deliveryDate`, `deliveryWindow` and, for PICKUP,
 *   `stationId`. A window full or no longer offered is refused with status `SLOT_TAKEN` (410) and a message naming the next
 *   free one; without a choice (older clients, orders the backend places itself) the earliest free window is booked.
 *
 * Test hooks of the sandbox: `POST /__sandbox/delivery/fill` `{ regionId, date, window }` books the window full;
 * `POST /__sandbox/orders/{sn}/shipments/{n}/advance` `{ to, signedBy?, delivered?, collected?, remark? }` moves a shipment
 * forward (a paid order; steps may be skipped forward, never back); the SMS notices sent are listed by
 * `GET /__sandbox/sms/notices?phone=` (the sandbox's one SMS log, each with its order's `sn`).
 */
import * as v from 'valibot';
import { endpoint, form } from './core.ts';
import { DeliveryWindow } from './standing.ts';
import { SHIPMENT_STEPS } from '#src/features/delivery/shipment.ts';

export { DeliveryWindow };
const auth = 'required' as const;
const DateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const DateInput = v.pipe(v.string('请选择送货日期'), v.regex(/^\d{4}-\d{2}-\d{2}$/, '送货日期格式错误'));

/** Status of a create or window change refused because the chosen window is full or no longer offered. */
export const SLOT_TAKEN = 410;

export const DeliveryMode = v.picklist(['DELIVERY', 'PICKUP'], '请选择配送方式');
export type DeliveryMode = v.InferOutput<typeof DeliveryMode>;
export const DELIVERY_MODE_LABEL: Record<DeliveryMode, string> = { DELIVERY: '送货上门', PICKUP: '充装站自提' };

export const WindowOffer = v.object({ window: DeliveryWindow, label: v.string(), left: v.number() });
export const DayOffer = v.object({ date: DateText, weekday: v.number(), windows: v.array(WindowOffer) });
export type DayOffer = v.InferOutput<typeof DayOffer>;
export const Slot = v.object({ date: DateText, window: DeliveryWindow });
export type Slot = v.InferOutput<typeof Slot>;

export const Station = v.object({
  id: v.number(),
  name: v.string(),
  address: v.string(),
  phone: v.string(),
  /** E.g. 周一至周六 8:30–17:00（法定节假日休息）. */
  hours: v.string(),
  /** The gases it fills, by name. */
  fills: v.array(v.string()),
});
export type Station = v.InferOutput<typeof Station>;

/** Confirmorder's extension: the delivery calendar of the address's district and the stations for pickup. */
export const CheckoutDelivery = v.object({
  regionId: v.number(),
  /** E.g. 周一至周六送货，16:00 前下单次个工作日起可送. */
  routeText: v.string(),
  days: v.array(DayOffer),
  /** The earliest free window; null when the next two weeks are full. */
  preselected: v.nullable(Slot),
  /** Stations that fill every gas of the order, each with its pickup days. */
  stations: v.array(v.object({ ...Station.entries, days: v.array(DayOffer), preselected: v.nullable(Slot) })),
});
export type CheckoutDelivery = v.InferOutput<typeof CheckoutDelivery>;

const optionalId = (bad: string) => v.optional(v.pipe(v.number(bad), v.integer(bad), v.minValue(1, bad)));
/** Extension of the order create input (contract/order.ts spreads it). */
export const DeliveryOrderInput = {
  deliveryMode: v.optional(DeliveryMode),
  deliveryDate: v.optional(DateInput),
  deliveryWindow: v.optional(v.picklist(['AM', 'PM'], '请选择送货时段')),
  stationId: optionalId('自提站编号格式错误'),
};

export const ShipmentStep = v.picklist(SHIPMENT_STEPS);
export const ShipmentState = v.picklist(['PLANNED', ...SHIPMENT_STEPS]);

export const Proof = v.object({
  signedBy: v.string(),
  signedAt: v.number(),
  /** The signature as an SVG data URL. */
  signature: v.string(),
  delivered: v.array(v.string()),
  collected: v.array(v.string()),
  remark: v.string(),
  /** A shortage or damage was noted: the after-sales form opens prefilled from the order. */
  problem: v.boolean(),
});
export type Proof = v.InferOutput<typeof Proof>;

export const DeliveryShipment = v.object({
  /** 1, 2, … in the order (the hazmat split's vehicles). */
  n: v.number(),
  state: ShipmentState,
  stateText: v.string(),
  lines: v.array(v.object({ goodsName: v.string(), specs: v.string(), num: v.number(), un: v.string() })),
  /** Every step with its time (null until reached) and note. */
  steps: v.array(v.object({ step: ShipmentStep, text: v.string(), time: v.nullable(v.number()), note: v.string() })),
  /** From 已装车 on: plate, the driver's and the escort's names (certificates are on the waybill, masked). */
  vehicle: v.nullable(v.object({ plate: v.string(), driver: v.string(), escort: v.string() })),
  waybillNo: v.string(),
  proof: v.nullable(Proof),
});
export type DeliveryShipment = v.InferOutput<typeof DeliveryShipment>;

export const OrderDelivery = v.object({
  sn: v.string(),
  mode: DeliveryMode,
  modeText: v.string(),
  date: DateText,
  window: DeliveryWindow,
  /** E.g. 12月1日（周二）上午 9:00–12:00. */
  slotText: v.string(),
  /** The window may be changed or the delivery cancelled (before 已装车); else `reason` says why not. */
  changeable: v.boolean(),
  reason: v.string(),
  station: v.nullable(Station),
  /** Six digits shown at the station's gate (and as a QR code); null for delivery. */
  pickupCode: v.nullable(v.string()),
  shipments: v.array(DeliveryShipment),
  /** The days and windows it may move to (empty when not changeable or pickup). */
  days: v.array(DayOffer),
});
export type OrderDelivery = v.InferOutput<typeof OrderDelivery>;

export const DeliveryGlance = v.object({ sn: v.string(), mode: DeliveryMode, slotText: v.string(), stateText: v.string() });
export type DeliveryGlance = v.InferOutput<typeof DeliveryGlance>;

export const Waybill = v.object({
  no: v.string(),
  date: DateText,
  consignor: v.object({ name: v.string(), phone: v.string(), address: v.string() }),
  carrier: v.object({ name: v.string(), licence: v.string(), phone: v.string() }),
  consignee: v.object({ name: v.string(), phone: v.string(), address: v.string() }),
  goods: v.array(
    v.object({
      un: v.string(),
      properName: v.string(),
      hazardClass: v.string(),
      subsidiary: v.string(),
      packingGroup: v.string(),
      cylinders: v.number(),
      quantity: v.string(),
      description: v.string(),
    }),
  ),
  plate: v.string(),
  driver: v.object({ name: v.string(), certificate: v.string() }),
  escort: v.object({ name: v.string(), certificate: v.string() }),
  /** The regulation and standard the form follows. */
  basis: v.string(),
});
export type Waybill = v.InferOutput<typeof Waybill>;

export const WindowInput = form({ date: DateInput, window: v.picklist(['AM', 'PM'], '请选择送货时段') });
export type WindowInput = v.InferInput<typeof WindowInput>;

const shipmentPath = '/delivery/orders/{sn}/shipments/{n}';
export const delivery = {
  stations: endpoint({ name: 'delivery.stations', method: 'GET', path: '/delivery/stations', data: v.array(Station) }),
  order: endpoint({ name: 'delivery.order', method: 'GET', path: '/delivery/orders/{sn}', data: OrderDelivery, auth }),
  glance: endpoint({
    name: 'delivery.glance',
    method: 'GET',
    path: '/delivery/glance',
    data: v.array(DeliveryGlance),
    input: v.object({ sns: v.pipe(v.string(), v.regex(/^[\w,]{0,1200}$/, '订单号格式错误')) }),
    auth,
  }),
  changeWindow: endpoint({
    name: 'delivery.changeWindow',
    method: 'POST',
    path: '/delivery/orders/{sn}/window',
    data: OrderDelivery,
    input: WindowInput,
    auth,
    idempotent: true,
  }),
  cancel: endpoint({
    name: 'delivery.cancel',
    method: 'POST',
    path: '/delivery/orders/{sn}/cancel',
    data: OrderDelivery,
    input: form({
      reason: v.pipe(v.string('请选择取消原因'), v.trim(), v.nonEmpty('请选择取消原因'), v.maxLength(100, '取消原因不能超过 100 个字')),
    }),
    auth,
    idempotent: true,
  }),
  waybill: endpoint({ name: 'delivery.waybill', method: 'GET', path: `${shipmentPath}/waybill`, data: Waybill, auth }),
  proof: endpoint({ name: 'delivery.proof', method: 'GET', path: `${shipmentPath}/proof`, data: Proof, auth }),
};
