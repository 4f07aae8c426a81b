/**
 * Seed of the certificate domain: the issuing laboratory, what each certified goods' certificate says (components, method,
 * reference material, stability), and the demo member's certified cylinders (the two seeded high-purity nitrogen orders and
 * one standard-gas order of its own, with one certificate expiring within 30 days and one expired).
 *
 * Figures: nominal concentrations, uncertainties (k = 2) and stability periods are the goods' own (seed/goods-data/special.ts);
 * reference-material numbers are shaped like the national catalogue's (GBW = first grade, GBW(E) = second grade) but are
 * sandbox data, not real catalogue entries.
 */
import type { CertComponent, Lab } from '#src/shared/api/contract/certificates.ts';
import type { OrderLineRec, OrderRec } from '../records.ts';
import { goods } from './goods.ts';
import { orderSn } from './member.ts';

const DAY = 86_400_000;

export const LAB: Lab = {
  name: '华气云商气体分析检测中心',
  address: '江苏省苏州市工业园区星湖街 218 号 生物医药产业园 C3 栋',
  phone: '0512-6288 0000',
  accreditation: 'CNAS L10586',
  cmc: '苏制 00000522 号',
};

export const ANALYSTS = ['陈晓雯', '刘志强', '周丽娟'];
export const APPROVER = '张国平';

/** One component as the template states it: nominal value from the SKU, relative expanded uncertainty (k = 2) in percent. */
interface ComponentSpec {
  name: string;
  formula: string;
  unit: CertComponent['unit'];
  /** Nominal value per SKU id. */
  nominal: Record<number, number>;
  relU: number;
  method: string;
}

export interface CertTemplate {
  goodsId: number;
  components: ComponentSpec[];
  balance: string;
  reference: { name: string; number: string };
  preparation: string;
  /** Stability period in months (the goods' stated 稳定期). */
  months: number;
  fillPressureMpa: number;
  minPressureMpa: number;
  storage: string;
  /** Two capitals of the filling plant in the cylinder serials this sandbox makes when no cylinder domain supplies them. */
  plant: string;
}

const STORAGE_MIXTURE = '储存于 -10 ℃～40 ℃ 阴凉通风处，避免阳光直射；使用前将气瓶在室温下放置 24 h 并水平滚动混匀。';
const STORAGE_PURE = '储存于阴凉通风处，远离热源；使用专用减压器，管路使用前用本气吹扫置换。';
const same = (ids: number[], value: number) => Object.fromEntries(ids.map((id) => [id, value]));

export const templates: CertTemplate[] = [
  {
    goodsId: 1001,
    components: [
      { name: '氮', formula: 'N₂', unit: '%', nominal: same([100101, 100102, 100103], 99.9993), relU: 0.0003, method: '差减法' },
      { name: '氧', formula: 'O₂', unit: 'ppm', nominal: same([100101, 100102, 100103], 0.8), relU: 15, method: '电化学法' },
      { name: '水', formula: 'H₂O', unit: 'ppm', nominal: same([100101, 100102, 100103], 1.6), relU: 15, method: '露点法' },
      { name: '总烃（以甲烷计）', formula: 'THC', unit: 'ppm', nominal: same([100101, 100102, 100103], 0.3), relU: 20, method: 'GC-FID' },
    ],
    balance: '',
    reference: { name: '氮中氧气体标准物质', number: 'GBW(E)080224' },
    preparation: '空分液氮汽化、纯化后充装（GB/T 8979）',
    months: 36,
    fillPressureMpa: 15,
    minPressureMpa: 0.5,
    storage: STORAGE_PURE,
    plant: 'SZ',
  },
  {
    goodsId: 1016,
    components: [
      { name: '甲烷', formula: 'CH₄', unit: '%', nominal: { 101601: 2.5, 101602: 2.5, 101603: 1.25 }, relU: 2, method: 'GC-TCD' },
    ],
    balance: '合成空气',
    reference: { name: '空气中甲烷气体标准物质', number: 'GBW08102' },
    preparation: '称量法（GB/T 5274.1-2018）',
    months: 12,
    fillPressureMpa: 8,
    minPressureMpa: 0.7,
    storage: STORAGE_MIXTURE,
    plant: 'SH',
  },
  {
    goodsId: 1017,
    components: [
      { name: '二氧化硫', formula: 'SO₂', unit: 'ppm', nominal: { 101701: 50, 101702: 100, 101703: 500 }, relU: 2, method: '紫外荧光法' },
    ],
    balance: '高纯氮',
    reference: { name: '氮中二氧化硫气体标准物质', number: 'GBW08106' },
    preparation: '称量法（GB/T 5274.1-2018），内壁钝化铝合金气瓶',
    months: 12,
    fillPressureMpa: 8,
    minPressureMpa: 0.7,
    storage: STORAGE_MIXTURE,
    plant: 'SH',
  },
  {
    goodsId: 1018,
    components: [{ name: '一氧化氮', formula: 'NO', unit: 'ppm', nominal: { 101801: 50, 101802: 250 }, relU: 2, method: '化学发光法' }],
    balance: '高纯氮',
    reference: { name: '氮中一氧化氮气体标准物质', number: 'GBW08113' },
    preparation: '称量法（GB/T 5274.1-2018）',
    months: 12,
    fillPressureMpa: 8,
    minPressureMpa: 0.7,
    storage: STORAGE_MIXTURE,
    plant: 'SH',
  },
  {
    goodsId: 1019,
    components: [
      {
        name: '一氧化碳',
        formula: 'CO',
        unit: 'ppm',
        nominal: { 101901: 50, 101902: 100, 101903: 1000, 101904: 100 },
        relU: 2,
        method: 'NDIR',
      },
    ],
    balance: '高纯氮',
    reference: { name: '氮中一氧化碳气体标准物质', number: 'GBW08120' },
    preparation: '称量法（GB/T 5274.1-2018）',
    months: 24,
    fillPressureMpa: 8,
    minPressureMpa: 0.7,
    storage: STORAGE_MIXTURE,
    plant: 'SH',
  },
  {
    goodsId: 1021,
    components: [
      { name: '甲烷', formula: 'CH₄', unit: '%', nominal: same([102101, 102102], 2.5), relU: 3, method: 'GC-TCD' },
      { name: '氧', formula: 'O₂', unit: '%', nominal: same([102101, 102102], 18.0), relU: 1, method: 'GC-TCD' },
      { name: '一氧化碳', formula: 'CO', unit: 'ppm', nominal: same([102101, 102102], 50), relU: 3, method: 'NDIR' },
      { name: '硫化氢', formula: 'H₂S', unit: 'ppm', nominal: same([102101, 102102], 25), relU: 3, method: 'GC-FPD' },
    ],
    balance: '高纯氮',
    reference: { name: '氮中甲烷、氧、一氧化碳、硫化氢混合气体标准物质', number: 'GBW(E)062190' },
    preparation: '称量法（GB/T 5274.1-2018）',
    months: 12,
    fillPressureMpa: 8,
    minPressureMpa: 0.7,
    storage: STORAGE_MIXTURE,
    plant: 'SH',
  },
];

