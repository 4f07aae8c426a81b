/**
 * Company buying (docs/gas-features.md, an extension of the supplier's API, shown only while view control has `company_part` on): the
 * company account's members and roles, invitations by phone, buyers' limits, approval of orders over a limit, PO numbers and
 * cost centres, and the monthly statement. Every call needs a signed-in member and checks their role on the server.
 *
 * For the back office, each endpoint (base `buyer`, auth required, envelope `{ status, msg, data }`):
 * - GET  /member/companyAccount                → CompanyAccount | null (null: the member is in no company and has no approved
 *                                                company information to open one; the member who owns the approved company
 *                                                information becomes its first 管理员)
 * - POST /member/companyAccount/invite               { phone, roles[], limitPerOrder, limitPerMonth } → Invitation. 管理员 only
 *                                                (403 您没有管理企业成员的权限); 400 请输入正确的手机号 / 请选择角色 / 限额须为大于 0 的金额，最多两位小数
 *                                                / 该手机号已是企业成员 / 已邀请该手机号，等待对方接受
 * - POST /member/companyAccount/invitation/cancel    { id } → CompanyAccount. 管理员 only; 404 邀请不存在
 * - GET  /member/companyAccount/invitations          → Invitation[] sent to the signed-in member's phone, still open
 * - POST /member/companyAccount/invitation/accept    { id } → CompanyAccount. 404 邀请不存在 (also another phone's invitation);
 *                                                400 您已是其他企业的成员
 * - POST /member/companyAccount/member               { uid, roles[], limitPerOrder, limitPerMonth } → CompanyAccount. 管理员 only;
 *                                                404 成员不存在; 400 企业至少保留一名管理员
 * - POST /member/companyAccount/member/remove        { uid } → CompanyAccount. 管理员 only; 404 成员不存在; 400 企业至少保留一名管理员
 * - POST /member/companyAccount/settings             { poRequired, costCentreRequired } → CompanyAccount. 管理员 only
 * - GET  /member/companyAccount/approvals            { status?: PENDING | DONE, pageNumber, pageSize } → page of Approval. 审批人 only
 *                                                (403 您没有审批权限)
 * - POST /member/companyAccount/approvals/{sn}       { approve, comment } → Approval. 审批人 only; 404 订单不存在 (another company's
 *                                                order too); 400 不能审批自己提交的订单 / 该订单已审批 / 驳回时请填写审批意见
 * - GET  /member/companyAccount/order/{sn}           → CompanyOrder | null (the order's PO number, cost centre and approval; null for
 *                                                an order placed outside a company). The buyer, 管理员, 审批人 and 财务 of the
 *                                                company see it; anyone else 404 订单不存在
 * - GET  /member/companyAccount/orders               { po, pageNumber, pageSize } → page of CompanyOrderRow: the signed-in member's own
 *                                                orders placed under a company whose PO number contains `po` (any case), newest
 *                                                first; 400 请输入采购单号 / 采购单号不能超过 40 个字 (the order list's filter)
 * - GET  /member/companyAccount/statement            { month: YYYY-MM, po? } → Statement. 管理员 or 财务 (403 您没有查看对账单的权限);
 *                                                400 月份格式错误
 * - GET  /member/companyAccount/vat                  → VatDetails | null: the company's VAT special invoice details (增值税专用发票)
 * - POST /member/companyAccount/vat                  { name, taxNo, address, phone, bank, account } → VatDetails. 管理员 or 财务
 *                                                (403 您没有管理发票信息的权限); saving is the check: it records who checked them and when;
 *                                                400 请输入单位名称 / 税号格式错误 (15, 18 or 20 letters and digits, docs/product.md §5) / 请输入注册地址 /
 *                                                请输入注册电话 / 请输入开户银行 / 请输入银行账号
 * - POST /member/companyAccount/invoices/{sn}        → CompanyInvoice: requests the VAT invoice of a completed company order (its buyer,
 *                                                管理员 or 财务); 404 订单不存在; 400 订单完成后才能申请发票 / 请先由企业管理员或财务填写并核对开票信息 /
 *                                                该订单已申请发票. The paper-era path: while view control has `einvoice_part` on it refuses
 *                                                400 请申请数电票：在订单详情或“已开发票”中申请 (the order's 数电票, contract/einvoice.ts;
 *                                                the VAT details then answer as an invoice title, docs/invoices.md)
 * - GET  /member/companyAccount/invoices/{id}/file   → the issued invoice as application/pdf (not an envelope); `fileUrl` of
 *                                                CompanyInvoice names it. 404 (envelope) while not issued or not the member's
 * - POST /member/profile                            { username, birthday: YYYY-MM-DD or '' } → User: the member edits their name and
 *                                                birthday (docs/product.md §3 gives birthdays in seconds); 400 请输入姓名 / 姓名不能超过 20 个字 / 生日格式错误 /
 *                                                生日不能晚于今天
 * - POST /member/profile/old-phone-code             → { phone (masked), expiresIn }: sends a change_phone code to the member's
 *                                                current phone; 429 发送过于频繁，请60秒后再试. With company_part on, resetPhoneNumber needs
 *                                                it as `oldCaptcha` besides the new phone's code (400 请输入原手机号收到的验证码 / 验证码错误或已过期)
 * Extensions of existing calls (a backend without the feature omits them): Confirmorder's answer carries `company`
 * (CheckoutCompany), and order create takes `poNumber` and `costCentre` (CompanyOrderInput); create refuses
 * 请填写采购单号 / 请填写成本中心 when the company requires them, and answers status APPROVAL (待审批) for an order over the
 * buyer's limit, which the buyer pays once approved.
 */
