/**
 * Seed of quick order's purchase lists (docs/quick-order.md): the second company (苏州启明激光科技有限公司, account 900 of
 * 13711110001) gains a lab member, 13711110002, who uses the company's lists without editing them, and one list its buyer
 * saved: a laser lab's monthly gases, one line of a goods the catalogue no longer sells; and the lab member's past order
 * with that same delisted line, to buy again.
 */
import type { OrderRec } from '../records.ts';
import { lineOf } from './coa.ts';
import { orderSn } from './member.ts';
import { SECOND_COMPANY } from './prices.ts';

const DAY = 86_400_000;

/** The lab member of the second company: a role that neither edits lists nor sees agreed prices. */
export const QUICK_MEMBER = { uid: 5, companyId: SECOND_COMPANY.accountId, roles: ['APPROVER'] } as const;

/** The second company's purchase list, saved by its buyer. */
export const listSeed = {
  ownerUid: SECOND_COMPANY.ownerUid,
  name: '激光实验室月度用气',
  lines: [
    { skuId: 100201, qty: 2 },
    { skuId: 103601, qty: 1 },
    // 钢瓶集装格 16 瓶组（旧款焊接框架）, delisted in the catalogue's seed: the list shows it as no longer sold.
    { skuId: 107101, qty: 1 },
  ],
};

/** The lab member's past order (id below the certificate seed's 2201, so new orders still take 2202 on). */
export const LAB_ORDER_ID = 2200;

/**
 * The lab member's completed order of 60 days ago, bought again with 再次购买: two lines still sold and the bundle the
 * catalogue has since delisted, which the reorder names with its reason instead of dropping it.
 */
export function labOrder(now: number): OrderRec {
  const at = now - 60 * DAY;
  const lines = [lineOf(100201, 2), lineOf(103601, 1), lineOf(107101, 1)];
  const goodsTotal = lines.reduce((sum, l) => sum + l.price * l.num, 0);
  return {
    id: LAB_ORDER_ID,
    sn: orderSn(at, LAB_ORDER_ID),
    uid: QUICK_MEMBER.uid,
    status: 'COMPLETE',
    prevStatus: null,
    way: 'CART',
    createTime: at,
    lines,
    goodsTotal,
    freight: 0,
    deposit: 0,
    discount: 0,
    couponDiscount: 0,
    payable: goodsTotal,
    coupon: null,
    address: { name: '周宁', phone: '13711110002', regionText: '江苏省 苏州市 工业园区 娄葑街道', detail: '星湖街 328 号 激光实验室' },
    invoice: null,
    remark: '',
    logs: [
      { status: 'NEW', time: at, note: '提交订单' },
      { status: 'PAID_OFF', time: at + 10 * 60_000, note: '微信支付成功' },
      { status: 'SHIPPED', time: at + DAY, note: '顺丰速运 SF1420385500777' },
      { status: 'ROG', time: at + 2 * DAY, note: '确认收货' },
      { status: 'COMPLETE', time: at + 9 * DAY, note: '收货 7 天后自动完成' },
    ],
    cancelReason: '',
    payType: 'WECHAT',
    paidAt: at + 10 * 60_000,
    delivery: { company: '顺丰速运', trackingNo: 'SF1420385500777', shippedAt: at + DAY },
    receivedAt: at + 2 * DAY,
    qr: {},
  };
}
