/**
 * Hazardous-chemicals compliance (docs/gas-features.md, gated by view control `hazmat_part`): the seller's licences in the site data, the
 * control class and dangerous-goods class of each goods, the company's purchase permits, and the shipments an order splits into.
 *
 * For the back office, every call:
 * - GET  /compliance/goods/{id}            auth none.      → GoodsCompliance. Errors: 404 商品不存在.
 * - GET  /compliance/permits               auth required.  → Permit[] (the company's permits, newest first, with their state today: with company_part on, those any member of the member's company filed count for all of them).
 * - POST /compliance/permits               auth required.  PermitInput → Permit (status PENDING until the back office reviews it).
 *        Errors: 400 请选择管控类别 / 请输入许可证编号 / 请输入发证机关 / 请输入有效期 / 有效期截止日期不能早于起始日期 /
 *        许可证已过期，请上传有效的许可证 / 请上传许可证扫描件 / 扫描件不存在，请重新上传 (the scan must be the member's own upload).
 * - GET  /compliance/orders/{sn}/shipments auth required.  → Shipment[] ([] for an order placed without the feature).
 *        Errors: 404 订单不存在 (also for another member's order).
 * Extensions of existing answers (a backend without the feature omits them):
 * - GET /site: `licences` (SiteLicences), edited by the back office.
 * - POST /order/confirm: `hazmat` (CheckoutHazmat): the shipments and the permits still needed. POST /order/create is refused
 *   with 400 “订单含剧毒化学品「…」，请先上传《剧毒化学品购买许可证》并等待审核通过” while a needed permit is missing,
 *   pending, rejected, not yet valid or expired, whatever the client sends.
 */
import * as v from 'valibot';
import { endpoint, form } from './core.ts';
import { CONTROL_CLASSES } from '#src/features/hazmat/permits.ts';

const auth = 'required' as const;
const Money = v.number();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const ControlClass = v.picklist(CONTROL_CLASSES, '请选择管控类别');
export const PermitStatus = v.picklist(['PENDING', 'APPROVED', 'REJECTED']);
export const PermitState = v.picklist(['PENDING', 'REJECTED', 'NOT_YET', 'VALID', 'EXPIRING', 'EXPIRED']);

/** The seller's licences shown in the footer and on /about/certificate (应急〔2022〕119号: a seller selling on its own site shows them). */
export const SiteLicences = v.object({
  /** 危险化学品经营许可证 number, issuing authority and validity (`YYYY-MM-DD`). */
  hazardousLicence: v.object({ number: v.string(), authority: v.string(), validFrom: v.string(), validTo: v.string(), scope: v.string() }),
  /** Unified social credit code on the business licence (营业执照). */
  businessLicence: v.object({ number: v.string(), name: v.string() }),
  /** Public-security filing (公安备案) number; the ICP filing is the site's `icp`. */
  publicSecurity: v.string(),
});
export type SiteLicences = v.InferOutput<typeof SiteLicences>;

/** What a goods is, for the rules: UN number and hazard labels (class and subsidiary risks), and its control class if any. */
export const GoodsCompliance = v.object({
  goodsId: v.number(),
  /** E.g. UN1017; empty for goods that are not dangerous goods. */
  un: v.string(),
  /** Hazard labels, e.g. ['2.3', '5.1', '8']. */
  labels: v.array(v.string()),
  /** Where the UN number and class come from. */
  classSource: v.string(),
  control: v.nullable(
    v.object({
      controlClass: ControlClass,
      name: v.string(),
      permit: v.string(),
      basis: v.string(),
      /** The catalogue entry that puts the goods in the class. */
      source: v.string(),
    }),
  ),
});
export type GoodsCompliance = v.InferOutput<typeof GoodsCompliance>;

export const PermitInput = form({
  controlClass: ControlClass,
  number: v.pipe(v.string('请输入许可证编号'), v.trim(), v.nonEmpty('请输入许可证编号'), v.maxLength(40, '许可证编号不能超过 40 个字符')),
  authority: v.pipe(v.string('请输入发证机关'), v.trim(), v.nonEmpty('请输入发证机关'), v.maxLength(60, '发证机关不能超过 60 个字')),
  validFrom: v.pipe(v.string('请输入有效期'), v.regex(DAY, '请输入有效期')),
  validTo: v.pipe(v.string('请输入有效期'), v.regex(DAY, '请输入有效期')),
  /** The scan, a URL the existing upload (/api/upload) returned to this member. */
  scanUrl: v.pipe(
    v.string('请上传许可证扫描件'),
    v.trim(),
    v.nonEmpty('请上传许可证扫描件'),
    v.regex(/^(?:https?:\/\/|\/)\S+$/, '请上传许可证扫描件'),
  ),
});
export type PermitInput = v.InferInput<typeof PermitInput>;

export const Permit = v.object({
  id: v.number(),
  controlClass: ControlClass,
  className: v.string(),
  permitName: v.string(),
  number: v.string(),
  authority: v.string(),
  validFrom: v.string(),
  validTo: v.string(),
  scanUrl: v.string(),
  status: PermitStatus,
  reviewNote: v.string(),
  /** Where it stands today (China time); EXPIRING within 30 days of its last day. */
  state: PermitState,
  stateText: v.string(),
  daysLeft: v.number(),
  createTime: v.number(),
});
export type Permit = v.InferOutput<typeof Permit>;

export const ShipmentLine = v.object({
  sku_id: v.number(),
  goods_id: v.number(),
  goodsName: v.string(),
  specs: v.string(),
  num: v.number(),
  un: v.string(),
  labels: v.array(v.string()),
});
/** One vehicle's load: goods that may travel together by the mixed-loading rules (src/features/hazmat/segregation.ts). */
export const Shipment = v.object({
  no: v.number(),
  shop_id: v.number(),
  shopName: v.string(),
  /** Hazard labels on board. */
  labels: v.array(v.string()),
  lines: v.array(ShipmentLine),
  freight: Money,
  /** Why this shipment travels apart from the one before, or how its freight is charged. */
  note: v.string(),
});
export type Shipment = v.InferOutput<typeof Shipment>;

/** A permit the member still needs before ordering these goods. */
export const PermitNeed = v.object({
  controlClass: ControlClass,
  className: v.string(),
  permitName: v.string(),
  goods: v.array(v.string()),
  /** NONE when no permit of the class was uploaded. */
  state: v.union([PermitState, v.literal('NONE')]),
  message: v.string(),
});
export type PermitNeed = v.InferOutput<typeof PermitNeed>;

/** Confirmorder's extension: the shipments and the permits still needed (empty when the goods may be ordered). */
export const CheckoutHazmat = v.object({ shipments: v.array(Shipment), needs: v.array(PermitNeed) });
export type CheckoutHazmat = v.InferOutput<typeof CheckoutHazmat>;

export const compliance = {
  goods: endpoint({ name: 'compliance.goods', method: 'GET', path: '/compliance/goods/{id}', data: GoodsCompliance }),
  permits: endpoint({ name: 'compliance.permits', method: 'GET', path: '/compliance/permits', data: v.array(Permit), auth }),
  savePermit: endpoint({
    name: 'compliance.savePermit',
    method: 'POST',
    path: '/compliance/permits',
    data: Permit,
    input: PermitInput,
    auth,
  }),
  shipments: endpoint({
    name: 'compliance.shipments',
    method: 'GET',
    path: '/compliance/orders/{sn}/shipments',
    data: v.array(Shipment),
    auth,
  }),
} as const;
