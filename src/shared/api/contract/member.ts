/** The member centre: company information, addresses, invoices, coupons, points, after-sales, service tickets, favourites. */
import * as v from 'valibot';
import { Phone } from './auth.ts';
import { GoodsSummary } from './catalog.ts';
import { endpoint, form, page, PageQuery, pageByStatus } from './core.ts';

const Money = v.number();
const Flag = v.picklist([0, 1]);

/** Tax number: 15, 18 or 20 letters and digits (docs/product.md §5). */
export const TAX_NO = /^(?:[A-Za-z0-9]{15}|[A-Za-z0-9]{18}|[A-Za-z0-9]{20})$/;
/** Landline such as 0512-66881234, or a mobile number. */
export const LANDLINE = /^(?:0\d{2,3}-?\d{7,8}(?:-\d{1,6})?|1[3-9]\d{9})$/;

const text = (missing: string, max: number, tooLong: string) =>
  v.pipe(v.string(missing), v.trim(), v.nonEmpty(missing), v.maxLength(max, tooLong));
const optionalText = (max: number, tooLong: string) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong)), '');
const positiveId = (missing: string, bad: string) => v.pipe(v.number(missing), v.integer(bad), v.minValue(1, bad));
/** An id arriving in a GET query, as a string. */
const queryId = (missing: string, bad: string) =>
  v.pipe(v.union([v.string(missing), v.number(missing)]), v.transform(String), v.regex(/^[1-9]\d{0,11}$/, bad), v.transform(Number));

// ---- company information: ordering needs it (docs/product.md §1, §6)

/** Documents a hazardous-chemicals buyer files besides the business licence (危险化学品经营、使用许可等), each an upload. */
export const CompanyDocumentKind = v.picklist(
  ['HAZARDOUS_LICENSE', 'SAFETY_LICENSE', 'PRECURSOR_FILING', 'AUTHORIZATION'],
  '请选择资料类型',
);
export type CompanyDocumentKind = v.InferOutput<typeof CompanyDocumentKind>;
export const COMPANY_DOCUMENT_LABEL: Record<CompanyDocumentKind, string> = {
  HAZARDOUS_LICENSE: '危险化学品经营许可证',
  SAFETY_LICENSE: '危险化学品安全使用许可证',
  PRECURSOR_FILING: '易制毒化学品购买备案证明',
  AUTHORIZATION: '采购委托书（加盖公章）',
};
const fileUrl = (missing: string, bad: string) =>
  v.pipe(v.string(missing), v.trim(), v.nonEmpty(missing), v.regex(/^(?:https?:\/\/|\/)\S+$/, bad));
export const CompanyDocument = v.object({ kind: CompanyDocumentKind, url: fileUrl('请上传资料文件', '资料文件地址格式错误') });
export type CompanyDocument = v.InferOutput<typeof CompanyDocument>;

/** Review of the company information; ordering opens once it is APPROVED. */
export const CompanyStatus = v.picklist(['PENDING', 'APPROVED', 'REJECTED']);
export type CompanyStatus = v.InferOutput<typeof CompanyStatus>;
export const COMPANY_STATUS_LABEL: Record<CompanyStatus, string> = { PENDING: '审核中', APPROVED: '审核通过', REJECTED: '审核未通过' };

export const CompanyInput = form({
  companyName: text('请输入企业名称', 60, '企业名称不能超过 60 个字'),
  taxNo: v.pipe(v.string('请输入税号'), v.trim(), v.nonEmpty('请输入税号'), v.regex(TAX_NO, '税号格式错误')),
  /** Where the upload put the business licence picture. */
  licenseUrl: fileUrl('请上传营业执照', '营业执照地址格式错误'),
  contact: text('请输入联系人', 20, '联系人不能超过 20 个字'),
  phone: Phone,
  documents: v.optional(v.pipe(v.array(CompanyDocument, '资料格式错误'), v.maxLength(8, '最多上传 8 份资料')), []),
});
export type CompanyInput = v.InferInput<typeof CompanyInput>;

export const Company = v.object({
  companyName: v.string(),
  taxNo: v.string(),
  licenseUrl: v.string(),
  contact: v.string(),
  phone: v.string(),
  updateTime: v.number(),
  documents: v.array(CompanyDocument),
  status: CompanyStatus,
  /** Why it was refused, or the reviewer's note. */
  reviewNote: v.string(),
});
export type Company = v.InferOutput<typeof Company>;

// ---- addresses

