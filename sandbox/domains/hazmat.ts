/**
 * Sandbox domain: hazardous chemicals (hazmat_part). Goods' UN numbers, hazard labels and control classes; the company's purchase
 * permits with their review; Confirmorder's shipments by dangerous-goods class and permits still needed (order.confirming);
 * the refusal of controlled goods without a usable permit and the order's shipments (order.creating); the licences hook.
 */
import { chinaDay } from '#src/shared/formats/china-time.ts';
import * as v from 'valibot';
import {
  compliance as contract,
  type CheckoutHazmat,
  type GoodsCompliance,
  type Permit,
  type PermitNeed,
  type Shipment,
  type SiteLicences,
} from '#src/shared/api/contract/compliance.ts';
import {
  CONTROL_RULES,
  daysLeft,
  missingClasses,
  PERMIT_STATE_LABEL,
  permitState,
  type ControlClass,
  type PermitReview,
} from '#src/features/hazmat/permits.ts';
import { reasonApart, splitShipments, type DgLabel } from '#src/features/hazmat/segregation.ts';
import { Fail, parseOrFail, type Sandbox, type SandboxEvents, type Seeding, type RouteCtx, type Ctx } from '../app.ts';
import { findGoods, yuan } from '../commerce.ts';
import type { Db } from '../db.ts';
import type { OrderRec } from '../records.ts';
import { CLASS_SOURCE, controlledGoods, goodsHazards } from '../seed/hazmat.ts';
import { findUpload } from './common.ts';
import { colleaguesOf } from './company.ts';
import { shopFreight } from './order.ts';
import { patchSiteData, viewOn } from './site.ts';

const FEATURE = 'hazmat_part';

interface GoodsRow {
  goods_id: number;
  un: string;
  labels: string;
  control_class: ControlClass | null;
  control_source: string;
}
interface PermitRow {
  id: number;
  uid: number;
  control_class: ControlClass;
  number: string;
  authority: string;
  valid_from: string;
  valid_to: string;
  scan_url: string;
  status: PermitReview;
  review_note: string;
  create_time: number;
}

const ReviewHook = v.object({
  result: v.picklist(['APPROVED', 'REJECTED'], 'result 只能是 APPROVED 或 REJECTED'),
  note: v.optional(v.string(), ''),
  /** Lets a test move the validity (e.g. to see the 30-day flag or an expired permit). */
  validTo: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validTo 格式错误'))),
});
const LicencesHook = v.object({
  hazardousLicence: v.optional(
    v.object({ number: v.string(), authority: v.string(), validFrom: v.string(), validTo: v.string(), scope: v.string() }),
  ),
  businessLicence: v.optional(v.object({ number: v.string(), name: v.string() })),
  publicSecurity: v.optional(v.string()),
  icp: v.optional(v.string()),
});

const goodsRow = (db: Db, goodsId: number): GoodsRow | undefined =>
  db.get<GoodsRow>('SELECT * FROM hazmat_goods WHERE goods_id = ?', goodsId);
const labelsOf = (r: GoodsRow | undefined): DgLabel[] => (r ? (JSON.parse(r.labels) as DgLabel[]) : []);

export function goodsCompliance(db: Db, goodsId: number): GoodsCompliance | null {
  const r = goodsRow(db, goodsId);
  if (!r) return null;
  const rule = r.control_class && CONTROL_RULES[r.control_class];
  return {
    goodsId,
    un: r.un,
    labels: labelsOf(r),
    classSource: CLASS_SOURCE,
    control: rule
      ? { controlClass: r.control_class!, name: rule.name, permit: rule.permit, basis: rule.basis, source: r.control_source }
      : null,
  };
}

/** The permits that count for the member: their company's, whoever of its members filed them (company buying on), else their own. */
const permitsOf = (db: Db, uid: number): PermitRow[] =>
  db.all<PermitRow>(
    'SELECT * FROM hazmat_permits WHERE uid IN (SELECT value FROM json_each(?)) ORDER BY create_time DESC, id DESC',
    JSON.stringify(colleaguesOf(db, uid)),
  );
