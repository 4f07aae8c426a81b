/** The certificate of analysis rules every layer shares: the number's pattern, what a certificate must carry (with the sources), and when it is about to expire or has expired. */
import { CHINA_OFFSET_MS, chinaDayEnd, chinaWallClock } from '#src/shared/formats/china-time.ts';
import { normalizeSerial } from '#src/features/cylinders/serial.ts';

/**
 * Certificate number: `COA-`, the year of analysis, a dash and six digits (e.g. `COA-2026-000123`). One strict pattern keeps
 * guessing costly (the serial must match as well) and keeps anything odd out of URLs and PDF names.
 */
export const CERT_NO_PATTERN = /^COA-\d{4}-\d{6}$/;

/** A typed or pasted certificate number as the canonical one, or null when it is none (trimmed, upper-cased). */
export function normalizeCertNo(input: string): string | null {
  const s = input.trim().toUpperCase();
  return CERT_NO_PATTERN.test(s) ? s : null;
}

/** Both halves of the public lookup, checked before anything is asked of the backend; null when either is malformed. */
export function lookupPair(certNo: string, serial: string): { certNo: string; serial: string } | null {
  const c = normalizeCertNo(certNo);
  const s = normalizeSerial(serial);
  return c && s ? { certNo: c, serial: s } : null;
}

/**
 * What a certificate of a calibration gas mixture must say, item by item, with where each item comes from:
 * - ISO 6141:2015 "Gas analysis — Contents of certificates for calibration gas mixtures" (identification of the mixture and
 *   the cylinder, certified composition with expanded uncertainty and coverage factor, traceability, method, dates and
 *   validity, minimum usable pressure and storage conditions, producer and signatories).
 * - China: no identical adoption of ISO 6141 was found; the certificate content of a Chinese certified reference material is
 *   set by JJF 1186-2018 《标准物质证书和标签要求》, gas mixtures are prepared per GB/T 5274.1-2018 (ISO 6142-1:2015, MOD),
 *   and a reference material's grade shows in its number: GBW (national first grade) or GBW(E) (second grade) (JJF 1006).
 * - USA: EPA Traceability Protocol for Assay and Certification of Gaseous Calibration Standards (EPA/600/R-12/531, May 2012),
 *   section 2.1.8, lists the minimum certificate items (cylinder number, certified concentration and uncertainty, balance gas,
 *   reference standard used, analysis dates, expiration date, minimum use pressure, analyst, gas manufacturer ...).
 * The flags say which of these the item satisfies; the sandbox record carries every item, the page and the PDF print them.
 */
export const CERTIFICATE_ITEMS = [
  { key: 'certNo', label: '证书编号', iso6141: true, jjf1186: true, epa: true },
  { key: 'product', label: '产品名称及等级', iso6141: true, jjf1186: true, epa: true },
  { key: 'serial', label: '气瓶编号', iso6141: true, jjf1186: false, epa: true },
  { key: 'batch', label: '批号', iso6141: true, jjf1186: true, epa: false },
  { key: 'fillPressure', label: '充装压力', iso6141: true, jjf1186: false, epa: true },
  { key: 'components', label: '组分、认定值、扩展不确定度（k）', iso6141: true, jjf1186: true, epa: true },
  { key: 'balance', label: '平衡气', iso6141: true, jjf1186: true, epa: true },
  { key: 'method', label: '分析方法', iso6141: true, jjf1186: true, epa: true },
  { key: 'reference', label: '参考标准物质及编号（溯源）', iso6141: true, jjf1186: true, epa: true },
  { key: 'analysedAt', label: '分析日期', iso6141: true, jjf1186: true, epa: true },
  { key: 'validUntil', label: '有效期至', iso6141: true, jjf1186: true, epa: true },
  { key: 'minPressure', label: '最低使用压力', iso6141: true, jjf1186: false, epa: true },
  { key: 'storage', label: '储存及使用条件', iso6141: true, jjf1186: true, epa: false },
  { key: 'analyst', label: '分析人、批准人', iso6141: true, jjf1186: true, epa: true },
  { key: 'lab', label: '出证实验室及认可编号', iso6141: true, jjf1186: true, epa: true },
] as const;

export const DAY_MS = 86_400_000;
/** The member centre warns this many days before a certificate's validity ends (docs/gas-features.md). */
export const EXPIRY_NOTICE_DAYS = 30;

export type Validity = 'VALID' | 'EXPIRING' | 'EXPIRED';

/**
 * Where a certificate stands at `now`: EXPIRED from the end of its valid-until day (Beijing time, the day printed on it),
 * EXPIRING in the 30 days before that, else VALID.
 */
export function validity(validUntil: number, now: number): Validity {
  const end = chinaDayEnd(validUntil);
  if (now > end) return 'EXPIRED';
  if (end - now <= EXPIRY_NOTICE_DAYS * DAY_MS) return 'EXPIRING';
  return 'VALID';
}

/** Whole days left until the end of the valid-until day (0 on the last day), negative once expired. */
export function daysLeft(validUntil: number, now: number): number {
  const end = chinaDayEnd(validUntil);
  return now > end ? -Math.ceil((now - end) / DAY_MS) : Math.floor((end - now) / DAY_MS);
}

export const VALIDITY_LABEL: Record<Validity, string> = { VALID: '有效', EXPIRING: '证书即将到期', EXPIRED: '已过期' };

/** Why an expired certificate matters, shown beside 已过期. */
export const EXPIRED_ADVICE = '证书已过有效期，组分含量不再受保证，请勿用于仪器校准或量值传递。';

/** The validity (stability) period of a gas mixture ends this many months after analysis; the end date is the same day of that month (clamped to the month's length). */
export function addMonths(ms: number, months: number): number {
  const d = chinaWallClock(ms);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime() - CHINA_OFFSET_MS;
}

/**
 * Relative expanded uncertainty in percent of the certified value, as the certificates print it beside the absolute one.
 * ISO 6141 and JJF 1186 ask for the expanded uncertainty with its coverage factor; suppliers state it at k = 2 (about 95 %).
 */
export function relativeUncertainty(value: number, expanded: number): number {
  if (!(value > 0)) return 0;
  return Math.round((expanded / value) * 1000) / 10;
}

/** A value with the significant figures a certificate keeps (at least three, as Airgas states for its protocol gases). */
export function formatValue(value: number, figures = 3): string {
  if (value === 0) return '0';
  const digits = Math.max(0, figures - 1 - Math.floor(Math.log10(Math.abs(value))));
  return value.toFixed(Math.min(digits, 6));
}

/** The public verification address a certificate's QR code leads to. */
export const verifyPath = (certNo: string, serial: string): string =>
  `/coa/${encodeURIComponent(certNo)}?serial=${encodeURIComponent(serial)}`;
export const pdfPath = (certNo: string, serial: string): string =>
  `/coa/${encodeURIComponent(certNo)}.pdf?serial=${encodeURIComponent(serial)}`;

/** The one neutral answer to a mismatched or unknown pair: it never says which half was wrong. */
export const NOT_VERIFIED = '未能验证该证书：请核对证书编号与气瓶编号后重试。';
export const TOO_MANY_ATTEMPTS = '查询过于频繁，请稍后再试。';
