/** Sandbox domain: company buying (contract/company.ts): company accounts and their members, invitations, limits, approvals of orders over a limit, PO numbers and the monthly statement. Follows view control `company_part`: switched off, ordering is as before. */
import { chinaDay, chinaInstant, chinaWallClock } from '#src/shared/formats/china-time.ts';
import { renderPdf } from '#src/shared/pdf/index.ts';
import {
  company as contract,
  type CompanyInvoice,
  type VatDetails,
  type Approval,
  type ApprovalStatus,
  type CompanyAccount,
  type CompanyMember,
  type Invitation,
  type StatementLine,
} from '#src/shared/api/contract/company.ts';
import {
  approvalNeeded,
  approvalRefusal,
  can,
  COMPANY_ROLES,
  leavesAnAdmin,
  monthOf,
  monthRange,
  parseLimit,
  type CompanyAbility,
  type CompanyRole,
} from '#src/features/company/rules.ts';
import { Fail, type Sandbox, type SandboxEvents, type RouteCtx, type Ctx } from '../app.ts';
import type { StatementLineRec } from './company.events.ts';
import type { Db } from '../db.ts';
import type { OrderRec } from '../records.ts';
import type { InvoiceTitle } from '#src/shared/api/contract/member.ts';
import { SUPPLIER_CREDIT_CODE } from '../seed/site.ts';
import { cents, money, paged, yuan, type State } from '../commerce.ts';
import { addMessage, maskPhone, memberContact, memberUidOf, sendOldPhoneCode, updateProfile } from './auth.ts';
import { companyOf, shareCompany } from './member.ts';
import { cancelledOf, decideApproval, findOrder, refundsOfOrder, statusTextOf } from './order.ts';
import { viewOn } from './site.ts';

const EINVOICE = 'einvoice_part';

interface AccountRow {
  id: number;
  owner_uid: number;
  po_required: 0 | 1;
  cost_centre_required: 0 | 1;
}
interface MemberRow {
  uid: number;
  company_id: number;
  roles: string;
  limit_order: number | null;
  limit_month: number | null;
  joined_at: number;
}
interface InviteRow {
  id: number;
  company_id: number;
  phone: string;
  roles: string;
  limit_order: number | null;
  limit_month: number | null;
  invited_by: number;
  status: 'OPEN' | 'ACCEPTED' | 'CANCELLED';
  created_at: number;
}
interface OrderRow {
  order_id: number;
  company_id: number;
  uid: number;
  sn: string;
  po_number: string;
  cost_centre: string;
  amount: number;
  create_time: number;
  approval: ApprovalStatus | null;
  reason: string;
  approver_uid: number | null;
  comment: string;
  decided_at: number | null;
}

const rolesOf = (text: string): CompanyRole[] =>
  (JSON.parse(text) as string[]).filter((r): r is CompanyRole => (COMPANY_ROLES as readonly string[]).includes(r));
/** Roles in their fixed order, each once. */
const rolesText = (roles: readonly CompanyRole[]): string => JSON.stringify(COMPANY_ROLES.filter((r) => roles.includes(r)));
const nameOf = (s: State, uid: number): string => memberContact(s.db, uid)?.name ?? `会员 ${uid}`;
const yuanOrNull = (c: number | null): number | null => (c === null ? null : yuan(c));

const accountById = (s: State, id: number): AccountRow => s.db.get<AccountRow>('SELECT * FROM company_accounts WHERE id = ?', id)!;
const membership = (s: State, uid: number): MemberRow | undefined =>
  s.db.get<MemberRow>('SELECT * FROM company_members WHERE uid = ?', uid);

/**
 * The members who act for the same company as `uid` (itself included), while company buying is on: what one of them files for
 * the company (a hazardous-chemicals permit) counts for all. Just `uid` outside a company or with the feature off.
 */
export function colleaguesOf(db: Db, uid: number): number[] {
  if (!viewOn(db, 'company_part')) return [uid];
  const rows = db.all<{ uid: number }>(
    'SELECT uid FROM company_members WHERE company_id = (SELECT company_id FROM company_members WHERE uid = ?) ORDER BY uid',
    uid,
  );
  return rows.length ? rows.map((r) => r.uid) : [uid];
}

/**
 * The member's company place. A member with approved company information of their own and no company account opens one
 * on first use, as its first 管理员 holding every role; a member with neither has none.
 */
function placeOf(s: State, uid: number): { account: AccountRow; me: MemberRow } | null {
  let me = membership(s, uid);
  if (!me) {
    if (companyOf(s, uid)?.status !== 'APPROVED') return null;
    const id = s.db.next('company');
    s.db.insert('company_accounts', { id, owner_uid: uid, po_required: 0, cost_centre_required: 0, created_at: s.now() });
    s.db.insert('company_members', {
      uid,
      company_id: id,
      roles: rolesText(COMPANY_ROLES),
      limit_order: null,
      limit_month: null,
      joined_at: s.now(),
    });
    me = membership(s, uid)!;
  }
  return { account: accountById(s, me.company_id), me };
}

/**
 * The member's company while company buying is on: its account id, the owner of its company information (whose uid keys what
 * the back office holds per company, e.g. credit terms), its name and the member's roles; null outside a company.
 */
export function companyPlaceOf(s: State, uid: number): { id: number; ownerUid: number; name: string; roles: CompanyRole[] } | null {
  if (!viewOn(s.db, 'company_part')) return null;
  const place = placeOf(s, uid);
  if (!place) return null;
  const name = companyOf(s, place.account.owner_uid)?.companyName ?? '';
  return { id: place.account.id, ownerUid: place.account.owner_uid, name, roles: rolesOf(place.me.roles) };
}

