/** Orders: confirm, create, list and detail, status transitions, payment by QR code. */
import * as v from 'valibot';
import { CartWay, goodsLineEntries } from './cart.ts';
import { CheckoutCompany, CompanyOrderInput } from './company.ts';
import { CheckoutHazmat } from './compliance.ts';
import { CheckoutDelivery, DeliveryOrderInput } from './delivery.ts';
// Extension (contract/credit.ts, `credit_part`): pay on account (账期支付（月结）).
import { CheckoutCredit, CreditOrderInput } from './credit.ts';
import { endpoint, form, page, pageByStatus } from './core.ts';
import { Address, InvoiceTitle, InvoiceType, MemberCoupon, TitleType } from './member.ts';
// Extension (docs/gas-features.md, quotes): an accepted quote is ordered through the same calls with way QUOTE and its quoteId.
import { CheckoutQuote, QuoteIdInput, QuoteWay } from './quotes.ts';

/** How a checkout is made: the cart, buy-now, or (extension) an accepted quote. */
export const OrderWay = v.union([CartWay, QuoteWay], '购买方式错误');
export type OrderWay = v.InferOutput<typeof OrderWay>;

const Money = v.number();
const optionalId = (bad: string) => v.optional(v.pipe(v.number(bad), v.integer(bad), v.minValue(1, bad)));

export const ORDER_STATUSES = [
  'NEW',
  'INTODB_ERROR',
  'CONFIRM',
  'PAID_OFF',
  'SHIPPED',
  'ROG',
  'COMPLETE',
  'CANCELLED',
  'AFTER_SERVICE',
  'APPROVAL',
] as const;
export const OrderStatus = v.picklist(ORDER_STATUSES, '订单状态错误');
export type OrderStatus = v.InferOutput<typeof OrderStatus>;
/** Labels of docs/product.md §3. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  NEW: '新订单',
  INTODB_ERROR: '入库失败',
  CONFIRM: '已确认',
  PAID_OFF: '已付款',
  SHIPPED: '已发货',
  ROG: '已收货',
  COMPLETE: '已完成',
  CANCELLED: '已取消',
  AFTER_SERVICE: '售后中',
  /** Extension (contract/company.ts): an order over the buyer's company limit waits for an approver before it can be paid. */
  APPROVAL: '待审批',
};

/** What the member may do with an order now. */
export const OrderAction = v.picklist(['PAY', 'CANCEL', 'RECEIVE', 'AFTERSALE']);
export type OrderAction = v.InferOutput<typeof OrderAction>;

/** Ways to pay by QR code. */
export const PayType = v.picklist(['WECHAT', 'ALIPAY'], '请选择支付方式');
export type PayType = v.InferOutput<typeof PayType>;
/** How an order was paid: a QR code, a company bank transfer (对公转账) confirmed by the back office, or (extension, contract/credit.ts) on account. */
export const PaidBy = v.picklist(['WECHAT', 'ALIPAY', 'TRANSFER', 'CREDIT']);
export type PaidBy = v.InferOutput<typeof PaidBy>;
export const PAY_TYPE_LABEL: Record<PaidBy, string> = {
  WECHAT: '微信支付',
  ALIPAY: '支付宝',
  TRANSFER: '对公转账',
  CREDIT: '账期支付（月结）',
};

/** One goods line of a checkout or an order, priced when it was placed; `deposit` is the cylinder deposit (押金) per unit, 0 when the goods comes without a returnable cylinder. */
export const OrderLine = v.object({ ...goodsLineEntries, shopName: v.string(), deposit: Money });
export type OrderLine = v.InferOutput<typeof OrderLine>;

export const CheckoutShop = v.object({
  shop_id: v.number(),
  shopName: v.string(),
  sku_list: v.array(OrderLine),
  goodsTotal: Money,
  freight: Money,
  deposit: Money,
  /** The shop activity applied (chosen in the cart), or null. */
  activity: v.nullable(v.object({ activity_id: v.number(), title: v.string() })),
  discount: Money,
  /** goodsTotal − discount + freight + deposit. */
  subtotal: Money,
});
export type CheckoutShop = v.InferOutput<typeof CheckoutShop>;

