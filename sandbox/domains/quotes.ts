/** Sandbox domain: quote requests (mixture, bulk, on-site), their thread of messages and quote versions, accepting a version, and ordering it through Confirmorder's QUOTE way; the hooks play the sales team. Money in fen inside. */
import { chinaDay } from '#src/shared/formats/china-time.ts';
import * as v from 'valibot';
import { PRICE_CHANGED, type OrderLine } from '#src/shared/api/contract/order.ts';
import {
  BULK_GASES,
  CONSUMPTION_UNITS,
  ONSITE_GASES,
  QUOTE_KIND_LABEL,
  QUOTE_STATUS_LABEL,
  TANKER_ACCESS,
  TECHNOLOGIES,
  quotes as contract,
  type Attachment,
  type QuoteAction,
  type QuoteDetail,
  type QuoteKind,
  type QuoteMessage,
  type QuoteStatus,
  type QuoteSummary,
  type QuoteVersion,
} from '#src/shared/api/contract/quotes.ts';
import { CYLINDERS, GASES, TOLERANCES, UNCERTAINTIES } from '#src/features/quotes/gases.ts';
import { checkMixture, formatFraction, UNIT_LABEL, type MixtureRequest } from '#src/features/quotes/mixture.ts';
import { Fail, parseOrFail, type Sandbox, type SandboxEvents, type Seeding, type RouteCtx, type Ctx } from '../app.ts';
import { cents, money, yuan, type State } from '../commerce.ts';
import type { Db } from '../db.ts';
import type { OrderLineRec } from '../records.ts';
import { quoteSeed } from '../seed/quotes.ts';
import { addMessage } from './auth.ts';
import { findUpload } from './common.ts';
import { scrubQuote } from '#src/features/privacy/deidentify.ts';

const DAY = 24 * 60 * 60_000;
const NOT_ALLOWED = '当前报价单状态不允许该操作';
const NOT_FOUND = '报价单不存在';
/** The seller a quote's order lines are shown under at checkout. */
const QUOTE_SHOP = { shop_id: 1, shopName: '华气云商自营旗舰店' };
const QUOTE_THUMB = '/images/categories/102.svg';

interface QuoteRow {
  id: number;
  sn: string;
  uid: number;
  kind: QuoteKind;
  status: Exclude<QuoteStatus, 'EXPIRED'>;
  title: string;
  create_time: number;
  update_time: number;
  accepted_version: number | null;
  order_id: number | null;
  order_sn: string | null;
  buyer_seen: number;
  data: string;
}
/** The request as the thread shows it, kept with the row. */
interface QuoteData {
  request: { label: string; value: string }[];
  attachments: Attachment[];
  /** The mixture as sent, for the sales team. */
  mixture?: MixtureRequest;
}
interface VersionRow {
  quote_id: number;
  version: number;
  lines: string;
  freight: number;
  valid_until: number;
  terms: string;
  time: number;
}
interface LineRec {
  name: string;
  quantity: number;
  unit: string;
  /** Fen per unit. */
  price: number;
}

// ---- reading and writing

const row = (db: Db, id: number) => db.get<QuoteRow>('SELECT * FROM quotes WHERE id = ?', id);
const versionsOf = (db: Db, id: number) =>
  db.all<VersionRow>('SELECT * FROM quote_versions WHERE quote_id = ? ORDER BY version', id).map((r) => ({ ...r }));
const latestVersion = (db: Db, id: number) =>
  db.get<VersionRow>('SELECT * FROM quote_versions WHERE quote_id = ? ORDER BY version DESC LIMIT 1', id);

/** A quote of this member (or any, for the hooks); another member's answers 404 as if it did not exist. */
function quoteOf(db: Db, uid: number | null, raw: string | number | undefined): QuoteRow {
  const id = typeof raw === 'number' ? raw : /^\d{1,12}$/.test(raw ?? '') ? Number(raw) : 0;
  const r = id > 0 ? row(db, id) : undefined;
  if (!r || (uid !== null && r.uid !== uid)) throw new Fail(404, NOT_FOUND);
  return { ...r };
}

/** QUOTED past the latest version's validity reads EXPIRED. */
function statusOf(db: Db, q: QuoteRow, now: number): QuoteStatus {
  if (q.status !== 'QUOTED') return q.status;
  const v = latestVersion(db, q.id);
  return v && now > v.valid_until ? 'EXPIRED' : 'QUOTED';
}