/**
 * The company's checked VAT details as an invoice title (one store of titles, docs/invoices.md "Invoice titles"): listed among
 * the member's titles while 数电票 are on, read here each time (never copied), so an edit in 开票信息 is what the next invoice
 * carries. Null outside a company, or before its 管理员/财务 checked the details.
 */
export function companyVatTitle(s: State, uid: number): InvoiceTitle | null {
  const place = companyPlaceOf(s, uid);
  const row = place && vatRowOf(s, place.id);
  if (!row || row.title_id === null) return null;
  const vat = JSON.parse(row.data) as Omit<VatDetails, 'checkedBy' | 'checkedAt'>;
  const { name, taxNo, address, phone, bank, account } = vat;
  return {
    id: row.title_id,
    type: 'VAT_SPECIAL',
    titleType: 'COMPANY',
    title: name,
    taxNo,
    address,
    phone,
    bank,
    account,
    isDefault: 0,
    source: 'COMPANY_VAT',
  };
}

/** The uids of a company's members holding one of `roles` (who gets a company's statements and reminders). */
export function membersWithRoles(db: Db, companyId: number, roles: readonly CompanyRole[]): number[] {
  return db
    .all<{ uid: number; roles: string }>('SELECT uid, roles FROM company_members WHERE company_id = ? ORDER BY uid', companyId)
    .filter((m) => rolesOf(m.roles).some((r) => roles.includes(r)))
    .map((m) => m.uid);
}

/** Seeds a company account for the owner of approved company information, the owner holding `roles` (another domain's seed). */
export function seedCompanyAccount(s: State, ownerUid: number, roles: readonly CompanyRole[]): number {
  const id = s.db.next('company');
  s.db.insert('company_accounts', { id, owner_uid: ownerUid, po_required: 0, cost_centre_required: 0, created_at: s.now() });
  const member = { uid: ownerUid, company_id: id, roles: rolesText(roles), limit_order: null, limit_month: null, joined_at: s.now() };
  s.db.insert('company_members', member);
  return id;
}

/**
 * Whose company a member buys for and with which roles, without opening an account (agreed prices read it on every page):
 * with company buying on, the account's owner and the member's roles; a member with approved company information of their own
 * and no account is its owner with every role (as `placeOf` would open it); else null.
 */
export function buyingFor(s: State, uid: number): { ownerUid: number; roles: CompanyRole[] } | null {
  const me = viewOn(s.db, 'company_part') ? membership(s, uid) : undefined;
  if (me) return { ownerUid: accountById(s, me.company_id).owner_uid, roles: rolesOf(me.roles) };
  return companyOf(s, uid)?.status === 'APPROVED' ? { ownerUid: uid, roles: [...COMPANY_ROLES] } : null;
}

/**
 * Makes `uid` a member of the company account owned by `ownerUid` with `roles` (opened on first use), sharing the company's
 * information, unless it already is a member of a company: the member a punchout organisation shops as (docs/punchout.md).
 */
export function enrolMember(s: State, ownerUid: number, uid: number, roles: CompanyRole[]): void {
  if (membership(s, uid)) return;
  const place = placeOf(s, ownerUid);
  if (!place) return;
  s.db.insert('company_members', {
    uid,
    company_id: place.account.id,
    roles: rolesText(roles),
    limit_order: null,
    limit_month: null,
    joined_at: s.now(),
  });
  shareCompany(s, uid, companyOf(s, ownerUid));
}

/** The PO-number and cost-centre rules of the member's company while company buying is on (a standing order asks them up front), else null. */
export function orderRules(s: State, uid: number): { poRequired: boolean; costCentreRequired: boolean } | null {
  if (!viewOn(s.db, 'company_part')) return null;
  const place = placeOf(s, uid);
  return place && { poRequired: place.account.po_required === 1, costCentreRequired: place.account.cost_centre_required === 1 };
}

/** The member's place when their roles allow `ability`; 404 outside a company, 403 without the role. */
function placeFor(s: State, uid: number, ability: CompanyAbility): { account: AccountRow; me: MemberRow } {
  const place = placeOf(s, uid);
  if (!place) throw new Fail(404, '您还不是企业成员');
  if (!can(rolesOf(place.me.roles), ability)) {
    const msg: Record<CompanyAbility, string> = {
      manage: '您没有管理企业成员的权限',
      order: '您的企业角色不能下单',
      approve: '您没有审批权限',
      statement: '您没有查看对账单的权限',
    };
    throw new Fail(403, msg[ability]);
  }
  return place;
}

/**
 * Money spent this China month by a buyer: orders placed under the company that were not cancelled or rejected (cents).
 * Summed in SQL, less the few cancelled ones: a busy buyer's month of orders is never loaded at a checkout.
 */
function monthSpent(s: State, uid: number, now: number): number {
  const range = monthRange(monthOf(now))!;
  const where = "uid = ? AND create_time >= ? AND create_time < ? AND (approval IS NULL OR approval != 'REJECTED')";
  const sum = (extra: string, ...more: string[]) =>
    s.db.get<{ total: number }>(
      `SELECT COALESCE(SUM(amount), 0) AS total FROM company_orders WHERE ${where}${extra}`,
      uid,
      range.from,
      range.to,
      ...more,
    )!.total;
  const cancelled = cancelledOf(s, uid, range.from, range.to);
  return sum('') - (cancelled.size ? sum(' AND order_id IN (SELECT value FROM json_each(?))', JSON.stringify([...cancelled])) : 0);
}

