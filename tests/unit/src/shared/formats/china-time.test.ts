import { describe, expect, it } from 'vitest';
import {
  chinaDateTime,
  chinaDay,
  chinaDayEnd,
  chinaDayNumber,
  chinaDayStart,
  chinaHourOn,
  chinaInstant,
  chinaIso,
  chinaMinute,
  chinaMonth,
} from '#src/shared/formats/china-time.ts';

describe('China time (UTC+8, whatever zone the machine runs in)', () => {
  const lateUtc = Date.parse('2026-12-31T16:30:05Z'); // 2027-01-01 00:30:05 in China

  it('writes days, months, minutes and seconds in China time', () => {
    expect(chinaDay(lateUtc)).toBe('2027-01-01');
    expect(chinaMonth(lateUtc)).toBe('2027-01');
    expect(chinaMinute(lateUtc)).toBe('2027-01-01 00:30');
    expect(chinaDateTime(lateUtc)).toBe('2027-01-01 00:30:05');
    expect(chinaDay(Date.parse('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
  });

  it('finds the start, end and clock hours of a China day', () => {
    expect(chinaDayStart('2027-01-01')).toBe(Date.parse('2027-01-01T00:00:00+08:00'));
    expect(chinaDayEnd(lateUtc)).toBe(Date.parse('2027-01-02T00:00:00+08:00') - 1);
    expect(chinaHourOn('2026-11-27', 16)).toBe(Date.parse('2026-11-27T16:00:00+08:00'));
    expect(chinaInstant(2026, 3, 1)).toBe(Date.parse('2026-03-01T00:00:00+08:00'));
    expect(chinaInstant(2026, 13)).toBe(Date.parse('2027-01-01T00:00:00+08:00'));
  });

  it('writes a back-office time as ISO 8601 with the China offset', () => {
    expect(Date.parse(chinaIso('2027-01-01 00:30:05'))).toBe(lateUtc);
  });

  it('numbers days so that consecutive China days differ by one', () => {
    expect(chinaDayNumber(lateUtc) - chinaDayNumber(Date.parse('2026-12-31T15:59:59Z'))).toBe(1);
    expect(chinaDayNumber(Date.parse('1970-01-01T00:00:00+08:00'))).toBe(0);
  });
});
