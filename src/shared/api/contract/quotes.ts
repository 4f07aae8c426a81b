/**
 * Quotes (an extension of the supplier's API, docs/gas-features.md; shown while view control's `quote_part` is on): requests for calibration
 * mixtures, bulk liquid and on-site gas, the thread with the sales team (messages, quote versions), and accepting a quote into
 * Confirmorder. All calls are on the buyer base and need the member's token; another member's quote answers 404 `报价单不存在`.
 *
 * | call | method, path | input | answer | errors (status 400 unless said, msg) |
 * | --- | --- | --- | --- | --- |
 * | quote.mixture | POST /quote/mixture | MixtureInput | QuoteDetail | the first refused rule of `checkMixture` (e.g. `含合成空气（Air）的混合气中，甲烷…超过 60% 的限值`), field messages (`组分最多 8 个`, `请直接填写数值，不支持科学计数法`) |
 * | quote.bulk | POST /quote/bulk | SiteInput (gas of BULK_GASES) | QuoteDetail | field messages; `附件不存在，请重新上传` |
 * | quote.onsite | POST /quote/onsite | SiteInput (gas of ONSITE_GASES, technology) | QuoteDetail | as bulk; `请选择制气方式` |
 * | quote.list | GET /quote/list | PageQuery + status | page(QuoteSummary) | |
 * | quote.detail | GET /quote/detail/{id} | | QuoteDetail (marks the sales side's messages read) | 404 `报价单不存在` |
 * | quote.message | POST /quote/message/{id} | { content, attachments } | QuoteDetail | `请输入留言内容`; `报价单已关闭` |
 * | quote.revise | POST /quote/revise/{id} | { content } | QuoteDetail (status QUOTING) | `当前报价单状态不允许该操作` |
 * | quote.accept | POST /quote/accept/{id} | { version } | QuoteDetail (status ACCEPTED; again: the same answer) | `报价已过期，请申请重新报价`; `该版本不是最新报价` |
 * | quote.decline | POST /quote/decline/{id} | { reason } | QuoteDetail (status CLOSED) | `当前报价单状态不允许该操作` |
 *
 * Accepting leads to `/Confirmorder?way=QUOTE&quoteId=ID`: `order.confirm` and `order.create/QUOTE` take `quoteId` and price
 * the accepted version's lines (CheckoutQuote joins the Checkout answer); one order per quote.
 */
import * as v from 'valibot';
import { BALANCE_GASES, COMPONENT_GASES, CYLINDERS, STORAGE_TEMPERATURES, TOLERANCES, UNCERTAINTIES } from '#src/features/quotes/gases.ts';
import { MAX_COMPONENTS, parseDecimal, UNITS } from '#src/features/quotes/mixture.ts';
import { endpoint, form, page, pageByStatus } from './core.ts';

export const QUOTE_STATUSES = ['SUBMITTED', 'QUOTING', 'QUOTED', 'ACCEPTED', 'CLOSED', 'EXPIRED'] as const;
export const QuoteStatus = v.picklist(QUOTE_STATUSES, '报价单状态错误');
export type QuoteStatus = v.InferOutput<typeof QuoteStatus>;
export const QUOTE_STATUS_LABEL: Record<QuoteStatus, string> = {
  SUBMITTED: '已提交',
  QUOTING: '报价中',
  QUOTED: '已报价',
  ACCEPTED: '已接受',
  CLOSED: '已关闭',
  EXPIRED: '已过期',
};
export const QuoteKind = v.picklist(['MIXTURE', 'BULK', 'ONSITE']);
export type QuoteKind = v.InferOutput<typeof QuoteKind>;
export const QUOTE_KIND_LABEL: Record<QuoteKind, string> = { MIXTURE: '标准混合气', BULK: '液态大宗气体', ONSITE: '现场制气' };
export const QuoteAction = v.picklist(['MESSAGE', 'REVISE', 'ACCEPT', 'DECLINE']);
export type QuoteAction = v.InferOutput<typeof QuoteAction>;

/** A plain positive decimal as a string (no sign, no exponent, not NaN, not zero), checked by the same function as the page. */
export const decimal = (label: string) =>
  v.pipe(
    v.string(`请输入${label}`),
    v.trim(),
    v.check(
      (s) => !('error' in parseDecimal(s)),
      (issue) => `${label}：${(parseDecimal(String(issue.input)) as { error: string }).error}`,
    ),
  );
const text = (empty: string, max: number, tooLong: string) =>
  v.pipe(v.string(empty), v.trim(), v.nonEmpty(empty), v.maxLength(max, tooLong));
