/**
 * cXML 1.2 documents (docs/punchout.md, from the DTD): reading the requests the shop accepts (PunchOutSetupRequest,
 * OrderRequest, ProfileRequest) into plain objects, and writing the answers and the PunchOutOrderMessage in the DTD's
 * element order. Pure: no I/O.
 */
import { esc, pick, pickAll, textOf, type XmlElement } from './xml.ts';
import { money, type ReturnedLine, unitCode, unspscOf } from './rules.ts';

export const CXML_DTD = 'http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd';
/** The shop's own cXML identity in the documents it sends (From and Sender). */
export const SUPPLIER_IDENTITY = { domain: 'NetworkID', identity: 'HUAQI-GAS-SHOP' };

/** A refusal answered as a cXML Status with its code (HTTP-like codes, as cXML uses them). */
export class CxmlStatus extends Error {
  readonly code: number;
  readonly text: string;
  constructor(code: number, text: string) {
    super(text);
    this.code = code;
    this.text = text;
  }
}

export interface Cred {
  identity: string;
  domain: string;
  secret: string;
  deploymentMode: 'test' | 'production';
}

export type CxmlRequest =
  | { kind: 'profile'; cred: Cred; payloadId: string }
  | {
      kind: 'setup';
      cred: Cred;
      payloadId: string;
      operation: 'create' | 'edit' | 'inspect';
      buyerCookie: string;
      returnUrl: string;
      lines: { skuId: number; num: number }[];
    }
  | {
      kind: 'order';
      cred: Cred;
      payloadId: string;
      type: 'new' | 'update' | 'delete';
      orderId: string;
      lines: { skuId: number; num: number }[];
      shipTo: { name: string; phone: string; address: string } | null;
      comments: string;
    };

const need = (el: XmlElement | null, what: string): XmlElement => {
  if (!el) throw new CxmlStatus(400, `缺少 ${what}`);
  return el;
};

/** The sender's credential: the Sender's Identity and SharedSecret (From names the buyer organisation; both are accepted as its identity). */
function credentialOf(doc: XmlElement, mode: string): Cred {
  const header = need(pick(doc, 'Header'), 'Header');
  const from = need(pick(header, 'From/Credential'), 'Header/From/Credential');
  const sender = need(pick(header, 'Sender/Credential'), 'Header/Sender/Credential');
  const secret = textOf(sender, 'SharedSecret');
  if (!secret) throw new CxmlStatus(401, '缺少 SharedSecret');
  return {
    identity: textOf(from, 'Identity'),
    domain: from.attrs.domain ?? '',
    secret,
    deploymentMode: mode === 'test' ? 'test' : 'production',
  };
}

const positive = (raw: string | undefined): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 99_999) throw new CxmlStatus(400, `数量格式错误：${raw ?? ''}`);
  return n;
};

/** Lines sent as ItemOut (edit/inspect setups, orders): SupplierPartID is the shop's SKU. */
function linesOf(parent: XmlElement): { skuId: number; num: number }[] {
  return pickAll(parent, 'ItemOut').map((item) => {
    const skuId = Number(textOf(item, 'ItemID/SupplierPartID'));
    if (!Number.isInteger(skuId) || skuId < 1) throw new CxmlStatus(400, 'SupplierPartID 格式错误');
    return { skuId, num: positive(item.attrs.quantity) };
  });
}

function shipToOf(header: XmlElement): { name: string; phone: string; address: string } | null {
  const addr = pick(header, 'ShipTo/Address');
  if (!addr) return null;
  const postal = pick(addr, 'PostalAddress');
  const parts = [
    ...pickAll(postal, 'Street').map((s) => textOf(s)),
    textOf(postal, 'City'),
    textOf(postal, 'State'),
    textOf(postal, 'PostalCode'),
  ];
  const name = textOf(postal, 'DeliverTo') || textOf(addr, 'Name');
  const phone = textOf(pick(addr, 'Phone/TelephoneNumber'), 'Number');
  return { name: name.slice(0, 40), phone: phone.slice(0, 20), address: parts.filter(Boolean).join(' ').slice(0, 200) };
}

