/**
 * Standing orders (an extension of the supplier's API, shown only while view control has `standing_part` with isShow 1): a
 * member's standing order of cylinder goods (goods and SKU, quantity, cadence, delivery window, address, PO number and cost
 * centre, empties collected on delivery), its next deliveries with their cut-off (16:00 China time on the working day before
 * delivery, working days per the State Council's holiday notices: src/features/standing/schedule.ts), skipping or changing an
 * occurrence before its cut-off, pause and resume. At the cut-off the backend places the order through its normal order path
 * (stock, deposits, hazmat permits, company approvals), once per occurrence; a failure is sent to the member's messages and
 * shown on the list, and the standing order stays.
 *
 * For the back office. Every call lives on the `buyer` base and answers the usual envelope `{ status, msg, data }`. Money in
 * yuan; dates YYYY-MM-DD in China time; instants epoch ms. Another member's standing order answers 404 like a missing one.
 *
 * | call | method, path | auth | input | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- | --- |
 * | options | GET /standing-orders/options | member | | `StandingOptions` (cylinder goods with SKUs, company PO/cost-centre rules) | |
 * | list | GET /standing-orders | member | pageNumber, pageSize (<= 100) | page of `StandingOrder`, newest first | |
 * | detail | GET /standing-orders/{id} | member | | `StandingOrder` | 404 定期订单不存在 |
 * | create | POST /standing-orders | member | `StandingInput` | `StandingOrder` | 400 请选择商品规格 / 该商品不支持定期配送 / 请选择配送日（周一至周六） / 收货地址不存在 / 请填写采购单号 / 请填写成本中心 / 最多设置 20 个定期订单; field messages of `StandingInput` |
 * | update | POST /standing-orders/{id} | member | `StandingInput` (applies to occurrences whose cut-off is still ahead) | `StandingOrder` | as create, 404 定期订单不存在 |
 * | pause | POST /standing-orders/{id}/pause | member | | `StandingOrder` | 400 定期订单已暂停, 404 |
 * | resume | POST /standing-orders/{id}/resume | member | | `StandingOrder` (occurrences whose cut-off passed while paused are not ordered) | 400 定期订单未暂停, 404 |
 * | occurrence | POST /standing-orders/{id}/occurrence | member | `OccurrenceInput` { date, action SKIP / RESTORE / CHANGE, quantity for CHANGE } | `StandingOrder` | 400 该次配送已过截单时间，无法修改 / 该日期不是此定期订单的配送日 / 数量 … , 404 |
 * | end | POST /standing-orders/{id}/end | member | | `StandingOrder` (status ENDED: nothing more is ordered) | 404 |
 *
 * Test hook of the sandbox: `POST /__sandbox/standing-orders/run-due` `{ "at": epoch ms }` orders every occurrence whose cut-off
 * passed by `at` and answers `{ ordered: [{ id, date, sn }], failed: [{ id, date, msg }] }`; the sandbox also runs it every minute.
 *
 * A backend without the feature answers these paths 404 and has no `standing_part` entry: the shop then hides the feature.
 */
import * as v from 'valibot';
import { CompanyOrderInput } from './company.ts';
import { endpoint, form, page, PageQuery } from './core.ts';

const auth = 'required' as const;
const DateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

export const Cadence = v.picklist(['WEEKLY', 'BIWEEKLY', 'MONTHLY'], '请选择配送周期');
export type Cadence = v.InferOutput<typeof Cadence>;
export const CADENCE_LABEL: Record<Cadence, string> = { WEEKLY: '每周', BIWEEKLY: '每两周', MONTHLY: '每月' };
export const DeliveryWindow = v.picklist(['AM', 'PM'], '请选择送货时段');
export type DeliveryWindow = v.InferOutput<typeof DeliveryWindow>;
export const WINDOW_LABEL: Record<DeliveryWindow, string> = { AM: '上午 9:00–12:00', PM: '下午 13:00–17:00' };
export const StandingStatus = v.picklist(['ACTIVE', 'PAUSED', 'ENDED']);
export type StandingStatus = v.InferOutput<typeof StandingStatus>;
export const STANDING_STATUS_LABEL: Record<StandingStatus, string> = { ACTIVE: '执行中', PAUSED: '已暂停', ENDED: '已终止' };
export const OccurrenceState = v.picklist(['PLANNED', 'CHANGED', 'SKIPPED', 'ORDERED', 'FAILED']);
export type OccurrenceState = v.InferOutput<typeof OccurrenceState>;
export const OCCURRENCE_STATE_LABEL: Record<OccurrenceState, string> = {
  PLANNED: '待下单',
  CHANGED: '已修改',
  SKIPPED: '已跳过',
  ORDERED: '已下单',
  FAILED: '下单失败',
};

/** Most quantity one delivery may carry (a truck's load of 40 L cylinders), and most standing orders a member keeps. */
export const STANDING_MAX_QTY = 50;
export const STANDING_LIMIT = 20;

/** One delivery: its nominal date (identity), delivery day, cut-off, and what happened to it. */
export const Occurrence = v.object({
  date: DateText,
  deliveryDate: DateText,
  cutoff: v.number(),
  cutoffDate: DateText,
  /** Postponed from a public holiday or weekend: the holiday's name (国庆节) or 周末; null when not moved. */
  movedFor: v.nullable(v.string()),
  state: OccurrenceState,
  stateText: v.string(),
  quantity: v.number(),
  /** Still before the cut-off: may be skipped or changed. */
  changeable: v.boolean(),
  orderSn: v.nullable(v.string()),
  /** For FAILED: what went wrong and what to do. */
  note: v.string(),
});
export type Occurrence = v.InferOutput<typeof Occurrence>;

