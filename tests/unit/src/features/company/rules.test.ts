import { describe, expect, it } from 'vitest';
import { approvalNeeded, approvalRefusal, can, leavesAnAdmin, monthOf, monthRange, parseLimit } from '#src/features/company/rules.ts';

describe('limits', () => {
  it('parses positive yuan with two decimals into fen, empty as no limit', () => {
    expect(parseLimit('1000')).toBe(100_000);
    expect(parseLimit('1,000.5')).toBe(100_050);
    expect(parseLimit('0.01')).toBe(1);
    expect(parseLimit(' ')).toBeNull();
    for (const bad of ['0', '0.00', '-5', '1.234', 'abc', '1e3', '01']) expect(parseLimit(bad)).toBeUndefined();
  });

  it('an order over the per-order limit waits; exactly at it does not', () => {
    const limits = { perOrder: 100_000, perMonth: null };
    expect(approvalNeeded(150_000, limits, 0)).toEqual({ needed: true, reason: '订单金额 ¥1,500.00 超过单笔限额 ¥1,000.00' });
    expect(approvalNeeded(100_000, limits, 0).needed).toBe(false);
  });

  it('the month limit counts what was already spent this month', () => {
    const limits = { perOrder: null, perMonth: 500_000 };
    expect(approvalNeeded(100_000, limits, 400_000).needed).toBe(false);
    expect(approvalNeeded(100_001, limits, 400_000)).toEqual({ needed: true, reason: '本月累计 ¥5,000.01 将超过月度限额 ¥5,000.00' });
  });

  it('no limits, no approval', () => {
    expect(approvalNeeded(99_999_999, { perOrder: null, perMonth: null }, 99_999_999).needed).toBe(false);
  });
});

describe('approval and roles', () => {
  it('only an approver approves, never their own order', () => {
    expect(approvalRefusal({ uid: 1, roles: ['ADMIN', 'APPROVER'] }, 2)).toBeNull();
    expect(approvalRefusal({ uid: 2, roles: ['APPROVER', 'BUYER'] }, 2)).toBe('不能审批自己提交的订单');
    expect(approvalRefusal({ uid: 3, roles: ['BUYER'] }, 2)).toBe('您没有审批权限');
    expect(approvalRefusal({ uid: 3, roles: ['ADMIN'] }, 2)).toBe('您没有审批权限');
  });

  it('abilities by role', () => {
    expect(can(['BUYER'], 'manage')).toBe(false);
    expect(can(['BUYER'], 'order')).toBe(true);
    expect(can(['FINANCE'], 'statement')).toBe(true);
    expect(can(['BUYER'], 'statement')).toBe(false);
  });

  it('the last administrator stays', () => {
    const members = [
      { uid: 1, roles: ['ADMIN' as const] },
      { uid: 2, roles: ['BUYER' as const] },
    ];
    expect(leavesAnAdmin(members, 1, null)).toBe(false);
    expect(leavesAnAdmin(members, 1, ['BUYER'])).toBe(false);
    expect(leavesAnAdmin(members, 2, null)).toBe(true);
    expect(leavesAnAdmin([...members, { uid: 3, roles: ['ADMIN'] }], 1, null)).toBe(true);
  });
});

describe('months in China time', () => {
  it('an instant just after midnight of the 1st in Shanghai is in the new month', () => {
    expect(monthOf(Date.UTC(2026, 10, 30, 16, 0, 0))).toBe('2026-12');
    expect(monthOf(Date.UTC(2026, 10, 30, 15, 59, 59))).toBe('2026-11');
  });
  it('ranges', () => {
    expect(monthRange('2026-12')).toEqual({ from: Date.UTC(2026, 10, 30, 16), to: Date.UTC(2026, 11, 31, 16) });
    expect(monthRange('2026-13')).toBeNull();
  });
});