/** A member's coupon at checkout: usable or not for these goods, and why not. */
export const CheckoutCoupon = v.object({ ...MemberCoupon.entries, usable: v.boolean(), reason: v.string() });
export type CheckoutCoupon = v.InferOutput<typeof CheckoutCoupon>;

/** The checkout preview of /order/confirm: what create would place now. */
export const Checkout = v.object({
  way: OrderWay,
  shops: v.array(CheckoutShop),
  goodsNum: v.number(),
  goodsTotal: Money,
  freight: Money,
  deposit: Money,
  /** Shop activities' discounts. */
  discount: Money,
  couponDiscount: Money,
  payable: Money,
  /** E.g. 单店商品满 ¥2000.00 包邮，不满收取运费 ¥50.00. */
  freightRule: v.string(),
  /** The address given, else the default one; null when the member has none. */
  address: v.nullable(Address),
  coupons: v.array(CheckoutCoupon),
  coupon: v.nullable(MemberCoupon),
  /** The invoice title given, else the default one, else null (no invoice). */
  invoice: v.nullable(InvoiceTitle),
  /** False until company information is uploaded: creating the order would fail. */
  companyReady: v.boolean(),
  /** Extension (quotes): the quote and version the lines come from, for way QUOTE. */
  quote: CheckoutQuote,
  /** Extension (contract/company.ts): the buyer's company asks for a PO number or cost centre, or the order would wait for approval. */
  company: v.optional(CheckoutCompany),
  /** Extension (contract/compliance.ts, `hazmat_part`): shipments by dangerous-goods class and permits still needed. */
  hazmat: v.optional(CheckoutHazmat),
  /** Extension (contract/delivery.ts, `delivery_part`): the delivery days and windows, and the pickup stations. */
  delivery: v.optional(CheckoutDelivery),
  /** Extension (contract/credit.ts, `credit_part`): the company's term and credit available, offered as 账期支付（月结）. */
  credit: v.optional(CheckoutCredit),
});
export type Checkout = v.InferOutput<typeof Checkout>;

export const ConfirmInput = v.object({
  way: v.optional(OrderWay, 'CART'),
  /** Extension (quotes): the accepted quote, with way QUOTE. */
  quoteId: QuoteIdInput,
  addressId: optionalId('收货地址编号格式错误'),
  couponId: optionalId('优惠券编号格式错误'),
  invoiceId: optionalId('发票抬头编号格式错误'),
});
export type ConfirmInput = v.InferInput<typeof ConfirmInput>;

export const CreateInput = form({
  addressId: v.pipe(v.number('请选择收货地址'), v.integer('收货地址编号格式错误'), v.minValue(1, '收货地址编号格式错误')),
  couponId: optionalId('优惠券编号格式错误'),
  invoiceId: optionalId('发票抬头编号格式错误'),
  remark: v.optional(v.pipe(v.string('备注格式错误'), v.trim(), v.maxLength(200, '订单备注不能超过 200 个字')), ''),
  /** The payable the member saw on the confirm page; when prices, stock or coupons changed since, create refuses with PRICE_CHANGED. */
  payable: v.optional(v.pipe(v.number('应付金额格式错误'), v.minValue(0, '应付金额格式错误'))),
  /** Extension (quotes): the accepted quote, with type QUOTE. */
  quoteId: QuoteIdInput,
  /** Extension (contract/company.ts): the company's PO number and cost centre. */
  ...CompanyOrderInput,
  /** Extension (contract/delivery.ts): delivery day and window, or pickup at a station. */
  ...DeliveryOrderInput,
  /** Extension (contract/credit.ts): `CREDIT` puts the order on account. */
  ...CreditOrderInput,
});
/** Status of a create refused because the payable changed since the confirm page showed it. */
export const PRICE_CHANGED = 409;
export type CreateInput = v.InferInput<typeof CreateInput>;