function addThread(db: Db, quoteId: number, from: QuoteMessage['from'], content: string, attachments: Attachment[], now: number): void {
  const id = db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM quote_messages')!.id;
  db.insert('quote_messages', { id, quote_id: quoteId, sender: from, content, attachments: JSON.stringify(attachments), time: now });
  db.run('UPDATE quotes SET update_time = ? WHERE id = ?', now, quoteId);
}

const setStatus = (db: Db, id: number, status: QuoteRow['status']) => db.run('UPDATE quotes SET status = ? WHERE id = ?', status, id);

const lineOut = (l: LineRec) => ({
  name: l.name,
  quantity: l.quantity,
  unit: l.unit,
  price: yuan(l.price),
  subtotal: yuan(l.price * l.quantity),
});
function versionOut(r: VersionRow): QuoteVersion {
  const lines = JSON.parse(r.lines) as LineRec[];
  const goods = lines.reduce((a, l) => a + l.price * l.quantity, 0);
  return {
    version: r.version,
    lines: lines.map(lineOut),
    goodsTotal: yuan(goods),
    freight: yuan(r.freight),
    total: yuan(goods + r.freight),
    validUntil: r.valid_until,
    terms: r.terms,
    time: r.time,
  };
}

const unreadOf = (db: Db, q: QuoteRow) =>
  db.get<{ n: number }>("SELECT COUNT(*) AS n FROM quote_messages WHERE quote_id = ? AND sender = 'SALES' AND id > ?", q.id, q.buyer_seen)!
    .n;

function summary(db: Db, q: QuoteRow, now: number): QuoteSummary {
  const status = statusOf(db, q, now);
  const v = latestVersion(db, q.id);
  return {
    id: q.id,
    sn: q.sn,
    kind: q.kind,
    title: q.title,
    status,
    statusText: QUOTE_STATUS_LABEL[status],
    createTime: q.create_time,
    updateTime: q.update_time,
    total: v ? versionOut(v).total : null,
    unread: unreadOf(db, q),
  };
}

function actionsOf(status: QuoteStatus): QuoteAction[] {
  switch (status) {
    case 'SUBMITTED':
    case 'QUOTING':
      return ['MESSAGE', 'DECLINE'];
    case 'QUOTED':
      return ['MESSAGE', 'REVISE', 'ACCEPT', 'DECLINE'];
    case 'EXPIRED':
      return ['MESSAGE', 'REVISE', 'DECLINE'];
    case 'ACCEPTED':
      return ['MESSAGE'];
    default:
      return [];
  }
}

function detail(db: Db, id: number, now: number): QuoteDetail {
  const q = row(db, id)!;
  const data = JSON.parse(q.data) as QuoteData;
  const s = summary(db, q, now);
  return {
    ...s,
    request: data.request,
    attachments: data.attachments,
    messages: db
      .all<{ id: number; sender: QuoteMessage['from']; content: string; attachments: string; time: number }>(
        'SELECT id, sender, content, attachments, time FROM quote_messages WHERE quote_id = ? ORDER BY id',
        id,
      )
      .map((m) => ({ id: m.id, from: m.sender, content: m.content, attachments: JSON.parse(m.attachments) as Attachment[], time: m.time })),
    versions: versionsOf(db, id).map(versionOut),
    acceptedVersion: q.accepted_version,
    orderSn: q.order_sn,
    actions: actionsOf(s.status),
  };
}

// ---- creating requests

function createQuote(s: State, uid: number, kind: QuoteKind, title: string, data: QuoteData, remark: string): QuoteDetail {
  const now = s.now();
  const id = s.db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM quotes')!.id;
  const day = chinaDay(now).replace(/-/g, '');
  s.db.insert('quotes', {
    id,
    sn: `QT${day}${String(id).padStart(5, '0')}`,
    uid,
    kind,
    status: 'SUBMITTED',
    title,
    create_time: now,
    update_time: now,
    accepted_version: null,
    order_id: null,
    order_sn: null,
    buyer_seen: 0,
    data: JSON.stringify(data),
  });
  addThread(s.db, id, 'BUYER', remark ? `提交询价：${remark}` : '提交询价', [], now);
  return detail(s.db, id, now);
}

const gasLabel = (id: keyof typeof GASES) => `${GASES[id].name}（${GASES[id].formula}）`;

function mixtureRequest(input: v.InferOutput<typeof contract.mixture.input>): MixtureRequest {
  const { remark: _remark, ...req } = input;
  return req;
}

