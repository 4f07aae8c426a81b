/** Sandbox domain: the member centre: company information, addresses, invoice titles and issued invoices, coupons, points, service tickets and favourites. After-sales live in order.ts, beside the orders they change. */
import * as v from 'valibot';
import {
  ADDRESS_LIMIT,
  COMPANY_STATUS_LABEL,
  INVOICE_TITLE_LIMIT,
  member as contract,
  type Address,
  type Company,
  type InvoiceTitle,
  type IssuedInvoice,
  type MemberCoupon,
  type PointsEntry,
  type Ticket,
} from '#src/shared/api/contract/member.ts';
import { order as orderContract } from '#src/shared/api/contract/order.ts';
import { Fail, parseOrFail, type Sandbox, type SandboxEvents, type Seeding, type RouteCtx, type Ctx } from '../app.ts';
import * as goodsSeed from '../seed/goods.ts';
import { couponTemplates, seedMembers, type CouponTemplate } from '../seed/member.ts';
import { memberUidOf, setCompanyVerified } from './auth.ts';
import { companyVatTitle } from './company.ts';
import { viewOn } from './site.ts';
import { findGoods, paged, summarize, yuan, type State } from '../commerce.ts';
import type { HeldCoupon, MemberState, StoredCompany } from '../records.ts';

export const couponOffers = (s: State): CouponTemplate[] =>
  s.db.all<{ data: string }>('SELECT data FROM coupon_templates ORDER BY coupon_id').map((r) => JSON.parse(r.data) as CouponTemplate);

const parsed = <T>(rows: { data: string }[]): T[] => rows.map((r) => JSON.parse(r.data) as T);

function loadMember(s: State, uid: number): MemberState {
  const { db } = s;
  const company = db.get<{ data: string }>('SELECT data FROM companies WHERE uid = ?', uid);
  return {
    company: company ? (JSON.parse(company.data) as StoredCompany) : null,
    addresses: parsed<Address>(db.all('SELECT data FROM addresses WHERE uid = ? ORDER BY rowid', uid)),
    invoiceTitles: parsed<InvoiceTitle>(db.all('SELECT data FROM invoice_titles WHERE uid = ? ORDER BY rowid', uid)),
    coupons: db
      .all<{ couponId: number; receivedAt: number; usedAt: number | null; orderSn: string }>(
        'SELECT coupon_id AS couponId, received_at AS receivedAt, used_at AS usedAt, order_sn AS orderSn FROM member_coupons WHERE uid = ? ORDER BY pos',
        uid,
      )
      .map((c) => ({ ...c })),
    points: {
      balance: db.get<{ balance: number }>('SELECT balance FROM points WHERE uid = ?', uid)?.balance ?? 0,
      log: db
        .all<PointsEntry>('SELECT id, change, balance, reason, time FROM points_log WHERE uid = ? ORDER BY pos', uid)
        .map((p) => ({ ...p })),
    },
    tickets: parsed<Ticket>(db.all('SELECT data FROM tickets WHERE uid = ? ORDER BY rowid', uid)),
    collects: db
      .all<{ goodsId: number; time: number }>('SELECT goods_id AS goodsId, time FROM collects WHERE uid = ? ORDER BY rowid', uid)
      .map((c) => ({ ...c })),
    invoices: parsed<IssuedInvoice>(db.all('SELECT data FROM invoices WHERE uid = ? ORDER BY pos', uid)),
  };
}

