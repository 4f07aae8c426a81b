/**
 * Cylinders (an extension of the supplier's API, shown only while view control has `cylinder_part` with isShow 1): the
 * cylinders a member holds with their rent and deposit, the rent ledger and monthly statement, return (collection) requests,
 * the public trace record behind a cylinder's code, and the serials an order delivered.
 *
 * For the back office. Every call lives on the `buyer` base and answers the usual envelope `{ status, msg, data }`. Money is
 * in yuan with two decimals (computed in fen on the server); dates are YYYY-MM-DD in China time, instants epoch ms.
 *
 * | call | method, path | auth | input | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- | --- |
 * | list | GET /cylinders | member | pageNumber, pageSize (<= 100), gasId?, filter? (`rent`: past the free days, `inspection`: due within 30 days or overdue) | `Holdings` | 400 参数 … 格式错误 |
 * | export | GET /cylinders/export | member | gasId?, filter? | `HeldCylinder[]` (every match, no paging; for the CSV) | as list |
 * | statement | GET /cylinders/statement | member | month (YYYY-MM, not after this month) | `Statement` | 400 月份格式错误 |
 * | ledger | GET /cylinders/ledger | member | pageNumber, pageSize | page of `LedgerEntry`, newest first | |
 * | returns | GET /cylinders/returns | member | pageNumber, pageSize, status? | page of `ReturnRequest`, newest first | |
 * | returnDetail | GET /cylinders/returns/{id} | member | | `ReturnRequest` | 404 回收申请不存在 (also another member's) |
 * | requestReturn | POST /cylinders/returns | member, header `idempotency-key` (a repeat answers the first request) | `ReturnInput` | `ReturnRequest` | 400 请选择要归还的钢瓶 / 钢瓶号格式错误 / 钢瓶号 X 重复 / 钢瓶 X 不在您的在用钢瓶中 / 钢瓶 X 已申请回收（申请单 N） / 收货地址不存在 / 取件日期须在明天到 14 天内 |
 * | trace | GET /cylinders/trace/{serial} | none | serial in the path (2 capitals + 8 digits) | `CylinderTrace` (never the holder) | 400 钢瓶号格式错误, 404 钢瓶不存在 |
 * | orderSerials | GET /cylinders/order/{sn} | member | | `OrderSerials` | 404 订单不存在 (also another member's) |
 *
 * A backend without the feature answers these paths 404 and has no `cylinder_part` entry: the shop then hides the feature.
 */
import * as v from 'valibot';
import { endpoint, form, page, PageQuery, pageByStatus } from './core.ts';
import { Pictogram } from './content.ts';
import { SERIAL_PATTERN } from '#src/features/cylinders/serial.ts';

const Money = v.number();
const DateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const auth = 'required' as const;

export const Serial = v.pipe(
  v.string('请输入钢瓶号'),
  v.trim(),
  v.toUpperCase(),
  v.regex(SERIAL_PATTERN, '钢瓶号格式错误（2 位字母 + 8 位数字，如 SH24050137）'),
);

export const InspectionState = v.picklist(['ok', 'due', 'overdue']);
export const HoldingState = v.picklist(['ON_SITE', 'REQUESTED']);
export const HOLDING_STATE_LABEL = { ON_SITE: '在用', REQUESTED: '已申请回收' } as const;

/** One cylinder on the member's site, with its rent and deposit as of today. */
export const HeldCylinder = v.object({
  serial: v.string(),
  gasId: v.number(),
  gasName: v.string(),
  formula: v.string(),
  /** Size and type, e.g. 40L 钢瓶; the list groups by gas and size. */
  size: v.string(),
  goodsName: v.string(),
  orderSn: v.string(),
  deliveredOn: DateText,
  daysOnSite: v.number(),
  freeDaysLeft: v.number(),
  rentSoFar: Money,
  /** The daily rate applying today (0 within the free days). */
  rateToday: Money,
  /** The plan's rule in words, shown beside the figures. */
  rentRule: v.string(),
  deposit: Money,
  nextInspection: DateText,
  inspectionState: InspectionState,
  state: HoldingState,
});
export type HeldCylinder = v.InferOutput<typeof HeldCylinder>;

