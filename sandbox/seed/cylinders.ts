/** Seed of the cylinder feature: rent plans, the plants' stock, and what the first demo member holds and has sent back (cylinders of six gases, two past their free days, one inspection due within 30 days, one overdue, a return request in each state). */
import type { RentPlan } from '#src/features/cylinders/rent.ts';
import { depositOf, specsOf } from '../commerce.ts';
import { goods } from './goods.ts';
import { orderSn } from './member.ts';

const DAY = 86_400_000;
/** Surcharge steps of the standard plans: +50 % from day 91, +100 % from day 181 (Linde CH shop, "Rechnungen und Miete"). */
const STEPS = [
  { fromDay: 91, percent: 50 },
  { fromDay: 181, percent: 100 },
];

export interface PlanSeed {
  id: number;
  uid: number | null;
  goodsId: number | null;
  sizeClass: 'small' | 'large' | 'bundle' | null;
  plan: RentPlan;
}
export const plans: PlanSeed[] = [
  {
    id: 1,
    uid: null,
    goodsId: null,
    sizeClass: 'small',
    plan: { name: '标准租赁 · 小容积钢瓶（≤15 L）', freeDays: 30, dailyRate: 50, steps: STEPS, deposit: 30_000 },
  },
  {
    id: 2,
    uid: null,
    goodsId: null,
    sizeClass: 'large',
    plan: { name: '标准租赁 · 40L 级钢瓶', freeDays: 30, dailyRate: 100, steps: STEPS, deposit: 60_000 },
  },
  {
    id: 3,
    uid: null,
    goodsId: null,
    sizeClass: 'bundle',
    plan: { name: '标准租赁 · 集装格', freeDays: 15, dailyRate: 1_500, steps: STEPS, deposit: 500_000 },
  },
  // The demo company's contract for 5N nitrogen: 45 free days and a lower rate.
  {
    id: 4,
    uid: 1,
    goodsId: 1001,
    sizeClass: null,
    plan: { name: '协议租赁 · 高纯氮气 40L', freeDays: 45, dailyRate: 80, steps: STEPS, deposit: 60_000 },
  },
];

/** An order line's cylinder description as the order domain stores lines. */
export interface LineSeed {
  sku_id: number;
  goods_id: number;
  goodsName: string;
  specs: string;
  deposit: number;
}
export function lineOf(skuId: number): LineSeed {
  const g = goods.find((x) => x.skus.some((k) => k.sku_id === skuId))!;
  const sku = g.skus.find((k) => k.sku_id === skuId)!;
  return { sku_id: skuId, goods_id: g.id, goodsName: g.goodsName, specs: specsOf(sku), deposit: depositOf(g, sku) };
}

/** Every SKU delivered in a returnable cylinder (the plants keep stock of each). */
export const cylinderSkus = (): number[] => goods.flatMap((g) => g.skus.filter((k) => depositOf(g, k) > 0).map((k) => k.sku_id));

export interface HoldingSeed {
  serial: string;
  skuId: number;
  /** Days before the seed the cylinder was delivered. */
  deliveredDaysAgo: number;
  orderId: number;
  orderSn: string;
  /** Days before the seed of its last periodic inspection; default: about a year before delivery. */
  inspectedDaysAgo?: number;
  plant: 'SZ' | 'SH';
}
export interface ReturnSeed {
  id: number;
  status: 'WAITING' | 'PICKED_UP' | 'STORED';
  createdDaysAgo: number;
  serials: string[];
  pickupInDays: number;
  slot: 'AM' | 'PM';
}

export function memberCylinders(at: number): { holdings: HoldingSeed[]; returns: ReturnSeed[] } {
  // The demo member's seeded orders (seed/member.ts): order 1 shipped 29 days ago with 4 cylinders, order 2 yesterday with 10.
  const sn1 = orderSn(at - 30 * DAY, 1);
  const sn2 = orderSn(at - 2 * DAY, 2);
  const offline = { orderId: 0, orderSn: '' };
  const h = (
    serial: string,
    skuId: number,
    deliveredDaysAgo: number,
    o: { orderId: number; orderSn: string },
    extra: Partial<HoldingSeed> = {},
  ): HoldingSeed => ({
    serial,
    skuId,
    deliveredDaysAgo,
    ...o,
    plant: serial.startsWith('SH') ? 'SH' : 'SZ',
    ...extra,
  });
  const holdings = [
    ...['SZ24050137', 'SZ24050138', 'SZ24050139', 'SZ24050140'].map((s) => h(s, 100101, 29, { orderId: 1, orderSn: sn1 })),
    ...Array.from({ length: 10 }, (_, i) => h(`SZ250302${String(i + 1).padStart(2, '0')}`, 100101, 1, { orderId: 2, orderSn: sn2 })),
    h('SH23110412', 100201, 75, offline),
    h('SH23110413', 100201, 75, offline),
    h('SZ22080056', 102701, 200, offline),
    // Industrial oxygen, 3-year period: one last inspected 3 years less 20 days ago (due within 30 days).
    h('SZ23010388', 103001, 20, offline, { inspectedDaysAgo: 3 * 365 - 20 }),
    h('SZ23010389', 103001, 20, offline),
    // 5N hydrogen, 5-year period (>= 99.999 %): last inspected 5 years and 10 days ago (overdue).
    h('SZ21040077', 100401, 10, offline, { inspectedDaysAgo: 5 * 365 + 11 }),
    h('SH24090015', 101701, 40, offline),
    // Sent back: one picked up two days ago, two received two weeks ago.
    h('SZ23060221', 103001, 60, offline),
    h('SZ22110301', 100101, 100, offline),
    h('SZ22110302', 100101, 100, offline),
  ];
  const returns: ReturnSeed[] = [
    { id: 1, status: 'STORED', createdDaysAgo: 17, serials: ['SZ22110301', 'SZ22110302'], pickupInDays: -15, slot: 'AM' },
    { id: 2, status: 'PICKED_UP', createdDaysAgo: 4, serials: ['SZ23060221'], pickupInDays: -2, slot: 'PM' },
    { id: 3, status: 'WAITING', createdDaysAgo: 1, serials: ['SH23110413'], pickupInDays: 1, slot: 'AM' },
  ];
  return { holdings, returns };
}