/** Writes back the parts of a member's records that changed; each part is a set of rows of its own table. */
function saveMember(s: State, uid: number, m: MemberState, before: MemberState | null): void {
  const { db } = s;
  const changed = (part: keyof MemberState) => !before || JSON.stringify(m[part]) !== JSON.stringify(before[part]);
  if (changed('company')) {
    db.run('DELETE FROM companies WHERE uid = ?', uid);
    if (m.company) db.insert('companies', { uid, status: m.company.status ?? null, data: JSON.stringify(m.company) });
  }
  if (changed('addresses')) {
    db.run('DELETE FROM addresses WHERE uid = ?', uid);
    for (const a of m.addresses) db.insert('addresses', { id: a.id, uid, is_default: a.isDefault, data: JSON.stringify(a) });
  }
  if (changed('invoiceTitles')) {
    db.run('DELETE FROM invoice_titles WHERE uid = ?', uid);
    for (const t of m.invoiceTitles) db.insert('invoice_titles', { id: t.id, uid, is_default: t.isDefault, data: JSON.stringify(t) });
  }
  if (changed('coupons')) {
    db.run('DELETE FROM member_coupons WHERE uid = ?', uid);
    m.coupons.forEach((c, pos) =>
      db.insert('member_coupons', { uid, coupon_id: c.couponId, received_at: c.receivedAt, used_at: c.usedAt, order_sn: c.orderSn, pos }),
    );
  }
  if (changed('points')) {
    db.upsert('points', { uid, balance: m.points.balance }, ['uid']);
    db.run('DELETE FROM points_log WHERE uid = ?', uid);
    m.points.log.forEach((p, pos) =>
      db.insert('points_log', { id: p.id, uid, change: p.change, balance: p.balance, reason: p.reason, time: p.time, pos }),
    );
  }
  if (changed('tickets')) {
    db.run('DELETE FROM tickets WHERE uid = ?', uid);
    for (const t of m.tickets)
      db.insert('tickets', { id: t.id, uid, status: t.status, create_time: t.createTime, data: JSON.stringify(t) });
  }
  if (changed('collects')) {
    db.run('DELETE FROM collects WHERE uid = ?', uid);
    for (const c of m.collects) db.insert('collects', { uid, goods_id: c.goodsId, time: c.time });
  }
  if (changed('invoices')) {
    db.run('DELETE FROM invoices WHERE uid = ?', uid);
    m.invoices.forEach((i, pos) =>
      db.insert('invoices', {
        id: i.id,
        uid,
        order_id: i.orderId,
        status: i.status,
        create_time: i.createTime,
        pos,
        data: JSON.stringify(i),
      }),
    );
  }
}

/** The member's records, loaded once per request and saved with its transaction; a member registered after seeding starts empty. */
export function memberOf(s: State, uid: number): MemberState {
  return s.db.unit(
    `member:${uid}`,
    () => loadMember(s, uid),
    (m, before) => saveMember(s, uid, m, before),
  );
}

export function nextMemberId(s: State): number {
  return s.db.next('member');
}

const pathId = (raw: string | undefined, notFound: string): number => {
  if (!/^\d{1,12}$/.test(raw ?? '')) throw new Fail(404, notFound);
  return Number(raw);
};

const shopName = (shopId: number): string =>
  shopId === 0 ? '全平台通用' : (goodsSeed.shops.find((s) => s.id === shopId)?.shopName ?? `店铺 ${shopId}`);

export function couponView(tpl: CouponTemplate, held: HeldCoupon, now: number): MemberCoupon {
  const status = held.usedAt !== null ? 'used' : now > tpl.endTime ? 'expired' : 'unused';
  return {
    couponId: tpl.couponId,
    title: tpl.title,
    shop_id: tpl.shop_id,
    shopName: shopName(tpl.shop_id),
    threshold: yuan(tpl.threshold),
    reduction: yuan(tpl.reduction),
    startTime: tpl.startTime,
    endTime: tpl.endTime,
    description: tpl.description,
    status,
    receivedAt: held.receivedAt,
    usedAt: held.usedAt,
    orderSn: held.orderSn,
  };
}

/** The member's coupons with their templates, newest first. */
export function walletOf(s: State, uid: number): { tpl: CouponTemplate; held: HeldCoupon }[] {
  const offers = couponOffers(s);
  return memberOf(s, uid)
    .coupons.flatMap((held) => {
      const tpl = offers.find((t) => t.couponId === held.couponId);
      return tpl ? [{ tpl, held }] : [];
    })
    .sort((a, b) => b.held.receivedAt - a.held.receivedAt);
}

export function useCoupon(s: State, uid: number, couponId: number, sn: string): void {
  const held = memberOf(s, uid).coupons.find((c) => c.couponId === couponId);
  if (held) Object.assign(held, { usedAt: s.now(), orderSn: sn });
}

/** A cancelled order gives its coupon back. */
export function restoreCoupon(s: State, uid: number, couponId: number): void {
  const held = memberOf(s, uid).coupons.find((c) => c.couponId === couponId);
  if (held) Object.assign(held, { usedAt: null, orderSn: '' });
}

