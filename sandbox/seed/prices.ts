/**
 * Seed of the price agreements (docs/prices.md): the demo company's (13800138000, ten SKUs: 100101 tiered, 100202 by fours,
 * 102301 from 10 bottles) and the second company's, 苏州启明激光科技有限公司 (13711110001, a buyer only), with other prices for
 * some of the same SKUs and an end within 30 days, so its agreement page asks for renewal. Prices in fen, below list.
 */
import type { PriceTier } from '#src/features/prices/rules.ts';

export interface SeedPriceLine {
  skuId: number;
  tiers: PriceTier[];
  minQty?: number;
  multiple?: number;
}

export interface SeedAgreement {
  ownerUid: number;
  agreementNo: string;
  companyName: string;
  /** Days from the seed's moment to the first and the last valid day. */
  fromDays: number;
  toDays: number;
  lines: SeedPriceLine[];
}

const flat = (skuId: number, unitFen: number, more: Omit<SeedPriceLine, 'skuId' | 'tiers'> = {}): SeedPriceLine => ({
  skuId,
  tiers: [{ minQty: 1, unitFen }],
  ...more,
});

/** The company account of the second company: its buyer only (an id far above the accounts opened on first use). */
export const SECOND_COMPANY = { accountId: 900, ownerUid: 3, roles: ['BUYER'] } as const;

export const agreements: SeedAgreement[] = [
  {
    ownerUid: 1,
    agreementNo: 'HQXY-2026-0318',
    companyName: '苏州华芯微电子材料有限公司',
    fromDays: -200,
    toDays: 165,
    lines: [
      // 高纯氮气 40L: the plant's monthly volume breaks at 10 and 50 bottles.
      {
        skuId: 100101,
        tiers: [
          { minQty: 1, unitFen: 16_500 },
          { minQty: 10, unitFen: 15_800 },
          { minQty: 50, unitFen: 14_800 },
        ],
      },
      flat(100202, 11_200, { multiple: 4 }),
      {
        skuId: 100301,
        tiers: [
          { minQty: 1, unitFen: 92_000 },
          { minQty: 5, unitFen: 89_000 },
        ],
      },
      flat(100302, 29_800),
      flat(100303, 129_000),
      flat(100403, 33_500),
      flat(100503, 29_500),
      flat(100703, 35_000),
      flat(102301, 6_600, { minQty: 10 }),
      flat(102302, 98_000),
    ],
  },
  {
    ownerUid: SECOND_COMPANY.ownerUid,
    agreementNo: 'HQXY-2026-0442',
    companyName: '苏州启明激光科技有限公司',
    fromDays: -345,
    toDays: 20,
    lines: [
      flat(100101, 17_200),
      {
        skuId: 102301,
        tiers: [
          { minQty: 1, unitFen: 6_900 },
          { minQty: 40, unitFen: 6_500 },
        ],
        minQty: 20,
      },
      flat(102201, 158_000),
      flat(102202, 48_500),
      flat(100301, 94_500),
    ],
  },
];
