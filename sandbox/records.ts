/** The stored shapes of the commerce state (members, orders, after-sales), shared by their domains and the seed that lays them, so neither imports the other. */
import type { CartWay } from '#src/shared/api/contract/cart.ts';
import type {
  Address,
  AfterSaleStatus,
  AfterSaleType,
  Company,
  InvoiceTitle,
  IssuedInvoice,
  PointsEntry,
  Ticket,
} from '#src/shared/api/contract/member.ts';
import type { OrderStatus, PaidBy, PayType } from '#src/shared/api/contract/order.ts';

/** A coupon in a member's wallet; it is used once `usedAt` is set. */
export interface HeldCoupon {
  couponId: number;
  receivedAt: number;
  usedAt: number | null;
  orderSn: string;
}

/** Company information as stored; records from before reviews existed lack the review fields. */
export type StoredCompany = Omit<Company, 'documents' | 'status' | 'reviewNote'> &
  Partial<Pick<Company, 'documents' | 'status' | 'reviewNote'>>;

export interface MemberState {
  company: StoredCompany | null;
  addresses: Address[];
  invoiceTitles: InvoiceTitle[];
  coupons: HeldCoupon[];
  points: { balance: number; log: PointsEntry[] };
  tickets: Ticket[];
  collects: { goodsId: number; time: number }[];
  /** Issued invoices, `amount` in cents. */
  invoices: IssuedInvoice[];
}

export interface MembersState {
  /** Last id handed out to any member record. */
  seq: number;
  byUid: Record<string, MemberState>;
}

/** One ordered line, priced in cents when the order was placed. */
export interface OrderLineRec {
  sku_id: number;
  goods_id: number;
  shop_id: number;
  shopName: string;
  goodsName: string;
  thumbnail: string;
  specs: string;
  unit: string;
  price: number;
  num: number;
  /** Cylinder deposit per unit. */
  deposit: number;
  /** Placed at an agreed price: the agreement's number and the list price then (cents); `price` is the agreed one. */
  agreementNo?: string;
  listPrice?: number;
}

export interface QrRec {
  codeUrl: string;
  issuedAt: number;
  expiresAt: number;
  scanned: boolean;
}

export interface OrderRec {
  id: number;
  sn: string;
  uid: number;
  status: OrderStatus;
  /** Status to go back to when the after-sales end. */
  prevStatus: OrderStatus | null;
  way: CartWay | 'QUOTE';
  createTime: number;
  lines: OrderLineRec[];
  goodsTotal: number;
  freight: number;
  deposit: number;
  discount: number;
  couponDiscount: number;
  payable: number;
  coupon: { couponId: number; title: string } | null;
  address: { name: string; phone: string; regionText: string; detail: string };
  invoice: { type: InvoiceTitle['type']; titleType: InvoiceTitle['titleType']; title: string; taxNo: string } | null;
  remark: string;
  logs: { status: OrderStatus; time: number; note: string }[];
  cancelReason: string;
  payType: PaidBy | null;
  paidAt: number | null;
  delivery: { company: string; trackingNo: string; shippedAt: number } | null;
  receivedAt: number | null;
  qr: Partial<Record<PayType, QrRec>>;
  /** The remittance slip of a bank transfer, once sent (absent on orders saved before transfers existed). */
  transfer?: { slipUrl: string; slipName: string; submittedAt: number } | null;
  /** When the payment window opened, if not at creation: an order that waited for its company's approval (APPROVAL) gets the full window from the approval on. */
  payFrom?: number;
}

export interface OrdersState {
  seq: number;
  list: OrderRec[];
  /** `${uid}:${idempotency key}` to the order it created. */
  keys: Record<string, number>;
}

export interface AfterSaleRec {
  id: number;
  uid: number;
  orderId: number;
  sn: string;
  sku_id: number;
  goodsName: string;
  thumbnail: string;
  specs: string;
  type: AfterSaleType;
  reason: string;
  /** Absent on applications made before descriptions existed. */
  description?: string;
  num: number;
  images: string[];
  refundAmount: number;
  status: AfterSaleStatus;
  createTime: number;
  logs: { status: AfterSaleStatus; time: number; note: string }[];
}

export interface AfterSalesState {
  seq: number;
  list: AfterSaleRec[];
}
