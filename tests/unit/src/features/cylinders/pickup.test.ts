import { describe, expect, it } from 'vitest';
import { inPickupWindow, PICKUP_WINDOW_MESSAGE, pickupWindow } from '#src/features/cylinders/pickup.ts';
import { isIdempotencyKey } from '#src/shared/api/idempotency.ts';

// 2026-03-03 23:30 in China is 15:30 UTC: the calendar day is China's, not UTC's.
const lateEvening = Date.UTC(2026, 2, 3, 15, 30);

describe('cylinder pick-up window', () => {
  it('runs from tomorrow to 14 days ahead, in China calendar days', () => {
    expect(pickupWindow(lateEvening)).toEqual({ min: '2026-03-04', max: '2026-03-17' });
    expect(pickupWindow(Date.UTC(2026, 2, 3, 16, 30))).toEqual({ min: '2026-03-05', max: '2026-03-18' });
  });

  it('accepts the window’s ends and refuses today, day 15 and dates that do not exist', () => {
    expect(inPickupWindow('2026-03-04', lateEvening)).toBe(true);
    expect(inPickupWindow('2026-03-17', lateEvening)).toBe(true);
    expect(inPickupWindow('2026-03-03', lateEvening)).toBe(false);
    expect(inPickupWindow('2026-03-18', lateEvening)).toBe(false);
    expect(inPickupWindow('2026-02-30', Date.UTC(2026, 1, 20))).toBe(false);
    expect(inPickupWindow('2026-3-5', lateEvening)).toBe(false);
    expect(PICKUP_WINDOW_MESSAGE).toBe('取件日期须在明天到 14 天内');
  });
});

describe('idempotency key', () => {
  it('takes a UUID and refuses spaces, other signs and more than 100 letters', () => {
    expect(isIdempotencyKey('0b6f1c2e-8a51-4a8e-9d7c-2f3b1e0a9c44')).toBe(true);
    expect(isIdempotencyKey('a'.repeat(100))).toBe(true);
    expect(isIdempotencyKey('a'.repeat(101))).toBe(false);
    expect(isIdempotencyKey('a b')).toBe(false);
    expect(isIdempotencyKey('')).toBe(false);
  });
});