function memberView(s: State, m: MemberRow): CompanyMember {
  const contact = memberContact(s.db, m.uid);
  return {
    uid: m.uid,
    phone: contact ? maskPhone(contact.phone) : '',
    name: contact?.name ?? `会员 ${m.uid}`,
    roles: rolesOf(m.roles),
    limitPerOrder: yuanOrNull(m.limit_order),
    limitPerMonth: yuanOrNull(m.limit_month),
    monthSpent: yuan(monthSpent(s, m.uid, s.now())),
    joinedAt: m.joined_at,
  };
}

function inviteView(s: State, i: InviteRow): Invitation {
  return {
    id: i.id,
    companyName: companyOf(s, accountById(s, i.company_id).owner_uid)?.companyName ?? '',
    phone: maskPhone(i.phone),
    roles: rolesOf(i.roles),
    limitPerOrder: yuanOrNull(i.limit_order),
    limitPerMonth: yuanOrNull(i.limit_month),
    invitedBy: nameOf(s, i.invited_by),
    createTime: i.created_at,
  };
}

function accountView(s: State, account: AccountRow, me: MemberRow): CompanyAccount {
  const info = companyOf(s, account.owner_uid);
  const admin = can(rolesOf(me.roles), 'manage');
  const members = admin
    ? s.db.all<MemberRow>('SELECT * FROM company_members WHERE company_id = ? ORDER BY joined_at, uid', account.id)
    : [me];
  const invites = admin
    ? s.db.all<InviteRow>("SELECT * FROM company_invites WHERE company_id = ? AND status = 'OPEN' ORDER BY id DESC", account.id)
    : [];
  return {
    id: account.id,
    name: info?.companyName ?? '',
    taxNo: info?.taxNo ?? '',
    poRequired: account.po_required === 1,
    costCentreRequired: account.cost_centre_required === 1,
    me: { uid: me.uid, roles: rolesOf(me.roles) },
    members: members.map((m) => memberView(s, m)),
    invitations: invites.map((i) => inviteView(s, i)),
  };
}

/** Limits as typed to cents; the contract checked the text, this is the one conversion. */
const limitCents = (text: string): number | null => {
  const c = parseLimit(text);
  if (c === undefined) throw new Fail(400, '限额须为大于 0 的金额，最多两位小数');
  return c;
};

function approvalView(s: State, r: OrderRow): Approval {
  const o = findOrder(s, r.order_id);
  return {
    sn: r.sn,
    buyer: nameOf(s, r.uid),
    buyerUid: r.uid,
    amount: yuan(r.amount),
    goods: o ? o.lines.map((l) => `${l.goodsName} ×${l.num}`).join('、') : '',
    poNumber: r.po_number,
    costCentre: r.cost_centre,
    reason: r.reason,
    status: r.approval ?? 'APPROVED',
    approver: r.approver_uid === null ? '' : nameOf(s, r.approver_uid),
    comment: r.comment,
    createTime: r.create_time,
    decidedAt: r.decided_at,
  };
}

interface InvoiceRow {
  id: number;
  order_id: number;
  company_id: number;
  uid: number;
  sn: string;
  amount: number;
  status: 'PENDING' | 'ISSUED';
  invoice_no: string;
  vat: string;
  po_number: string;
  create_time: number;
  issue_time: number | null;
}

const fileUrlOf = (id: number) => contract.invoiceFile.path.replace('{id}', String(id));

function invoiceView(r: InvoiceRow): CompanyInvoice {
  const vat = JSON.parse(r.vat) as VatDetails;
  return {
    id: r.id,
    sn: r.sn,
    amount: yuan(r.amount),
    status: r.status,
    invoiceNo: r.invoice_no,
    title: vat.name,
    taxNo: vat.taxNo,
    poNumber: r.po_number,
    createTime: r.create_time,
    issueTime: r.issue_time,
    fileUrl: r.status === 'ISSUED' ? fileUrlOf(r.id) : null,
  };
}

const vatRowOf = (s: State, companyId: number) =>
  s.db.get<{ data: string; checked_by: number; checked_at: number; title_id: number | null }>(
    'SELECT * FROM company_vat WHERE company_id = ?',
    companyId,
  );

function vatOf(s: State, companyId: number): VatDetails | null {
  const row = vatRowOf(s, companyId);
  return row
    ? {
        ...(JSON.parse(row.data) as Omit<VatDetails, 'checkedBy' | 'checkedAt'>),
        checkedBy: nameOf(s, row.checked_by),
        checkedAt: row.checked_at,
      }
    : null;
}

/** The company order of `sn` when the member may act on it (its buyer, or the company's 管理员 or 财务); 404 otherwise. */
function companyOrderFor(s: State, uid: number, sn: string, ability: CompanyAbility = 'statement'): OrderRow {
  const row = s.db.get<OrderRow>('SELECT * FROM company_orders WHERE sn = ?', sn);
  const me = membership(s, uid);
  if (!row || !me || me.company_id !== row.company_id || (row.uid !== uid && !can(rolesOf(me.roles), ability)))
    throw new Fail(404, '订单不存在');
  return row;
}

/** Invoice amount: what was paid for goods and freight; the cylinder deposit is refundable and not invoiced (as the order domain's invoices). */
const invoiceAmount = (o: OrderRec): number => o.payable - o.deposit;

const SELLER = {
  name: '华气云商（上海）气体科技有限公司',
  // The seller's code is the one on its business licence (the site's licences), not a second copy.
  taxNo: SUPPLIER_CREDIT_CODE,
  lines: ['上海市浦东新区张江路 1000 号 021-60000000', '中国工商银行上海市漕河泾开发区支行 1001 2345 0920 0088 123'],
};