export const Address = v.object({
  id: v.number(),
  name: v.string(),
  phone: v.string(),
  /** Province, city, district and town ids of the region picker. */
  regionIds: v.array(v.number()),
  regionText: v.string(),
  detail: v.string(),
  isDefault: Flag,
});
export type Address = v.InferOutput<typeof Address>;

export const ADDRESS_LIMIT = 20;
export const AddressInput = form({
  id: v.optional(positiveId('收货地址编号格式错误', '收货地址编号格式错误')),
  name: text('请输入收货人姓名', 20, '收货人姓名不能超过 20 个字'),
  phone: Phone,
  // Some districts have no towns, so three levels are complete there.
  regionIds: v.pipe(
    v.array(v.number('请选择所在地区'), '请选择所在地区'),
    v.minLength(3, '请选择完整的所在地区'),
    v.maxLength(4, '请选择完整的所在地区'),
  ),
  regionText: text('请选择所在地区', 100, '所在地区过长'),
  detail: text('请输入详细地址', 100, '详细地址不能超过 100 个字'),
  isDefault: v.optional(v.picklist([0, 1], '默认地址只能是 0 或 1'), 0),
});
export type AddressInput = v.InferInput<typeof AddressInput>;

// ---- invoice titles and issued invoices

export const InvoiceType = v.picklist(['NORMAL', 'VAT_SPECIAL'], '请选择发票类型');
export type InvoiceType = v.InferOutput<typeof InvoiceType>;
export const INVOICE_TYPE_LABEL: Record<InvoiceType, string> = { NORMAL: '普通发票', VAT_SPECIAL: '增值税专用发票' };
export const TitleType = v.picklist(['PERSONAL', 'COMPANY'], '请选择抬头类型');
export type TitleType = v.InferOutput<typeof TitleType>;
export const TITLE_TYPE_LABEL: Record<TitleType, string> = { PERSONAL: '个人', COMPANY: '单位' };

export const InvoiceTitle = v.object({
  id: v.number(),
  type: InvoiceType,
  titleType: TitleType,
  title: v.string(),
  taxNo: v.string(),
  /** Bank, account, registered address and phone: required for 增值税专用发票. */
  bank: v.string(),
  account: v.string(),
  address: v.string(),
  phone: v.string(),
  isDefault: Flag,
  /**
   * COMPANY_VAT: the company's checked VAT details (company.ts vat) listed as a title while 数电票 are on (docs/invoices.md):
   * read from them, edited only there; save and delete refuse it. Absent on the member's own titles.
   */
  source: v.optional(v.picklist(['COMPANY_VAT'])),
});
export type InvoiceTitle = v.InferOutput<typeof InvoiceTitle>;

export const INVOICE_TITLE_LIMIT = 10;
export const InvoiceTitleInput = v.pipe(
  form({
    id: v.optional(positiveId('发票抬头编号格式错误', '发票抬头编号格式错误')),
    type: InvoiceType,
    titleType: TitleType,
    title: text('请输入发票抬头', 100, '发票抬头不能超过 100 个字'),
    taxNo: optionalText(20, '税号格式错误'),
    bank: optionalText(50, '开户银行不能超过 50 个字'),
    account: optionalText(30, '银行账号格式错误'),
    address: optionalText(100, '注册地址不能超过 100 个字'),
    phone: optionalText(20, '注册电话格式错误'),
    isDefault: v.optional(v.picklist([0, 1], '默认抬头只能是 0 或 1'), 0),
  }),
  // A company title needs its tax number; a VAT special invoice goes to a company and needs its bank details (增值税专用发票 rules).
  // Each rule names its field, so a form shows the message beside it.
  v.forward(
    v.check((i) => i.titleType === 'COMPANY' || i.type === 'NORMAL', '增值税专用发票只能开具给单位'),
    ['titleType'],
  ),
  v.forward(
    v.check((i) => i.titleType === 'PERSONAL' || i.taxNo !== '', '请输入税号'),
    ['taxNo'],
  ),
  v.forward(
    v.check((i) => i.titleType === 'PERSONAL' || TAX_NO.test(i.taxNo), '税号格式错误'),
    ['taxNo'],
  ),
  v.forward(
    v.check((i) => i.type === 'NORMAL' || i.bank !== '', '请输入开户银行'),
    ['bank'],
  ),
  v.forward(
    v.check((i) => i.type === 'NORMAL' || i.account !== '', '请输入银行账号'),
    ['account'],
  ),
  v.forward(
    v.check((i) => i.type === 'NORMAL' || /^\d{8,30}$/.test(i.account), '银行账号格式错误'),
    ['account'],
  ),
  v.forward(
    v.check((i) => i.type === 'NORMAL' || i.address !== '', '请输入注册地址'),
    ['address'],
  ),
  v.forward(
    v.check((i) => i.type === 'NORMAL' || i.phone !== '', '请输入注册电话'),
    ['phone'],
  ),
  v.forward(
    v.check((i) => i.phone === '' || LANDLINE.test(i.phone), '注册电话格式错误'),
    ['phone'],
  ),
);
export type InvoiceTitleInput = v.InferInput<typeof InvoiceTitleInput>;

