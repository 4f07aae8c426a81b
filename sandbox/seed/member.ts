/** Seed of the commerce state: shop promotions, coupons on offer, and what the demo members already hold (company, addresses, invoice titles, coupons, points, tickets, favourites, past orders). Money is in cents. */
import { chinaWallClock } from '#src/shared/formats/china-time.ts';
import type { AfterSalesState, MembersState, MemberState, OrderLineRec, OrdersState } from '../records.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A shop promotion of the cart (满减), applied to the shop's checked goods. */
export interface Promotion {
  activity_id: number;
  shop_id: number;
  title: string;
  threshold: number;
  reduction: number;
}

export const promotions: Promotion[] = [
  { activity_id: 1, shop_id: 1, title: '满2000减100', threshold: 200_000, reduction: 10_000 },
  { activity_id: 2, shop_id: 1, title: '满5000减300', threshold: 500_000, reduction: 30_000 },
  { activity_id: 3, shop_id: 2, title: '满3000减150', threshold: 300_000, reduction: 15_000 },
];

/** A coupon on offer; `shop_id` 0 is valid in every shop. */
export interface CouponTemplate {
  couponId: number;
  title: string;
  shop_id: number;
  threshold: number;
  reduction: number;
  startTime: number;
  endTime: number;
  description: string;
}

export const couponTemplates = (now: number): CouponTemplate[] => [
  {
    couponId: 1,
    title: '满1000减50',
    shop_id: 0,
    threshold: 100_000,
    reduction: 5_000,
    startTime: now - 10 * DAY,
    endTime: now + 80 * DAY,
    description: '全场通用，订单商品金额满 ¥1000 可用',
  },
  {
    couponId: 2,
    title: '满3000减200',
    shop_id: 1,
    threshold: 300_000,
    reduction: 20_000,
    startTime: now - 5 * DAY,
    endTime: now + 60 * DAY,
    description: '限华气云商自营旗舰店商品使用',
  },
  {
    couponId: 3,
    title: '满500减20',
    shop_id: 0,
    threshold: 50_000,
    reduction: 2_000,
    startTime: now - 60 * DAY,
    endTime: now - DAY,
    description: '全场通用，春季采购季专享',
  },
  {
    couponId: 4,
    title: '新客专享 满200减10',
    shop_id: 0,
    threshold: 20_000,
    reduction: 1_000,
    startTime: now - 40 * DAY,
    endTime: now + 325 * DAY,
    description: '新注册企业会员首单可用',
  },
  {
    couponId: 5,
    title: '满5000减400',
    shop_id: 1,
    threshold: 500_000,
    reduction: 40_000,
    startTime: now - DAY,
    endTime: now + 30 * DAY,
    description: '限华气云商自营旗舰店商品使用，大宗采购专享',
  },
];

/** The order number: order time in Beijing time (yyyyMMddHHmmss) and the order id on six digits. */
export function orderSn(time: number, id: number): string {
  return chinaWallClock(time).toISOString().replace(/\D/g, '').slice(0, 14) + String(id).padStart(6, '0');
}

// The demo member's two past orders: 40L cylinders of 5N nitrogen (goods 1001, SKU 100101, ¥180, deposit ¥600 per cylinder).
const nitrogen = (num: number): OrderLineRec => ({
  sku_id: 100101,
  goods_id: 1001,
  shop_id: 1,
  shopName: '华气云商自营旗舰店',
  goodsName: '高纯氮气 N₂ 99.999%',
  thumbnail: '/images/goods/n2.svg',
  specs: '99.999% - 40L 钢瓶 - 15 MPa',
  unit: '瓶',
  price: 18_000,
  num,
  deposit: 60_000,
});