export function addPoints(s: State, uid: number, change: number, reason: string): void {
  const points = memberOf(s, uid).points;
  points.balance += change;
  points.log.unshift({ id: nextMemberId(s), change, balance: points.balance, reason, time: s.now() });
}

/** A paid order with an invoice title asks for its invoice; `amount` in cents. */
export function requestInvoice(
  s: State,
  uid: number,
  rec: Pick<IssuedInvoice, 'orderId' | 'sn' | 'type' | 'titleType' | 'title' | 'taxNo' | 'amount'>,
): void {
  memberOf(s, uid).invoices.unshift({
    ...rec,
    id: nextMemberId(s),
    status: 'PENDING',
    invoiceNo: '',
    createTime: s.now(),
    issueTime: null,
  });
}

/** Shipping an order issues its invoice. */
export function issueInvoice(s: State, uid: number, orderId: number): void {
  const inv = memberOf(s, uid).invoices.find((i) => i.orderId === orderId && i.status === 'PENDING');
  if (inv) Object.assign(inv, { status: 'ISSUED', issueTime: s.now(), invoiceNo: String(32_000_000 + ((orderId * 7_919) % 1_000_000)) });
}

/** Default first, then newest. */
const byDefault = <T extends { id: number; isDefault: 0 | 1 }>(list: T[]): T[] =>
  [...list].sort((a, b) => b.isDefault - a.isDefault || b.id - a.id);

export const addressesOf = (s: State, uid: number): Address[] => byDefault(memberOf(s, uid).addresses);
/**
 * The member's invoice titles: their own, default first, then (while 数电票 are on) the company's checked VAT details as one
 * more title, read from company_vat each time: one store of titles, not a copy (docs/invoices.md "Invoice titles").
 */
export function invoiceTitlesOf(s: State, uid: number): InvoiceTitle[] {
  const own = byDefault(memberOf(s, uid).invoiceTitles);
  const company = viewOn(s.db, 'einvoice_part') ? companyVatTitle(s, uid) : null;
  return company ? [...own, company] : own;
}

/** Save and delete leave the company's title alone: it is edited as the company's VAT details (企业账户 → 开票信息). */
function refuseCompanyTitle(s: State, uid: number, id: number | undefined): void {
  if (id !== undefined && id === companyVatTitle(s, uid)?.id) throw new Fail(400, '企业开票信息请在“企业账户”中修改');
}

/** The member's company information; records saved before reviews existed count as approved. */
export function companyOf(s: State, uid: number): Company | null {
  const c = memberOf(s, uid).company;
  return c && { ...c, documents: c.documents ?? [], status: c.status ?? 'APPROVED', reviewNote: c.reviewNote ?? '' };
}

/** Ordering is open once the company information is approved (docs/product.md §1). */
export const companyApproved = (s: State, uid: number): boolean => companyOf(s, uid)?.status === 'APPROVED';

/** The user record's flag follows the review, so /userinfo tells the header and checkout. */
function syncVerified(s: State, uid: number): void {
  setCompanyVerified(s.db, uid, companyApproved(s, uid));
}

/**
 * A member who joins a company account orders under its company information (the company domain shares the owner's approved
 * record); leaving it, they go back to none. Ordering's company check then holds for members of a company as for its owner.
 */
export function shareCompany(s: State, uid: number, company: Company | null): void {
  memberOf(s, uid).company = company && { ...company, updateTime: s.now() };
  syncVerified(s, uid);
}

/** A hook's member, named by uid or phone; 0 when there is none. */
const memberUid = (s: State, raw: string | undefined): number => memberUidOf(s.db, raw);

const CompanyReview = v.object({
  result: v.picklist(['PENDING', 'APPROVED', 'REJECTED'], 'result 只能是 PENDING、APPROVED 或 REJECTED'),
  note: v.optional(v.string(), ''),
});

/** Tickets saved before attachments existed have none. */
const ticketView = (t: Ticket): Ticket => ({ ...t, attachments: t.attachments ?? [] });

const TicketReply = v.object({ content: v.pipe(v.string('请输入回复内容'), v.trim(), v.nonEmpty('请输入回复内容')) });

// Account deletion (domains/privacy.ts): the address book, invoice titles, company information, coupons, points, tickets
// and favourites go; issued invoices stay 5 years (发票管理办法第二十九条) holding only what the invoice itself states.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  for (const t of ['addresses', 'invoice_titles', 'companies', 'member_coupons', 'points', 'points_log', 'tickets', 'collects'])
    db.run(`DELETE FROM ${t} WHERE uid = ?`, uid);
}

