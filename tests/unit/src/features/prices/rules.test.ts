import { describe, expect, it } from 'vitest';
import {
  allowedQuantity,
  daysLeft,
  inForce,
  nextTier,
  nextTierText,
  quantityProblem,
  quantityRuleText,
  renewalDue,
  seesAgreedPrices,
  tierFor,
  tierRangeText,
  unitFenAt,
  type AgreedLine,
} from '#src/features/prices/rules.ts';

// The tiers of the example (docs/prices.md): 1-9, 10-49, 50+.
const tiered: AgreedLine = {
  tiers: [
    { minQty: 1, unitFen: 16_500 },
    { minQty: 10, unitFen: 15_800 },
    { minQty: 50, unitFen: 14_800 },
  ],
  minQty: 1,
  multiple: 1,
  unit: '瓶',
};
const flat = (more: Partial<AgreedLine>): AgreedLine => ({
  tiers: [{ minQty: 1, unitFen: 6_600 }],
  minQty: 1,
  multiple: 1,
  unit: '瓶',
  ...more,
});

describe('tiers', () => {
  it('picks the tier of the quantity, switching exactly at each break', () => {
    expect(unitFenAt(tiered, 1)).toBe(16_500);
    expect(unitFenAt(tiered, 9)).toBe(16_500);
    expect(unitFenAt(tiered, 10)).toBe(15_800);
    expect(unitFenAt(tiered, 49)).toBe(15_800);
    expect(tierFor(tiered, 50)).toEqual({ minQty: 50, unitFen: 14_800 });
    expect(unitFenAt(tiered, 500)).toBe(14_800);
  });

  it('says how many more reach the next tier and at what price, nothing on the last', () => {
    expect(nextTier(tiered, 9)).toEqual({ more: 1, unitFen: 15_800 });
    expect(nextTierText(tiered, 3)).toBe('再买 7 瓶 单价 ¥158.00');
    expect(nextTierText(tiered, 10)).toBe('再买 40 瓶 单价 ¥148.00');
    expect(nextTierText(tiered, 50)).toBe('');
    expect(nextTierText(flat({}), 1)).toBe('');
  });

  it('names each tier range', () => {
    expect([0, 1, 2].map((i) => tierRangeText(tiered, i))).toEqual(['1-9 瓶', '10-49 瓶', '50 瓶以上']);
  });
});

describe('minimum and multiple', () => {
  const min10 = flat({ minQty: 10 });
  const by4 = flat({ multiple: 4 });

  it('refuses with the exact reasons of the issue', () => {
    expect(quantityProblem(min10, 9)).toBe('该商品协议起订量 10 瓶');
    expect(quantityProblem(min10, 10)).toBeNull();
    expect(quantityProblem(by4, 6)).toBe('须按 4 瓶的整数倍订购');
    expect(quantityProblem(by4, 8)).toBeNull();
    expect(quantityProblem(flat({ minQty: 6, multiple: 4 }), 4)).toBe('该商品协议起订量 6 瓶');
  });

  it('states the rules for the note beside the quantity', () => {
    expect(quantityRuleText(min10)).toBe('该商品协议起订量 10 瓶');
    expect(quantityRuleText(flat({ minQty: 6, multiple: 4 }))).toBe('该商品协议起订量 6 瓶，须按 4 瓶的整数倍订购');
    expect(quantityRuleText(flat({}))).toBe('');
  });

  it('corrects a quantity to the nearest allowed one, rounding a step down downwards but never below the smallest', () => {
    expect(allowedQuantity(min10, 1)).toBe(10);
    expect(allowedQuantity(by4, 5)).toBe(8);
    expect(allowedQuantity(by4, 7, 8)).toBe(4);
    expect(allowedQuantity(by4, 3, 4)).toBe(4);
    expect(allowedQuantity(flat({ minQty: 6, multiple: 4 }), 1)).toBe(8);
  });
});

describe('validity', () => {
  const a = { validFrom: '2026-01-01', validTo: '2026-12-31' };
  it('is in force from the first to the last day inclusive', () => {
    expect(inForce(a, '2025-12-31')).toBe(false);
    expect(inForce(a, '2026-01-01')).toBe(true);
    expect(inForce(a, '2026-12-31')).toBe(true);
    expect(inForce(a, '2027-01-01')).toBe(false);
  });

  it('counts days left and asks for renewal from 30 days before the end', () => {
    expect(daysLeft('2026-12-31', '2026-12-01')).toBe(30);
    expect(daysLeft('2026-12-31', '2026-12-31')).toBe(0);
    expect(daysLeft('2026-12-31', '2027-01-02')).toBe(-2);
    expect(renewalDue(a, '2026-11-30')).toBe(false);
    expect(renewalDue(a, '2026-12-01')).toBe(true);
    expect(renewalDue(a, '2027-01-01')).toBe(false);
  });
});

describe('who sees them', () => {
  it('shows agreed prices to 管理员 and 采购员 only', () => {
    expect(seesAgreedPrices(['BUYER'])).toBe(true);
    expect(seesAgreedPrices(['ADMIN', 'FINANCE'])).toBe(true);
    expect(seesAgreedPrices(['FINANCE', 'APPROVER'])).toBe(false);
  });
});