export const Created = v.object({ sn: v.string(), orderId: v.number(), payable: Money, status: OrderStatus });
export type Created = v.InferOutput<typeof Created>;

export const OrderSummary = v.object({
  orderId: v.number(),
  sn: v.string(),
  status: OrderStatus,
  statusText: v.string(),
  createTime: v.number(),
  goodsNum: v.number(),
  payable: Money,
  lines: v.array(OrderLine),
  actions: v.array(OrderAction),
  /** Until when a new order can be paid; null once paid or closed. */
  payDeadline: v.nullable(v.number()),
});
export type OrderSummary = v.InferOutput<typeof OrderSummary>;

export const OrderAddress = v.object({ name: v.string(), phone: v.string(), regionText: v.string(), detail: v.string() });
export const OrderInvoice = v.object({ type: InvoiceType, titleType: TitleType, title: v.string(), taxNo: v.string() });

export const OrderDetail = v.object({
  ...OrderSummary.entries,
  goodsTotal: Money,
  freight: Money,
  deposit: Money,
  discount: Money,
  couponDiscount: Money,
  coupon: v.nullable(v.object({ couponId: v.number(), title: v.string() })),
  address: OrderAddress,
  invoice: v.nullable(OrderInvoice),
  remark: v.string(),
  /** Every status the order went through, oldest first. */
  logs: v.array(v.object({ status: OrderStatus, statusText: v.string(), time: v.number(), note: v.string() })),
  cancelReason: v.string(),
  payType: v.nullable(PaidBy),
  paidAt: v.nullable(v.number()),
  delivery: v.nullable(v.object({ company: v.string(), trackingNo: v.string(), shippedAt: v.number() })),
  receivedAt: v.nullable(v.number()),
});
export type OrderDetail = v.InferOutput<typeof OrderDetail>;

export const QrCode = v.object({
  payType: PayType,
  /** weixin://wxpay/... or https://qr.alipay.com/...; the page draws it as a QR code. */
  codeUrl: v.string(),
  /** Epoch ms: two hours after issue, never past the order's payment deadline. */
  expiresAt: v.number(),
  payable: Money,
});
export type QrCode = v.InferOutput<typeof QrCode>;

export const QrStatus = v.picklist(['WAITING', 'SCANNED', 'PAID', 'CLOSED', 'EXPIRED']);
export type QrStatus = v.InferOutput<typeof QrStatus>;

/** A company bank transfer: AWAITING_SLIP until the member uploads the remittance slip, then AWAITING_CONFIRMATION until the back office sees the money. */
export const TransferStatus = v.picklist(['AWAITING_SLIP', 'AWAITING_CONFIRMATION', 'CONFIRMED']);
export type TransferStatus = v.InferOutput<typeof TransferStatus>;

/** What the member needs to pay an order by bank transfer: the supplier's account, the order's reference code and the slip sent. */
export const Transfer = v.object({
  payee: v.string(),
  bank: v.string(),
  account: v.string(),
  /** The bank's CNAPS code (联行号), for transfers between banks. */
  bankCode: v.string(),
  /** Written in the transfer's remark (附言) so the payment is matched to this order. */
  reference: v.string(),
  amount: Money,
  status: TransferStatus,
  slip: v.nullable(v.object({ url: v.string(), name: v.string(), submittedAt: v.number() })),
  confirmedAt: v.nullable(v.number()),
});
export type Transfer = v.InferOutput<typeof Transfer>;

const counts = Object.fromEntries(ORDER_STATUSES.filter((s) => s !== 'APPROVAL').map((s) => [s, v.number()])) as Record<
  Exclude<OrderStatus, 'APPROVAL'>,
  v.NumberSchema<undefined>
