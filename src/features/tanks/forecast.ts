/**
 * Consumption and the forecast run-out of a bulk tank.
 *
 * Method: the **average method over a moving window** (Hyndman & Athanasopoulos, *Forecasting: Principles and Practice*, 3rd
 * ed., §5.2 "Some simple forecasting methods", https://otexts.com/fpp3/simple-methods.html): the forecast daily consumption is
 * the mean of the daily consumptions of the last `WINDOW_DAYS` complete China days, and the tank runs out when the current
 * level is used up at that rate. The window is two whole weeks on purpose: an m-moving average whose m is a multiple of the
 * seasonal period (7 days) averages the weekly pattern out (same book, §3.3 "Moving averages"), so the working-day peaks and
 * weekend dips of a plant do not pull the forecast up or down depending on the weekday it is read.
 *
 * A day's consumption is the sum of the falls between consecutive readings whose later reading lies in that day; a rise is a
 * delivery (or sensor noise) and counts as no consumption.
 */
import { chinaDay, chinaDayStart, DAY_MS } from '#src/shared/formats/china-time.ts';

export interface Reading {
  at: number;
  levelPct: number;
}

export { DAY_MS };
/** Days averaged: two weekly cycles. */
export const WINDOW_DAYS = 14;
/** Fewer complete days than this and there is no forecast (a new tank). */
export const MIN_DAYS = 3;

export const addDays = (day: string, n: number): string => chinaDay(chinaDayStart(day) + n * DAY_MS + DAY_MS / 2);

export interface DayUse {
  day: string;
  /** Percentage points of the tank used that day. */
  usedPct: number;
  /** Level at the day's last reading. */
  endPct: number;
  /** A delivery arrived that day. */
  delivered: boolean;
}

/** A rise of at least this many points between two readings is a delivery, not sensor noise (level gauges read to about ±1 %). */
export const DELIVERY_RISE_PCT = 10;

/** Consumption per China day, oldest first, for the days that have readings. `readings` sorted by time. */
export function dailyUse(readings: readonly Reading[]): DayUse[] {
  const out = new Map<string, DayUse>();
  readings.forEach((r, i) => {
    const day = chinaDay(r.at);
    const d = out.get(day) ?? { day, usedPct: 0, endPct: r.levelPct, delivered: false };
    const prev = readings[i - 1];
    if (prev) {
      const fall = prev.levelPct - r.levelPct;
      if (fall > 0) d.usedPct += fall;
      else if (-fall >= DELIVERY_RISE_PCT) d.delivered = true;
    }
    d.endPct = r.levelPct;
    out.set(day, d);
  });
  return [...out.values()].map((d) => ({ ...d, usedPct: Math.round(d.usedPct * 100) / 100 }));
}

/** The deliveries seen in the readings: each rise of `DELIVERY_RISE_PCT` or more, with the level before and after. */
export function deliveriesOf(readings: readonly Reading[]): { at: number; fromPct: number; toPct: number }[] {
  const out: { at: number; fromPct: number; toPct: number }[] = [];
  for (let i = 1; i < readings.length; i++) {
    const a = readings[i - 1]!;
    const b = readings[i]!;
    if (b.levelPct - a.levelPct >= DELIVERY_RISE_PCT) out.push({ at: b.at, fromPct: a.levelPct, toPct: b.levelPct });
  }
  return out;
}

/**
 * Mean daily consumption (% of the tank per day) over the last `WINDOW_DAYS` complete China days before the day of the
 * latest reading (that day is still running); null with fewer than `MIN_DAYS` complete days.
 */
export function averageDailyUse(readings: readonly Reading[]): number | null {
  const last = readings.at(-1);
  if (!last) return null;
  const today = chinaDay(last.at);
  const complete = dailyUse(readings).filter((d) => d.day < today && d.day >= addDays(today, -WINDOW_DAYS));
  // The first day with readings lacks the fall into its first reading (or started mid-day): never a complete day.
  const usable = complete.filter((d) => d.day !== chinaDay(readings[0]!.at));
  if (usable.length < MIN_DAYS) return null;
  return usable.reduce((a, d) => a + d.usedPct, 0) / usable.length;
}

export interface Forecast {
  /** % of the tank per day. */
  dailyPct: number;
  /** When the level reaches 0 at that rate, epoch ms. */
  runOutAt: number;
  runOutDay: string;
  /** Whole days from `now` to the run-out (floor; 0 when it is today or past). */
  daysLeft: number;
}

/** The forecast run-out from the latest reading, or null when there is no usable consumption (new tank, or none used). */
export function forecastRunOut(readings: readonly Reading[], now: number): Forecast | null {
  const dailyPct = averageDailyUse(readings);
  const last = readings.at(-1);
  if (dailyPct === null || dailyPct <= 0 || !last) return null;
  const runOutAt = Math.round(last.at + (last.levelPct / dailyPct) * DAY_MS);
  return { dailyPct, runOutAt, runOutDay: chinaDay(runOutAt), daysLeft: Math.max(0, Math.floor((runOutAt - now) / DAY_MS)) };
}
