/** The tank rules against hand-computed figures: daily use, the 14-day average forecast, alerts, the replenishment need and quantity. */
import { chinaDay, chinaDayStart } from '#src/shared/formats/china-time.ts';
import { describe, expect, it } from 'vitest';
import { DROP_FACTOR, lastDrop, tankAlerts } from '#src/features/tanks/alerts.ts';
import { averageDailyUse, DAY_MS, dailyUse, deliveriesOf, forecastRunOut, type Reading } from '#src/features/tanks/forecast.ts';
import { liquidKg } from '#src/features/tanks/liquids.ts';
import { refillTonnes, replenishmentNeed } from '#src/features/tanks/replenish.ts';

const HOUR = 3_600_000;
/** Noon China time of 2026-11-02 (a Monday) plus `d` days. */
const noon = (d: number) => chinaDayStart('2026-11-02') + 12 * HOUR + d * DAY_MS;

describe('daily use', () => {
  it('adds the falls of a day and marks a rise of 10 points or more as a delivery, not use', () => {
    const at = chinaDayStart('2026-11-10');
    const r: Reading[] = [
      { at: at + 8 * HOUR, levelPct: 50 },
      { at: at + 9 * HOUR, levelPct: 44 },
      { at: at + 10 * HOUR, levelPct: 90 },
      { at: at + 11 * HOUR, levelPct: 85 },
      { at: at + 12 * HOUR, levelPct: 85.4 },
    ];
    expect(dailyUse(r)).toEqual([{ day: '2026-11-10', usedPct: 11, endPct: 85.4, delivered: true }]);
    expect(deliveriesOf(r)).toEqual([{ at: at + 10 * HOUR, fromPct: 44, toPct: 90 }]);
  });

  it('files a fall under the China day of its later reading (UTC+8)', () => {
    const r: Reading[] = [
      { at: Date.parse('2026-11-10T15:30:00Z'), levelPct: 60 },
      { at: Date.parse('2026-11-10T16:30:00Z'), levelPct: 59 }, // 00:30 on the 11th in China
    ];
    expect(dailyUse(r).map((d) => [d.day, d.usedPct])).toEqual([
      ['2026-11-10', 0],
      ['2026-11-11', 1],
    ]);
    expect(chinaDay(Date.parse('2026-11-10T16:00:00Z'))).toBe('2026-11-11');
  });
});

describe('forecast run-out: mean daily use of the last 14 complete days', () => {
  // One reading a day at noon: five working days of 6 points, a weekend of 1.5, twice, then a working day.
  const falls = [6, 6, 6, 6, 1.5, 1.5, 6, 6, 6, 6, 6, 1.5, 1.5, 6, 6];
  const readings: Reading[] = [{ at: noon(0), levelPct: 95 }];
  falls.forEach((f, i) => readings.push({ at: noon(i + 1), levelPct: readings[i]!.levelPct - f }));

  it('averages the 14 complete days before the latest reading: 66 points / 14 days', () => {
    // The first day (no earlier reading) and today (still running) are left out: the window is falls[0..13].
    expect(readings.at(-1)!.levelPct).toBe(23);
    expect(averageDailyUse(readings)).toBeCloseTo(66 / 14, 10);
  });

  it('runs out when the latest level is used at that rate: 23 / (66/14) = 4.8788 days after 17 Nov 12:00, on 22 Nov', () => {
    const f = forecastRunOut(readings, noon(15))!;
    expect(f.runOutAt).toBe(noon(15) + Math.round((23 * 14 * DAY_MS) / 66));
    expect(f.runOutDay).toBe('2026-11-22');
    expect(f.daysLeft).toBe(4);
    // A day later the same readings leave 3 whole days.
    expect(forecastRunOut(readings, noon(16))!.daysLeft).toBe(3);
  });

  it('has no forecast with fewer than 3 complete days, or without use', () => {
    expect(forecastRunOut(readings.slice(0, 4), noon(3))).toBeNull();
    expect(forecastRunOut(readings.slice(0, 5), noon(4))).not.toBeNull();
    const flat = readings.map((r) => ({ ...r, levelPct: 50 }));
    expect(forecastRunOut(flat, noon(15))).toBeNull();
  });
});

