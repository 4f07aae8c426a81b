/**
 * The money rules of 数电票 (docs/invoices.md "数电票"): VAT rates by kind of goods, tax per line in fen and its rounding,
 * totals, 价税合计 in Chinese capitals, and the lines of a merged invoice (deposits left out, discounts as 折扣行). Used by
 * the sandbox's issuing call and the member pages alike, so both round the same way. Pure: no React, no Astro.
 */

/**
 * What the shop sells, by the rate it is invoiced at. docs/invoices.md "Rates": the general rate 13 % from 2019-04-01
 * (财政部 税务总局 海关总署公告2019年第39号, cited secondhand in the notes); that industrial gases take it, and the rates of
 * cylinder rent and freight, are UNCONFIRMED (no source read names them). `taxCode` (税收分类编码) is left empty until
 * someone reads the current 商品和服务税收分类编码表: the issuing call then fills its own.
 */
export const TAX_KINDS = {
  GAS: { label: '*化学原料及制品*', ratePct: 13, taxCode: '', confirmed: false },
  FREIGHT: { label: '*运输服务*', ratePct: 13, taxCode: '', confirmed: false },
  CYLINDER_RENT: { label: '*租赁服务*', ratePct: 13, taxCode: '', confirmed: false },
} as const satisfies Record<string, { label: string; ratePct: number; taxCode: string; confirmed: boolean }>;
export type TaxKind = keyof typeof TAX_KINDS;

/**
 * Tax of one line whose amount includes tax (our prices do): 金额 = round(价税 × 100 / (100 + rate)) half away from zero, 税额 =
 * 价税 − 金额. So each line's 价税合计 is what the buyer paid, to the fen, and the invoice's totals are the sums of its lines
 * (docs/invoices.md "Rounding": the rule of the sandbox's issuing call; a red line is the blue rule on the negative amount).
 */
export function splitTax(grossFen: number, ratePct: number): { netFen: number; taxFen: number } {
  if (!Number.isInteger(grossFen)) throw new Error('amount must be whole fen');
  const sign = grossFen < 0 ? -1 : 1;
  const abs = Math.abs(grossFen);
  // Integer arithmetic: (abs × 100 × 2 + (100 + rate)) / (2 × (100 + rate)) rounds half up without floating error.
  const den = 100 + ratePct;
  const net = Math.floor((abs * 200 + den) / (2 * den));
  return { netFen: sign * net || 0, taxFen: sign * (abs - net) || 0 };
}

export interface InvoiceLine {
  /** 项目名称 as printed: the kind's label and the goods name. */
  name: string;
  spec: string;
  unit: string;
  /** Quantity; 0 on a 折扣行. */
  num: number;
  ratePct: number;
  /** 价税合计 of the line (negative on a 折扣行 and on red lines). */
  grossFen: number;
  /** 金额 (without tax) and 税额. */
  netFen: number;
  taxFen: number;
  /** A 折扣行 follows the line it discounts. */
  discount: boolean;
}

export interface InvoiceTotals {
  netFen: number;
  taxFen: number;
  grossFen: number;
}