export const IssuedInvoiceStatus = v.picklist(['PENDING', 'ISSUED']);
export type IssuedInvoiceStatus = v.InferOutput<typeof IssuedInvoiceStatus>;
export const ISSUED_INVOICE_STATUS_LABEL: Record<IssuedInvoiceStatus, string> = { PENDING: '开票中', ISSUED: '已开票' };

/** The invoice of one order: requested when it is paid, issued when it ships. */
export const IssuedInvoice = v.object({
  id: v.number(),
  orderId: v.number(),
  sn: v.string(),
  type: InvoiceType,
  titleType: TitleType,
  title: v.string(),
  taxNo: v.string(),
  amount: Money,
  status: IssuedInvoiceStatus,
  /** Number of the issued invoice; empty while pending. */
  invoiceNo: v.string(),
  createTime: v.number(),
  issueTime: v.nullable(v.number()),
});
export type IssuedInvoice = v.InferOutput<typeof IssuedInvoice>;

// ---- coupons

export const CouponStatus = v.picklist(['unused', 'used', 'expired'], '优惠券状态错误');
export type CouponStatus = v.InferOutput<typeof CouponStatus>;
export const COUPON_STATUS_LABEL: Record<CouponStatus, string> = { unused: '未使用', used: '已使用', expired: '已过期' };

/** A coupon such as 满1000减50; `shop_id` 0 means every shop. A member holds each coupon at most once. */
export const Coupon = v.object({
  couponId: v.number(),
  title: v.string(),
  shop_id: v.number(),
  shopName: v.string(),
  threshold: Money,
  reduction: Money,
  startTime: v.number(),
  endTime: v.number(),
  description: v.string(),
});
export type Coupon = v.InferOutput<typeof Coupon>;

export const MemberCoupon = v.object({
  ...Coupon.entries,
  status: CouponStatus,
  receivedAt: v.number(),
  usedAt: v.nullable(v.number()),
  /** Order the coupon paid for; empty when unused. */
  orderSn: v.string(),
});
export type MemberCoupon = v.InferOutput<typeof MemberCoupon>;

export const CouponOffer = v.object({ ...Coupon.entries, received: v.boolean() });
export type CouponOffer = v.InferOutput<typeof CouponOffer>;

// ---- points

export const PointsEntry = v.object({
  id: v.number(),
  /** Points gained (positive) or spent (negative). */
  change: v.number(),
  /** Balance after the change. */
  balance: v.number(),
  reason: v.string(),
  time: v.number(),
});
export type PointsEntry = v.InferOutput<typeof PointsEntry>;
export const Points = v.object({ balance: v.number(), ...page(PointsEntry).entries });
export type Points = v.InferOutput<typeof Points>;

// ---- after-sales

export const AfterSaleType = v.picklist(['RETURN', 'EXCHANGE', 'REFUND', 'CYLINDER_RETURN'], '请选择售后类型');
export type AfterSaleType = v.InferOutput<typeof AfterSaleType>;
export const AFTER_SALE_TYPE_LABEL: Record<AfterSaleType, string> = {
  RETURN: '退货退款',
  EXCHANGE: '换货',
  REFUND: '仅退款',
  CYLINDER_RETURN: '退还钢瓶',
};

export const AfterSaleStatus = v.picklist(['APPLY', 'PASS', 'REFUSE', 'COMPLETE', 'CANCELLED'], '售后状态错误');
export type AfterSaleStatus = v.InferOutput<typeof AfterSaleStatus>;
export const AFTER_SALE_STATUS_LABEL: Record<AfterSaleStatus, string> = {
  APPLY: '待审核',
  PASS: '审核通过',
  REFUSE: '审核未通过',
  COMPLETE: '已完成',
  CANCELLED: '已撤销',
};