describe('alerts', () => {
  const now = noon(20);
  const pair = (drop: number, hours: number): Reading[] => [
    { at: now - hours * HOUR, levelPct: 60 },
    { at: now, levelPct: 60 - drop },
  ];
  // 6 %/day of normal use: 0.25 %/h on average, so the abnormal-drop line is 4 x 0.25 = 1 %/h.
  const base = { reorderPct: 30, dailyPct: 6, now };

  it('raises ABNORMAL_DROP only above 4x the mean hourly use and at least 3 points', () => {
    expect(DROP_FACTOR).toBe(4);
    const kinds = (r: Reading[]) => tankAlerts({ ...base, readings: r }).map((a) => a.kind);
    expect(kinds(pair(3.5, 1))).toEqual(['ABNORMAL_DROP']); // 3.5 %/h
    expect(kinds(pair(3.5, 4))).toEqual([]); // 0.875 %/h: a busy shift
    expect(kinds(pair(4, 4))).toEqual([]); // exactly 1 %/h is not above the line
    expect(kinds(pair(2, 0.5))).toEqual([]); // 4 %/h but within the gauge's scatter
    expect(kinds(pair(20, 7))).toEqual([]); // readings 7 h apart say nothing about a sudden drop
    expect(lastDrop(pair(3.5, 1))).toMatchObject({ pct: 3.5, hours: 1, perHour: 3.5 });
    expect(tankAlerts({ ...base, dailyPct: null, readings: pair(30, 1) })).toEqual([]);
  });

  it('raises LOW below the reorder point and SILENT after more than a day without readings', () => {
    const at = now - 2 * HOUR;
    expect(tankAlerts({ ...base, readings: [{ at, levelPct: 29.9 }] }).map((a) => a.kind)).toEqual(['LOW']);
    expect(tankAlerts({ ...base, readings: [{ at, levelPct: 30 }] })).toEqual([]);
    expect(tankAlerts({ ...base, readings: [{ at: now - DAY_MS, levelPct: 50 }] })).toEqual([]);
    const silent = tankAlerts({ ...base, readings: [{ at: now - DAY_MS - 1, levelPct: 50 }] });
    expect(silent.map((a) => a.kind)).toEqual(['SILENT']);
    expect(silent[0]!.message).toContain('24 小时未上报');
  });
});

describe('replenishment', () => {
  const now = noon(0);
  const forecast = (days: number) => ({ dailyPct: 5, runOutAt: now + days * DAY_MS, runOutDay: '', daysLeft: days });

  it('is needed below the reorder point, or when the run-out comes within the lead time', () => {
    expect(replenishmentNeed({ levelPct: 29, reorderPct: 30, leadDays: 2, forecast: forecast(6), now })).toBe('LOW');
    expect(replenishmentNeed({ levelPct: 40, reorderPct: 30, leadDays: 2, forecast: forecast(2), now })).toBe('RUN_OUT');
    expect(replenishmentNeed({ levelPct: 40, reorderPct: 30, leadDays: 2, forecast: forecast(2.01), now })).toBeNull();
    expect(replenishmentNeed({ levelPct: 40, reorderPct: 30, leadDays: 2, forecast: null, now })).toBeNull();
  });

  it('orders whole tonnes to 90 % at the arrival: LIN 10 m³ at 20 %, 5 %/day, 2 days -> (90-10) % x 10 m³ x 806 kg/m³ = 6448 kg -> 6 t', () => {
    expect(refillTonnes({ levelPct: 20, dailyPct: 5, leadDays: 2, capacityM3: 10, liquid: 'LIN' })).toBe(6);
    // LAR 5 m³ at 40 %, 4.8 %/day, 3 days: (90-25.6) % x 5 x 1395 = 4491.9 kg -> 4 t.
    expect(refillTonnes({ levelPct: 40, dailyPct: 4.8, leadDays: 3, capacityM3: 5, liquid: 'LAR' })).toBe(4);
    expect(refillTonnes({ levelPct: 88, dailyPct: 0, leadDays: 1, capacityM3: 5, liquid: 'LAR' })).toBe(1);
  });

  it('turns a level into a mass with the liquid density: 63 % of 10 m³ of LIN = 6.3 m³ x 806 = 5077.8 kg', () => {
    expect(liquidKg(63, 10, 'LIN')).toBeCloseTo(5077.8, 6);
  });
});