>;
/** APPROVAL is the company extension's: a backend without it omits the count. */
export const OrderCounts = v.object({ ...counts, APPROVAL: v.optional(v.number()) });
export type OrderCounts = v.InferOutput<typeof OrderCounts>;

const auth = 'required' as const;
const PayTypeBody = form({ payType: PayType });

export const order = {
  confirm: endpoint({
    name: 'order.confirm',
    method: 'POST',
    path: '/order/confirm',
    data: Checkout,
    input: ConfirmInput,
    auth,
    idempotent: true,
  }),
  /** `type` is CART or BUY_NOW (or QUOTE with `quoteId`, an extension); send an idempotency key so a repeated submit answers the same order. */
  create: endpoint({ name: 'order.create', method: 'POST', path: '/order/create/{type}', data: Created, input: CreateInput, auth }),
  list: endpoint({
    name: 'order.list',
    method: 'GET',
    path: '/order/list',
    data: page(OrderSummary),
    input: pageByStatus(OrderStatus),
    auth,
  }),
  /** Orders per status, for the member centre's tabs and badges. */
  counts: endpoint({ name: 'order.counts', method: 'GET', path: '/order/count', data: OrderCounts, auth }),
  detail: endpoint({ name: 'order.detail', method: 'GET', path: '/order/detail/{sn}', data: OrderDetail, auth }),
  cancel: endpoint({
    name: 'order.cancel',
    method: 'POST',
    path: '/order/cancel/{sn}',
    data: OrderDetail,
    input: form({
      reason: v.pipe(v.string('请选择取消原因'), v.trim(), v.nonEmpty('请选择取消原因'), v.maxLength(100, '取消原因不能超过 100 个字')),
    }),
    auth,
    idempotent: true,
  }),
  receive: endpoint({ name: 'order.receive', method: 'POST', path: '/order/receive/{sn}', data: OrderDetail, auth, idempotent: true }),
  qrCode: endpoint({
    name: 'order.qrCode',
    method: 'POST',
    path: '/order/getQRCodeUrl/{id}',
    data: QrCode,
    input: form({ payType: PayType, mode: v.optional(v.picklist(['NATIVE'], '支付模式错误'), 'NATIVE') }),
    auth,
  }),
  /** Polled by the cashier page until PAID, CLOSED or EXPIRED. */
  qrStatus: endpoint({
    name: 'order.qrStatus',
    method: 'POST',
    path: '/order/checkHasScannedQRCode/{id}',
    data: v.object({ status: QrStatus }),
    input: PayTypeBody,
    auth,
    idempotent: true,
  }),
  /** Bank transfer details of an unpaid or transfer-paid order. */
  transfer: endpoint({ name: 'order.transfer', method: 'GET', path: '/order/transfer/{sn}', data: Transfer, auth }),
  /** Sends the remittance slip (a file of /api/upload); the order then waits for the back office to confirm the money. Sending again replaces the slip. */
  submitTransfer: endpoint({
    name: 'order.submitTransfer',
    method: 'POST',
    path: '/order/transfer/{sn}',
    data: Transfer,
    input: form({
      slipUrl: v.pipe(
        v.string('请上传汇款凭证'),
        v.trim(),
        v.nonEmpty('请上传汇款凭证'),
        v.regex(/^(?:https?:\/\/|\/)\S+$/, '汇款凭证地址格式错误'),
      ),
      slipName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, '文件名过长')), ''),
    }),
    auth,
    idempotent: true,
  }),
  /** Makes an invoice title the member's default; answers the titles. */
  setDefaultInvoice: endpoint({
    name: 'order.setDefaultInvoice',
    method: 'POST',
    path: '/userDefaultInvoice',
    data: v.array(InvoiceTitle),
    input: form({
      invoiceId: v.pipe(v.number('请选择发票抬头'), v.integer('发票抬头编号格式错误'), v.minValue(1, '发票抬头编号格式错误')),
    }),
    auth,
    idempotent: true,
  }),
};
