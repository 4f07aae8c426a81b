/**
 * Delivery calendar rules (delivery_part): which days an area's route delivers, the earliest day an order placed now can
 * arrive (order cut-off, lead time, route weekdays, China's working days), and the windows of a day with what is left of
 * their capacity. Pure functions: the checkout shows them and the backend checks the choice again when the order is placed.
 *
 * Working days are China's: Monday to Friday, less public holidays, plus 调休 make-up days
 * (src/shared/formats/working-days.ts, the `chinese-days` package of the State Council's yearly holiday notices, the same
 * calendar the standing orders use). The windows are the standing orders' (docs/supply-standing.md): 上午 9:00–12:00 and
 * 下午 13:00–17:00; an order's cut-off is the hour of the area's calendar (16:00 by default, as for standing orders).
 */
import { chinaDay, chinaWallClock } from '#src/shared/formats/china-time.ts';
import { addCalendarDays, holidayName, isWorkingDay } from '#src/shared/formats/working-days.ts';

export const WINDOWS = ['AM', 'PM'] as const;
export type Window = (typeof WINDOWS)[number];
/** The standing orders' windows (docs/supply-standing.md), China time: start and end hour. */
export const WINDOW_HOURS: Record<Window, { from: number; to: number; label: string }> = {
  AM: { from: 9, to: 12, label: '上午 9:00–12:00' },
  PM: { from: 13, to: 17, label: '下午 13:00–17:00' },
};

/** An area's delivery calendar (per district id): route weekdays, lead time, order cut-off and per-window capacity. */
export interface AreaCalendar {
  regionId: number;
  /** ISO weekdays 1 (Mon) … 7 (Sun) the route runs. */
  weekdays: readonly number[];
  /** Working days from the day the order is processed to the first day it may be delivered (1: next working day). */
  leadDays: number;
  /** Orders placed before this hour (China time) on a working day are processed that day. */
  cutoffHour: number;
  /** Deliveries each window takes per day. */
  capacity: Record<Window, number>;
}

/** How far ahead the checkout offers days: 14 calendar days after the earliest. */
export const HORIZON_DAYS = 14;

const weekdayOf = (date: string): number => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/**
 * Whether the route delivers on `date`. On a working day: when its weekday is on the route; a 调休 make-up working day on a
 * weekend also runs a daily route (Monday to Friday), as the depot works that day like any weekday. On a day off: a plain
 * weekend day on the route (a Saturday route), never a public holiday.
 */
export function isRouteDay(cal: Pick<AreaCalendar, 'weekdays'>, date: string): boolean {
  const wd = weekdayOf(date);
  if (!isWorkingDay(date)) return holidayName(date) === null && cal.weekdays.includes(wd);
  if (cal.weekdays.includes(wd)) return true;
  return wd >= 6 && [1, 2, 3, 4, 5].every((d) => cal.weekdays.includes(d));
}

/** The working day an order placed at `now` is processed: today before the cut-off hour on a working day, else the next working day. */
export function processingDay(cal: Pick<AreaCalendar, 'cutoffHour'>, now: number): string {
  const today = chinaDay(now);
  if (isWorkingDay(today) && chinaWallClock(now).getUTCHours() < cal.cutoffHour) return today;
  let d = addCalendarDays(today, 1);
  while (!isWorkingDay(d)) d = addCalendarDays(d, 1);
  return d;
}

/** The `n`th working day after `date`. */
function workingDaysAfter(date: string, n: number): string {
  let d = date;
  for (let left = n; left > 0; ) {
    d = addCalendarDays(d, 1);
    if (isWorkingDay(d)) left -= 1;
  }
  return d;
}

/** The earliest day an order placed at `now` can be delivered: processed, lead time in working days, then the first route day. */
export function earliestDay(cal: AreaCalendar, now: number): string {
  let d = workingDaysAfter(processingDay(cal, now), cal.leadDays);
  // A route runs at least once a week, and the longest holiday is 9 days: 60 days always find one.
  for (let i = 0; i < 60 && !isRouteDay(cal, d); i++) d = addCalendarDays(d, 1);
  return d;
}

/** Deliveries already booked per `YYYY-MM-DD|AM` key (orders and standing orders alike). */
export type Booked = ReadonlyMap<string, number>;
export const slotKey = (date: string, window: Window): string => `${date}|${window}`;

export interface WindowOffer {
  window: Window;
  label: string;
  /** Capacity left; 0 is full and not offered for choice. */
  left: number;
}
export interface DayOffer {
  date: string;
  weekday: number;
  windows: WindowOffer[];
}

/** The route days from the earliest day within the horizon, each with its windows and what is left of them. */
export function offers(cal: AreaCalendar, now: number, booked: Booked, horizon = HORIZON_DAYS): DayOffer[] {
  const first = earliestDay(cal, now);
  const out: DayOffer[] = [];
  for (let i = 0; i <= horizon; i++) {
    const date = addCalendarDays(first, i);
    if (!isRouteDay(cal, date)) continue;
    out.push({
      date,
      weekday: weekdayOf(date),
      windows: WINDOWS.map((w) => ({
        window: w,
        label: WINDOW_HOURS[w].label,
        left: Math.max(0, cal.capacity[w] - (booked.get(slotKey(date, w)) ?? 0)),
      })),
    });
  }
  return out;
}

/** The first window with capacity left, in day then window order; null when the horizon is full. */
export function firstFree(days: readonly DayOffer[]): { date: string; window: Window } | null {
  for (const d of days) for (const w of d.windows) if (w.left > 0) return { date: d.date, window: w.window };
  return null;
}

export type ChoiceCheck = { ok: true } | { ok: false; reason: 'NOT_OFFERED' | 'FULL'; next: { date: string; window: Window } | null };

/** Checks a chosen day and window against the offers now: a day the route does not run or too early, or a full window, is refused with the next free one. */
export function checkChoice(days: readonly DayOffer[], date: string, window: Window): ChoiceCheck {
  const day = days.find((d) => d.date === date);
  const w = day?.windows.find((x) => x.window === window);
  if (w && w.left > 0) return { ok: true };
  return { ok: false, reason: w ? 'FULL' : 'NOT_OFFERED', next: firstFree(days) };
}

const WEEKDAY_ZH = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
/** E.g. 12月1日（周二）上午 9:00–12:00. */
export function slotText(date: string, window: Window): string {
  const [, m, d] = date.split('-').map(Number);
  return `${m}月${d}日（${WEEKDAY_ZH[weekdayOf(date)]}）${WINDOW_HOURS[window].label}`;
}