export const templateOf = (goodsId: number): CertTemplate | undefined => templates.find((t) => t.goodsId === goodsId);

/** The demo member's standard-gas order (id chosen clear of the order domain's seed; new orders take MAX(id) + 1). */
export const STANDARD_ORDER_ID = 2201;

/** An order line of a catalogue SKU at its list price (also the quick seed's past order). */
export function lineOf(skuId: number, num: number): OrderLineRec {
  const g = goods.find((x) => x.skus.some((s) => s.sku_id === skuId))!;
  const sku = g.skus.find((s) => s.sku_id === skuId)!;
  return {
    sku_id: skuId,
    goods_id: g.id,
    shop_id: g.shop_id,
    shopName: g.shopName,
    goodsName: g.goodsName,
    thumbnail: g.thumbnail,
    specs: sku.spec_list.map((s) => s.spec_value).join(' - '),
    unit: sku.unit,
    price: Math.round(sku.price * 100),
    num,
    deposit: 0,
  };
}

/**
 * A standard-gas order of the demo member placed 340 days ago: methane/air 2.5 % (12-month stability, analysed 350 days ago:
 * expires within 30 days) and SO₂ 100 ppm (analysed 380 days ago: expired), both received and completed.
 */
export function standardGasOrder(now: number): { order: OrderRec; analysedAt: Record<number, number> } {
  const at = now - 340 * DAY;
  const lines = [lineOf(101601, 1), lineOf(101702, 1)];
  const goodsTotal = lines.reduce((sum, l) => sum + l.price * l.num, 0);
  const freight = 5_000;
  return {
    order: {
      id: STANDARD_ORDER_ID,
      sn: orderSn(at, STANDARD_ORDER_ID),
      uid: 1,
      status: 'COMPLETE',
      prevStatus: null,
      way: 'CART',
      createTime: at,
      lines,
      goodsTotal,
      freight,
      deposit: 0,
      discount: 0,
      couponDiscount: 0,
      payable: goodsTotal + freight,
      coupon: null,
      address: {
        name: '王建国',
        phone: '13800138000',
        regionText: '江苏省 苏州市 吴中区 郭巷街道',
        detail: '吴淞江科技产业园 8 号楼 2 层 气体站',
      },
      invoice: null,
      remark: '检测仪年度校准用，请随瓶附证书',
      logs: [
        { status: 'NEW', time: at, note: '提交订单' },
        { status: 'PAID_OFF', time: at + 20 * 60_000, note: '微信支付成功' },
        { status: 'SHIPPED', time: at + DAY, note: '顺丰速运 SF1420385500319' },
        { status: 'ROG', time: at + 2 * DAY, note: '确认收货' },
        { status: 'COMPLETE', time: at + 9 * DAY, note: '收货 7 天后自动完成' },
      ],
      cancelReason: '',
      payType: 'WECHAT',
      paidAt: at + 20 * 60_000,
      delivery: { company: '顺丰速运', trackingNo: 'SF1420385500319', shippedAt: at + DAY },
      receivedAt: at + 2 * DAY,
      qr: {},
    },
    // Line position → analysis date: the cylinders waited in stock before shipping.
    analysedAt: { 0: now - 350 * DAY, 1: now - 380 * DAY },
  };
}
