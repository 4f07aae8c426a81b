/**
 * Standing orders' calendar rules: the delivery dates a cadence gives, the working day a delivery moves to when its date is a
 * public holiday, and the cut-off (16:00 China time on the working day before delivery) after which the occurrence is ordered
 * and can no longer be changed or skipped.
 *
 * Working days are China's (src/shared/formats/working-days.ts: public holidays and 调休 make-up days).
 */
import { chinaDay, chinaHourOn, DAY_MS } from '#src/shared/formats/china-time.ts';
import { holidayName, workingDayBefore, workingDayFrom } from '#src/shared/formats/working-days.ts';

/** Cut-off hour, China time, on the working day before delivery. */
export const CUTOFF_HOUR = 16;
/** How far the calendar looks ahead: 8 weeks. */
export const CALENDAR_WEEKS = 8;

export type Cadence = 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY';
export interface Schedule {
  cadence: Cadence;
  /** ISO weekdays 1 (Mon) … 7 (Sun): every chosen one for WEEKLY, the first for BIWEEKLY. */
  weekdays: readonly number[];
  /** Day of the month for MONTHLY (1–28, so every month has it). */
  monthDay: number;
  /** First date that may be delivered (YYYY-MM-DD); BIWEEKLY counts its weeks from this date's week. */
  startDate: string;
}

/** One delivery of a standing order: its nominal date (the occurrence's identity), the day it is delivered, the cut-off. */
export interface Occurrence {
  date: string;
  deliveryDate: string;
  /** Epoch ms of 16:00 China time on the working day before `deliveryDate`. */
  cutoff: number;
  /** The working day `cutoff` falls on. */
  cutoffDate: string;
  /** Postponed from a public holiday or weekend: the holiday's name, else null. */
  movedFor: string | null;
}

export const dayNo = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const dateOfNo = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (date: string, n: number): string => dateOfNo(dayNo(date) + n);
/** ISO weekday: 1 Monday … 7 Sunday (1970-01-01, day 0, was a Thursday). */
export const weekdayOf = (date: string): number => ((((dayNo(date) + 3) % 7) + 7) % 7) + 1;

/** A delivery on `deliveryDate`: its cut-off is 16:00 on the working day before (a Monday's is the Friday's, or a 调休 Saturday's). */
export function cutoffOf(deliveryDate: string): { cutoffDate: string; cutoff: number } {
  const cutoffDate = workingDayBefore(deliveryDate);
  return { cutoffDate, cutoff: chinaHourOn(cutoffDate, CUTOFF_HOUR) };
}

/** The occurrence of a nominal date: delivered on it, or on the next working day when it is a holiday or weekend. */
export function occurrenceOf(date: string): Occurrence {
  const deliveryDate = workingDayFrom(date);
  const movedFor = deliveryDate === date ? null : (holidayName(date) ?? '周末');
  return { date, deliveryDate, movedFor, ...cutoffOf(deliveryDate) };
}

/** Monday of a date's week. */
const mondayOf = (date: string): number => dayNo(date) - (weekdayOf(date) - 1);

/** Whether the cadence delivers on nominal `date`. */
export function falls(s: Schedule, date: string): boolean {
  if (date < s.startDate) return false;
  const wd = weekdayOf(date);
  if (s.cadence === 'WEEKLY') return s.weekdays.includes(wd);
  if (s.cadence === 'BIWEEKLY') return wd === s.weekdays[0] && ((mondayOf(date) - mondayOf(s.startDate)) / 7) % 2 === 0;
  return Number(date.slice(8, 10)) === s.monthDay;
}

/**
 * The occurrences whose nominal date lies in [from, to], in order. Two nominal dates moved onto the same working day (a
 * Thursday and Friday delivery both inside 国庆) make one delivery: the earlier keeps it, so a day never gets two orders.
 */
export function occurrencesBetween(s: Schedule, from: string, to: string): Occurrence[] {
  const out: Occurrence[] = [];
  const taken = new Set<string>();
  for (let n = dayNo(from); n <= dayNo(to); n++) {
    const date = dateOfNo(n);
    if (!falls(s, date)) continue;
    const o = occurrenceOf(date);
    if (taken.has(o.deliveryDate)) continue;
    taken.add(o.deliveryDate);
    out.push(o);
  }
  return out;
}

/** The occurrences still open at `at` (cut-off later than it) whose delivery falls within the next `weeks` weeks. */
export function upcoming(s: Schedule, at: number, weeks = CALENDAR_WEEKS): Occurrence[] {
  const today = chinaDay(at);
  // Nominal dates up to 10 days back can be postponed into the window (the longest holiday, 春节, is 9 days).
  return occurrencesBetween(s, addDays(today, -10), addDays(today, weeks * 7)).filter(
    (o) => o.cutoff > at && o.deliveryDate <= addDays(today, weeks * 7),
  );
}

/** The occurrences whose cut-off passed in (since, at]: the ones to order now. */
export function dueBetween(s: Schedule, since: number, at: number): Occurrence[] {
  if (at <= since) return [];
  return occurrencesBetween(s, addDays(chinaDay(since), -10), addDays(chinaDay(at), 12)).filter((o) => o.cutoff > since && o.cutoff <= at);
}

const WEEKDAY_TEXT = ['', '一', '二', '三', '四', '五', '六', '日'];
export const weekdayText = (wd: number): string => `周${WEEKDAY_TEXT[wd] ?? ''}`;

/** The cadence in words, e.g. 每周一、周四 / 每两周周二 / 每月 15 日. */
export function cadenceText(s: Pick<Schedule, 'cadence' | 'weekdays' | 'monthDay'>): string {
  if (s.cadence === 'WEEKLY')
    return `每周${[...s.weekdays]
      .sort()
      .map((d) => weekdayText(d).slice(1))
      .join('、')}`;
  if (s.cadence === 'BIWEEKLY') return `每两周${weekdayText(s.weekdays[0] ?? 1)}`;
  return `每月 ${s.monthDay} 日`;
}

/** A date with its weekday, e.g. 2026-10-08（周四）. */
export const dateText = (date: string): string => `${date}（${weekdayText(weekdayOf(date))}）`;
/** A cut-off in words, e.g. 2026-09-30（周三）16:00. */
export const cutoffText = (o: Pick<Occurrence, 'cutoffDate'>): string => `${dateText(o.cutoffDate)}${CUTOFF_HOUR}:00`;
