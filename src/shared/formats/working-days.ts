/**
 * China's working days, the one calendar every feature that counts them uses (standing orders' deliveries and cut-offs, tank
 * deliveries, the delivery and credit terms to come): Monday to Friday, less the public holidays, plus the 调休 make-up working
 * days on weekends.
 *
 * The days come from the `chinese-days` package (1.5.7, node_modules/chinese-days/src/holidays/generate.ts), which encodes the
 * State Council General Office's yearly notices on public holidays (2026: 国务院办公厅关于2026年部分节假日安排的通知,
 * https://www.gov.cn/zhengce/zhengceku/202511/content_7047091.htm; 2025: 国办发明电〔2024〕12号,
 * https://www.gov.cn/zhengce/zhengceku/202411/content_6986383.htm). 2026, for instance: 国庆 10-01…10-07 off, Sunday 09-20 and
 * Saturday 10-10 worked. It covers the years up to `HOLIDAY_DATA_LAST_YEAR`; later dates follow Monday to Friday until the
 * package is updated with that year's notice. Dates are China calendar days, `YYYY-MM-DD` (`chinaDay` of china-time.ts).
 */
import chineseDays from 'chinese-days';

const { isWorkday, getDayDetail } = chineseDays;

/** Last year whose State Council holiday notice the installed package holds (see its README: 2004 to 2026). */
export const HOLIDAY_DATA_LAST_YEAR = 2026;

const DAY_MS = 86_400_000;
/** The `YYYY-MM-DD` calendar day `n` days after `date`. */
export const addCalendarDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Whether goods are delivered and orders processed that day. */
export const isWorkingDay = (date: string): boolean => isWorkday(date);

/** The holiday's Chinese name for a non-working day of a holiday, e.g. 国庆节; null for a plain weekend or a working day. */
export function holidayName(date: string): string | null {
  const detail = getDayDetail(date) as { work: boolean; name: string };
  if (detail.work) return null;
  const zh = detail.name.split(',')[1];
  return zh ?? null;
}

/** The longest run of non-working days in the notices is 9 (春节 2026): 40 steps always find a working day. */
const MAX_STEPS = 40;

/** The first working day on or after `date`. */
export function workingDayFrom(date: string): string {
  let d = date;
  for (let i = 0; i < MAX_STEPS && !isWorkingDay(d); i++) d = addCalendarDays(d, 1);
  return d;
}

/** The last working day strictly before `date`. */
export function workingDayBefore(date: string): string {
  let d = addCalendarDays(date, -1);
  for (let i = 0; i < MAX_STEPS && !isWorkingDay(d); i++) d = addCalendarDays(d, -1);
  return d;
}