import * as v from 'valibot';
import { COMPANY_ROLES, LIMIT_MESSAGE, LIMIT_PATTERN, MONTH_PATTERN, PO_MAX } from '#src/features/company/rules.ts';
import { endpoint, form, page, PageQuery } from './core.ts';
import { TAX_NO } from './member.ts';
import { User } from './auth.ts';

const Money = v.number();
export const CompanyRole = v.picklist(COMPANY_ROLES, '角色错误');

/** A limit as typed in yuan ('' = no limit); checked again as money by the server. */
const LimitText = v.optional(
  v.pipe(
    v.string(LIMIT_MESSAGE),
    v.trim(),
    v.check((t) => t === '' || (LIMIT_PATTERN.test(t.replace(/,/g, '')) && Number(t.replace(/,/g, '')) > 0), LIMIT_MESSAGE),
  ),
  '',
);
const Roles = v.pipe(v.array(CompanyRole, '请选择角色'), v.minLength(1, '请选择角色'), v.maxLength(4, '角色错误'));
const Id = (msg: string) => v.pipe(v.number(msg), v.integer(msg), v.minValue(1, msg));

export const CompanyMember = v.object({
  uid: v.number(),
  /** Masked, as every phone the API shows. */
  phone: v.string(),
  name: v.string(),
  roles: v.array(CompanyRole),
  /** Yuan; null = no limit. */
  limitPerOrder: v.nullable(Money),
  limitPerMonth: v.nullable(Money),
  /** Spent this month (orders not cancelled or rejected), yuan. */
  monthSpent: Money,
  joinedAt: v.number(),
});
export type CompanyMember = v.InferOutput<typeof CompanyMember>;

export const Invitation = v.object({
  id: v.number(),
  companyName: v.string(),
  phone: v.string(),
  roles: v.array(CompanyRole),
  limitPerOrder: v.nullable(Money),
  limitPerMonth: v.nullable(Money),
  invitedBy: v.string(),
  createTime: v.number(),
});
export type Invitation = v.InferOutput<typeof Invitation>;

export const CompanyAccount = v.object({
  id: v.number(),
  name: v.string(),
  taxNo: v.string(),
  poRequired: v.boolean(),
  costCentreRequired: v.boolean(),
  /** The signed-in member's place in it. */
  me: v.object({ uid: v.number(), roles: v.array(CompanyRole) }),
  /** Members; a member who is not 管理员 sees only themselves. */
  members: v.array(CompanyMember),
  /** Open invitations; empty for members who are not 管理员. */
  invitations: v.array(Invitation),
});
export type CompanyAccount = v.InferOutput<typeof CompanyAccount>;