function mixtureRows(req: MixtureRequest): { label: string; value: string }[] {
  const cylinder = CYLINDERS.find((c) => c.id === req.cylinder)!;
  return [
    { label: '平衡气', value: gasLabel(req.balance) },
    ...req.components.map((c, i) => ({
      label: `组分 ${i + 1}`,
      value: `${gasLabel(c.gas as keyof typeof GASES)} ${c.value} ${UNIT_LABEL[c.unit]}`,
    })),
    { label: '配制允差', value: TOLERANCES.find((t) => t.id === req.tolerance)!.label },
    { label: '定值不确定度', value: UNCERTAINTIES.find((u) => u.id === req.uncertainty)!.label },
    { label: '气瓶规格', value: cylinder.label },
    { label: '充装压力', value: `${req.pressure} MPa` },
    { label: '最低储存温度', value: `${req.minTemp} ℃` },
    { label: '数量', value: `${req.quantity} 瓶` },
  ];
}

/** Bulk and on-site requests: the gas must be one of the kind's, the start date today or later, attachments this member's uploads. */
function siteRequest(s: State, uid: number, kind: 'BULK' | 'ONSITE', input: v.InferOutput<typeof contract.bulk.input>): QuoteDetail {
  const gases: Record<string, string> = kind === 'BULK' ? BULK_GASES : ONSITE_GASES;
  const gas = gases[input.gas];
  if (!gas) throw new Fail(400, '请选择气体');
  if (kind === 'ONSITE' && !input.technology) throw new Fail(400, '请选择制气方式');
  const today = chinaDay(s.now());
  if (Number.isNaN(Date.parse(input.startDate)) || input.startDate < today) throw new Fail(400, '开始供气日期不能早于今天');
  const attachments = input.attachments.map((a) => {
    const upload = findUpload(s.db, a.url, uid);
    if (!upload) throw new Fail(400, '附件不存在，请重新上传');
    return { url: upload.url, name: a.name || upload.name };
  });
  const consumption = `${input.consumption} ${CONSUMPTION_UNITS[input.consumptionUnit]}`;
  const rows = [
    { label: '气体', value: gas },
    ...(input.technology ? [{ label: '制气方式', value: TECHNOLOGIES[input.technology] }] : []),
    { label: '纯度要求', value: input.purity },
    { label: '用量', value: consumption },
    { label: '使用压力', value: `${input.pressure} MPa` },
    { label: '现场地址', value: `${input.regionText} ${input.detail}` },
    { label: kind === 'BULK' ? '储罐情况' : '场地情况', value: input.space },
    { label: '槽车通行', value: TANKER_ACCESS[input.tankerAccess] },
    { label: '开始供气日期', value: input.startDate },
  ];
  return createQuote(s, uid, kind, `${QUOTE_KIND_LABEL[kind]} · ${gas} ${consumption}`, { request: rows, attachments }, input.remark);
}

// ---- the order path (Confirmorder's QUOTE way)

/** The accepted, not yet ordered, still valid quote a QUOTE checkout prices; refuses otherwise. */
function orderable(db: Db, uid: number, quoteId: unknown, now: number): { q: QuoteRow; v: VersionRow } {
  if (typeof quoteId !== 'number') throw new Fail(400, '请选择要下单的报价单');
  const q = quoteOf(db, uid, quoteId);
  if (q.order_sn) throw new Fail(400, `该报价已下单（订单号 ${q.order_sn}），请勿重复下单`);
  if (q.status !== 'ACCEPTED' || q.accepted_version === null) throw new Fail(400, '请先接受报价');
  const v = db.get<VersionRow>('SELECT * FROM quote_versions WHERE quote_id = ? AND version = ?', q.id, q.accepted_version)!;
  if (now > v.valid_until) throw new Fail(400, '报价已过期，请申请重新报价');
  return { q, v };
}

/** Quote lines as order lines: no SKU (negative ids keep them apart), no stock, no deposit; the name says which quote. */
const orderLines = (q: QuoteRow, v: VersionRow): OrderLineRec[] =>
  (JSON.parse(v.lines) as LineRec[]).map((l, pos) => ({
    sku_id: -(pos + 1),
    goods_id: 0,
    ...QUOTE_SHOP,
    goodsName: l.name,
    thumbnail: QUOTE_THUMB,
    specs: `报价单 ${q.sn} 第 ${v.version} 版`,
    unit: l.unit,
    price: l.price,
    num: l.quantity,
    deposit: 0,
  }));

