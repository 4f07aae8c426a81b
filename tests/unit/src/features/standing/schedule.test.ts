import { isWorkingDay } from '#src/shared/formats/working-days.ts';
import { chinaHourOn } from '#src/shared/formats/china-time.ts';
import { describe, expect, it } from 'vitest';
import {
  cadenceText,
  cutoffOf,
  cutoffText,
  dueBetween,
  occurrenceOf,
  occurrencesBetween,
  upcoming,
  weekdayOf,
  type Schedule,
} from '#src/features/standing/schedule.ts';

// Figures from the State Council notice on the 2026 holidays (https://www.gov.cn/zhengce/zhengceku/202511/content_7047091.htm):
// 国庆 10-01 (Thu) … 10-07 (Wed) off, Sunday 09-20 and Saturday 10-10 worked; 春节 02-15 … 02-23 off, Saturdays 02-14 and 02-28 worked.
const at = (iso: string) => Date.parse(iso);

describe('cut-off: 16:00 China time on the working day before delivery', () => {
  it('a Monday delivery closes on the Friday before', () => {
    expect(weekdayOf('2026-11-30')).toBe(1);
    const c = cutoffOf('2026-11-30');
    expect(c.cutoffDate).toBe('2026-11-27');
    expect(c.cutoff).toBe(at('2026-11-27T16:00:00+08:00'));
    expect(cutoffText(c)).toBe('2026-11-27（周五）16:00');
  });

  it('a delivery on 2026-10-08, the first day after 国庆, closes on 09-30 before the holiday', () => {
    expect(isWorkingDay('2026-10-08')).toBe(true);
    expect(cutoffOf('2026-10-08')).toEqual({ cutoffDate: '2026-09-30', cutoff: at('2026-09-30T16:00:00+08:00') });
  });

  it('a 调休 Saturday is a working day: a delivery on Monday 2026-10-12 closes on Saturday 10-10', () => {
    expect(weekdayOf('2026-10-10')).toBe(6);
    expect(isWorkingDay('2026-10-10')).toBe(true);
    expect(cutoffOf('2026-10-12').cutoffDate).toBe('2026-10-10');
  });

  it('春节: a delivery on 2026-02-24 closes on the 调休 Saturday 02-14', () => {
    expect(cutoffOf('2026-02-24').cutoffDate).toBe('2026-02-14');
  });

  it('a Sunday 调休 working day (2026-09-20) is a cut-off day too: Monday 09-21 closes on it', () => {
    expect(cutoffOf('2026-09-21').cutoffDate).toBe('2026-09-20');
  });
});

describe('deliveries on holidays move to the next working day', () => {
  it('a Thursday delivery on 国庆 day (2026-10-01) is delivered on 10-08', () => {
    expect(occurrenceOf('2026-10-01')).toMatchObject({
      date: '2026-10-01',
      deliveryDate: '2026-10-08',
      movedFor: '国庆节',
      cutoffDate: '2026-09-30',
    });
  });

  it('two weekly days inside 国庆 make one delivery, never two on the same day', () => {
    const s: Schedule = { cadence: 'WEEKLY', weekdays: [1, 3], monthDay: 1, startDate: '2026-09-01' };
    const list = occurrencesBetween(s, '2026-09-28', '2026-10-14');
    expect(list.map((o) => [o.date, o.deliveryDate])).toEqual([
      ['2026-09-28', '2026-09-28'],
      ['2026-09-30', '2026-09-30'],
      ['2026-10-05', '2026-10-08'],
      ['2026-10-12', '2026-10-12'],
      ['2026-10-14', '2026-10-14'],
    ]);
  });
});

describe('cadences', () => {
  it('weekly on Monday and Thursday', () => {
    const s: Schedule = { cadence: 'WEEKLY', weekdays: [1, 4], monthDay: 1, startDate: '2026-11-27' };
    expect(occurrencesBetween(s, '2026-11-27', '2026-12-10').map((o) => o.date)).toEqual([
      '2026-11-30',
      '2026-12-03',
      '2026-12-07',
      '2026-12-10',
    ]);
    expect(cadenceText(s)).toBe('每周一、四');
  });

  it('every two weeks counts from the start date’s week', () => {
    const s: Schedule = { cadence: 'BIWEEKLY', weekdays: [2], monthDay: 1, startDate: '2026-11-27' };
    // 2026-11-24 (Tue) is before the start; the start week's Tuesday is skipped, then 12-08, 12-22.
    expect(occurrencesBetween(s, '2026-11-20', '2026-12-31').map((o) => o.date)).toEqual(['2026-12-08', '2026-12-22']);
    expect(cadenceText(s)).toBe('每两周周二');
  });

  it('monthly on the 15th; a Sunday 15th is delivered on Monday', () => {
    const s: Schedule = { cadence: 'MONTHLY', weekdays: [], monthDay: 15, startDate: '2026-10-01' };
    const list = occurrencesBetween(s, '2026-10-01', '2026-12-31');
    expect(list.map((o) => o.deliveryDate)).toEqual(['2026-10-15', '2026-11-16', '2026-12-15']);
    expect(list[1]!.movedFor).toBe('周末');
    expect(cadenceText(s)).toBe('每月 15 日');
  });
});

describe('what is open and what is due', () => {
  const s: Schedule = { cadence: 'WEEKLY', weekdays: [1], monthDay: 1, startDate: '2026-11-27' };

  it('the calendar lists 8 weeks of open deliveries; one whose cut-off passed is no longer open', () => {
    const list = upcoming(s, at('2026-11-27T10:00:00+08:00'));
    expect(list).toHaveLength(8);
    expect(list[0]!.deliveryDate).toBe('2026-11-30');
    // After Friday 16:00 Monday's delivery is closed.
    expect(upcoming(s, at('2026-11-27T16:00:00+08:00'))[0]!.deliveryDate).toBe('2026-12-07');
  });

  it('due: the occurrences whose cut-off passed since the last run, each once', () => {
    const since = at('2026-11-27T10:00:00+08:00');
    expect(dueBetween(s, since, at('2026-11-27T15:59:59+08:00'))).toEqual([]);
    const due = dueBetween(s, since, chinaHourOn('2026-11-27', 16));
    expect(due.map((o) => o.date)).toEqual(['2026-11-30']);
    expect(dueBetween(s, chinaHourOn('2026-11-27', 16), at('2026-12-04T16:00:00+08:00')).map((o) => o.date)).toEqual(['2026-12-07']);
  });
});