const datesOf = (r: PermitRow) => ({ review: r.status, validFrom: r.valid_from, validTo: r.valid_to, controlClass: r.control_class });

function permitOut(r: PermitRow, today: string): Permit {
  const state = permitState(datesOf(r), today);
  const rule = CONTROL_RULES[r.control_class];
  return {
    id: r.id,
    controlClass: r.control_class,
    className: rule.name,
    permitName: rule.permit,
    number: r.number,
    authority: r.authority,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    scanUrl: r.scan_url,
    status: r.status,
    reviewNote: r.review_note,
    state,
    stateText: PERMIT_STATE_LABEL[state],
    daysLeft: daysLeft(datesOf(r), today),
    createTime: r.create_time,
  };
}

interface Line {
  sku_id: number;
  goods_id: number;
  goodsName: string;
  specs: string;
  num: number;
}

/** The permits still needed for these lines, each with what to do. */
function permitNeeds(db: Db, uid: number, lines: readonly Line[], now: number): PermitNeed[] {
  const today = chinaDay(now);
  const controlled = lines.flatMap((l) => {
    const c = goodsRow(db, l.goods_id)?.control_class;
    return c ? [{ c, name: l.goodsName }] : [];
  });
  if (!controlled.length) return [];
  const permits = permitsOf(db, uid);
  return missingClasses(
    controlled.map((x) => x.c),
    permits.map(datesOf),
    today,
  ).map((c) => {
    const rule = CONTROL_RULES[c];
    const latest = permits.find((p) => p.control_class === c);
    const state = latest ? permitState(datesOf(latest), today) : 'NONE';
    const goodsNames = [...new Set(controlled.filter((x) => x.c === c).map((x) => x.name))];
    const why =
      state === 'NONE'
        ? `请上传《${rule.permit}》并等待审核通过`
        : state === 'PENDING'
          ? `您上传的《${rule.permit}》正在审核，审核通过后即可下单`
          : state === 'EXPIRED'
            ? `您的《${rule.permit}》已过期，请上传有效的许可证`
            : state === 'NOT_YET'
              ? `您的《${rule.permit}》尚未到生效日期`
              : `您的《${rule.permit}》审核未通过，请重新上传`;
    return {
      controlClass: c,
      className: rule.name,
      permitName: rule.permit,
      goods: goodsNames,
      state,
      message: `订单含${rule.name}「${goodsNames.join('、')}」，${why}`,
    };
  });
}

/** What a member must do before ordering a controlled goods (its permit missing, pending, expired …), or null when nothing: the quick order's PERMIT lines. */
export function permitMessage(db: Db, uid: number, goods: { id: number; goodsName: string }, now: number): string | null {
  const line = { sku_id: 0, goods_id: goods.id, goodsName: goods.goodsName, specs: '', num: 1 };
  return permitNeeds(db, uid, [line], now)[0]?.message ?? null;
}

/**
 * Shipments of each shop: lines split by the mixed-loading rules. The shop's freight (the order domain's rule) is charged
 * once, on its first shipment; a further vehicle the rules require is the supplier's cost, so the payable never changes.
 */
function shipmentsOf(db: Db, shops: readonly { shop_id: number; shopName: string; freight: number; lines: readonly Line[] }[]): Shipment[] {
  const out: Shipment[] = [];
  for (const shop of shops) {
    const withLabels = shop.lines.map((l) => {
      const r = goodsRow(db, l.goods_id);
      return { ...l, un: r?.un ?? '', labels: labelsOf(r) };
    });
    splitShipments(withLabels).forEach((lines, i, all) => {
      const labels = [...new Set(lines.flatMap((l) => l.labels))].sort();
      const before =
        i > 0
          ? [
              ...new Set(
                all
                  .slice(0, i)
                  .flat()
                  .flatMap((l) => l.labels),
              ),
            ]
          : [];
      const apart = i > 0 ? reasonApart(labels, before) : null;
      out.push({
        no: out.length + 1,
        shop_id: shop.shop_id,
        shopName: shop.shopName,
        labels,
        lines,
        freight: i === 0 ? shop.freight : 0,
        note: apart ? `${apart}，另派车配送，不另收运费` : i === 0 && all.length > 1 ? '本店运费按店铺规则收取一次' : '',
      });
    });
  }
  return out;
}