const optionalText = (max: number, tooLong: string) => v.optional(v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong)), '');

export const Attachment = v.object({
  url: v.pipe(v.string('附件格式错误'), v.regex(/^(?:https?:\/\/|\/)\S+$/, '附件地址格式错误')),
  name: v.pipe(v.string('附件格式错误'), v.trim(), v.maxLength(100, '附件文件名过长')),
});
export type Attachment = v.InferOutput<typeof Attachment>;
const Attachments = v.optional(v.pipe(v.array(Attachment, '附件格式错误'), v.maxLength(5, '附件最多 5 个')), []);

export const MixtureInput = form({
  balance: v.picklist(BALANCE_GASES, '请选择平衡气'),
  components: v.pipe(
    v.array(
      v.object({
        gas: v.picklist(COMPONENT_GASES, '请选择组分气体'),
        value: v.string('组分含量格式错误'),
        unit: v.picklist(UNITS, '单位只能是 %、ppm 或 ppb'),
      }),
      '请至少添加 1 个组分',
    ),
    v.minLength(1, '请至少添加 1 个组分'),
    v.maxLength(MAX_COMPONENTS, `组分最多 ${MAX_COMPONENTS} 个`),
  ),
  tolerance: v.picklist(
    TOLERANCES.map((t) => t.id),
    '请选择配制允差',
  ),
  uncertainty: v.picklist(
    UNCERTAINTIES.map((u) => u.id),
    '请选择定值不确定度',
  ),
  cylinder: v.picklist(
    CYLINDERS.map((c) => c.id),
    '请选择气瓶规格',
  ),
  pressure: v.string('请输入充装压力'),
  minTemp: v.picklist(STORAGE_TEMPERATURES, '请选择最低储存温度'),
  quantity: v.string('请输入数量'),
  remark: optionalText(500, '备注不能超过 500 个字'),
});
export type MixtureInput = v.InferInput<typeof MixtureInput>;

/** Bulk liquid gases delivered to the buyer's tank, and on-site generation. */
export const BULK_GASES = { LIN: '液氮', LOX: '液氧', LAR: '液氩', LCO2: '液态二氧化碳', LNG: '液化天然气' } as const;
export const ONSITE_GASES = { N2: '氮气', O2: '氧气', H2: '氢气' } as const;
export const TECHNOLOGIES = {
  PSA: '变压吸附（PSA）',
  MEMBRANE: '膜分离',
  VPSA: '真空变压吸附（VPSA）',
  ELECTROLYSIS: '电解水制氢',
} as const;
export const CONSUMPTION_UNITS = { NM3H: 'Nm³/h', TMONTH: 't/月' } as const;
export const TANKER_ACCESS = { YES: '槽车可直达', LIMITED: '通道受限（需现场勘察）', NO: '槽车无法进入' } as const;
const keysOf = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const SiteInput = form({
  gas: v.string('请选择气体'),
  technology: v.optional(v.picklist(keysOf(TECHNOLOGIES), '请选择制气方式')),
  purity: text('请输入纯度要求', 50, '纯度要求不能超过 50 个字'),
  consumption: decimal('用量'),
  consumptionUnit: v.picklist(keysOf(CONSUMPTION_UNITS), '请选择用量单位'),
  pressure: decimal('使用压力'),
  regionIds: v.pipe(
    v.array(v.number('请选择所在地区'), '请选择所在地区'),
    v.minLength(3, '请选择完整的所在地区'),
    v.maxLength(4, '请选择完整的所在地区'),
  ),
  regionText: text('请选择所在地区', 100, '所在地区过长'),
  detail: text('请输入详细地址', 100, '详细地址不能超过 100 个字'),
  space: text('请填写储罐或场地情况', 200, '储罐或场地情况不能超过 200 个字'),
  tankerAccess: v.picklist(keysOf(TANKER_ACCESS), '请选择槽车通行条件'),
  startDate: v.pipe(v.string('请选择开始供气日期'), v.regex(DATE, '请选择开始供气日期')),
  attachments: Attachments,
  remark: optionalText(500, '备注不能超过 500 个字'),
});
export type SiteInput = v.InferInput<typeof SiteInput>;