async function invoicePdf(s: State, r: InvoiceRow): Promise<Uint8Array<ArrayBuffer>> {
  const vat = JSON.parse(r.vat) as VatDetails;
  const o = findOrder(s, r.order_id);
  const lines = o?.lines ?? [];
  return renderPdf(
    { title: `增值税专用发票 ${r.invoice_no}`, subject: `订单 ${r.sn}`, createdAt: new Date(r.issue_time ?? r.create_time) },
    (pdf) => {
      pdf.header({ name: SELLER.name, lines: SELLER.lines }, '增值税专用发票（沙箱样票）', [
        `发票号码 ${r.invoice_no}`,
        `开票日期 ${chinaDay(r.issue_time ?? r.create_time)}`,
      ]);
      pdf.heading('购买方');
      pdf.keyValues(
        [
          ['名称', vat.name],
          ['纳税人识别号', vat.taxNo],
          ['地址、电话', `${vat.address} ${vat.phone}`],
          ['开户行及账号', `${vat.bank} ${vat.account}`],
        ],
        1,
      );
      pdf.heading('销售方');
      pdf.keyValues(
        [
          ['名称', SELLER.name],
          ['纳税人识别号', SELLER.taxNo],
        ],
        1,
      );
      pdf.heading('货物或应税劳务');
      pdf.table(
        [
          { label: '名称', width: 4 },
          { label: '规格型号', width: 3 },
          { label: '数量', width: 1, align: 'right' },
          { label: '单价', width: 1.5, align: 'right' },
          { label: '金额', width: 1.5, align: 'right' },
        ],
        [
          ...lines.map((l) => [l.goodsName, l.specs, `${l.num} ${l.unit}`, money(l.price), money(l.price * l.num)]),
          ...(o && o.freight ? [['运费', '', '1', money(o.freight), money(o.freight)]] : []),
        ],
      );
      pdf.keyValues(
        [
          ['价税合计', money(r.amount)],
          ['订单号', r.sn],
          ['采购单号', r.po_number || '—'],
        ],
        1,
      );
      pdf.paragraph('本发票由沙箱接口生成，仅用于演示与测试，不是税务机关监制的发票。钢瓶押金可退，不计入开票金额。');
      pdf.footer(`${SELLER.name} · 订单 ${r.sn}`);
    },
  );
}

const text = (input: Record<string, unknown>, key: string): string => (typeof input[key] === 'string' ? (input[key] as string) : '');

// Account deletion (domains/privacy.ts): an admin whose company has other members hands the role over first; what the member's
// company orders still owe blocks it. When due, the membership, invitations and (for a company of one) VAT details go;
// company orders and invoices stay (会计档案管理办法, 发票管理办法).
function onMemberClosing({ db, uid, facts }: SandboxEvents['member.closing']) {
  const me = db.get<{ company_id: number; roles: string }>('SELECT company_id, roles FROM company_members WHERE uid = ?', uid);
  if (me && me.roles.includes('ADMIN')) {
    const others = db.all<{ roles: string }>('SELECT roles FROM company_members WHERE company_id = ? AND uid <> ?', me.company_id, uid);
    if (others.length && !others.some((o) => o.roles.includes('ADMIN'))) facts.companyOthers += others.length;
  }
  facts.statementUnpaid += db.get<{ a: number }>(
    "SELECT COALESCE(SUM(c.amount), 0) AS a FROM company_orders c JOIN orders o ON o.id = c.order_id WHERE c.uid = ? AND o.status IN ('NEW', 'CONFIRM') AND COALESCE(c.approval, '') <> 'REJECTED'",
    uid,
  )!.a;
}

function onMemberErasing({ db, uid, phone }: SandboxEvents['member.erasing']) {
  const me = db.get<{ company_id: number }>('SELECT company_id FROM company_members WHERE uid = ?', uid);
  db.run('DELETE FROM company_members WHERE uid = ?', uid);
  if (me && !db.get('SELECT 1 AS x FROM company_members WHERE company_id = ?', me.company_id))
    db.run('DELETE FROM company_vat WHERE company_id = ?', me.company_id);
  if (phone) db.run('DELETE FROM company_invites WHERE phone = ?', phone);
  db.run("UPDATE company_orders SET comment = '' WHERE uid = ?", uid);
}

function account(ctx: RouteCtx<typeof contract.account>) {
  const place = placeOf(ctx, ctx.uid!);
  return place && accountView(ctx, place.account, place.me);
}

function invite(ctx: RouteCtx<typeof contract.invite>) {
  const { account, me } = placeFor(ctx, ctx.uid!, 'manage');
  const { phone, roles, limitPerOrder, limitPerMonth } = ctx.input;
  const invitee = memberUidOf(ctx.db, phone);
  if (invitee && membership(ctx, invitee)?.company_id === account.id) throw new Fail(400, '该手机号已是企业成员');
  if (ctx.db.get("SELECT id FROM company_invites WHERE company_id = ? AND phone = ? AND status = 'OPEN'", account.id, phone))
    throw new Fail(400, '已邀请该手机号，等待对方接受');
  const id = ctx.db.next('company');
  ctx.db.insert('company_invites', {
    id,
    company_id: account.id,
    phone,
    roles: rolesText(roles),
    limit_order: limitCents(limitPerOrder),
    limit_month: limitCents(limitPerMonth),
    invited_by: me.uid,
    status: 'OPEN',
    created_at: ctx.now(),
  });
  // A member already registered with that phone hears of it at once; a newcomer sees it after registering.
  const name = companyOf(ctx, account.owner_uid)?.companyName ?? '';
  if (invitee) addMessage(ctx.db, invitee, '企业成员邀请', `${name} 邀请您加入企业采购账户，请在会员中心“企业账户”中接受邀请。`, ctx.now());
  return inviteView(ctx, ctx.db.get<InviteRow>('SELECT * FROM company_invites WHERE id = ?', id)!);
}