function seedMember(s: Seeding) {
  const at = s.at;
  for (const t of couponTemplates(at))
    s.db.insert('coupon_templates', { coupon_id: t.couponId, shop_id: t.shop_id, end_time: t.endTime, data: JSON.stringify(t) });
  const seeded = seedMembers(at);
  s.db.setSequence('member', seeded.seq);
  for (const [uid, m] of Object.entries(seeded.byUid)) saveMember(s, Number(uid), m, null);
}

function company(ctx: RouteCtx<typeof contract.company>) {
  return companyOf(ctx, ctx.uid!);
}

function saveCompany(ctx: RouteCtx<typeof contract.saveCompany>) {
  const m = memberOf(ctx, ctx.uid!);
  // The sandbox's reviewer approves complete information at once; the review hook can set another result.
  m.company = {
    ...ctx.input,
    taxNo: ctx.input.taxNo.toUpperCase(),
    updateTime: ctx.now(),
    status: 'APPROVED',
    reviewNote: '资料齐全，审核通过',
  };
  syncVerified(ctx, ctx.uid!);
  return m.company;
}

// Back-office review of a member's company information (uid or phone).
function hookCompanyReview(ctx: Ctx<unknown>) {
  const { result, note } = parseOrFail(CompanyReview, ctx.input);
  const uid = memberUid(ctx, ctx.params.uid);
  const company = uid ? companyOf(ctx, uid) : null;
  if (!company) throw new Fail(404, '该会员没有企业信息');
  memberOf(ctx, uid).company = { ...company, status: result, reviewNote: note || COMPANY_STATUS_LABEL[result] };
  syncVerified(ctx, uid);
  return memberOf(ctx, uid).company;
}

// Back office deletes a member's company information (tests put a demo member back as seeded).
function hookCompanyClear(ctx: Ctx<unknown>) {
  const uid = memberUid(ctx, ctx.params.uid);
  if (!uid) throw new Fail(404, '会员不存在');
  memberOf(ctx, uid).company = null;
  syncVerified(ctx, uid);
  return null;
}

function addresses(ctx: RouteCtx<typeof contract.addresses>) {
  return addressesOf(ctx, ctx.uid!);
}

function saveAddress(ctx: RouteCtx<typeof contract.saveAddress>) {
  const m = memberOf(ctx, ctx.uid!);
  const { id, ...fields } = ctx.input;
  let address: Address;
  if (id !== undefined) {
    const found = m.addresses.find((a) => a.id === id);
    if (!found) throw new Fail(404, '收货地址不存在');
    // The default stays the default until another address takes its place.
    address = Object.assign(found, fields, { isDefault: found.isDefault || fields.isDefault });
  } else {
    if (m.addresses.length >= ADDRESS_LIMIT) throw new Fail(400, `收货地址最多保存 ${ADDRESS_LIMIT} 个`);
    address = { id: nextMemberId(ctx), ...fields, isDefault: m.addresses.length === 0 ? 1 : fields.isDefault };
    m.addresses.push(address);
  }
  if (address.isDefault) for (const a of m.addresses) a.isDefault = a === address ? 1 : 0;
  return address;
}

function deleteAddress(ctx: RouteCtx<typeof contract.deleteAddress>) {
  const m = memberOf(ctx, ctx.uid!);
  const gone = m.addresses.find((a) => a.id === ctx.input.id);
  if (!gone) throw new Fail(404, '收货地址不存在');
  m.addresses = m.addresses.filter((a) => a !== gone);
  // One address is always the default while any is left: the newest takes over.
  if (gone.isDefault && m.addresses.length > 0) m.addresses.reduce((a, b) => (a.id > b.id ? a : b)).isDefault = 1;
  return addressesOf(ctx, ctx.uid!);
}

function invoiceTitles(ctx: RouteCtx<typeof contract.invoiceTitles>) {
  return invoiceTitlesOf(ctx, ctx.uid!);
}