export const StandingOrder = v.object({
  id: v.number(),
  /** The number given to the member, e.g. DQ202611270001. */
  no: v.string(),
  status: StandingStatus,
  statusText: v.string(),
  goodsId: v.number(),
  skuId: v.number(),
  goodsName: v.string(),
  specs: v.string(),
  thumbnail: v.string(),
  price: v.number(),
  deposit: v.number(),
  quantity: v.number(),
  cadence: Cadence,
  /** ISO weekdays 1 (Mon) … 6 (Sat): every chosen one for WEEKLY, the first for BIWEEKLY; empty for MONTHLY. */
  weekdays: v.array(v.number()),
  monthDay: v.number(),
  cadenceText: v.string(),
  window: DeliveryWindow,
  windowText: v.string(),
  address: v.object({ id: v.number(), name: v.string(), phone: v.string(), regionText: v.string(), detail: v.string() }),
  poNumber: v.string(),
  costCentre: v.string(),
  collectEmpties: v.boolean(),
  remark: v.string(),
  startDate: DateText,
  createTime: v.number(),
  /** The next open delivery (cut-off ahead), or null when paused or ended. */
  next: v.nullable(Occurrence),
  /** Open deliveries of the next 8 weeks (the calendar), with skipped and changed ones marked. */
  calendar: v.array(Occurrence),
  /** Occurrences already run (ordered or failed), newest first, at most 10. */
  history: v.array(Occurrence),
});
export type StandingOrder = v.InferOutput<typeof StandingOrder>;

export const StandingOptions = v.object({
  goods: v.array(
    v.object({
      goodsId: v.number(),
      goodsName: v.string(),
      skus: v.array(v.object({ skuId: v.number(), specs: v.string(), price: v.number(), deposit: v.number(), stock: v.number() })),
    }),
  ),
  /** The member's company rules while company buying is on, else null. */
  company: v.nullable(v.object({ poRequired: v.boolean(), costCentreRequired: v.boolean() })),
});
export type StandingOptions = v.InferOutput<typeof StandingOptions>;

const id = (msg: string) => v.pipe(v.number(msg), v.integer(msg), v.minValue(1, msg));
export const StandingInput = form({
  skuId: id('请选择商品规格'),
  quantity: v.pipe(
    v.number('请填写每次数量'),
    v.integer('数量须为整数'),
    v.minValue(1, '每次至少 1 瓶'),
    v.maxValue(STANDING_MAX_QTY, `每次最多 ${STANDING_MAX_QTY} 瓶`),
  ),
  cadence: Cadence,
  weekdays: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.number('配送日格式错误'),
          v.integer('配送日格式错误'),
          v.minValue(1, '请选择配送日（周一至周六）'),
          v.maxValue(6, '请选择配送日（周一至周六）'),
        ),
      ),
      v.maxLength(6, '配送日格式错误'),
    ),
    [],
  ),
  monthDay: v.optional(
    v.pipe(
      v.number('请选择每月配送日'),
      v.integer('请选择每月配送日'),
      v.minValue(1, '每月配送日须在 1–28 日'),
      v.maxValue(28, '每月配送日须在 1–28 日'),
    ),
    1,
  ),
  window: DeliveryWindow,
  addressId: id('请选择收货地址'),
  collectEmpties: v.optional(v.boolean('回收空瓶格式错误'), true),
  remark: v.optional(v.pipe(v.string('备注格式错误'), v.trim(), v.maxLength(100, '备注不能超过 100 个字')), ''),
  ...CompanyOrderInput,
});
export type StandingInput = v.InferInput<typeof StandingInput>;

export const OccurrenceInput = form({
  date: v.pipe(v.string('请选择配送日期'), v.regex(/^\d{4}-\d{2}-\d{2}$/, '配送日期格式错误')),
  action: v.picklist(['SKIP', 'RESTORE', 'CHANGE'], '操作类型错误'),
  quantity: v.optional(
    v.pipe(
      v.number('请填写数量'),
      v.integer('数量须为整数'),
      v.minValue(1, '每次至少 1 瓶'),
      v.maxValue(STANDING_MAX_QTY, `每次最多 ${STANDING_MAX_QTY} 瓶`),
    ),
  ),
});
export type OccurrenceInput = v.InferInput<typeof OccurrenceInput>;

export const standing = {
  options: endpoint({ name: 'standing.options', method: 'GET', path: '/standing-orders/options', data: StandingOptions, auth }),
  list: endpoint({ name: 'standing.list', method: 'GET', path: '/standing-orders', data: page(StandingOrder), input: PageQuery, auth }),
  detail: endpoint({ name: 'standing.detail', method: 'GET', path: '/standing-orders/{id}', data: StandingOrder, auth }),
  create: endpoint({ name: 'standing.create', method: 'POST', path: '/standing-orders', data: StandingOrder, input: StandingInput, auth }),
  update: endpoint({
    name: 'standing.update',
    method: 'POST',
    path: '/standing-orders/{id}',
    data: StandingOrder,
    input: StandingInput,
    auth,
  }),
  pause: endpoint({
    name: 'standing.pause',
    method: 'POST',
    path: '/standing-orders/{id}/pause',
    data: StandingOrder,
    auth,
    idempotent: true,
  }),
  resume: endpoint({
    name: 'standing.resume',
    method: 'POST',
    path: '/standing-orders/{id}/resume',
    data: StandingOrder,
    auth,
    idempotent: true,
  }),
  occurrence: endpoint({
    name: 'standing.occurrence',
    method: 'POST',
    path: '/standing-orders/{id}/occurrence',
    data: StandingOrder,
    input: OccurrenceInput,
    auth,
    idempotent: true,
  }),
  end: endpoint({ name: 'standing.end', method: 'POST', path: '/standing-orders/{id}/end', data: StandingOrder, auth, idempotent: true }),
};
