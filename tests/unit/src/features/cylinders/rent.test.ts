import { describe, expect, it } from 'vitest';
import {
  dateOf,
  dayNumber,
  dayOfDate,
  daysOnSite,
  freeDaysLeft,
  rentFor,
  rentInPeriod,
  rentRule,
  type RentPlan,
} from '#src/features/cylinders/rent.ts';

// The Linde CH shape: free days, then a daily rate, +50 % from day 91 and +100 % from day 181.
const plan: RentPlan = {
  name: '40L',
  freeDays: 30,
  dailyRate: 100,
  steps: [
    { fromDay: 91, percent: 50 },
    { fromDay: 181, percent: 100 },
  ],
  deposit: 60_000,
};

describe('rent rule', () => {
  it('charges nothing within the free days, including the last free day', () => {
    expect(rentFor(plan, 1)).toBe(0);
    expect(rentFor(plan, 30)).toBe(0);
    expect(freeDaysLeft(plan, 30)).toBe(0);
    expect(freeDaysLeft(plan, 12)).toBe(18);
  });
  it('charges the daily rate from the first day after the free days', () => {
    expect(rentFor(plan, 31)).toBe(100);
    expect(rentFor(plan, 90)).toBe(60 * 100);
  });
  it('raises the rate by 50 % from day 91 and by 100 % from day 181 (boundary days)', () => {
    expect(rentFor(plan, 91)).toBe(60 * 100 + 150);
    expect(rentFor(plan, 180)).toBe(60 * 100 + 90 * 150);
    expect(rentFor(plan, 181)).toBe(60 * 100 + 90 * 150 + 200);
    expect(rentFor(plan, 200)).toBe(60 * 100 + 90 * 150 + 20 * 200);
  });
  it('rounds a surcharged odd rate to the fen per day', () => {
    const odd = { ...plan, dailyRate: 75 }; // +50 % = 112.5 fen, charged as 113
    expect(rentFor(odd, 91)).toBe(60 * 75 + 113);
  });
  it('counts the delivery day and the pick-up day: a pick-up on day 30 pays nothing, on day 31 one day', () => {
    const delivered = dayOfDate('2026-03-01');
    expect(daysOnSite(delivered, dayOfDate('2026-03-30'))).toBe(30);
    expect(rentFor(plan, daysOnSite(delivered, dayOfDate('2026-03-30')))).toBe(0);
    expect(rentFor(plan, daysOnSite(delivered, dayOfDate('2026-03-31')))).toBe(100);
  });
  it('counts 29 February in a leap year and not in a common year', () => {
    expect(daysOnSite(dayOfDate('2024-02-28'), dayOfDate('2024-03-01'))).toBe(3);
    expect(daysOnSite(dayOfDate('2023-02-28'), dayOfDate('2023-03-01'))).toBe(2);
    // 2024 is a leap year: 1 Jan to 31 Dec is 366 days on site.
    expect(daysOnSite(dayOfDate('2024-01-01'), dayOfDate('2024-12-31'))).toBe(366);
    const zeroFree = { ...plan, freeDays: 0, steps: [] };
    expect(rentFor(zeroFree, daysOnSite(dayOfDate('2024-02-01'), dayOfDate('2024-02-29')))).toBe(29 * 100);
    expect(rentFor(zeroFree, daysOnSite(dayOfDate('2023-02-01'), dayOfDate('2023-02-28')))).toBe(28 * 100);
  });
  it('counts days in China time: 23:30 UTC is already the next day in Shanghai', () => {
    expect(dateOf(Date.UTC(2026, 2, 1, 23, 30))).toBe('2026-03-02');
    expect(dayNumber(Date.UTC(2026, 2, 1, 15, 59))).toBe(dayOfDate('2026-03-01'));
  });
  it('splits rent by calendar period (a month of a statement)', () => {
    const delivered = dayOfDate('2026-01-01');
    const today = dayOfDate('2026-04-30');
    const jan = rentInPeriod(plan, delivered, today, dayOfDate('2026-01-01'), dayOfDate('2026-01-31'));
    const feb = rentInPeriod(plan, delivered, today, dayOfDate('2026-02-01'), dayOfDate('2026-02-28'));
    const mar = rentInPeriod(plan, delivered, today, dayOfDate('2026-03-01'), dayOfDate('2026-03-31'));
    const apr = rentInPeriod(plan, delivered, today, dayOfDate('2026-04-01'), dayOfDate('2026-04-30'));
    expect(jan).toBe(100); // day 31
    expect(jan + feb + mar + apr).toBe(rentFor(plan, daysOnSite(delivered, today)));
    // Nothing after the pick-up day.
    expect(rentInPeriod(plan, delivered, dayOfDate('2026-02-10'), dayOfDate('2026-03-01'), dayOfDate('2026-03-31'))).toBe(0);
  });
  it('states the rule in words with the surcharged rates', () => {
    expect(rentRule(plan)).toBe('前 30 天免租，之后 ¥1.00/天；第 91 天起加收 50%（¥1.50/天）；第 181 天起加收 100%（¥2.00/天）');
  });
});