export const HoldingTotals = v.object({
  cylinders: v.number(),
  deposit: Money,
  /** Rent of the calendar month so far (1st to today) over every cylinder on site. */
  rentThisMonth: Money,
  rentSoFar: Money,
  pastFreeDays: v.number(),
  inspectionDue: v.number(),
});
export const Holdings = v.object({
  ...page(HeldCylinder).entries,
  /** Totals of every cylinder on site (not only this page or filter). */
  totals: HoldingTotals,
  /** Gases on site with their counts, for the gas filter. */
  gases: v.array(v.object({ gasId: v.number(), gasName: v.string(), count: v.number() })),
});
export type Holdings = v.InferOutput<typeof Holdings>;

export const HoldingFilter = v.picklist(['rent', 'inspection'], '筛选条件错误');
const GasIdQuery = v.optional(
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform(Number),
    v.number('气体编号格式错误'),
    v.integer('气体编号格式错误'),
    v.minValue(1, '气体编号格式错误'),
  ),
);
export const HoldingsQuery = v.object({ ...PageQuery.entries, gasId: GasIdQuery, filter: v.optional(HoldingFilter) });
export const ExportQuery = v.object({ gasId: GasIdQuery, filter: v.optional(HoldingFilter) });

export const LedgerKind = v.picklist(['DEPOSIT', 'RENT', 'REFUND', 'FORFEIT']);
export type LedgerKind = v.InferOutput<typeof LedgerKind>;
export const LEDGER_KIND_LABEL: Record<LedgerKind, string> = {
  DEPOSIT: '押金收取',
  RENT: '租金结算',
  REFUND: '押金退还',
  FORFEIT: '押金抵扣（丢失/损坏）',
};
/** A money movement of the cylinder account; `amount` > 0 is paid by the member, < 0 refunded to them. */
export const LedgerEntry = v.object({
  id: v.number(),
  time: v.number(),
  kind: LedgerKind,
  kindText: v.string(),
  amount: Money,
  serial: v.string(),
  /** The order (deposit) or return request (rent, refund) it belongs to. */
  ref: v.string(),
  note: v.string(),
});
export type LedgerEntry = v.InferOutput<typeof LedgerEntry>;

/** The monthly statement (对账单): rent per cylinder of that month and the ledger entries booked in it. */
export const Statement = v.object({
  month: v.string(),
  /** First and last day covered (the last is today in the current month). */
  from: DateText,
  to: DateText,
  lines: v.array(
    v.object({
      serial: v.string(),
      gasName: v.string(),
      size: v.string(),
      deliveredOn: DateText,
      returnedOn: v.nullable(DateText),
      days: v.number(),
      rent: Money,
      rentRule: v.string(),
    }),
  ),
  entries: v.array(LedgerEntry),
  rentTotal: Money,
  depositHeld: Money,
});
export type Statement = v.InferOutput<typeof Statement>;

export const ReturnStatus = v.picklist(['WAITING', 'PICKED_UP', 'STORED'], '回收状态错误');
export type ReturnStatus = v.InferOutput<typeof ReturnStatus>;
export const RETURN_STATUS_LABEL: Record<ReturnStatus, string> = { WAITING: '待取件', PICKED_UP: '已取件', STORED: '已入库' };
export const PickupSlot = v.picklist(['AM', 'PM'], '请选择取件时段');
export const PICKUP_SLOT_LABEL = { AM: '上午 9:00–12:00', PM: '下午 13:00–18:00' } as const;
export const ReturnResult = v.picklist(['RECEIVED', 'MISSING', 'DAMAGED']);
export const RETURN_RESULT_LABEL = { RECEIVED: '已入库', MISSING: '未收到（丢失）', DAMAGED: '损坏' } as const;

export const ReturnRequest = v.object({
  id: v.number(),
  /** The request number given to the member, e.g. HS202611240001. */
  no: v.string(),
  status: ReturnStatus,
  statusText: v.string(),
  createTime: v.number(),
  pickupDate: DateText,
  slot: PickupSlot,
  address: v.object({ name: v.string(), phone: v.string(), regionText: v.string(), detail: v.string() }),
  cylinders: v.array(v.object({ serial: v.string(), gasName: v.string(), size: v.string(), result: v.nullable(ReturnResult) })),
  pickedUpOn: v.nullable(DateText),
  receivedAt: v.nullable(v.number()),
  /** Once stored: deposits refunded, rent due to the pick-up date, deposits kept for missing or damaged cylinders. */
  refund: Money,
  rentDue: Money,
  forfeited: Money,
  logs: v.array(v.object({ status: ReturnStatus, statusText: v.string(), time: v.number(), note: v.string() })),
});
export type ReturnRequest = v.InferOutput<typeof ReturnRequest>;