function cancelInvitation(ctx: RouteCtx<typeof contract.cancelInvitation>) {
  const { account, me } = placeFor(ctx, ctx.uid!, 'manage');
  const changed = ctx.db.run(
    "UPDATE company_invites SET status = 'CANCELLED' WHERE id = ? AND company_id = ? AND status = 'OPEN'",
    ctx.input.id,
    account.id,
  ).changes;
  if (!changed) throw new Fail(404, '邀请不存在');
  return accountView(ctx, account, me);
}

function invitations(ctx: RouteCtx<typeof contract.invitations>) {
  const phone = memberContact(ctx.db, ctx.uid!)?.phone ?? '';
  if (!phone) return [];
  return ctx.db
    .all<InviteRow>("SELECT * FROM company_invites WHERE phone = ? AND status = 'OPEN' ORDER BY id DESC", phone)
    .map((i) => inviteView(ctx, i));
}

function accept(ctx: RouteCtx<typeof contract.accept>) {
  const uid = ctx.uid!;
  const phone = memberContact(ctx.db, uid)?.phone ?? '';
  // Another phone's invitation is not found: it cannot be accepted by anyone else.
  const invite = ctx.db.get<InviteRow>("SELECT * FROM company_invites WHERE id = ? AND phone = ? AND status = 'OPEN'", ctx.input.id, phone);
  if (!invite || !phone) throw new Fail(404, '邀请不存在');
  if (membership(ctx, uid) || companyOf(ctx, uid)) throw new Fail(400, '您已是其他企业的成员');
  ctx.db.insert('company_members', {
    uid,
    company_id: invite.company_id,
    roles: invite.roles,
    limit_order: invite.limit_order,
    limit_month: invite.limit_month,
    joined_at: ctx.now(),
  });
  ctx.db.run("UPDATE company_invites SET status = 'ACCEPTED' WHERE id = ?", invite.id);
  const account = accountById(ctx, invite.company_id);
  shareCompany(ctx, uid, companyOf(ctx, account.owner_uid));
  addMessage(ctx.db, invite.invited_by, '邀请已接受', `${nameOf(ctx, uid)} 已加入企业采购账户。`, ctx.now());
  return accountView(ctx, account, membership(ctx, uid)!);
}

function saveMember(ctx: RouteCtx<typeof contract.saveMember>) {
  const { account, me } = placeFor(ctx, ctx.uid!, 'manage');
  const { uid, roles, limitPerOrder, limitPerMonth } = ctx.input;
  const target = membership(ctx, uid);
  // Another company's member reads as absent.
  if (!target || target.company_id !== account.id) throw new Fail(404, '成员不存在');
  const members = ctx.db
    .all<MemberRow>('SELECT * FROM company_members WHERE company_id = ?', account.id)
    .map((m) => ({ uid: m.uid, roles: rolesOf(m.roles) }));
  if (!leavesAnAdmin(members, uid, roles)) throw new Fail(400, '企业至少保留一名管理员');
  ctx.db.run(
    'UPDATE company_members SET roles = ?, limit_order = ?, limit_month = ? WHERE uid = ?',
    rolesText(roles),
    limitCents(limitPerOrder),
    limitCents(limitPerMonth),
    uid,
  );
  return accountView(ctx, account, membership(ctx, me.uid)!);
}

function removeMember(ctx: RouteCtx<typeof contract.removeMember>) {
  const { account, me } = placeFor(ctx, ctx.uid!, 'manage');
  const { uid } = ctx.input;
  const target = membership(ctx, uid);
  if (!target || target.company_id !== account.id) throw new Fail(404, '成员不存在');
  if (uid === me.uid) throw new Fail(400, '不能移除自己');
  // The owner's company information is the company's: the owner stays.
  if (uid === account.owner_uid) throw new Fail(400, '不能移除企业资料的所有者');
  const members = ctx.db
    .all<MemberRow>('SELECT * FROM company_members WHERE company_id = ?', account.id)
    .map((m) => ({ uid: m.uid, roles: rolesOf(m.roles) }));
  if (!leavesAnAdmin(members, uid, null)) throw new Fail(400, '企业至少保留一名管理员');
  ctx.db.run('DELETE FROM company_members WHERE uid = ?', uid);
  shareCompany(ctx, uid, null);
  addMessage(ctx.db, uid, '已移出企业', '您已被移出企业采购账户，如有疑问请联系企业管理员。', ctx.now());
  return accountView(ctx, account, me);
}

function settings(ctx: RouteCtx<typeof contract.settings>) {
  const { account, me } = placeFor(ctx, ctx.uid!, 'manage');
  ctx.db.run(
    'UPDATE company_accounts SET po_required = ?, cost_centre_required = ? WHERE id = ?',
    ctx.input.poRequired ? 1 : 0,
    ctx.input.costCentreRequired ? 1 : 0,
    account.id,
  );
  return accountView(ctx, accountById(ctx, account.id), me);
}

function approvals(ctx: RouteCtx<typeof contract.approvals>) {
  const { account } = placeFor(ctx, ctx.uid!, 'approve');
  const filter = ctx.input.status === 'PENDING' ? "approval = 'PENDING'" : "approval IN ('APPROVED', 'REJECTED')";
  const rows = ctx.db.all<OrderRow>(
    `SELECT * FROM company_orders WHERE company_id = ? AND ${filter} ORDER BY create_time DESC, order_id DESC`,
    account.id,
  );
  const page = paged(rows, ctx.input);
  return { ...page, list: page.list.map((r) => approvalView(ctx, r)) };
}