export const ApprovalStatus = v.picklist(['PENDING', 'APPROVED', 'REJECTED']);
export type ApprovalStatus = v.InferOutput<typeof ApprovalStatus>;
export const APPROVAL_STATUS_LABEL: Record<ApprovalStatus, string> = { PENDING: '待审批', APPROVED: '已通过', REJECTED: '已驳回' };

export const Approval = v.object({
  sn: v.string(),
  buyer: v.string(),
  buyerUid: v.number(),
  amount: Money,
  goods: v.string(),
  poNumber: v.string(),
  costCentre: v.string(),
  reason: v.string(),
  status: ApprovalStatus,
  approver: v.string(),
  comment: v.string(),
  createTime: v.number(),
  decidedAt: v.nullable(v.number()),
});
export type Approval = v.InferOutput<typeof Approval>;

export const VatDetails = v.object({
  name: v.string(),
  taxNo: v.string(),
  address: v.string(),
  phone: v.string(),
  bank: v.string(),
  account: v.string(),
  checkedBy: v.string(),
  checkedAt: v.number(),
});
export type VatDetails = v.InferOutput<typeof VatDetails>;

const vatText = (empty: string, max: number) =>
  v.pipe(v.string(empty), v.trim(), v.nonEmpty(empty), v.maxLength(max, `${empty.replace('请输入', '')}不能超过 ${max} 个字`));
export const VatInput = form({
  name: vatText('请输入单位名称', 60),
  taxNo: v.pipe(v.string('请输入税号'), v.trim(), v.nonEmpty('请输入税号'), v.regex(TAX_NO, '税号格式错误')),
  address: vatText('请输入注册地址', 100),
  phone: v.pipe(v.string('请输入注册电话'), v.trim(), v.nonEmpty('请输入注册电话'), v.regex(/^[\d-]{7,20}$/, '注册电话格式错误')),
  bank: vatText('请输入开户银行', 60),
  account: v.pipe(v.string('请输入银行账号'), v.trim(), v.nonEmpty('请输入银行账号'), v.regex(/^[\d ]{8,32}$/, '银行账号格式错误')),
});
export type VatInput = v.InferInput<typeof VatInput>;

export const CompanyInvoiceStatus = v.picklist(['PENDING', 'ISSUED']);
export const COMPANY_INVOICE_STATUS_LABEL: Record<v.InferOutput<typeof CompanyInvoiceStatus>, string> = {
  PENDING: '开票中',
  ISSUED: '已开票',
};
export const CompanyInvoice = v.object({
  id: v.number(),
  sn: v.string(),
  amount: Money,
  status: CompanyInvoiceStatus,
  invoiceNo: v.string(),
  title: v.string(),
  taxNo: v.string(),
  poNumber: v.string(),
  createTime: v.number(),
  issueTime: v.nullable(v.number()),
  /** Path of the PDF on the buyer base, once issued; the shop serves it to the member through /member/company-invoice. */
  fileUrl: v.nullable(v.string()),
});
export type CompanyInvoice = v.InferOutput<typeof CompanyInvoice>;

export const CompanyOrder = v.object({
  /** The order's VAT invoice requested through the company, if any. */
  invoice: v.optional(v.nullable(CompanyInvoice)),
  /** Whether the member may request the paper-era invoice now (a completed order without one; false while 数电票 are on). */
  canRequestInvoice: v.optional(v.boolean()),
  poNumber: v.string(),
  costCentre: v.string(),
  companyName: v.string(),
  approval: v.nullable(
    v.object({ status: ApprovalStatus, reason: v.string(), approver: v.string(), comment: v.string(), decidedAt: v.nullable(v.number()) }),
  ),
});
export type CompanyOrder = v.InferOutput<typeof CompanyOrder>;

/** One of the member's company orders found by PO number (the order list's filter). */
export const CompanyOrderRow = v.object({
  sn: v.string(),
  poNumber: v.string(),
  costCentre: v.string(),
  /** Yuan, as ordered. */
  amount: Money,
  createTime: v.number(),
  /** The order's status now (OrderStatus of the order contract, which imports this module). */
  status: v.string(),
  approval: v.nullable(ApprovalStatus),
});
export type CompanyOrderRow = v.InferOutput<typeof CompanyOrderRow>;