const ADDRESS = {
  name: '王建国',
  phone: '13800138000',
  regionText: '江苏省 苏州市 吴中区 郭巷街道',
  detail: '吴淞江科技产业园 8 号楼 2 层 气体站',
};
const COMPANY_TITLE = {
  type: 'VAT_SPECIAL' as const,
  titleType: 'COMPANY' as const,
  title: '苏州华芯微电子材料有限公司',
  taxNo: '91320506MA1N2QK83W',
};

export function seedOrders(now: number): OrdersState {
  const completeAt = now - 30 * DAY;
  const shippedAt = now - 2 * DAY;
  return {
    seq: 2,
    keys: {},
    list: [
      {
        id: 1,
        sn: orderSn(completeAt, 1),
        uid: 1,
        status: 'COMPLETE',
        prevStatus: null,
        way: 'CART',
        createTime: completeAt,
        lines: [nitrogen(4)],
        goodsTotal: 72_000,
        freight: 5_000,
        deposit: 240_000,
        discount: 0,
        couponDiscount: 1_000,
        payable: 316_000,
        coupon: { couponId: 4, title: '新客专享 满200减10' },
        address: ADDRESS,
        invoice: COMPANY_TITLE,
        remark: '请工作日上午送达，卸货需叉车',
        logs: [
          { status: 'NEW', time: completeAt, note: '提交订单' },
          { status: 'PAID_OFF', time: completeAt + 5 * MINUTE, note: '微信支付成功' },
          { status: 'SHIPPED', time: completeAt + DAY, note: '顺丰速运 SF1420385561207' },
          { status: 'ROG', time: completeAt + 2 * DAY, note: '确认收货' },
          { status: 'COMPLETE', time: completeAt + 9 * DAY, note: '收货 7 天后自动完成' },
        ],
        cancelReason: '',
        payType: 'WECHAT',
        paidAt: completeAt + 5 * MINUTE,
        delivery: { company: '顺丰速运', trackingNo: 'SF1420385561207', shippedAt: completeAt + DAY },
        receivedAt: completeAt + 2 * DAY,
        qr: {},
      },
      {
        id: 2,
        sn: orderSn(shippedAt, 2),
        uid: 1,
        status: 'SHIPPED',
        prevStatus: null,
        way: 'CART',
        createTime: shippedAt,
        lines: [nitrogen(10)],
        goodsTotal: 180_000,
        freight: 5_000,
        deposit: 600_000,
        discount: 0,
        couponDiscount: 0,
        payable: 785_000,
        coupon: null,
        address: ADDRESS,
        invoice: null,
        remark: '',
        logs: [
          { status: 'NEW', time: shippedAt, note: '提交订单' },
          { status: 'PAID_OFF', time: shippedAt + 12 * MINUTE, note: '支付宝支付成功' },
          { status: 'SHIPPED', time: shippedAt + DAY, note: '华气物流 HQ2026031800127' },
        ],
        cancelReason: '',
        payType: 'ALIPAY',
        paidAt: shippedAt + 12 * MINUTE,
        delivery: { company: '华气物流', trackingNo: 'HQ2026031800127', shippedAt: shippedAt + DAY },
        receivedAt: null,
        qr: {},
      },
    ],
  };
}

export const seedAfterSales = (): AfterSalesState => ({ seq: 0, list: [] });

type DemoState = MembersState['byUid'][number];

/** The demo member's two addresses: the company's dock (default) and a lab in Shanghai. Fresh arrays, as the seed is mutated. */
const demoAddresses = (): DemoState['addresses'] => [
  {
    id: 1,
    name: ADDRESS.name,
    phone: ADDRESS.phone,
    regionIds: [320000, 320500, 320506, 320506004000],
    regionText: ADDRESS.regionText,
    detail: ADDRESS.detail,
    isDefault: 1,
  },
  {
    id: 2,
    name: '李敏',
    phone: '13916820573',
    regionIds: [310000, 310100, 310115, 310115005000],
    regionText: '上海市 上海市 浦东新区 陆家嘴街道',
    detail: '张杨路 500 号 12 楼 研发中心实验室',
    isDefault: 0,
  },
];