/** Most cylinders one request may list (a truck's load of 40 L cylinders). */
export const RETURN_MAX = 50;
export const ReturnInput = form({
  serials: v.pipe(
    v.array(Serial, '请选择要归还的钢瓶'),
    v.minLength(1, '请选择要归还的钢瓶'),
    v.maxLength(RETURN_MAX, `一次最多归还 ${RETURN_MAX} 只钢瓶`),
  ),
  addressId: v.pipe(v.number('请选择取件地址'), v.integer('取件地址编号格式错误'), v.minValue(1, '请选择取件地址')),
  pickupDate: v.pipe(v.string('请选择取件日期'), v.regex(/^\d{4}-\d{2}-\d{2}$/, '请选择取件日期')),
  slot: PickupSlot,
  remark: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, '备注不能超过 100 个字')), ''),
});
export type ReturnInput = v.InferInput<typeof ReturnInput>;

export const FillRecord = v.object({ plant: v.string(), date: DateText, batch: v.string(), pressure: v.string(), filler: v.string() });
export const CylinderLocation = v.picklist(['PLANT', 'TRANSIT', 'CUSTOMER', 'RETURNED']);
export const LOCATION_LABEL = { PLANT: '在充装站', TRANSIT: '运输中', CUSTOMER: '在用', RETURNED: '已回收' } as const;

/** The public record behind a cylinder's code: what it holds, its fills and inspections; never who holds it. */
export const CylinderTrace = v.object({
  serial: v.string(),
  gasId: v.number(),
  gasName: v.string(),
  formula: v.string(),
  pictograms: v.array(Pictogram),
  size: v.string(),
  waterVolume: v.number(),
  material: v.string(),
  /** Working pressure in MPa (0 for liquefied gases filled by weight). */
  workingPressure: v.number(),
  madeOn: DateText,
  lastInspection: DateText,
  nextInspection: DateText,
  periodYears: v.number(),
  inspectionRule: v.string(),
  inspectionState: InspectionState,
  location: CylinderLocation,
  /** Newest first, at most 5. */
  fills: v.array(FillRecord),
});
export type CylinderTrace = v.InferOutput<typeof CylinderTrace>;

export const OrderSerials = v.array(v.object({ pos: v.number(), sku_id: v.number(), serials: v.array(v.string()) }));
export type OrderSerials = v.InferOutput<typeof OrderSerials>;

export const cylinders = {
  list: endpoint({ name: 'cylinders.list', method: 'GET', path: '/cylinders', data: Holdings, input: HoldingsQuery, auth }),
  export: endpoint({
    name: 'cylinders.export',
    method: 'GET',
    path: '/cylinders/export',
    data: v.array(HeldCylinder),
    input: ExportQuery,
    auth,
  }),
  statement: endpoint({
    name: 'cylinders.statement',
    method: 'GET',
    path: '/cylinders/statement',
    data: Statement,
    input: v.object({ month: v.pipe(v.string('月份格式错误'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式错误')) }),
    auth,
  }),
  ledger: endpoint({ name: 'cylinders.ledger', method: 'GET', path: '/cylinders/ledger', data: page(LedgerEntry), input: PageQuery, auth }),
  returns: endpoint({
    name: 'cylinders.returns',
    method: 'GET',
    path: '/cylinders/returns',
    data: page(ReturnRequest),
    input: pageByStatus(ReturnStatus),
    auth,
  }),
  returnDetail: endpoint({ name: 'cylinders.returnDetail', method: 'GET', path: '/cylinders/returns/{id}', data: ReturnRequest, auth }),
  requestReturn: endpoint({
    name: 'cylinders.requestReturn',
    method: 'POST',
    path: '/cylinders/returns',
    data: ReturnRequest,
    input: ReturnInput,
    auth,
  }),
  trace: endpoint({ name: 'cylinders.trace', method: 'GET', path: '/cylinders/trace/{serial}', data: CylinderTrace }),
  orderSerials: endpoint({ name: 'cylinders.orderSerials', method: 'GET', path: '/cylinders/order/{sn}', data: OrderSerials, auth }),
};
