/**
 * Punchout's rules (docs/punchout.md, which carries the facts of the cXML 1.2 DTD and SAP OCI's field list): which return
 * URLs an organisation allows, the codes a returned line carries (UN/CEFACT unit, UNSPSC class), the OCI fields within their
 * lengths, and the lifetimes of keys and sessions. Pure: shared by the shop's endpoints, the sandbox and the tests.
 */

/** StartPage is "effectively a one time key" (cXML, docs/punchout.md): short-lived and spent on first use. */
export const START_KEY_MS = 5 * 60 * 1000;
/** A punchout session (its member login and cart) lasts a working session's length, then the buyer punches out again. */
export const SESSION_MS = 2 * 60 * 60 * 1000;
/** The largest document the shop parses: a 99-line OrderRequest is ~60 KB; anything far bigger is refused unread. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

/**
 * Whether `url` may receive a cart: http(s) only, and its origin matches one the organisation allows, written
 * `scheme://host` with an exact port, or `scheme://host:*` for any port (development's localhost). Anything else is refused
 * (no open redirect to an address the buyer's system did not register).
 */
export function originAllowed(url: string, allowed: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (u.username || u.password) return false;
  return allowed.some((a) => {
    const m = /^(https?):\/\/([^/:]+)(?::(\d+|\*))?$/.exec(a);
    if (!m) return false;
    const [, scheme, host, port] = m;
    if (u.protocol !== `${scheme}:` || u.hostname !== host) return false;
    if (port === '*') return true;
    const defaultPort = scheme === 'https' ? '443' : '80';
    return (u.port || defaultPort) === (port ?? defaultPort);
  });
}

/** The `frame-ancestors` sources of the allowed origins (CSP accepts `:*` for any port). */
export const frameAncestors = (allowed: readonly string[]): string =>
  allowed.filter((a) => /^https?:\/\/[^/:\s;,']+(:(\d+|\*))?$/.test(a)).join(' ') || "'none'";

/**
 * UN/CEFACT Recommendation 20 unit codes (docs/punchout.md, "UnitOfMeasure: UN/CEFACT Recommendation 20 codes (EA, KGM,
 * MTQ)"): cylinders and other counted goods are each (EA), weighed goods kilograms, volumes cubic metres. Three letters, so
 * they also fit OCI's UNIT (3 characters).
 */
const UNIT_CODES: Readonly<Record<string, string>> = {
  瓶: 'EA',
  个: 'EA',
  支: 'EA',
  只: 'EA',
  套: 'EA',
  台: 'EA',
  件: 'EA',
  kg: 'KGM',
  千克: 'KGM',
  公斤: 'KGM',
  'm³': 'MTQ',
  立方米: 'MTQ',
  方: 'MTQ',
};
export const unitCode = (unit: string): string => UNIT_CODES[unit.trim()] ?? 'EA';

/**
 * UNSPSC classification of the shop's goods: segment 12 Chemicals, family 12140000 "Elements and gases" (docs/punchout.md,
 * UNSPSC: 8 digits in 4 pairs; the family's name as UNSPSC's hierarchy names it). The commodity codes of each gas are not
 * confirmed in the repository's sources, so every line carries the family code, which is valid UNSPSC and what a buyer's
 * system groups spend by; a per-gas commodity replaces it once the UNGM code set is checked.
 */
export const UNSPSC_GASES = '12140000';
export const unspscOf = (_goodsId: number): string => UNSPSC_GASES;

/** Fen as the decimal the documents carry: `.` decimal point, no separators (OCI's number rule, docs/punchout.md). */
export const money = (fen: number): string => `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** A line as returned to the procurement system. */
export interface ReturnedLine {
  skuId: number;
  goodsId: number;
  name: string;
  specs: string;
  num: number;
  unitFen: number;
  unit: string;
  agreementNo: string | null;
  /** Days to delivery, when known (OCI LEADTIME). */
  leadDays?: number;
}

/** OCI 5 field lengths (docs/punchout.md, "Return fields … lengths"). */
export const OCI_LENGTHS = {
  DESCRIPTION: 40,
  QUANTITY: 15,
  UNIT: 3,
  PRICE: 15,
  CURRENCY: 5,
  PRICEUNIT: 5,
  LEADTIME: 5,
  VENDORMAT: 40,
  MATGROUP: 10,
  EXT_PRODUCT_ID: 40,
} as const;

/** Cuts to at most `max` characters (code points, so a Chinese character is one, as SAP counts them). */
export const clip = (text: string, max: number): string => [...text].slice(0, max).join('');

/**
 * The `NEW_ITEM-*` fields of a cart (OCI, docs/punchout.md): indices from 1, each value within its length; DESCRIPTION
 * needs UNIT and PRICE needs CURRENCY; the long text goes in `NEW_ITEM-LONGTEXT_n:132[]`, which has no limit.
 */
export function ociFields(lines: readonly ReturnedLine[]): [string, string][] {
  const out: [string, string][] = [];
  lines.forEach((l, i) => {
    const n = i + 1;
    const put = (name: keyof typeof OCI_LENGTHS, value: string) => out.push([`NEW_ITEM-${name}[${n}]`, clip(value, OCI_LENGTHS[name])]);
    put('DESCRIPTION', `${l.name} ${l.specs}`.trim());
    put('QUANTITY', String(l.num));
    put('UNIT', unitCode(l.unit));
    put('PRICE', money(l.unitFen));
    put('CURRENCY', 'CNY');
    put('PRICEUNIT', '1');
    put('VENDORMAT', String(l.skuId));
    put('EXT_PRODUCT_ID', String(l.goodsId));
    put('MATGROUP', unspscOf(l.goodsId));
    if (l.leadDays !== undefined) put('LEADTIME', String(l.leadDays));
    out.push([`NEW_ITEM-LONGTEXT_${n}:132[]`, `${l.name} ${l.specs}`.trim()]);
  });
  return out;
}

/** How an order stands, as the member's order list says it (the back office's statuses). */
const ORDER_STANDING: Record<string, string> = {
  NEW: '待付款',
  CONFIRM: '待付款',
  APPROVAL: '待审批',
  PAID_OFF: '待发货',
  CANCELLED: '已取消',
};

/**
 * The text of an OrderRequest's 200 answer: the shop's order number and how it stands, so the buyer's system shows whether
 * it went on the company's account (credit terms) or waits for payment (docs/punchout.md, "OrderRequest").
 */
export function orderAnswerText(o: { orderSn: string; status: string; changed: boolean; onAccount: boolean }): string {
  const how = [o.onAccount && o.status !== 'CANCELLED' ? '账期支付' : '', ORDER_STANDING[o.status] ?? ''].filter(Boolean);
  return `OK 订单 ${o.orderSn}${how.length ? `（${how.join('，')}）` : ''}${o.changed ? '' : '（未变化）'}`;
}