// ---- hooks' bodies (the sales team)

const ReplyHook = v.object({
  content: v.pipe(v.string('请输入回复内容'), v.trim(), v.nonEmpty('请输入回复内容'), v.maxLength(1000, '回复不能超过 1000 个字')),
});
const QuoteHook = v.object({
  lines: v.pipe(
    v.array(
      v.object({
        name: v.pipe(v.string('请输入品名'), v.trim(), v.nonEmpty('请输入品名'), v.maxLength(100, '品名过长')),
        quantity: v.pipe(
          v.number('数量格式错误'),
          v.integer('数量须为整数'),
          v.minValue(1, '数量须大于 0'),
          v.maxValue(100_000, '数量过大'),
        ),
        unit: v.pipe(v.string('请输入单位'), v.trim(), v.nonEmpty('请输入单位'), v.maxLength(10, '单位过长')),
        price: v.pipe(v.number('单价格式错误'), v.minValue(0, '单价不能为负数'), v.maxValue(10_000_000, '单价过大')),
      }),
      '报价明细格式错误',
    ),
    v.minLength(1, '请至少报价 1 行'),
    v.maxLength(20, '报价最多 20 行'),
  ),
  freight: v.optional(v.pipe(v.number('运费格式错误'), v.minValue(0, '运费不能为负数')), 0),
  /** Days the quote can be accepted; 0 makes it expire at once (tests of expiry). */
  validDays: v.optional(
    v.pipe(
      v.number('有效期格式错误'),
      v.integer('有效期须为整数天'),
      v.minValue(0, '有效期不能为负数'),
      v.maxValue(365, '有效期最长 365 天'),
    ),
    15,
  ),
  terms: v.optional(v.pipe(v.string('条款格式错误'), v.trim(), v.maxLength(1000, '条款过长')), ''),
});

// Account deletion (domains/privacy.ts): a quote stays (an order may refer to it) without its contact, site and the buyer's text.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  for (const q of db.all<{ id: number; data: string }>('SELECT id, data FROM quotes WHERE uid = ?', uid)) {
    db.run('UPDATE quotes SET data = ? WHERE id = ?', JSON.stringify(scrubQuote(JSON.parse(q.data) as Record<string, unknown>)), q.id);
    db.run("UPDATE quote_messages SET content = '', attachments = '[]' WHERE quote_id = ? AND sender <> 'SALES'", q.id);
  }
}

function seedQuotes(s: Seeding) {
  return quoteSeed(s.db, s.at);
}

function mixture(ctx: RouteCtx<typeof contract.mixture>) {
  const req = mixtureRequest(ctx.input);
  // The same rules as the page: what the page would refuse, the server refuses, with the rule's message.
  const check = checkMixture(req);
  const refused = check.findings.find((f) => !f.ok);
  if (refused) throw new Fail(400, refused.message);
  const parts = check.fractions!.map((f) => `${GASES[f.gas].formula} ${formatFraction(f.x)}`).join(' + ');
  const title = `${QUOTE_KIND_LABEL.MIXTURE} · ${parts} / ${GASES[req.balance].formula} × ${req.quantity} 瓶`;
  return createQuote(ctx, ctx.uid!, 'MIXTURE', title, { request: mixtureRows(req), attachments: [], mixture: req }, ctx.input.remark);
}

function bulk(ctx: RouteCtx<typeof contract.bulk>) {
  return siteRequest(ctx, ctx.uid!, 'BULK', ctx.input);
}

function onsite(ctx: RouteCtx<typeof contract.onsite>) {
  return siteRequest(ctx, ctx.uid!, 'ONSITE', ctx.input);
}

function list(ctx: RouteCtx<typeof contract.list>) {
  const { status, pageNumber, pageSize } = ctx.input;
  const now = ctx.now();
  // EXPIRED is QUOTED past its validity: filtered after reading, the member's quotes are few.
  const all = ctx.db
    .all<QuoteRow>('SELECT * FROM quotes WHERE uid = ? ORDER BY update_time DESC, id DESC', ctx.uid!)
    .map((q) => summary(ctx.db, q, now));
  const list = status ? all.filter((q) => q.status === status) : all;
  return { list: list.slice((pageNumber - 1) * pageSize, pageNumber * pageSize), total: list.length, pageNumber, pageSize };
}