function decide(ctx: RouteCtx<typeof contract.decide>) {
  const { account, me } = placeFor(ctx, ctx.uid!, 'approve');
  const row = ctx.db.get<OrderRow>('SELECT * FROM company_orders WHERE sn = ? AND company_id = ?', ctx.params.sn ?? '', account.id);
  if (!row || row.approval === null) throw new Fail(404, '订单不存在');
  const refusal = approvalRefusal({ uid: me.uid, roles: rolesOf(me.roles) }, row.uid);
  if (refusal) throw new Fail(400, refusal);
  // An order that timed out or was cancelled while waiting reads as decided.
  if (row.approval !== 'PENDING' || findOrder(ctx, row.order_id)?.status !== 'APPROVAL') throw new Fail(400, '该订单已审批');
  const { approve, comment } = ctx.input;
  if (!approve && !comment) throw new Fail(400, '驳回时请填写审批意见');
  const who = nameOf(ctx, me.uid);
  const o = decideApproval(
    ctx,
    row.order_id,
    approve,
    approve ? `${who} 审批通过${comment ? `：${comment}` : ''}` : `${who} 驳回：${comment}`,
  );
  // An order on account (domains/credit.ts) is not paid by the buyer: it ships once approved.
  const next = o.payType === 'CREDIT' ? '已使用账期支付（月结），将安排发货。' : '请在 30 分钟内完成支付。';
  const status: ApprovalStatus = approve ? 'APPROVED' : 'REJECTED';
  ctx.db.run(
    'UPDATE company_orders SET approval = ?, approver_uid = ?, comment = ?, decided_at = ? WHERE order_id = ?',
    status,
    me.uid,
    comment,
    ctx.now(),
    row.order_id,
  );
  addMessage(
    ctx.db,
    row.uid,
    approve ? '订单审批通过' : '订单审批未通过',
    approve
      ? `您的订单 ${row.sn}（${money(row.amount)}）已审批通过，${next}${comment ? `审批意见：${comment}` : ''}`
      : `您的订单 ${row.sn}（${money(row.amount)}）未通过审批，订单已取消。审批意见：${comment}`,
    ctx.now(),
  );
  return approvalView(ctx, ctx.db.get<OrderRow>('SELECT * FROM company_orders WHERE order_id = ?', row.order_id)!);
}

// The order list's PO filter: the member's own company orders, wherever they were placed.
function orders(ctx: RouteCtx<typeof contract.orders>) {
  const rows = ctx.db.all<OrderRow>(
    'SELECT * FROM company_orders WHERE uid = ? AND instr(lower(po_number), lower(?)) > 0 ORDER BY create_time DESC, order_id DESC',
    ctx.uid!,
    ctx.input.po,
  );
  const page = paged(rows, ctx.input);
  return {
    ...page,
    list: page.list.map((r) => ({
      sn: r.sn,
      poNumber: r.po_number,
      costCentre: r.cost_centre,
      amount: yuan(r.amount),
      createTime: r.create_time,
      status: findOrder(ctx, r.order_id)?.status ?? 'CANCELLED',
      approval: r.approval,
    })),
  };
}

function order(ctx: RouteCtx<typeof contract.order>) {
  const row = ctx.db.get<OrderRow>('SELECT * FROM company_orders WHERE sn = ?', ctx.params.sn ?? '');
  const uid = ctx.uid!;
  if (!row) {
    // The member's own order placed outside a company has no company part; anyone else's is not found.
    if (!ctx.db.get('SELECT 1 FROM orders WHERE sn = ? AND uid = ?', ctx.params.sn ?? '', uid)) throw new Fail(404, '订单不存在');
    return null;
  }
  const me = membership(ctx, uid);
  const sees = row.uid === uid || (me?.company_id === row.company_id && rolesOf(me.roles).some((r) => r !== 'BUYER'));
  if (!sees) throw new Fail(404, '订单不存在');
  const account = accountById(ctx, row.company_id);
  const inv = ctx.db.get<InvoiceRow>('SELECT * FROM company_invoices WHERE order_id = ?', row.order_id);
  const mayInvoice = row.uid === uid || (me?.company_id === row.company_id && can(rolesOf(me.roles), 'statement'));
  return {
    invoice: inv ? invoiceView(inv) : null,
    // With 数电票 on, the order's invoice is a 数电票 (contract/einvoice.ts orderInvoice): the paper-era request is closed.
    canRequestInvoice: !inv && mayInvoice && !viewOn(ctx.db, EINVOICE) && findOrder(ctx, row.order_id)?.status === 'COMPLETE',
    poNumber: row.po_number,
    costCentre: row.cost_centre,
    companyName: companyOf(ctx, account.owner_uid)?.companyName ?? '',
    approval:
      row.approval === null
        ? null
        : {
            status: row.approval,
            reason: row.reason,
            approver: row.approver_uid === null ? '' : nameOf(ctx, row.approver_uid),
            comment: row.comment,
            decidedAt: row.decided_at,
          },
  };
}

function vat(ctx: RouteCtx<typeof contract.vat>) {
  const place = placeOf(ctx, ctx.uid!);
  if (!place) throw new Fail(404, '您还不是企业成员');
  return vatOf(ctx, place.account.id);
}

