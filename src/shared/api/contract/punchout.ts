/**
 * Punchout (docs/punchout.md): buyers shop from inside their procurement system (cXML 1.2 or SAP OCI) and the cart and the
 * purchase order come back through it. An extension of the supplier's API, shown only while view control lists
 * `punchout_part` with isShow 1; a backend without the entry answers these paths 404 and the shop's `/punchout/*` answer 404.
 *
 * For the back office. The back office keeps the buyer organisations (identity and domain, OCI user, shared secrets hashed
 * at rest and compared in constant time, rotatable with an overlap, the company account whose member shops, test or
 * production mode, the origins a cart may be returned to), the punchout sessions and the orders they received. The shop's
 * endpoints (`/punchout/cxml`, `/punchout/oci`) parse and answer the protocols and call these; every call but `cart`
 * authenticates by the organisation's credential or a one-time key, never by a member's token, so the shop's same-origin
 * proxy forwarding them gives nothing to anyone without the credential.
 *
 * | call | method, path | auth | input | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- | --- |
 * | verify | POST /punchout/verify | credential | `Credential` | `Organisation` | 401 凭证无效; 403 部署模式不符 |
 * | setup | POST /punchout/setup | credential | `SetupInput` | `Setup`: a one-time key (5 minutes) and the organisation | 401; 403 部署模式不符; 403 返回地址不在允许范围内; 400 参数格式错误 |
 * | start | POST /punchout/start | the one-time key | `{ key }` | `Started`: the session and a member login (tokens) | 403 登录链接无效或已过期 (unknown, used or expired) |
 * | cart | GET /punchout/cart | member token | `{ session }` | `ReturnCart`: where and how to return, the cart's checked lines at the member's prices | 401; 404 采购会话不存在或已过期 |
 * | order | POST /punchout/order | credential | `OrderInput` | `OrderOutcome` | 401; 403; 404 订单不存在 (update/delete of an unknown orderID); 409 订单已不能修改或取消; 409 the credit rules' refusal of an order on account (您有账单已逾期，请先付款，账期支付暂停 / 超出可用额度：…); 400 the order path's own refusals (商品不存在或已下架 …) |
 *
 * A session lasts 2 hours from its start; the member it acts for is the organisation's (a buyer of its company): the
 * company's agreed prices and approval rules apply. `order` is idempotent by (organisation, orderID): a `new` already
 * received answers the same order; where the company has credit terms (credit_part, docs/credit.md) the order goes on account
 * (`onAccount`, PAID_OFF with payType CREDIT, or APPROVAL over the buyer's limit) and a refusal of the credit rules places
 * nothing (409); without terms it waits for payment as any order. `update` replaces an open order's lines (unpaid, or on
 * account and not shipped: the old order is cancelled, its credit freed, a new one placed and linked to the orderID);
 * `delete` cancels it while it is open.
 */
import * as v from 'valibot';
import { endpoint } from './core.ts';

const Text = (max: number, message = '参数格式错误') => v.pipe(v.string(message), v.maxLength(max, message));
const Count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99_999));
const Fen = v.pipe(v.number(), v.integer(), v.minValue(0));

export const PROTOCOLS = ['cxml', 'oci'] as const;
export const OPERATIONS = ['create', 'edit', 'inspect'] as const;
export type Operation = (typeof OPERATIONS)[number];
export const MODES = ['test', 'production'] as const;

/** A credential as the procurement system sent it: cXML's From/Sender identity, domain and SharedSecret, or OCI's user and password (domain `OCI`). */
export const Credential = v.object({
  identity: Text(128),
  domain: Text(64),
  secret: Text(256),
  deploymentMode: v.picklist(MODES, '参数格式错误'),
});

export const Organisation = v.object({
  id: v.number(),
  name: v.string(),
  /** The cXML identity and domain it sends (OCI: its user, domain `OCI`). */
  identity: v.string(),
  domain: v.string(),
  /** The procurement system's name the bar shows (e.g. SAP Ariba). */
  system: v.string(),
  mode: v.picklist(MODES),
  /** Origins allowed to receive the cart and to frame the shop: `scheme://host` with an exact port or `:*` for any. */
  origins: v.array(v.string()),
});
export type Organisation = v.InferOutput<typeof Organisation>;