function saveInvoiceTitle(ctx: RouteCtx<typeof contract.saveInvoiceTitle>) {
  const m = memberOf(ctx, ctx.uid!);
  const { id, ...input } = ctx.input;
  refuseCompanyTitle(ctx, ctx.uid!, id);
  // A personal title carries no company details.
  const fields =
    input.titleType === 'PERSONAL'
      ? { ...input, taxNo: '', bank: '', account: '', address: '', phone: '' }
      : { ...input, taxNo: input.taxNo.toUpperCase() };
  let title: InvoiceTitle;
  if (id !== undefined) {
    const found = m.invoiceTitles.find((t) => t.id === id);
    if (!found) throw new Fail(404, '发票抬头不存在');
    title = Object.assign(found, fields);
  } else {
    if (m.invoiceTitles.length >= INVOICE_TITLE_LIMIT) throw new Fail(400, `发票抬头最多保存 ${INVOICE_TITLE_LIMIT} 个`);
    title = { id: nextMemberId(ctx), ...fields };
    m.invoiceTitles.push(title);
  }
  if (title.isDefault) for (const t of m.invoiceTitles) t.isDefault = t === title ? 1 : 0;
  return title;
}

function deleteInvoiceTitle(ctx: RouteCtx<typeof contract.deleteInvoiceTitle>) {
  const m = memberOf(ctx, ctx.uid!);
  refuseCompanyTitle(ctx, ctx.uid!, ctx.input.id);
  if (!m.invoiceTitles.some((t) => t.id === ctx.input.id)) throw new Fail(404, '发票抬头不存在');
  m.invoiceTitles = m.invoiceTitles.filter((t) => t.id !== ctx.input.id);
  return invoiceTitlesOf(ctx, ctx.uid!);
}

function setDefaultInvoice(ctx: RouteCtx<typeof orderContract.setDefaultInvoice>) {
  const m = memberOf(ctx, ctx.uid!);
  if (!m.invoiceTitles.some((t) => t.id === ctx.input.invoiceId)) throw new Fail(404, '发票抬头不存在');
  for (const t of m.invoiceTitles) t.isDefault = t.id === ctx.input.invoiceId ? 1 : 0;
  return invoiceTitlesOf(ctx, ctx.uid!);
}

function issuedInvoices(ctx: RouteCtx<typeof contract.issuedInvoices>) {
  const list = [...memberOf(ctx, ctx.uid!).invoices]
    .sort((a, b) => b.createTime - a.createTime)
    .map((i) => ({ ...i, amount: yuan(i.amount) }));
  return paged(list, ctx.input);
}

function coupons(ctx: RouteCtx<typeof contract.coupons>) {
  const now = ctx.now();
  const list = walletOf(ctx, ctx.uid!)
    .map(({ tpl, held }) => couponView(tpl, held, now))
    .filter((c) => !ctx.input.status || c.status === ctx.input.status);
  return paged(list, ctx.input);
}

function couponOffersRoute(ctx: RouteCtx<typeof contract.couponOffers>) {
  const now = ctx.now();
  const held = new Set(memberOf(ctx, ctx.uid!).coupons.map((c) => c.couponId));
  return couponOffers(ctx)
    .filter((t) => t.endTime >= now)
    .map(({ threshold, reduction, ...t }) => ({
      ...t,
      threshold: yuan(threshold),
      reduction: yuan(reduction),
      shopName: shopName(t.shop_id),
      received: held.has(t.couponId),
    }));
}

function receiveCoupon(ctx: RouteCtx<typeof contract.receiveCoupon>) {
  const tpl = couponOffers(ctx).find((t) => t.couponId === ctx.input.couponId);
  if (!tpl) throw new Fail(400, '优惠券不存在');
  if (tpl.endTime < ctx.now()) throw new Fail(400, '优惠券已过期');
  const m = memberOf(ctx, ctx.uid!);
  if (m.coupons.some((c) => c.couponId === tpl.couponId)) throw new Fail(400, '您已领取过该优惠券');
  const held: HeldCoupon = { couponId: tpl.couponId, receivedAt: ctx.now(), usedAt: null, orderSn: '' };
  m.coupons.push(held);
  return couponView(tpl, held, ctx.now());
}

function points(ctx: RouteCtx<typeof contract.points>) {
  const { balance, log } = memberOf(ctx, ctx.uid!).points;
  return { balance, ...paged(log, ctx.input) };
}