function saveVat(ctx: RouteCtx<typeof contract.saveVat>) {
  const place = placeOf(ctx, ctx.uid!);
  if (!place) throw new Fail(404, '您还不是企业成员');
  if (!can(rolesOf(place.me.roles), 'statement')) throw new Fail(403, '您没有管理发票信息的权限');
  const data = { ...ctx.input, taxNo: ctx.input.taxNo.toUpperCase() };
  // The details answer as an invoice title too (companyVatTitle): an id of the member sequence, kept across saves.
  const titleId = vatRowOf(ctx, place.account.id)?.title_id ?? ctx.db.next('member');
  ctx.db.upsert(
    'company_vat',
    { company_id: place.account.id, data: JSON.stringify(data), checked_by: ctx.uid!, checked_at: ctx.now(), title_id: titleId },
    ['company_id'],
  );
  return vatOf(ctx, place.account.id)!;
}

function requestInvoice(ctx: RouteCtx<typeof contract.requestInvoice>) {
  const row = companyOrderFor(ctx, ctx.uid!, ctx.params.sn ?? '');
  if (viewOn(ctx.db, EINVOICE)) throw new Fail(400, '请申请数电票：在订单详情或“已开发票”中申请');
  const o = findOrder(ctx, row.order_id);
  if (!o) throw new Fail(404, '订单不存在');
  if (o.status !== 'COMPLETE') throw new Fail(400, '订单完成后才能申请发票');
  const vat = vatOf(ctx, row.company_id);
  if (!vat) throw new Fail(400, '请先由企业管理员或财务填写并核对开票信息');
  if (ctx.db.get('SELECT id FROM company_invoices WHERE order_id = ?', row.order_id)) throw new Fail(400, '该订单已申请发票');
  const id = ctx.db.next('company');
  ctx.db.insert('company_invoices', {
    id,
    order_id: row.order_id,
    company_id: row.company_id,
    uid: ctx.uid!,
    sn: row.sn,
    amount: invoiceAmount(o),
    status: 'PENDING',
    invoice_no: '',
    vat: JSON.stringify(vat),
    po_number: row.po_number,
    create_time: ctx.now(),
    issue_time: null,
  });
  return invoiceView(ctx.db.get<InvoiceRow>('SELECT * FROM company_invoices WHERE id = ?', id)!);
}