/** 合计 and 价税合计: sums of the lines (never recomputed from the total, so lines and totals always agree). */
export function totalsOf(lines: readonly Pick<InvoiceLine, 'netFen' | 'taxFen' | 'grossFen'>[]): InvoiceTotals {
  return lines.reduce((t, l) => ({ netFen: t.netFen + l.netFen, taxFen: t.taxFen + l.taxFen, grossFen: t.grossFen + l.grossFen }), {
    netFen: 0,
    taxFen: 0,
    grossFen: 0,
  });
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** One group of four digits (0-9999) in capitals, with 零 for inner zeros; `lead` marks that higher groups were written. */
function groupCapitals(n: number, lead: boolean): string {
  let out = '';
  let zero = false;
  for (let p = 3; p >= 0; p--) {
    const d = Math.floor(n / 10 ** p) % 10;
    if (d === 0) {
      zero = out !== '' || lead;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + UNITS[p];
  }
  return out;
}

/**
 * 价税合计（大写）: docs/invoices.md "Chinese capitals" (the rules for amounts in words of 中国人民银行《支付结算办法》附件
 * 《正确填写票据和结算凭证的基本规定》, as printed on invoices: 圆, one 零 for a run of zeros, 整 after 圆 or 角 when there is
 * no 分, 负 before a red invoice's amount). ¥12,345.60 → 壹万贰仟叁佰肆拾伍圆陆角整.
 */
export function amountInCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error('amount must be whole fen');
  if (fen < 0) return `负${amountInCapitals(-fen)}`;
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let out = '';
  const groups: number[] = [];
  for (let y = yuan; y > 0; y = Math.floor(y / 10_000)) groups.push(y % 10_000);
  for (let g = groups.length - 1; g >= 0; g--) {
    const n = groups[g] ?? 0;
    const lead = out !== '';
    if (n === 0) continue;
    // A group under 1000 after a higher group, or after a group of zeros, starts with one 零 (壹万零伍拾): groupCapitals adds it.
    out += groupCapitals(n, lead) + GROUPS[g];
  }
  if (out !== '') out += '圆';
  if (jiao === 0 && cents === 0) return out === '' ? '零圆整' : `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (out !== '') out += '零';
  return cents > 0 ? `${out}${DIGITS[cents]}分` : `${out}整`;
}

/** One goods line of an order, as ordered (fen). */
export interface OrderedLine {
  goodsName: string;
  spec: string;
  unit: string;
  kind: TaxKind;
  /** Unit price including tax. */
  priceFen: number;
  num: number;
}

/** An order as it is invoiced: its goods, freight and discounts; `depositFen` is refundable and never invoiced. */
export interface InvoicedOrder {
  sn: string;
  lines: readonly OrderedLine[];
  freightFen: number;
  discountFen: number;
  depositFen: number;
  /** Goods returned (销货退回) before the invoice: subtracted from their lines. */
  returned?: readonly { goodsName: string; spec: string; num: number; priceFen: number }[];
}

/** Splits `total` over `weights` in proportion, in whole fen, the remainders to the largest fractions (sums exactly). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}

interface Bucket {
  key: string;
  name: string;
  spec: string;
  unit: string;
  kind: TaxKind;
  num: number;
  grossFen: number;
  discountFen: number;
}

function lineOf(b: Pick<Bucket, 'name' | 'spec' | 'unit' | 'kind' | 'num'>, grossFen: number, discount: boolean): InvoiceLine {
  const rate = TAX_KINDS[b.kind];
  return {
    name: `${rate.label}${b.name}`,
    spec: b.spec,
    unit: b.unit,
    num: b.num,
    ratePct: rate.ratePct,
    grossFen,
    ...splitTax(grossFen, rate.ratePct),
    discount,
  };
}

/** Adds one order's goods, its returns and its discount (spread over its goods in proportion) to the buckets. */
function addOrder(buckets: Map<string, Bucket>, o: InvoicedOrder): void {
  const goods = o.lines.map((l) => {
    const back = (o.returned ?? []).filter((r) => r.goodsName === l.goodsName && r.spec === l.spec).reduce((n, r) => n + r.num, 0);
    return { l, num: Math.max(0, l.num - back) };
  });
  const shares = allocate(
    o.discountFen,
    goods.map((g) => g.l.priceFen * g.num),
  );
  goods.forEach(({ l, num }, i) => {
    if (num === 0) return;
    const key = [l.kind, l.goodsName, l.spec, l.unit, l.priceFen].join('|');
    const b = buckets.get(key) ?? { key, name: l.goodsName, spec: l.spec, unit: l.unit, kind: l.kind, num: 0, grossFen: 0, discountFen: 0 };
    b.num += num;
    b.grossFen += l.priceFen * num;
    b.discountFen += shares[i] ?? 0;
    buckets.set(key, b);
  });
  if (o.freightFen > 0) {
    const b = buckets.get('freight') ?? {
      key: 'freight',
      name: '运费',
      spec: '',
      unit: '次',
      kind: 'FREIGHT' as const,
      num: 0,
      grossFen: 0,
      discountFen: 0,
    };
    b.num += 1;
    b.grossFen += o.freightFen;
    buckets.set('freight', b);
  }
}

/**
 * The lines of an invoice for one order or several (合并开票): one line per goods and price at its rate, its 折扣行 right
 * after it, freight as one line; cylinder deposits are refundable and left out (docs/invoices.md "What is invoiced").
 * The 价税合计 equals Σ (goods − discount + freight) of the orders, to the fen.
 */
export function invoiceLines(orders: readonly InvoicedOrder[]): InvoiceLine[] {
  const buckets = new Map<string, Bucket>();
  for (const o of orders) addOrder(buckets, o);
  const out: InvoiceLine[] = [];
  for (const b of buckets.values()) {
    out.push(lineOf(b, b.grossFen, false));
    if (b.discountFen > 0) out.push(lineOf({ ...b, num: 0 }, -b.discountFen, true));
  }
  return out;
}

/** What the buyer paid for what is invoiced: goods and freight less discounts; deposits are not invoiced. */
export const invoicedAmount = (o: Pick<InvoicedOrder, 'lines' | 'freightFen' | 'discountFen'>): number =>
  o.lines.reduce((n, l) => n + l.priceFen * l.num, 0) + o.freightFen - o.discountFen;

/** A 数电票 number: 20 digits, stored as an opaque string (docs/invoices.md "Number"). */
export const EINVOICE_NUMBER = /^\d{20}$/;