/** One line of a statement: an order placed, a payment received or a refund made in the month. */
export const StatementKind = v.picklist(['ORDER', 'PAYMENT', 'REFUND', 'CYLINDER_RENT', 'CYLINDER_DEPOSIT']);
export type StatementKind = v.InferOutput<typeof StatementKind>;
export const STATEMENT_KIND_LABEL: Record<StatementKind, string> = {
  ORDER: '订单',
  PAYMENT: '付款',
  REFUND: '退款',
  CYLINDER_RENT: '钢瓶租金',
  CYLINDER_DEPOSIT: '钢瓶押金',
};

export const StatementLine = v.object({
  kind: StatementKind,
  time: v.number(),
  sn: v.string(),
  buyer: v.string(),
  poNumber: v.string(),
  costCentre: v.string(),
  /** Yuan; refunds are positive amounts of the REFUND kind. */
  amount: Money,
  note: v.string(),
});
export type StatementLine = v.InferOutput<typeof StatementLine>;

export const Statement = v.object({
  month: v.string(),
  companyName: v.string(),
  taxNo: v.string(),
  lines: v.array(StatementLine),
  totals: v.object({ orders: Money, payments: Money, refunds: Money, cylinders: Money }),
});
export type Statement = v.InferOutput<typeof Statement>;

const PoText = (name: string) =>
  v.optional(
    v.pipe(
      v.string(`${name}格式错误`),
      v.trim(),
      v.maxLength(PO_MAX, `${name}不能超过 ${PO_MAX} 个字`),
      v.regex(/^[^\p{Cc}<>]*$/u, `${name}格式错误`),
    ),
    '',
  );

/** Extension of order create's body. */
export const CompanyOrderInput = { poNumber: PoText('采购单号'), costCentre: PoText('成本中心') };

/** Extension of Confirmorder's answer: what the company asks for and whether this order would wait for approval. */
export const CheckoutCompany = v.object({
  name: v.string(),
  poRequired: v.boolean(),
  costCentreRequired: v.boolean(),
  approval: v.object({ needed: v.boolean(), reason: v.string() }),
});
export type CheckoutCompany = v.InferOutput<typeof CheckoutCompany>;

const auth = 'required' as const;
const MemberLimits = { roles: Roles, limitPerOrder: LimitText, limitPerMonth: LimitText };

