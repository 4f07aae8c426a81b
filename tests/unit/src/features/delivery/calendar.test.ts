// Delivery calendar: the earliest day over weekends, 国庆 and the 调休 make-up days of 2026 (国务院办公厅关于2026年部分节假日安排的通知:
// 10-01…10-07 off, Sunday 09-20 and Saturday 10-10 worked), route weekdays, capacity and the check of a stale choice.
import { describe, expect, it } from 'vitest';
import {
  checkChoice,
  earliestDay,
  firstFree,
  isRouteDay,
  offers,
  processingDay,
  slotKey,
  slotText,
  type AreaCalendar,
} from '#src/features/delivery/calendar.ts';

const at = (iso: string) => Date.parse(`${iso}+08:00`);
const daily: AreaCalendar = { regionId: 320506, weekdays: [1, 2, 3, 4, 5], leadDays: 1, cutoffHour: 16, capacity: { AM: 2, PM: 1 } };
const monWedFri: AreaCalendar = { ...daily, weekdays: [1, 3, 5] };

describe('earliest delivery day', () => {
  it('orders before the cut-off on a Friday arrive Monday; after it, Tuesday', () => {
    expect(processingDay(daily, at('2026-11-27T10:00:00'))).toBe('2026-11-27');
    expect(earliestDay(daily, at('2026-11-27T10:00:00'))).toBe('2026-11-30');
    expect(earliestDay(daily, at('2026-11-27T16:00:00'))).toBe('2026-12-01');
    // Saturday: processed Monday, delivered Tuesday.
    expect(earliestDay(daily, at('2026-11-28T09:00:00'))).toBe('2026-12-01');
  });

  it('skips 国庆 (10-01…10-07): ordered on 09-30, delivered on 10-08', () => {
    expect(earliestDay(daily, at('2026-09-30T10:00:00'))).toBe('2026-10-08');
  });

  it('a daily route runs on the 调休 Saturday 10-10; a Mon/Wed/Fri route waits for Monday 10-12', () => {
    expect(isRouteDay(daily, '2026-10-10')).toBe(true);
    expect(isRouteDay(daily, '2026-10-11')).toBe(false);
    expect(earliestDay(daily, at('2026-10-09T10:00:00'))).toBe('2026-10-10');
    expect(isRouteDay(monWedFri, '2026-10-10')).toBe(false);
    expect(earliestDay(monWedFri, at('2026-10-09T10:00:00'))).toBe('2026-10-12');
  });

  it('the 调休 Sunday 09-20 processes a Saturday order', () => {
    expect(processingDay(daily, at('2026-09-19T10:00:00'))).toBe('2026-09-20');
    expect(earliestDay(daily, at('2026-09-19T10:00:00'))).toBe('2026-09-21');
  });

  it('a Monday-to-Saturday route delivers on a plain Saturday, never on a Saturday of 国庆', () => {
    const monSat = { ...daily, weekdays: [1, 2, 3, 4, 5, 6] };
    expect(isRouteDay(monSat, '2026-12-05')).toBe(true);
    expect(isRouteDay(monSat, '2026-10-03')).toBe(false);
    expect(isRouteDay(daily, '2026-12-05')).toBe(false);
    // Ordered Friday after the cut-off: processed Monday, so Saturday (before it) is not offered; Tuesday is.
    expect(earliestDay(monSat, at('2026-11-27T17:00:00'))).toBe('2026-12-01');
  });

  it('route weekdays: a Monday-to-Friday route never offers Saturday or a holiday', () => {
    const days = offers(monWedFri, at('2026-11-27T10:00:00'), new Map());
    expect(days.map((d) => d.date).slice(0, 4)).toEqual(['2026-11-30', '2026-12-02', '2026-12-04', '2026-12-07']);
  });
});

describe('capacity', () => {
  const now = at('2026-11-27T10:00:00');

  it('shows what is left of each window and preselects the first free one', () => {
    const booked = new Map([[slotKey('2026-11-30', 'AM'), 2]]);
    const days = offers(daily, now, booked);
    expect(days[0]!.windows).toEqual([
      { window: 'AM', label: '上午 9:00–12:00', left: 0 },
      { window: 'PM', label: '下午 13:00–17:00', left: 1 },
    ]);
    expect(firstFree(days)).toEqual({ date: '2026-11-30', window: 'PM' });
  });

  it('refuses a window filled in the meantime with the next free one, and a day the route does not run', () => {
    const booked = new Map([
      [slotKey('2026-11-30', 'AM'), 2],
      [slotKey('2026-11-30', 'PM'), 1],
    ]);
    const days = offers(daily, now, booked);
    expect(checkChoice(days, '2026-11-30', 'PM')).toEqual({ ok: false, reason: 'FULL', next: { date: '2026-12-01', window: 'AM' } });
    expect(checkChoice(days, '2026-12-05', 'AM')).toMatchObject({ ok: false, reason: 'NOT_OFFERED' });
    expect(checkChoice(days, '2026-12-01', 'PM')).toEqual({ ok: true });
  });

  it('names a slot in words', () => {
    expect(slotText('2026-12-01', 'AM')).toBe('12月1日（周二）上午 9:00–12:00');
  });
});
