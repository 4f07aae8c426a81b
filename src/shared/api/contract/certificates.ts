/**
 * Certificates of analysis (docs/gas-features.md): an extension of the supplier's API, shown only while view control lists `coa_part`.
 * One certificate per filled cylinder of a standard, specialty or high-purity gas; the items follow ISO 6141, JJF 1186 and
 * the EPA protocol-gas list (src/features/certificates/certificate.ts, CERTIFICATE_ITEMS, cites them).
 *
 * For the back office, every call:
 * - GET  /certificates (auth: member) ?q&validity&pageNumber&pageSize → page of CertificateSummary, newest analysis first.
 *   q matches certificate number, cylinder serial or product name; from/to (yyyy-MM-dd) bound the analysis date.
 *   Errors: 400 「搜索内容不能超过 40 个字」「日期格式错误」.
 * - GET  /certificates/expiring (auth: member) → the member's certificates EXPIRING or EXPIRED within the notice window
 *   (30 days ahead, 90 days back), grouped by product and grade for the overview's reorder.
 * - GET  /certificates/detail/{certNo} (auth: member) → Certificate; another member's or an unknown number: 404 「证书不存在」;
 *   a malformed number: 400 「证书编号格式错误」.
 * - GET  /certificates/order/{sn} (auth: member) → OrderCertificates: per order line, its cylinders with their certificates;
 *   another member's order: 404 「订单不存在」.
 * - GET  /certificates/verify?certNo&serial (auth: none) → Certificate when both match; any mismatch or unknown pair answers
 *   404 「未能验证该证书：请核对证书编号与气瓶编号后重试。」 (one neutral message); malformed input: 400 with the same
 *   message. The shop limits failed look-ups per client (10 in 10 minutes, then 「查询过于频繁，请稍后再试。」,
 *   src/features/certificates/attempts.ts); the backend should limit them per client as well.
 * - GET  /certificates/sample/{goodsId} (auth: none) → the goods' sample certificate (a real record's content with the
 *   cylinder serial and batch masked), or null when the goods has none.
 */
import * as v from 'valibot';
import { CERT_NO_PATTERN, NOT_VERIFIED } from '#src/features/certificates/certificate.ts';
import { SERIAL_PATTERN } from '#src/features/cylinders/serial.ts';
import { endpoint, page, PageQuery } from './core.ts';

export const CertValidity = v.picklist(['VALID', 'EXPIRING', 'EXPIRED'], '证书状态错误');

export const ConcentrationUnit = v.picklist(['mol/mol', '%', 'ppm', 'ppb', 'μmol/mol', 'nmol/mol']);

/** One certified component: value and expanded uncertainty in the same unit, at coverage factor k. */
export const CertComponent = v.object({
  name: v.string(),
  /** Chemical formula as printed, e.g. CH₄. */
  formula: v.string(),
  value: v.number(),
  unit: ConcentrationUnit,
  /** Expanded uncertainty U, absolute, same unit as the value. */
  uncertainty: v.number(),
  /** Coverage factor k (2 for about 95 % coverage). */
  k: v.number(),
  /** E.g. GC-TCD, GC-FID, NDIR, 化学发光, 电化学. */
  method: v.string(),
});
export type CertComponent = v.InferOutput<typeof CertComponent>;

/** The reference material the analysis was calibrated against: GBW (first grade) or GBW(E) (second grade). */
export const ReferenceMaterial = v.object({ name: v.string(), number: v.pipe(v.string(), v.regex(/^GBW(?:\(E\))?\d{5,6}$/)) });

export const Lab = v.object({
  name: v.string(),
  address: v.string(),
  phone: v.string(),
  /** CNAS accreditation number of the issuing laboratory, e.g. CNAS L1234. */
  accreditation: v.string(),
  /** 制造计量器具许可证 (CMC) number of the reference-material producer. */
  cmc: v.string(),
});
export type Lab = v.InferOutput<typeof Lab>;