/** Reads a parsed cXML request; what the DTD requires and the shop needs is checked, the rest ignored. */
export function readRequest(doc: XmlElement): CxmlRequest {
  if (doc.name !== 'cXML') throw new CxmlStatus(400, '根元素不是 cXML');
  const payloadId = doc.attrs.payloadID ?? '';
  if (!payloadId || !doc.attrs.timestamp) throw new CxmlStatus(400, '缺少 payloadID 或 timestamp');
  const request = need(pick(doc, 'Request'), 'Request');
  const cred = credentialOf(doc, request.attrs.deploymentMode ?? 'production');
  const body = request.children[0];
  if (body?.name === 'ProfileRequest') return { kind: 'profile', cred, payloadId };
  if (body?.name === 'PunchOutSetupRequest') {
    const operation = body.attrs.operation;
    if (operation !== 'create' && operation !== 'edit' && operation !== 'inspect')
      throw new CxmlStatus(400, `不支持的 operation：${operation ?? ''}`);
    const returnUrl = textOf(body, 'BrowserFormPost/URL');
    if (!returnUrl) throw new CxmlStatus(400, '缺少 BrowserFormPost/URL');
    return { kind: 'setup', cred, payloadId, operation, buyerCookie: textOf(body, 'BuyerCookie'), returnUrl, lines: linesOf(body) };
  }
  if (body?.name === 'OrderRequest') {
    const header = need(pick(body, 'OrderRequestHeader'), 'OrderRequestHeader');
    const type = header.attrs.type ?? 'new';
    if (type !== 'new' && type !== 'update' && type !== 'delete') throw new CxmlStatus(400, `不支持的订单类型：${type}`);
    const orderId = header.attrs.orderID ?? '';
    if (!orderId) throw new CxmlStatus(400, '缺少 orderID');
    const lines = linesOf(body);
    if (type !== 'delete' && lines.length === 0) throw new CxmlStatus(400, '缺少 ItemOut');
    const comments = textOf(header, 'Comments').slice(0, 500);
    return { kind: 'order', cred, payloadId, type, orderId: orderId.slice(0, 64), lines, shipTo: shipToOf(header), comments };
  }
  throw new CxmlStatus(400, `不支持的请求：${body?.name ?? '空'}`);
}

/** cXML's datetime.tz, with the zone the DTD requires (China time). */
export function timestamp(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.toISOString().slice(0, 19)}+08:00`;
}

const open = (payloadId: string, now: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM "${CXML_DTD}">\n<cXML payloadID="${esc(payloadId)}" timestamp="${timestamp(now)}" xml:lang="zh-CN">`;

/** A Response with its Status and, on success, the answer element. */
export function response(a: { payloadId: string; now: number; code: number; text: string; body?: string }): string {
  return `${open(a.payloadId, a.now)}<Response><Status code="${a.code}" text="${esc(a.text)}"/>${a.body ?? ''}</Response></cXML>`;
}

export const startPageBody = (url: string): string =>
  `<PunchOutSetupResponse><StartPage><URL>${esc(url)}</URL></StartPage></PunchOutSetupResponse>`;

/** ProfileResponse: the transactions the shop answers, each at its URL. */
export const profileBody = (endpoint: string, effective: string): string =>
  `<ProfileResponse effectiveDate="${effective}">${['ProfileRequest', 'PunchOutSetupRequest', 'OrderRequest']
    .map((r) => `<Transaction requestName="${r}"><URL>${esc(endpoint)}</URL></Transaction>`)
    .join('')}</ProfileResponse>`;

const credential = (c: { domain: string; identity: string }) =>
  `<Credential domain="${esc(c.domain)}"><Identity>${esc(c.identity)}</Identity></Credential>`;

/**
 * The PunchOutOrderMessage carrying the cart back through the browser: BuyerCookie unchanged, no SharedSecret (the DTD's
 * note: it "should not be sent within Message documents transported via an end user's browser"), each ItemIn with
 * SupplierPartID (SKU) and SupplierPartAuxiliaryID (goods), unit price, description, UN/CEFACT unit and a UNSPSC class.
 */
export function orderMessage(a: {
  payloadId: string;
  now: number;
  buyer: { domain: string; identity: string };
  mode: 'test' | 'production';
  buyerCookie: string;
  operationAllowed: 'create' | 'edit' | 'inspect';
  lines: readonly ReturnedLine[];
}): string {
  const total = a.lines.reduce((t, l) => t + l.unitFen * l.num, 0);
  const items = a.lines
    .map(
      (l) =>
        `<ItemIn quantity="${l.num}"><ItemID><SupplierPartID>${l.skuId}</SupplierPartID><SupplierPartAuxiliaryID>${l.goodsId}</SupplierPartAuxiliaryID></ItemID>` +
        `<ItemDetail><UnitPrice><Money currency="CNY">${money(l.unitFen)}</Money></UnitPrice><Description xml:lang="zh-CN">${esc(`${l.name} ${l.specs}`.trim())}</Description>` +
        `<UnitOfMeasure>${unitCode(l.unit)}</UnitOfMeasure><Classification domain="UNSPSC">${unspscOf(l.goodsId)}</Classification></ItemDetail></ItemIn>`,
    )
    .join('');
  return (
    `${open(a.payloadId, a.now)}<Header><From>${credential(SUPPLIER_IDENTITY)}</From><To>${credential(a.buyer)}</To>` +
    `<Sender>${credential(SUPPLIER_IDENTITY)}<UserAgent>华气商城 punchout</UserAgent></Sender></Header>` +
    `<Message deploymentMode="${a.mode}"><PunchOutOrderMessage><BuyerCookie>${esc(a.buyerCookie)}</BuyerCookie>` +
    `<PunchOutOrderMessageHeader operationAllowed="${a.operationAllowed}"><Total><Money currency="CNY">${money(total)}</Money></Total></PunchOutOrderMessageHeader>` +
    `${items}</PunchOutOrderMessage></Message></cXML>`
  );
}
