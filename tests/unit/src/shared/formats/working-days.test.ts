import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  HOLIDAY_DATA_LAST_YEAR,
  holidayName,
  isWorkingDay,
  workingDayBefore,
  workingDayFrom,
} from '#src/shared/formats/working-days.ts';

// Dated figures from chinese-days 1.5.7, src/holidays/generate.ts, which transcribes 国务院办公厅关于2026年部分节假日安排的通知
// (https://www.gov.cn/zhengce/zhengceku/202511/content_7047091.htm).
describe('China working days (chinese-days, the State Council notices)', () => {
  it('2026 国庆节: 10-01 (Thursday) to 10-07 (Wednesday) off, with its name', () => {
    for (let d = '2026-10-01'; d <= '2026-10-07'; d = addCalendarDays(d, 1)) {
      expect(isWorkingDay(d), d).toBe(false);
      expect(holidayName(d), d).toBe('国庆节');
    }
    expect(isWorkingDay('2026-10-08')).toBe(true);
  });

  it('2026 国庆节 adjusted working days: Sunday 09-20 and Saturday 10-10 are worked', () => {
    expect(isWorkingDay('2026-09-20')).toBe(true);
    expect(isWorkingDay('2026-10-10')).toBe(true);
    expect(holidayName('2026-10-10')).toBeNull();
    // The other weekend days around it stay off, and are no holiday.
    expect(isWorkingDay('2026-10-11')).toBe(false);
    expect(holidayName('2026-10-11')).toBeNull();
  });

  it('2026 春节: 02-15 to 02-23 off, Saturdays 02-14 and 02-28 worked', () => {
    expect(isWorkingDay('2026-02-14')).toBe(true);
    expect(isWorkingDay('2026-02-15')).toBe(false);
    expect(isWorkingDay('2026-02-23')).toBe(false);
    expect(isWorkingDay('2026-02-24')).toBe(true);
    expect(isWorkingDay('2026-02-28')).toBe(true);
  });

  it('2026 劳动节: 05-01 to 05-05 off, Saturday 05-09 worked', () => {
    expect(isWorkingDay('2026-05-05')).toBe(false);
    expect(isWorkingDay('2026-05-09')).toBe(true);
  });

  it('the next working day on or after, and the last one before, a date', () => {
    expect(workingDayFrom('2026-10-01')).toBe('2026-10-08');
    expect(workingDayFrom('2026-10-08')).toBe('2026-10-08');
    expect(workingDayBefore('2026-10-08')).toBe('2026-09-30');
    expect(workingDayBefore('2026-10-12')).toBe('2026-10-10');
    expect(workingDayBefore('2026-02-24')).toBe('2026-02-14');
  });

  it('holds the notices up to HOLIDAY_DATA_LAST_YEAR', () => {
    expect(HOLIDAY_DATA_LAST_YEAR).toBe(2026);
  });
});