export const AfterSale = v.object({
  id: v.number(),
  orderId: v.number(),
  sn: v.string(),
  sku_id: v.number(),
  goodsName: v.string(),
  thumbnail: v.string(),
  specs: v.string(),
  type: AfterSaleType,
  reason: v.string(),
  /** The member's own account of the problem. */
  description: v.string(),
  num: v.number(),
  images: v.array(v.string()),
  /** Goods price × num for a return or refund, the cylinder deposit × num for a cylinder return, 0 for an exchange. */
  refundAmount: Money,
  status: AfterSaleStatus,
  createTime: v.number(),
  logs: v.array(v.object({ status: AfterSaleStatus, time: v.number(), note: v.string() })),
  /** `CANCEL` while it waits for review. */
  actions: v.array(v.picklist(['CANCEL'])),
});
export type AfterSale = v.InferOutput<typeof AfterSale>;

export const AfterSaleApply = form({
  sn: v.pipe(v.string('请选择订单'), v.regex(/^\d{6,32}$/, '订单编号格式错误')),
  skuId: positiveId('请选择售后商品', '商品规格编号格式错误'),
  type: AfterSaleType,
  reason: text('请填写申请原因', 200, '申请原因不能超过 200 个字'),
  description: optionalText(500, '问题描述不能超过 500 个字'),
  num: v.pipe(v.number('请输入申请数量'), v.integer('申请数量必须是整数'), v.minValue(1, '申请数量不能小于 1')),
  images: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.regex(/^(?:https?:\/\/|\/)\S+$/, '图片地址格式错误')), '图片格式错误'),
      v.maxLength(5, '最多上传 5 张图片'),
    ),
    [],
  ),
});
export type AfterSaleApply = v.InferInput<typeof AfterSaleApply>;

// ---- service tickets

export const TicketType = v.picklist(['PRODUCT', 'ORDER', 'DELIVERY', 'AFTERSALE', 'INVOICE', 'OTHER'], '请选择工单类型');
export type TicketType = v.InferOutput<typeof TicketType>;
export const TICKET_TYPE_LABEL: Record<TicketType, string> = {
  PRODUCT: '产品咨询',
  ORDER: '订单问题',
  DELIVERY: '配送问题',
  AFTERSALE: '售后服务',
  INVOICE: '发票问题',
  OTHER: '其他',
};
export const TicketStatus = v.picklist(['PENDING', 'REPLIED']);
export type TicketStatus = v.InferOutput<typeof TicketStatus>;
export const TICKET_STATUS_LABEL: Record<TicketStatus, string> = { PENDING: '待处理', REPLIED: '已回复' };

export const Ticket = v.object({
  id: v.number(),
  type: TicketType,
  title: v.string(),
  content: v.string(),
  contact: v.string(),
  phone: v.string(),
  status: TicketStatus,
  createTime: v.number(),
  replies: v.array(v.object({ from: v.picklist(['MEMBER', 'SERVICE']), content: v.string(), time: v.number() })),
  /** Uploaded files (screenshots, photos of a cylinder label). */
  attachments: v.array(v.string()),
});
export type Ticket = v.InferOutput<typeof Ticket>;

export const TicketInput = form({
  type: TicketType,
  title: text('请输入工单标题', 50, '工单标题不能超过 50 个字'),
  content: text('请描述您的问题', 1000, '问题描述不能超过 1000 个字'),
  contact: text('请输入联系人', 20, '联系人不能超过 20 个字'),
  phone: Phone,
  attachments: v.optional(
    v.pipe(v.array(fileUrl('请上传附件', '附件地址格式错误'), '附件格式错误'), v.maxLength(5, '最多上传 5 个附件')),
    [],
  ),
});
export type TicketInput = v.InferInput<typeof TicketInput>;

// ---- favourites

export const CollectedGoods = v.object({
  ...GoodsSummary.entries,
  /** 0 when the goods has been delisted since it was collected. */
  marketEnable: Flag,
  collectTime: v.number(),
});
export type CollectedGoods = v.InferOutput<typeof CollectedGoods>;
export const CollectState = v.object({ goodsId: v.number(), collected: v.boolean() });
const GoodsIdBody = form({ goodsId: positiveId('请选择商品', '商品编号格式错误') });

const IdBody = (missing: string, bad: string) => form({ id: positiveId(missing, bad) });
const auth = 'required' as const;