// Account deletion (domains/privacy.ts): the member's permits and their scans go; shipments stay with their orders.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  db.run('DELETE FROM hazmat_permits WHERE uid = ?', uid);
}

function seedHazmat({ db }: Seeding) {
  for (const h of goodsHazards) {
    const c = controlledGoods.find((x) => x.goodsId === h.goodsId);
    db.insert('hazmat_goods', {
      goods_id: h.goodsId,
      un: h.un,
      labels: JSON.stringify(h.labels),
      control_class: c?.controlClass ?? null,
      control_source: c?.source ?? '',
    });
  }
}

function goods(ctx: RouteCtx<typeof contract.goods>) {
  const id = Number(ctx.params.id);
  const found = Number.isInteger(id) ? goodsCompliance(ctx.db, id) : null;
  if (found) return found;
  // Goods that are not dangerous goods (equipment, parts) answer with no class, as long as the goods exists.
  if (!Number.isInteger(id) || !findGoods(ctx, id)) throw new Fail(404, '商品不存在');
  return { goodsId: id, un: '', labels: [], classSource: CLASS_SOURCE, control: null };
}

function permits(ctx: RouteCtx<typeof contract.permits>) {
  return permitsOf(ctx.db, ctx.uid!).map((r) => permitOut(r, chinaDay(ctx.now())));
}

function savePermit(ctx: RouteCtx<typeof contract.savePermit>) {
  const uid = ctx.uid!;
  const { controlClass, number, authority, validFrom, validTo, scanUrl } = ctx.input;
  if (Number.isNaN(Date.parse(validFrom)) || Number.isNaN(Date.parse(validTo))) throw new Fail(400, '请输入有效期');
  if (validTo < validFrom) throw new Fail(400, '有效期截止日期不能早于起始日期');
  if (validTo < chinaDay(ctx.now())) throw new Fail(400, '许可证已过期，请上传有效的许可证');
  // The scan must be a file this member uploaded through the existing upload (its type and size checks already passed).
  if (!findUpload(ctx.db, scanUrl, uid)) throw new Fail(400, '扫描件不存在，请重新上传');
  const id = ctx.db.insert('hazmat_permits', {
    uid,
    control_class: controlClass,
    number,
    authority,
    valid_from: validFrom,
    valid_to: validTo,
    scan_url: scanUrl,
    status: 'PENDING',
    review_note: '已提交，等待审核',
    create_time: ctx.now(),
  });
  return permitOut(ctx.db.get<PermitRow>('SELECT * FROM hazmat_permits WHERE id = ?', id)!, chinaDay(ctx.now()));
}

function shipments(ctx: RouteCtx<typeof contract.shipments>) {
  return ctx.db
    .all<{ data: string }>('SELECT data FROM hazmat_shipments WHERE uid = ? AND sn = ? ORDER BY no', ctx.uid!, ctx.params.sn ?? '')
    .map((r) => JSON.parse(r.data) as Shipment);
}

/** An order's vehicles as stored when it was placed (the delivery domain's shipments); [] for an order placed without this domain. */
export const orderShipments = (db: Db, orderId: number): Shipment[] =>
  db
    .all<{ data: string }>('SELECT data FROM hazmat_shipments WHERE order_id = ? ORDER BY no', orderId)
    .map((r) => JSON.parse(r.data) as Shipment);