/** A line sent by the procurement system (edit, inspect) or returned to it: the SKU (SupplierPartID) and its goods (SupplierPartAuxiliaryID). */
export const SentLine = v.object({ skuId: v.pipe(v.number(), v.integer(), v.minValue(1)), num: Count });

export const SetupInput = v.object({
  ...Credential.entries,
  protocol: v.picklist(PROTOCOLS, '参数格式错误'),
  operation: v.picklist(OPERATIONS, '参数格式错误'),
  returnUrl: Text(2048),
  /** cXML's BuyerCookie, returned unchanged; empty for OCI. */
  buyerCookie: Text(1024),
  /** OCI's ~TARGET (frame to return to); `_top` for cXML. */
  target: Text(64),
  lines: v.pipe(v.array(SentLine), v.maxLength(99)),
});

export const Setup = v.object({ key: v.string(), expiresAt: v.number(), organisation: Organisation });

export const Session = v.object({
  id: v.string(),
  protocol: v.picklist(PROTOCOLS),
  operation: v.picklist(OPERATIONS),
  returnUrl: v.string(),
  buyerCookie: v.string(),
  target: v.string(),
  expiresAt: v.number(),
  organisation: Organisation,
});
export type Session = v.InferOutput<typeof Session>;

export const Started = v.object({
  session: Session,
  login: v.object({ token: v.string(), refreshToken: v.string(), tokenExpires: v.number(), refreshTokenExpires: v.number() }),
});
export type Started = v.InferOutput<typeof Started>;

/** One line of the cart going back, priced as checkout would charge this member (agreed price when covered). */
export const ReturnLine = v.object({
  skuId: v.number(),
  goodsId: v.number(),
  name: v.string(),
  specs: v.string(),
  num: v.number(),
  unitFen: Fen,
  /** The shop's unit (瓶, kg …); the shop maps it to UN/CEFACT. */
  unit: v.string(),
  agreementNo: v.nullable(v.string()),
});
export type ReturnLine = v.InferOutput<typeof ReturnLine>;

export const ReturnCart = v.object({ session: Session, lines: v.array(ReturnLine) });
export type ReturnCart = v.InferOutput<typeof ReturnCart>;

export const ShipTo = v.object({
  name: Text(40),
  phone: Text(20),
  /** Street, city, state, postal code and country as one line. */
  address: Text(200),
});

export const OrderInput = v.object({
  ...Credential.entries,
  type: v.picklist(['new', 'update', 'delete'], '参数格式错误'),
  orderId: Text(64),
  payloadId: Text(256),
  poNumber: Text(64),
  lines: v.pipe(v.array(SentLine), v.maxLength(99)),
  shipTo: v.nullable(ShipTo),
  comments: Text(500),
});
export type OrderInput = v.InferOutput<typeof OrderInput>;

export const OrderOutcome = v.object({
  orderId: v.number(),
  orderSn: v.string(),
  status: v.string(),
  /** False when the same `new` came again (idempotent) or nothing changed. */
  changed: v.boolean(),
  payable: Fen,
  /** On the company's account (credit terms: no payment now, billed with the month); false: it waits for payment as any order. */
  onAccount: v.boolean(),
});
export type OrderOutcome = v.InferOutput<typeof OrderOutcome>;

/** The back office's messages, shared by the sandbox and the shop's answers. */
export const PUNCHOUT_MSG = {
  credential: '凭证无效',
  mode: '部署模式不符',
  origin: '返回地址不在允许范围内',
  key: '登录链接无效或已过期',
  session: '采购会话不存在或已过期',
  noOrder: '订单不存在',
  locked: '订单已不能修改或取消',
} as const;

export const punchout = {
  verify: endpoint({
    name: 'punchout.verify',
    method: 'POST',
    path: '/punchout/verify',
    data: Organisation,
    input: Credential,
    idempotent: true,
  }),
  setup: endpoint({ name: 'punchout.setup', method: 'POST', path: '/punchout/setup', data: Setup, input: SetupInput }),
  start: endpoint({ name: 'punchout.start', method: 'POST', path: '/punchout/start', data: Started, input: v.object({ key: Text(128) }) }),
  cart: endpoint({
    name: 'punchout.cart',
    method: 'GET',
    path: '/punchout/cart',
    data: ReturnCart,
    input: v.object({ session: Text(64) }),
    auth: 'required',
  }),
  order: endpoint({ name: 'punchout.order', method: 'POST', path: '/punchout/order', data: OrderOutcome, input: OrderInput }),
};
