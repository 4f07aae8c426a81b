/** Certificates of analysis (docs/gas-features.md): one per shipped cylinder of a certified gas, issued when the warehouse ships (order.shipped), listed to the member, verified publicly by number and serial. */
import { chinaDayEnd, chinaDayStart, chinaWallClock } from '#src/shared/formats/china-time.ts';
import * as v from 'valibot';
import {
  certificates as contract,
  type Certificate,
  type CertificateSummary,
  type CertComponent,
  type ExpiringGroup,
} from '#src/shared/api/contract/certificates.ts';
import { addMonths, DAY_MS, EXPIRY_NOTICE_DAYS, NOT_VERIFIED, validity } from '#src/features/certificates/certificate.ts';
import { Fail, parseOrFail, type Sandbox, type SandboxEvents, type Seeding, type RouteCtx, type Ctx } from '../app.ts';
import type { Db } from '../db.ts';
import type { OrderLineRec, OrderRec } from '../records.ts';
import { ANALYSTS, APPROVER, LAB, standardGasOrder, templateOf, type CertTemplate } from '../seed/coa.ts';
import { seedOrders } from '../seed/member.ts';
import { insertOrder } from './order.ts';

/** What no query looks into: the certificate's content. */
type CertData = Omit<
  Certificate,
  'certNo' | 'serial' | 'goodsId' | 'skuId' | 'productName' | 'analysedAt' | 'validUntil' | 'validity' | 'orderSn'
>;

interface CertRow {
  cert_no: string;
  uid: number;
  order_sn: string;
  line_pos: number;
  goods_id: number;
  sku_id: number;
  serial: string;
  product_name: string;
  analysed_at: number;
  valid_until: number;
  data: string;
}

const COLUMNS = 'cert_no, uid, order_sn, line_pos, goods_id, sku_id, serial, product_name, analysed_at, valid_until, data';

/** A stable number in [0, 1) from a string: the same certificate always gets the same certified values. */
function unitHash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/** Three significant figures, the least a certificate prints. */
const sig3 = (x: number) => Number(x.toPrecision(x >= 99 && x < 100 ? 6 : 3));

/**
 * The certified values of one cylinder: the nominal value moved within the production tolerance (about ±1.5 % relative for
 * mixtures, Messer states 5-10 % as the widest), the expanded uncertainty at k = 2 from the goods' stated relative uncertainty.
 */
function componentsFor(t: CertTemplate, skuId: number, certNo: string): CertComponent[] {
  return t.components.map((c, i) => {
    const nominal = c.nominal[skuId] ?? Object.values(c.nominal)[0]!;
    const pure = c.unit === '%' && nominal > 99;
    const spread = pure ? 0 : c.relU > 5 ? 0.4 : 0.015;
    const value = sig3(nominal * (1 + (unitHash(`${certNo}:${i}`) * 2 - 1) * spread));
    const uncertainty = Number(((value * c.relU) / 100).toPrecision(2));
    return { name: c.name, formula: c.formula, value, unit: c.unit, uncertainty, k: 2, method: c.method };
  });
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Issues the certificates of one order line: one per cylinder, with the serials given or serials of its own. */
export function issueForLine(
  db: Db,
  o: Pick<OrderRec, 'uid' | 'sn'>,
  pos: number,
  line: OrderLineRec,
  analysedAt: number,
  serials: readonly string[] = [],
): string[] {
  const t = templateOf(line.goods_id);
  if (!t) return [];
  const issued: string[] = [];
  const d = chinaWallClock(analysedAt);
  for (let i = 0; i < line.num; i++) {
    const certNo = `COA-${d.getUTCFullYear()}-${pad(db.next('coa_cert_no'), 6)}`;
    const serial =
      serials[i] ?? `${t.plant}${pad(d.getUTCFullYear() % 100, 2)}${pad(d.getUTCMonth() + 1, 2)}${pad(db.next('coa_serial') % 10_000, 4)}`;
    const data: CertData = {
      grade: line.specs,
      batch: `${pad(d.getUTCFullYear() % 100, 2)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}-${t.goodsId}`,
      fillPressureMpa: t.fillPressureMpa,
      minPressureMpa: t.minPressureMpa,
      components: componentsFor(t, line.sku_id, certNo),
      balance: t.balance,
      reference: t.reference,
      preparation: t.preparation,
      storage: t.storage,
      analyst: ANALYSTS[Math.floor(unitHash(certNo) * ANALYSTS.length)]!,
      approver: APPROVER,
      lab: LAB,
    };
    db.insert('coa_certificates', {
      cert_no: certNo,
      uid: o.uid,
      order_sn: o.sn,
      line_pos: pos,
      goods_id: line.goods_id,
      sku_id: line.sku_id,
      serial,
      product_name: line.goodsName,
      analysed_at: analysedAt,
      // Stored as the end of the printed day, so validity is a plain comparison in SQL and in src/features/certificates.
      valid_until: chinaDayEnd(addMonths(analysedAt, t.months)),
      data: JSON.stringify(data),
    });
    issued.push(certNo);
  }
  return issued;
}

function summary(r: CertRow, now: number): CertificateSummary {
  const data = JSON.parse(r.data) as CertData;
  return {
    certNo: r.cert_no,
    serial: r.serial,
    goodsId: r.goods_id,
    skuId: r.sku_id,
    productName: r.product_name,
    grade: data.grade,
    analysedAt: r.analysed_at,
    validUntil: r.valid_until,
    validity: validity(r.valid_until, now),
    orderSn: r.order_sn,
  };
}

function full(r: CertRow, now: number, withOrder: boolean): Certificate {
  const data = JSON.parse(r.data) as CertData;
  return {
    ...data,
    certNo: r.cert_no,
    serial: r.serial,
    goodsId: r.goods_id,
    skuId: r.sku_id,
    productName: r.product_name,
    analysedAt: r.analysed_at,
    validUntil: r.valid_until,
    validity: validity(r.valid_until, now),
    orderSn: withOrder ? r.order_sn : '',
  };
}

/** A `yyyy-MM-dd` as the start of that Beijing day. */

const CertNoParam = v.pipe(v.string(), v.regex(/^COA-\d{4}-\d{6}$/, '证书编号格式错误'));

// Account deletion (domains/privacy.ts): access to certificates ends (the certificate stays with its cylinder's serial).
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  db.run('UPDATE coa_certificates SET uid = 0 WHERE uid = ?', uid);
}