function detailRoute(ctx: RouteCtx<typeof contract.detail>) {
  const q = quoteOf(ctx.db, ctx.uid!, ctx.params.id);
  const out = detail(ctx.db, q.id, ctx.now());
  // Opening the thread reads the sales team's messages.
  const last = out.messages.at(-1)?.id ?? 0;
  if (last > q.buyer_seen) ctx.db.run('UPDATE quotes SET buyer_seen = ? WHERE id = ?', last, q.id);
  return { ...out, unread: 0 };
}

function message(ctx: RouteCtx<typeof contract.message>) {
  const q = quoteOf(ctx.db, ctx.uid!, ctx.params.id);
  if (q.status === 'CLOSED') throw new Fail(400, '报价单已关闭');
  const attachments = (ctx.input.attachments ?? []).map((a) => {
    const upload = findUpload(ctx.db, a.url, ctx.uid!);
    if (!upload) throw new Fail(400, '附件不存在，请重新上传');
    return { url: upload.url, name: a.name || upload.name };
  });
  addThread(ctx.db, q.id, 'BUYER', ctx.input.content, attachments, ctx.now());
  return detail(ctx.db, q.id, ctx.now());
}

function revise(ctx: RouteCtx<typeof contract.revise>) {
  const q = quoteOf(ctx.db, ctx.uid!, ctx.params.id);
  if (!actionsOf(statusOf(ctx.db, q, ctx.now())).includes('REVISE')) throw new Fail(400, NOT_ALLOWED);
  addThread(ctx.db, q.id, 'BUYER', `申请重新报价：${ctx.input.content}`, [], ctx.now());
  setStatus(ctx.db, q.id, 'QUOTING');
  return detail(ctx.db, q.id, ctx.now());
}

function accept(ctx: RouteCtx<typeof contract.accept>) {
  const now = ctx.now();
  const q = quoteOf(ctx.db, ctx.uid!, ctx.params.id);
  const { version } = ctx.input;
  // Accepting again (a second tab, a double click) answers the same accepted quote.
  if (q.status === 'ACCEPTED' && q.accepted_version === version) return detail(ctx.db, q.id, now);
  const status = statusOf(ctx.db, q, now);
  if (status === 'EXPIRED') throw new Fail(400, '报价已过期，请申请重新报价');
  if (status !== 'QUOTED') throw new Fail(400, NOT_ALLOWED);
  if (latestVersion(ctx.db, q.id)!.version !== version) throw new Fail(400, '该版本不是最新报价，请刷新后查看');
  ctx.db.run("UPDATE quotes SET status = 'ACCEPTED', accepted_version = ? WHERE id = ?", version, q.id);
  addThread(ctx.db, q.id, 'SYSTEM', `已接受第 ${version} 版报价`, [], now);
  return detail(ctx.db, q.id, now);
}

function decline(ctx: RouteCtx<typeof contract.decline>) {
  const q = quoteOf(ctx.db, ctx.uid!, ctx.params.id);
  if (q.status === 'CLOSED') return detail(ctx.db, q.id, ctx.now());
  if (!actionsOf(statusOf(ctx.db, q, ctx.now())).includes('DECLINE')) throw new Fail(400, NOT_ALLOWED);
  addThread(ctx.db, q.id, 'BUYER', `关闭询价：${ctx.input.reason}`, [], ctx.now());
  setStatus(ctx.db, q.id, 'CLOSED');
  return detail(ctx.db, q.id, ctx.now());
}

// Confirmorder with way QUOTE: the accepted version's lines at the quoted prices, its freight, no coupons.
function onOrderConfirming({ db, now, uid, input, checkout }: SandboxEvents['order.confirming']) {
  if (input.way !== 'QUOTE') return;
  const { q, v } = orderable(db, uid, input.quoteId, now);
  const lines = orderLines(q, v);
  const goods = lines.reduce((a, l) => a + l.price * l.num, 0);
  const sku_list: OrderLine[] = lines.map((l) => ({ ...l, price: yuan(l.price), subtotal: yuan(l.price * l.num), deposit: 0 }));
  Object.assign(checkout, {
    shops: [
      {
        ...QUOTE_SHOP,
        sku_list,
        goodsTotal: yuan(goods),
        freight: yuan(v.freight),
        deposit: 0,
        activity: null,
        discount: 0,
        subtotal: yuan(goods + v.freight),
      },
    ],
    goodsNum: lines.reduce((a, l) => a + l.num, 0),
    goodsTotal: yuan(goods),
    freight: yuan(v.freight),
    deposit: 0,
    discount: 0,
    couponDiscount: 0,
    payable: yuan(goods + v.freight),
    freightRule: `按报价单 ${q.sn} 第 ${v.version} 版的价格、运费和条款下单，不可使用优惠券`,
    coupons: [],
    coupon: null,
    quote: { id: q.id, sn: q.sn, version: v.version, validUntil: v.valid_until },
  });
}