export const Certificate = v.object({
  certNo: v.pipe(v.string(), v.regex(CERT_NO_PATTERN)),
  goodsId: v.number(),
  skuId: v.number(),
  productName: v.string(),
  /** Grade and specification as sold, e.g. 2.5%（50%LEL） · 8L 铝合金瓶. */
  grade: v.string(),
  /** Cylinder serial (钢印号), the pattern of src/features/cylinders/serial.ts. */
  serial: v.pipe(v.string(), v.regex(SERIAL_PATTERN)),
  batch: v.string(),
  /** Fill pressure in MPa at 20 °C. */
  fillPressureMpa: v.number(),
  /** Do not use below this pressure (MPa): the composition is no longer guaranteed. */
  minPressureMpa: v.number(),
  components: v.array(CertComponent),
  /** Balance gas, e.g. 高纯氮; empty for a pure gas. */
  balance: v.string(),
  reference: ReferenceMaterial,
  /** Preparation method, e.g. 称量法（GB/T 5274.1）. */
  preparation: v.string(),
  analysedAt: v.number(),
  validUntil: v.number(),
  storage: v.string(),
  analyst: v.string(),
  approver: v.string(),
  lab: Lab,
  validity: CertValidity,
  /** The order it came with, for the member's own view; empty on the public and sample answers. */
  orderSn: v.string(),
});
export type Certificate = v.InferOutput<typeof Certificate>;

export const CertificateSummary = v.object({
  certNo: v.string(),
  serial: v.string(),
  goodsId: v.number(),
  skuId: v.number(),
  productName: v.string(),
  grade: v.string(),
  analysedAt: v.number(),
  validUntil: v.number(),
  validity: CertValidity,
  orderSn: v.string(),
});
export type CertificateSummary = v.InferOutput<typeof CertificateSummary>;

/** Certificates about to lapse (or lapsed) grouped by what to reorder: the same goods and SKU. */
export const ExpiringGroup = v.object({
  goodsId: v.number(),
  skuId: v.number(),
  productName: v.string(),
  grade: v.string(),
  validity: CertValidity,
  /** The earliest valid-until of the group. */
  validUntil: v.number(),
  certificates: v.array(v.object({ certNo: v.string(), serial: v.string(), validUntil: v.number(), validity: CertValidity })),
});
export type ExpiringGroup = v.InferOutput<typeof ExpiringGroup>;

export const OrderCertificates = v.array(
  v.object({
    /** Position of the line in the order's `lines`. */
    linePos: v.number(),
    skuId: v.number(),
    certificates: v.array(CertificateSummary),
  }),
);
export type OrderCertificates = v.InferOutput<typeof OrderCertificates>;

const dateQuery = v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(?:\d{4}-\d{2}-\d{2})?$/, '日期格式错误')), '');

export const CertificateQuery = v.object({
  ...PageQuery.entries,
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, '搜索内容不能超过 40 个字')), ''),
  validity: v.optional(v.union([CertValidity, v.literal('')]), ''),
  from: dateQuery,
  to: dateQuery,
});
export type CertificateQuery = v.InferInput<typeof CertificateQuery>;

export const VerifyQuery = v.object({
  certNo: v.pipe(v.string(NOT_VERIFIED), v.regex(CERT_NO_PATTERN, NOT_VERIFIED)),
  serial: v.pipe(v.string(NOT_VERIFIED), v.regex(SERIAL_PATTERN, NOT_VERIFIED)),
});

const auth = 'required' as const;

export const certificates = {
  list: endpoint({
    name: 'certificates.list',
    method: 'GET',
    path: '/certificates',
    data: page(CertificateSummary),
    input: CertificateQuery,
    auth,
  }),
  expiring: endpoint({ name: 'certificates.expiring', method: 'GET', path: '/certificates/expiring', data: v.array(ExpiringGroup), auth }),
  detail: endpoint({ name: 'certificates.detail', method: 'GET', path: '/certificates/detail/{certNo}', data: Certificate, auth }),
  ofOrder: endpoint({ name: 'certificates.ofOrder', method: 'GET', path: '/certificates/order/{sn}', data: OrderCertificates, auth }),
  /** Public: both halves must match; rate-limited per client. */
  verify: endpoint({ name: 'certificates.verify', method: 'GET', path: '/certificates/verify', data: Certificate, input: VerifyQuery }),
  sample: endpoint({ name: 'certificates.sample', method: 'GET', path: '/certificates/sample/{goodsId}', data: v.nullable(Certificate) }),
};