async function invoiceFile(ctx: RouteCtx<typeof contract.invoiceFile>) {
  const id = /^\d{1,12}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : 0;
  const r = ctx.db.get<InvoiceRow>("SELECT * FROM company_invoices WHERE id = ? AND status = 'ISSUED'", id);
  const me = membership(ctx, ctx.uid!);
  if (!r || !me || me.company_id !== r.company_id || (r.uid !== ctx.uid && !can(rolesOf(me.roles), 'statement')))
    throw new Fail(404, '发票不存在');
  const body = await invoicePdf(ctx, r);
  return new Response(body, {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="invoice-${r.invoice_no}.pdf"` },
  });
}

// The back office issues a requested invoice (its number and date); the PDF is then downloadable.
function hookCompanyInvoicesIssue(ctx: Ctx<unknown>) {
  const id = /^\d{1,12}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : 0;
  const r = ctx.db.get<InvoiceRow>('SELECT * FROM company_invoices WHERE id = ?', id);
  if (!r) throw new Fail(404, '发票不存在');
  if (r.status === 'ISSUED') throw new Fail(400, '发票已开具');
  ctx.db.run(
    "UPDATE company_invoices SET status = 'ISSUED', invoice_no = ?, issue_time = ? WHERE id = ?",
    String(44_000_000 + ((id * 7_919) % 1_000_000)).padStart(8, '0'),
    ctx.now(),
    id,
  );
  addMessage(ctx.db, r.uid, '发票已开具', `订单 ${r.sn} 的增值税专用发票已开具，可在订单详情中下载。`, ctx.now());
  return invoiceView(ctx.db.get<InvoiceRow>('SELECT * FROM company_invoices WHERE id = ?', id)!);
}

function saveProfile(ctx: RouteCtx<typeof contract.saveProfile>) {
  const { username, birthday } = ctx.input;
  let seconds: number | null = null;
  if (birthday) {
    const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
    const at = chinaInstant(y, m, d);
    // 2026-02-30 and the like roll over in Date.UTC: such a day does not exist.
    if (chinaWallClock(at).getUTCDate() !== d) throw new Fail(400, '生日格式错误');
    if (at > ctx.now()) throw new Fail(400, '生日不能晚于今天');
    if (y < 1900) throw new Fail(400, '生日格式错误');
    seconds = at / 1000;
  }
  return updateProfile(ctx.db, ctx.uid!, username, seconds);
}

function oldPhoneCode(ctx: RouteCtx<typeof contract.oldPhoneCode>) {
  return sendOldPhoneCode(ctx.db, ctx.uid!, ctx.now());
}

function statement(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.statement>) => {
    const { account } = placeFor(ctx, ctx.uid!, 'statement');
    const range = monthRange(ctx.input.month);
    if (!range) throw new Fail(400, '月份格式错误');
    const info = companyOf(ctx, account.owner_uid);
    const uids = ctx.db.all<{ uid: number }>('SELECT uid FROM company_members WHERE company_id = ?', account.id).map((r) => r.uid);
    const rows = ctx.db.all<OrderRow>('SELECT * FROM company_orders WHERE company_id = ? ORDER BY create_time', account.id);
    const lines: StatementLineRec[] = [];
    for (const r of rows) {
      const o = findOrder(ctx, r.order_id);
      if (!o) continue;
      const base = { sn: r.sn, uid: r.uid, poNumber: r.po_number, costCentre: r.cost_centre };
      if (r.create_time >= range.from && r.create_time < range.to)
        lines.push({ ...base, kind: 'ORDER', time: r.create_time, amount: o.payable, note: statusTextOf(o) });
      if (o.paidAt !== null && o.paidAt >= range.from && o.paidAt < range.to) {
        lines.push({
          ...base,
          kind: 'PAYMENT',
          time: o.paidAt,
          amount: o.payable,
          note: o.payType === 'TRANSFER' ? '对公转账' : o.payType === 'ALIPAY' ? '支付宝' : '微信支付',
        });
      }
      for (const f of refundsOfOrder(ctx, o.id))
        if (f.time >= range.from && f.time < range.to)
          lines.push({ ...base, kind: 'REFUND', time: f.time, amount: f.amount, note: '售后退款' });
    }
    // The extension point: other features (the cylinder feature's rent and deposits) add their lines for the month.
    sb.emit('statement.collecting', { db: ctx.db, now: ctx.now(), uids, from: range.from, to: range.to, lines });
    const po = ctx.input.po.toLowerCase();
    const shown = lines.filter((l) => !po || l.poNumber.toLowerCase().includes(po)).sort((a, b) => a.time - b.time);
    const total = (kinds: StatementLineRec['kind'][]) =>
      yuan(shown.filter((l) => kinds.includes(l.kind)).reduce((a, l) => a + l.amount, 0));
    return {
      month: ctx.input.month,
      companyName: info?.companyName ?? '',
      taxNo: info?.taxNo ?? '',
      lines: shown.map(({ uid, amount, ...l }): StatementLine => ({ ...l, buyer: nameOf(ctx, uid), amount: yuan(amount) })),
      totals: {
        orders: total(['ORDER']),
        payments: total(['PAYMENT']),
        refunds: total(['REFUND']),
        cylinders: total(['CYLINDER_RENT', 'CYLINDER_DEPOSIT']),
      },
    };
  };
}

// Confirmorder shows what the company asks for and whether this order would wait for approval.
function onOrderConfirming(e: SandboxEvents['order.confirming']) {
  const s: State = { db: e.db, now: () => e.now };
  if (!viewOn(e.db, 'company_part')) return;
  const place = placeOf(s, e.uid);
  if (!place) return;
  const limits = { perOrder: place.me.limit_order, perMonth: place.me.limit_month };
  e.checkout.company = {
    name: companyOf(s, place.account.owner_uid)?.companyName ?? '',
    poRequired: place.account.po_required === 1,
    costCentreRequired: place.account.cost_centre_required === 1,
    approval: approvalNeeded(cents(e.checkout.payable), limits, monthSpent(s, e.uid, e.now)),
  };
}

// The rules the client cannot bypass: the role to order, a required PO number, and approval over the limit.
function onOrderCreating(e: SandboxEvents['order.creating']) {
  const s: State = { db: e.db, now: () => e.now };
  if (!viewOn(e.db, 'company_part')) return;
  const place = placeOf(s, e.uid);
  if (!place) return;
  const { account, me } = place;
  if (!can(rolesOf(me.roles), 'order')) throw new Fail(403, '您的企业角色不能下单');
  const poNumber = text(e.input, 'poNumber').trim();
  const costCentre = text(e.input, 'costCentre').trim();
  if (account.po_required && !poNumber) throw new Fail(400, '请填写采购单号');
  if (account.cost_centre_required && !costCentre) throw new Fail(400, '请填写成本中心');
  const o = e.order;
  const decision = approvalNeeded(o.payable, { perOrder: me.limit_order, perMonth: me.limit_month }, monthSpent(s, e.uid, e.now));
  if (decision.needed) {
    o.status = 'APPROVAL';
    o.logs.push({ status: 'APPROVAL', time: e.now, note: `${decision.reason}，等待企业审批` });
  }
  e.db.insert('company_orders', {
    order_id: o.id,
    company_id: account.id,
    uid: e.uid,
    sn: o.sn,
    po_number: poNumber,
    cost_centre: costCentre,
    amount: o.payable,
    create_time: o.createTime,
    approval: decision.needed ? 'PENDING' : null,
    reason: decision.reason,
    approver_uid: null,
    comment: '',
    decided_at: null,
  });
  if (decision.needed) {
    const approvers = e.db
      .all<MemberRow>('SELECT * FROM company_members WHERE company_id = ? AND uid <> ?', account.id, e.uid)
      .filter((m) => rolesOf(m.roles).includes('APPROVER'));
    for (const a of approvers)
      addMessage(
        e.db,
        a.uid,
        '有订单待审批',
        `${nameOf(s, e.uid)} 的订单 ${o.sn}（${money(o.payable)}）${decision.reason}，请在“订单审批”中处理。`,
        e.now,
      );
  }
}

export function install(sb: Sandbox): void {
  sb.listen('member.closing', onMemberClosing);
  sb.listen('member.erasing', onMemberErasing);
  sb.on(contract.account, account);
  sb.on(contract.invite, invite);
  sb.on(contract.cancelInvitation, cancelInvitation);
  sb.on(contract.invitations, invitations);
  sb.on(contract.accept, accept);
  sb.on(contract.saveMember, saveMember);
  sb.on(contract.removeMember, removeMember);
  sb.on(contract.settings, settings);
  sb.on(contract.approvals, approvals);
  sb.on(contract.decide, decide);
  sb.on(contract.orders, orders);
  sb.on(contract.order, order);
  sb.on(contract.vat, vat);
  sb.on(contract.saveVat, saveVat);
  sb.on(contract.requestInvoice, requestInvoice);
  sb.on(contract.invoiceFile, invoiceFile);
  sb.hook('POST', '/company-invoices/{id}/issue', hookCompanyInvoicesIssue);
  sb.on(contract.saveProfile, saveProfile);
  sb.on(contract.oldPhoneCode, oldPhoneCode);
  sb.on(contract.statement, statement(sb));
  sb.listen('order.confirming', onOrderConfirming);
  sb.listen('order.creating', onOrderCreating);
}