// The order of an accepted quote: its lines and prices, recorded against the quote and version; one order per quote.
function onOrderCreating({ db, now, uid, input, order }: SandboxEvents['order.creating']) {
  if (order.way !== 'QUOTE') return;
  const { q, v } = orderable(db, uid, input.quoteId, now);
  const lines = orderLines(q, v);
  const goods = lines.reduce((a, l) => a + l.price * l.num, 0);
  Object.assign(order, {
    lines,
    goodsTotal: goods,
    freight: v.freight,
    deposit: 0,
    discount: 0,
    couponDiscount: 0,
    coupon: null,
    payable: goods + v.freight,
  });
  if (typeof input.payable === 'number' && cents(input.payable) !== order.payable) {
    throw new Fail(PRICE_CHANGED, `订单金额已变化（现为 ${money(order.payable)}），请核对后重新提交`);
  }
  db.insert('quote_orders', { order_id: order.id, quote_id: q.id, version: v.version });
  db.run('UPDATE quotes SET order_id = ?, order_sn = ? WHERE id = ?', order.id, order.sn, q.id);
  addThread(db, q.id, 'SYSTEM', `已按第 ${v.version} 版报价下单，订单号 ${order.sn}`, [], now);
}

// The sales team answers in the thread.
function hookQuotesReply(ctx: Ctx<unknown>) {
  const { content } = parseOrFail(ReplyHook, ctx.input);
  const q = quoteOf(ctx.db, null, ctx.params.id);
  if (q.status === 'CLOSED') throw new Fail(400, '报价单已关闭');
  addThread(ctx.db, q.id, 'SALES', content, [], ctx.now());
  if (q.status === 'SUBMITTED') setStatus(ctx.db, q.id, 'QUOTING');
  addMessage(ctx.db, q.uid, `询价单 ${q.sn} 有新回复`, content, ctx.now());
  return detail(ctx.db, q.id, ctx.now());
}

// The sales team sends a quote: a new version; the buyer may accept it until it expires.
function hookQuotesQuote(ctx: Ctx<unknown>) {
  const body = parseOrFail(QuoteHook, ctx.input);
  const q = quoteOf(ctx.db, null, ctx.params.id);
  if (q.status === 'CLOSED' || q.status === 'ACCEPTED') throw new Fail(400, NOT_ALLOWED);
  const now = ctx.now();
  const version = (latestVersion(ctx.db, q.id)?.version ?? 0) + 1;
  const lines: LineRec[] = body.lines.map((l) => ({ name: l.name, quantity: l.quantity, unit: l.unit, price: cents(l.price) }));
  ctx.db.insert('quote_versions', {
    quote_id: q.id,
    version,
    lines: JSON.stringify(lines),
    freight: cents(body.freight),
    valid_until: now + body.validDays * DAY,
    terms: body.terms,
    time: now,
  });
  setStatus(ctx.db, q.id, 'QUOTED');
  const total = lines.reduce((a, l) => a + l.price * l.quantity, 0) + cents(body.freight);
  const text = `已发出第 ${version} 版报价，合计 ${money(total)}，有效期 ${body.validDays} 天`;
  addThread(ctx.db, q.id, 'SALES', text, [], now);
  addMessage(ctx.db, q.uid, `询价单 ${q.sn} 已报价`, text, now);
  return detail(ctx.db, q.id, now);
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  sb.seed('quotes', seedQuotes);
  sb.on(contract.mixture, mixture);
  sb.on(contract.bulk, bulk);
  sb.on(contract.onsite, onsite);
  sb.on(contract.list, list);
  sb.on(contract.detail, detailRoute);
  sb.on(contract.message, message);
  sb.on(contract.revise, revise);
  sb.on(contract.accept, accept);
  sb.on(contract.decline, decline);
  sb.listen('order.confirming', onOrderConfirming);
  sb.listen('order.creating', onOrderCreating);
  sb.hook('POST', '/quotes/{id}/reply', hookQuotesReply);
  sb.hook('POST', '/quotes/{id}/quote', hookQuotesQuote);
}