export const member = {
  company: endpoint({ name: 'member.company', method: 'GET', path: '/member/company', data: v.nullable(Company), auth }),
  saveCompany: endpoint({
    name: 'member.saveCompany',
    method: 'POST',
    path: '/member/company',
    data: Company,
    input: CompanyInput,
    auth,
    idempotent: true,
  }),

  addresses: endpoint({ name: 'member.addresses', method: 'GET', path: '/member/address/list', data: v.array(Address), auth }),
  /** Adds an address, or updates the one with `id`; answers the saved address. */
  saveAddress: endpoint({
    name: 'member.saveAddress',
    method: 'POST',
    path: '/member/address/save',
    data: Address,
    input: AddressInput,
    auth,
  }),
  /** Answers the remaining addresses. */
  deleteAddress: endpoint({
    name: 'member.deleteAddress',
    method: 'POST',
    path: '/member/address/del',
    data: v.array(Address),
    input: IdBody('请选择收货地址', '收货地址编号格式错误'),
    auth,
    idempotent: true,
  }),

  invoiceTitles: endpoint({ name: 'member.invoiceTitles', method: 'GET', path: '/member/invoice/list', data: v.array(InvoiceTitle), auth }),
  saveInvoiceTitle: endpoint({
    name: 'member.saveInvoiceTitle',
    method: 'POST',
    path: '/member/invoice/save',
    data: InvoiceTitle,
    input: InvoiceTitleInput,
    auth,
  }),
  deleteInvoiceTitle: endpoint({
    name: 'member.deleteInvoiceTitle',
    method: 'POST',
    path: '/member/invoice/del',
    data: v.array(InvoiceTitle),
    input: IdBody('请选择发票抬头', '发票抬头编号格式错误'),
    auth,
    idempotent: true,
  }),
  issuedInvoices: endpoint({
    name: 'member.issuedInvoices',
    method: 'GET',
    path: '/member/invoice/issued',
    data: page(IssuedInvoice),
    input: PageQuery,
    auth,
  }),

  coupons: endpoint({
    name: 'member.coupons',
    method: 'GET',
    path: '/member/coupon/list',
    data: page(MemberCoupon),
    input: pageByStatus(CouponStatus),
    auth,
  }),
  /** Coupons on offer, with whether the member already holds each. */
  couponOffers: endpoint({ name: 'member.couponOffers', method: 'GET', path: '/member/coupon/center', data: v.array(CouponOffer), auth }),
  receiveCoupon: endpoint({
    name: 'member.receiveCoupon',
    method: 'POST',
    path: '/member/coupon/receive',
    data: MemberCoupon,
    input: form({ couponId: positiveId('请选择优惠券', '优惠券编号格式错误') }),
    auth,
  }),

  points: endpoint({ name: 'member.points', method: 'GET', path: '/member/points', data: Points, input: PageQuery, auth }),

  afterSales: endpoint({
    name: 'member.afterSales',
    method: 'GET',
    path: '/aftersale/list',
    data: page(AfterSale),
    input: pageByStatus(AfterSaleStatus),
    auth,
  }),
  applyAfterSale: endpoint({
    name: 'member.applyAfterSale',
    method: 'POST',
    path: '/aftersale/apply',
    data: AfterSale,
    input: AfterSaleApply,
    auth,
  }),
  afterSale: endpoint({ name: 'member.afterSale', method: 'GET', path: '/aftersale/detail/{id}', data: AfterSale, auth }),
  cancelAfterSale: endpoint({
    name: 'member.cancelAfterSale',
    method: 'POST',
    path: '/aftersale/cancel/{id}',
    data: AfterSale,
    auth,
    idempotent: true,
  }),

  tickets: endpoint({ name: 'member.tickets', method: 'GET', path: '/ticket/list', data: page(Ticket), input: PageQuery, auth }),
  createTicket: endpoint({ name: 'member.createTicket', method: 'POST', path: '/ticket/create', data: Ticket, input: TicketInput, auth }),
  ticket: endpoint({ name: 'member.ticket', method: 'GET', path: '/ticket/detail/{id}', data: Ticket, auth }),

  collects: endpoint({ name: 'member.collects', method: 'GET', path: '/collect/user', data: page(CollectedGoods), input: PageQuery, auth }),
  collect: endpoint({
    name: 'member.collect',
    method: 'POST',
    path: '/collect/add',
    data: CollectState,
    input: GoodsIdBody,
    auth,
    idempotent: true,
  }),
  uncollect: endpoint({
    name: 'member.uncollect',
    method: 'POST',
    path: '/collect/del',
    data: CollectState,
    input: GoodsIdBody,
    auth,
    idempotent: true,
  }),
  /** Whether a goods is in the member's favourites; a guest gets false, so goods pages may call it for everyone. */
  collectState: endpoint({
    name: 'member.collectState',
    method: 'GET',
    path: '/collect/status',
    data: CollectState,
    input: form({ goodsId: queryId('请选择商品', '商品编号格式错误') }),
    auth: 'optional',
  }),
};