function tickets(ctx: RouteCtx<typeof contract.tickets>) {
  return paged([...memberOf(ctx, ctx.uid!).tickets].sort((a, b) => b.createTime - a.createTime).map(ticketView), ctx.input);
}

function createTicket(ctx: RouteCtx<typeof contract.createTicket>) {
  const ticket: Ticket = { id: nextMemberId(ctx), ...ctx.input, status: 'PENDING', createTime: ctx.now(), replies: [] };
  memberOf(ctx, ctx.uid!).tickets.push(ticket);
  return ticket;
}

function ticket(ctx: RouteCtx<typeof contract.ticket>) {
  const id = pathId(ctx.params.id, '工单不存在');
  const ticket = memberOf(ctx, ctx.uid!).tickets.find((t) => t.id === id);
  if (!ticket) throw new Fail(404, '工单不存在');
  return ticketView(ticket);
}

// Customer service answers a ticket.
function hookTicketsReply(ctx: Ctx<unknown>) {
  const { content } = parseOrFail(TicketReply, ctx.input);
  const id = pathId(ctx.params.id, '工单不存在');
  const owner = ctx.db.get<{ uid: number }>('SELECT uid FROM tickets WHERE id = ?', id);
  const ticket = owner && memberOf(ctx, owner.uid).tickets.find((t) => t.id === id);
  if (!ticket) throw new Fail(404, '工单不存在');
  ticket.replies.push({ from: 'SERVICE', content, time: ctx.now() });
  ticket.status = 'REPLIED';
  return ticketView(ticket);
}

function collects(ctx: RouteCtx<typeof contract.collects>) {
  const list = [...memberOf(ctx, ctx.uid!).collects]
    .sort((a, b) => b.time - a.time)
    .flatMap(({ goodsId, time }) => {
      const g = findGoods(ctx, goodsId);
      return g ? [{ ...summarize(g), marketEnable: g.marketEnable, collectTime: time }] : [];
    });
  return paged(list, ctx.input);
}

function collect(ctx: RouteCtx<typeof contract.collect>) {
  const { goodsId } = ctx.input;
  if (!findGoods(ctx, goodsId)) throw new Fail(400, '商品不存在');
  const m = memberOf(ctx, ctx.uid!);
  if (!m.collects.some((c) => c.goodsId === goodsId)) m.collects.push({ goodsId, time: ctx.now() });
  return { goodsId, collected: true };
}

function uncollect(ctx: RouteCtx<typeof contract.uncollect>) {
  const m = memberOf(ctx, ctx.uid!);
  m.collects = m.collects.filter((c) => c.goodsId !== ctx.input.goodsId);
  return { goodsId: ctx.input.goodsId, collected: false };
}

function collectState(ctx: RouteCtx<typeof contract.collectState>) {
  return {
    goodsId: ctx.input.goodsId,
    collected: ctx.uid !== null && memberOf(ctx, ctx.uid).collects.some((c) => c.goodsId === ctx.input.goodsId),
  };
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  sb.seed('member', seedMember);
  sb.on(contract.company, company);
  sb.on(contract.saveCompany, saveCompany);
  sb.hook('POST', '/company/{uid}/review', hookCompanyReview);
  sb.hook('POST', '/company/{uid}/clear', hookCompanyClear);
  sb.on(contract.addresses, addresses);
  sb.on(contract.saveAddress, saveAddress);
  sb.on(contract.deleteAddress, deleteAddress);
  sb.on(contract.invoiceTitles, invoiceTitles);
  sb.on(contract.saveInvoiceTitle, saveInvoiceTitle);
  sb.on(contract.deleteInvoiceTitle, deleteInvoiceTitle);
  sb.on(orderContract.setDefaultInvoice, setDefaultInvoice);
  sb.on(contract.issuedInvoices, issuedInvoices);
  sb.on(contract.coupons, coupons);
  sb.on(contract.couponOffers, couponOffersRoute);
  sb.on(contract.receiveCoupon, receiveCoupon);
  sb.on(contract.points, points);
  sb.on(contract.tickets, tickets);
  sb.on(contract.createTicket, createTicket);
  sb.on(contract.ticket, ticket);
  sb.hook('POST', '/tickets/{id}/reply', hookTicketsReply);
  sb.on(contract.collects, collects);
  sb.on(contract.collect, collect);
  sb.on(contract.uncollect, uncollect);
  sb.on(contract.collectState, collectState);
}