const Money = v.number();
export const QuoteLine = v.object({ name: v.string(), quantity: v.number(), unit: v.string(), price: Money, subtotal: Money });
export type QuoteLine = v.InferOutput<typeof QuoteLine>;
export const QuoteVersion = v.object({
  version: v.number(),
  lines: v.array(QuoteLine),
  goodsTotal: Money,
  freight: Money,
  total: Money,
  /** Epoch ms: the quote can be accepted until then. */
  validUntil: v.number(),
  terms: v.string(),
  time: v.number(),
});
export type QuoteVersion = v.InferOutput<typeof QuoteVersion>;
export const QuoteMessage = v.object({
  id: v.number(),
  from: v.picklist(['BUYER', 'SALES', 'SYSTEM']),
  /** Plain text: shown as text, never as HTML. */
  content: v.string(),
  attachments: v.array(Attachment),
  time: v.number(),
});
export type QuoteMessage = v.InferOutput<typeof QuoteMessage>;

export const QuoteSummary = v.object({
  id: v.number(),
  sn: v.string(),
  kind: QuoteKind,
  title: v.string(),
  status: QuoteStatus,
  statusText: v.string(),
  createTime: v.number(),
  updateTime: v.number(),
  /** The latest version's total, null before the first quote. */
  total: v.nullable(Money),
  /** The sales team's messages and quotes the member has not opened yet. */
  unread: v.number(),
});
export type QuoteSummary = v.InferOutput<typeof QuoteSummary>;

export const QuoteDetail = v.object({
  ...QuoteSummary.entries,
  /** The request as label/value rows, for the thread's head. */
  request: v.array(v.object({ label: v.string(), value: v.string() })),
  attachments: v.array(Attachment),
  messages: v.array(QuoteMessage),
  versions: v.array(QuoteVersion),
  acceptedVersion: v.nullable(v.number()),
  /** The order placed from the accepted version, once there is one. */
  orderSn: v.nullable(v.string()),
  actions: v.array(QuoteAction),
});
export type QuoteDetail = v.InferOutput<typeof QuoteDetail>;

/** Confirmorder's `way` for an accepted quote; joins CartWay in order.confirm / order.create. */
export const QuoteWay = v.literal('QUOTE');
/** Added to Confirmorder's input for way QUOTE: the accepted quote. */
export const QuoteIdInput = v.optional(
  v.pipe(v.number('报价单编号格式错误'), v.integer('报价单编号格式错误'), v.minValue(1, '报价单编号格式错误')),
);
/** Added to Confirmorder's answer (and the order's create) for way QUOTE: which quote and version the lines come from. */
export const CheckoutQuote = v.optional(v.object({ id: v.number(), sn: v.string(), version: v.number(), validUntil: v.number() }));

const auth = 'required' as const;
const QuoteListQuery = pageByStatus(QuoteStatus);

export const quotes = {
  mixture: endpoint({ name: 'quote.mixture', method: 'POST', path: '/quote/mixture', data: QuoteDetail, input: MixtureInput, auth }),
  bulk: endpoint({ name: 'quote.bulk', method: 'POST', path: '/quote/bulk', data: QuoteDetail, input: SiteInput, auth }),
  onsite: endpoint({ name: 'quote.onsite', method: 'POST', path: '/quote/onsite', data: QuoteDetail, input: SiteInput, auth }),
  list: endpoint({ name: 'quote.list', method: 'GET', path: '/quote/list', data: page(QuoteSummary), input: QuoteListQuery, auth }),
  detail: endpoint({ name: 'quote.detail', method: 'GET', path: '/quote/detail/{id}', data: QuoteDetail, auth }),
  message: endpoint({
    name: 'quote.message',
    method: 'POST',
    path: '/quote/message/{id}',
    data: QuoteDetail,
    input: form({ content: text('请输入留言内容', 1000, '留言不能超过 1000 个字'), attachments: Attachments }),
    auth,
  }),
  revise: endpoint({
    name: 'quote.revise',
    method: 'POST',
    path: '/quote/revise/{id}',
    data: QuoteDetail,
    input: form({ content: text('请说明需要调整的内容', 1000, '说明不能超过 1000 个字') }),
    auth,
  }),
  accept: endpoint({
    name: 'quote.accept',
    method: 'POST',
    path: '/quote/accept/{id}',
    data: QuoteDetail,
    input: form({ version: v.pipe(v.number('报价版本格式错误'), v.integer('报价版本格式错误'), v.minValue(1, '报价版本格式错误')) }),
    auth,
    idempotent: true,
  }),
  decline: endpoint({
    name: 'quote.decline',
    method: 'POST',
    path: '/quote/decline/{id}',
    data: QuoteDetail,
    input: form({ reason: text('请选择或填写原因', 200, '原因不能超过 200 个字') }),
    auth,
    idempotent: true,
  }),
};