/** The demo member's invoice titles: the company's special VAT title (default) and a personal one. */
const demoInvoiceTitles = (): DemoState['invoiceTitles'] => [
  {
    id: 1,
    ...COMPANY_TITLE,
    bank: '中国工商银行苏州吴中支行',
    account: '1102020509000385216',
    address: '苏州市吴中区郭巷街道吴淞江科技产业园 8 号楼',
    phone: '0512-65801234',
    isDefault: 1,
  },
  {
    id: 2,
    type: 'NORMAL',
    titleType: 'PERSONAL',
    title: '王建国',
    taxNo: '',
    bank: '',
    account: '',
    address: '',
    phone: '',
    isDefault: 0,
  },
];

/** A member with nothing yet but, perhaps, company information. */
const bare = (company: MemberState['company']): MemberState => ({
  company,
  addresses: [],
  invoiceTitles: [],
  coupons: [],
  points: { balance: 0, log: [] },
  tickets: [],
  collects: [],
  invoices: [],
});

export function seedMembers(now: number): MembersState {
  const firstOrderAt = now - 30 * DAY;
  return {
    seq: 100,
    byUid: {
      1: {
        company: {
          companyName: COMPANY_TITLE.title,
          taxNo: COMPANY_TITLE.taxNo,
          licenseUrl: '/uploads/demo/business-licence.png',
          contact: '王建国',
          phone: '13800138000',
          updateTime: now - 45 * DAY,
        },
        addresses: demoAddresses(),
        invoiceTitles: demoInvoiceTitles(),
        coupons: [
          { couponId: 1, receivedAt: now - 9 * DAY, usedAt: null, orderSn: '' },
          { couponId: 3, receivedAt: now - 50 * DAY, usedAt: null, orderSn: '' },
          { couponId: 4, receivedAt: now - 40 * DAY, usedAt: firstOrderAt, orderSn: orderSn(firstOrderAt, 1) },
        ],
        points: {
          balance: 1_260,
          log: [
            { id: 2, change: 760, balance: 1_260, reason: `订单 ${orderSn(firstOrderAt, 1)} 确认收货`, time: firstOrderAt + 2 * DAY },
            { id: 1, change: 500, balance: 500, reason: '企业认证奖励', time: now - 45 * DAY },
          ],
        },
        tickets: [
          {
            id: 1,
            type: 'DELIVERY',
            title: '钢瓶周六能否送货',
            content: '我司周六有夜班生产，氮气用量大，请问周六上午能否配送 40L 钢瓶 10 瓶？需要提前几天下单？',
            contact: '王建国',
            phone: '13800138000',
            status: 'REPLIED',
            attachments: [],
            createTime: now - 6 * DAY,
            replies: [
              {
                from: 'SERVICE',
                content: '您好，苏州地区周六上午可以配送，请在周四 17:00 前下单并在备注中注明送货时间，司机会提前一小时电话联系。',
                time: now - 6 * DAY + 2 * HOUR,
              },
            ],
          },
        ],
        collects: [{ goodsId: 1001, time: now - 3 * DAY }],
        invoices: [
          {
            id: 1,
            orderId: 1,
            sn: orderSn(firstOrderAt, 1),
            ...COMPANY_TITLE,
            amount: 76_000,
            status: 'ISSUED',
            invoiceNo: '32016580',
            createTime: firstOrderAt + 5 * MINUTE,
            issueTime: firstOrderAt + DAY,
          },
        ],
      },
      2: bare(null),
      // The second company with a price agreement (seed of the prices domain): approved company information, nothing else.
      3: bare({
        companyName: '苏州启明激光科技有限公司',
        taxNo: '91320594MA7KQ1L25X',
        licenseUrl: '/uploads/demo/business-licence.png',
        contact: '陈思远',
        phone: '13711110001',
        updateTime: now - 60 * DAY,
      }),
    },
  };
}