function seedCoa({ db, at }: Seeding) {
  // The seeded high-purity nitrogen orders (laid by the order domain from the same seed data): analysed days before shipping.
  for (const o of seedOrders(at).list) {
    if (!o.delivery) continue;
    o.lines.forEach((l, pos) => issueForLine(db, o, pos, l, o.delivery!.shippedAt - 2 * DAY_MS));
  }
  // The demo member's standard-gas order, stored through the order domain's own function.
  const { order, analysedAt } = standardGasOrder(at);
  insertOrder({ db }, order);
  order.lines.forEach((l, pos) => issueForLine(db, order, pos, l, analysedAt[pos]!));
}

// The cylinder domain (installed before) fills `serials`; without it the certificates get serials of their own.
function onOrderShipped({ db, now, order, serials }: SandboxEvents['order.shipped']) {
  order.lines.forEach((l, pos) => issueForLine(db, order, pos, l, now - DAY_MS, serials.get(pos) ?? []));
}

function list(ctx: RouteCtx<typeof contract.list>) {
  const { q, validity: state, from, to, pageNumber, pageSize } = ctx.input;
  const now = ctx.now();
  const where = ['uid = ?'];
  const args: (string | number)[] = [ctx.uid!];
  if (q) {
    where.push("(cert_no LIKE ? ESCAPE '\\' OR serial LIKE ? ESCAPE '\\' OR product_name LIKE ? ESCAPE '\\')");
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    args.push(like.toUpperCase(), like.toUpperCase(), like);
  }
  if (from) {
    if (Number.isNaN(chinaDayStart(from))) throw new Fail(400, '日期格式错误');
    where.push('analysed_at >= ?');
    args.push(chinaDayStart(from));
  }
  if (to) {
    if (Number.isNaN(chinaDayStart(to))) throw new Fail(400, '日期格式错误');
    where.push('analysed_at < ?');
    args.push(chinaDayStart(to) + DAY_MS);
  }
  if (state === 'EXPIRED') {
    where.push('valid_until < ?');
    args.push(now);
  } else if (state === 'EXPIRING') {
    where.push('valid_until >= ? AND valid_until <= ?');
    args.push(now, now + EXPIRY_NOTICE_DAYS * DAY_MS);
  } else if (state === 'VALID') {
    where.push('valid_until > ?');
    args.push(now + EXPIRY_NOTICE_DAYS * DAY_MS);
  }
  const filter = where.join(' AND ');
  const total = ctx.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM coa_certificates WHERE ${filter}`, ...args)!.n;
  const rows = ctx.db.all<CertRow>(
    `SELECT ${COLUMNS} FROM coa_certificates WHERE ${filter} ORDER BY analysed_at DESC, cert_no DESC LIMIT ? OFFSET ?`,
    ...args,
    pageSize,
    (pageNumber - 1) * pageSize,
  );
  return { list: rows.map((r) => summary(r, now)), total, pageNumber, pageSize };
}

function expiring(ctx: RouteCtx<typeof contract.expiring>) {
  const now = ctx.now();
  const rows = ctx.db.all<CertRow>(
    `SELECT ${COLUMNS} FROM coa_certificates WHERE uid = ? AND valid_until <= ? AND valid_until >= ? ORDER BY valid_until, cert_no`,
    ctx.uid!,
    now + EXPIRY_NOTICE_DAYS * DAY_MS,
    now - 90 * DAY_MS,
  );
  const groups = new Map<number, ExpiringGroup>();
  for (const r of rows) {
    const s = summary(r, now);
    const g = groups.get(r.sku_id) ?? {
      goodsId: s.goodsId,
      skuId: s.skuId,
      productName: s.productName,
      grade: s.grade,
      validity: s.validity,
      validUntil: s.validUntil,
      certificates: [],
    };
    g.certificates.push({ certNo: s.certNo, serial: s.serial, validUntil: s.validUntil, validity: s.validity });
    groups.set(r.sku_id, g);
  }
  // Lapsing soon first (still usable, worth reordering now), then the lapsed.
  return [...groups.values()].sort((a, b) =>
    a.validity === b.validity ? a.validUntil - b.validUntil : a.validity === 'EXPIRING' ? -1 : 1,
  );
}

function detail(ctx: RouteCtx<typeof contract.detail>) {
  const certNo = parseOrFail(CertNoParam, ctx.params.certNo);
  const r = ctx.db.get<CertRow>(`SELECT ${COLUMNS} FROM coa_certificates WHERE cert_no = ? AND uid = ?`, certNo, ctx.uid!);
  if (!r) throw new Fail(404, '证书不存在');
  return full(r, ctx.now(), true);
}

function ofOrder(ctx: RouteCtx<typeof contract.ofOrder>) {
  const now = ctx.now();
  const rows = ctx.db.all<CertRow>(
    `SELECT ${COLUMNS} FROM coa_certificates WHERE order_sn = ? AND uid = ? ORDER BY line_pos, cert_no`,
    ctx.params.sn,
    ctx.uid!,
  );
  const lines = new Map<number, { linePos: number; skuId: number; certificates: CertificateSummary[] }>();
  for (const r of rows) {
    const l = lines.get(r.line_pos) ?? { linePos: r.line_pos, skuId: r.sku_id, certificates: [] };
    l.certificates.push(summary(r, now));
    lines.set(r.line_pos, l);
  }
  return [...lines.values()];
}

function verify(ctx: RouteCtx<typeof contract.verify>) {
  const { certNo, serial } = ctx.input;
  const r = ctx.db.get<CertRow>(`SELECT ${COLUMNS} FROM coa_certificates WHERE cert_no = ? AND serial = ?`, certNo, serial);
  if (!r) throw new Fail(404, NOT_VERIFIED);
  return full(r, ctx.now(), false);
}

function sample(ctx: RouteCtx<typeof contract.sample>) {
  const goodsId = Number(ctx.params.goodsId);
  const t = Number.isInteger(goodsId) ? templateOf(goodsId) : undefined;
  if (!t) return null;
  // The newest real record of the goods with its cylinder and batch masked; the sample shows the layout, not a cylinder.
  const r = ctx.db.get<CertRow>(
    `SELECT ${COLUMNS} FROM coa_certificates WHERE goods_id = ? ORDER BY analysed_at DESC, cert_no DESC LIMIT 1`,
    goodsId,
  );
  if (!r) return null;
  const c = full(r, ctx.now(), false);
  return { ...c, certNo: 'COA-0000-000000', serial: `${c.serial.slice(0, 2)}00000000`, batch: '样例' };
}

// Test hook: every certificate of an order (with serials), as the warehouse's records would show them.
function hookCertificatesOrder(ctx: Ctx<unknown>) {
  return ctx.db
    .all<CertRow>(`SELECT ${COLUMNS} FROM coa_certificates WHERE order_sn = ? ORDER BY line_pos, cert_no`, ctx.params.sn)
    .map((r) => full(r, ctx.now(), true));
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  sb.seed('coa', seedCoa);
  sb.listen('order.shipped', onOrderShipped);
  sb.on(contract.list, list);
  sb.on(contract.expiring, expiring);
  sb.on(contract.detail, detail);
  sb.on(contract.ofOrder, ofOrder);
  sb.on(contract.verify, verify);
  sb.on(contract.sample, sample);
  sb.hook('GET', '/certificates/order/{sn}', hookCertificatesOrder);
}