export const company = {
  account: endpoint({ name: 'company.account', method: 'GET', path: '/member/companyAccount', data: v.nullable(CompanyAccount), auth }),
  invite: endpoint({
    name: 'company.invite',
    method: 'POST',
    path: '/member/companyAccount/invite',
    data: Invitation,
    input: form({
      phone: v.pipe(v.string('请输入手机号'), v.trim(), v.nonEmpty('请输入手机号'), v.regex(/^1[3-9]\d{9}$/, '请输入正确的手机号')),
      ...MemberLimits,
    }),
    auth,
  }),
  cancelInvitation: endpoint({
    name: 'company.cancelInvitation',
    method: 'POST',
    path: '/member/companyAccount/invitation/cancel',
    data: CompanyAccount,
    input: form({ id: Id('邀请不存在') }),
    auth,
    idempotent: true,
  }),
  invitations: endpoint({
    name: 'company.invitations',
    method: 'GET',
    path: '/member/companyAccount/invitations',
    data: v.array(Invitation),
    auth,
  }),
  accept: endpoint({
    name: 'company.accept',
    method: 'POST',
    path: '/member/companyAccount/invitation/accept',
    data: CompanyAccount,
    input: form({ id: Id('邀请不存在') }),
    auth,
    idempotent: true,
  }),
  saveMember: endpoint({
    name: 'company.saveMember',
    method: 'POST',
    path: '/member/companyAccount/member',
    data: CompanyAccount,
    input: form({ uid: Id('成员不存在'), ...MemberLimits }),
    auth,
    idempotent: true,
  }),
  removeMember: endpoint({
    name: 'company.removeMember',
    method: 'POST',
    path: '/member/companyAccount/member/remove',
    data: CompanyAccount,
    input: form({ uid: Id('成员不存在') }),
    auth,
    idempotent: true,
  }),
  settings: endpoint({
    name: 'company.settings',
    method: 'POST',
    path: '/member/companyAccount/settings',
    data: CompanyAccount,
    input: form({ poRequired: v.boolean('设置格式错误'), costCentreRequired: v.boolean('设置格式错误') }),
    auth,
    idempotent: true,
  }),
  approvals: endpoint({
    name: 'company.approvals',
    method: 'GET',
    path: '/member/companyAccount/approvals',
    data: page(Approval),
    input: v.object({ ...PageQuery.entries, status: v.optional(v.picklist(['PENDING', 'DONE'], '状态错误'), 'PENDING') }),
    auth,
  }),
  decide: endpoint({
    name: 'company.decide',
    method: 'POST',
    path: '/member/companyAccount/approvals/{sn}',
    data: Approval,
    input: form({
      approve: v.boolean('请选择通过或驳回'),
      comment: v.optional(v.pipe(v.string('审批意见格式错误'), v.trim(), v.maxLength(200, '审批意见不能超过 200 个字')), ''),
    }),
    auth,
  }),
  order: endpoint({
    name: 'company.order',
    method: 'GET',
    path: '/member/companyAccount/order/{sn}',
    data: v.nullable(CompanyOrder),
    auth,
  }),
  vat: endpoint({ name: 'company.vat', method: 'GET', path: '/member/companyAccount/vat', data: v.nullable(VatDetails), auth }),
  saveVat: endpoint({
    name: 'company.saveVat',
    method: 'POST',
    path: '/member/companyAccount/vat',
    data: VatDetails,
    input: VatInput,
    auth,
    idempotent: true,
  }),
  requestInvoice: endpoint({
    name: 'company.requestInvoice',
    method: 'POST',
    path: '/member/companyAccount/invoices/{sn}',
    data: CompanyInvoice,
    auth,
  }),
  /** Answers the PDF itself (application/pdf); `data` describes only its error envelope. */
  invoiceFile: endpoint({
    name: 'company.invoiceFile',
    method: 'GET',
    path: '/member/companyAccount/invoices/{id}/file',
    data: v.unknown(),
    auth,
  }),
  saveProfile: endpoint({
    name: 'company.saveProfile',
    method: 'POST',
    path: '/member/profile',
    data: User,
    input: form({
      username: v.pipe(
        v.string('请输入姓名'),
        v.trim(),
        v.nonEmpty('请输入姓名'),
        v.maxLength(20, '姓名不能超过 20 个字'),
        v.regex(/^[^\p{Cc}<>]*$/u, '姓名格式错误'),
      ),
      birthday: v.optional(
        v.pipe(v.string('生日格式错误'), v.trim(), v.regex(/^(?:\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))?$/, '生日格式错误')),
        '',
      ),
    }),
    auth,
    idempotent: true,
  }),
  oldPhoneCode: endpoint({
    name: 'company.oldPhoneCode',
    method: 'POST',
    path: '/member/profile/old-phone-code',
    data: v.object({ phone: v.string(), expiresIn: v.number() }),
    auth,
  }),
  orders: endpoint({
    name: 'company.orders',
    method: 'GET',
    path: '/member/companyAccount/orders',
    data: page(CompanyOrderRow),
    input: v.object({
      ...PageQuery.entries,
      po: v.pipe(
        v.string('请输入采购单号'),
        v.trim(),
        v.nonEmpty('请输入采购单号'),
        v.maxLength(PO_MAX, `采购单号不能超过 ${PO_MAX} 个字`),
      ),
    }),
    auth,
  }),
  statement: endpoint({
    name: 'company.statement',
    method: 'GET',
    path: '/member/companyAccount/statement',
    data: Statement,
    input: v.object({
      month: v.pipe(v.string('月份格式错误'), v.regex(MONTH_PATTERN, '月份格式错误')),
      po: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(PO_MAX, '采购单号格式错误')), ''),
    }),
    auth,
  }),
};