function onOrderConfirming({ db, now, uid, checkout }: SandboxEvents['order.confirming']) {
  if (!viewOn(db, FEATURE)) return;
  const hazmat: CheckoutHazmat = {
    shipments: shipmentsOf(
      db,
      checkout.shops.map((s) => ({ ...s, lines: s.sku_list })),
    ),
    needs: permitNeeds(
      db,
      uid,
      checkout.shops.flatMap((s) => s.sku_list),
      now,
    ),
  };
  checkout.hazmat = hazmat;
}

// The rule the client cannot bypass: controlled goods need a usable permit, whatever the view control or the request says.
function onOrderCreating({ db, now, uid, order }: SandboxEvents['order.creating']) {
  const needs = permitNeeds(db, uid, order.lines, now);
  if (needs.length) throw new Fail(400, needs.map((n) => n.message).join('；'));
  for (const s of shipmentsOf(db, shopsOf(order)))
    db.insert('hazmat_shipments', { order_id: order.id, no: s.no, uid, sn: order.sn, data: JSON.stringify(s) });
}

// Back-office review of a permit: approve or reject, optionally with another last day.
function hookHazmatPermitsReview(ctx: Ctx<unknown>) {
  const { result, note, validTo } = parseOrFail(ReviewHook, ctx.input);
  const row = ctx.db.get<PermitRow>('SELECT * FROM hazmat_permits WHERE id = ?', Number(ctx.params.id));
  if (!row) throw new Fail(404, '许可证不存在');
  ctx.db.run(
    'UPDATE hazmat_permits SET status = ?, review_note = ?, valid_to = ? WHERE id = ?',
    result,
    note || (result === 'APPROVED' ? '审核通过' : '审核未通过'),
    validTo ?? row.valid_to,
    row.id,
  );
  return permitOut(ctx.db.get<PermitRow>('SELECT * FROM hazmat_permits WHERE id = ?', row.id)!, chinaDay(ctx.now()));
}

// The member's permits (uid), for tests and the back office's list.
function hookHazmatPermits(ctx: Ctx<unknown>) {
  return permitsOf(ctx.db, Number(ctx.params.uid)).map((r) => permitOut(r, chinaDay(ctx.now())));
}

// The back office edits the seller's licences in the site data.
function hookHazmatLicences(ctx: Ctx<unknown>) {
  const { icp, ...patch } = parseOrFail(LicencesHook, ctx.input);
  const site = patchSiteData(ctx.db, {});
  const licences = { ...(site.licences as SiteLicences), ...patch };
  return patchSiteData(ctx.db, icp === undefined ? { licences } : { licences, icp });
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  sb.seed('hazmat', seedHazmat);
  sb.on(contract.goods, goods);
  sb.on(contract.permits, permits);
  sb.on(contract.savePermit, savePermit);
  sb.on(contract.shipments, shipments);
  sb.listen('order.confirming', onOrderConfirming);
  sb.listen('order.creating', onOrderCreating);
  sb.hook('POST', '/hazmat/permits/{id}/review', hookHazmatPermitsReview);
  sb.hook('GET', '/hazmat/permits/{uid}', hookHazmatPermits);
  sb.hook('POST', '/hazmat/licences', hookHazmatLicences);
}

/** An order's lines grouped by shop, with the freight the order domain charged each shop (its rule: free from ¥2000). */
function shopsOf(o: OrderRec): { shop_id: number; shopName: string; freight: number; lines: Line[] }[] {
  const shops = new Map<number, { shop_id: number; shopName: string; freight: number; lines: Line[]; goods: number }>();
  for (const l of o.lines) {
    const s = shops.get(l.shop_id) ?? { shop_id: l.shop_id, shopName: l.shopName, freight: 0, lines: [], goods: 0 };
    s.lines.push({ sku_id: l.sku_id, goods_id: l.goods_id, goodsName: l.goodsName, specs: l.specs, num: l.num });
    s.goods += l.price * l.num;
    shops.set(l.shop_id, s);
  }
  // Each shop's freight by the order domain's own rule, as Confirmorder showed it.
  return [...shops.values()].map(({ goods, ...s }) => ({ ...s, freight: yuan(shopFreight(goods)) }));
}
