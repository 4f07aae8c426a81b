/** The cylinder rent rule: free days, then a daily rate with long-term surcharge steps, counted in whole calendar days (China time) and in fen. */
import { chinaDayNumber, DAY_MS } from '#src/shared/formats/china-time.ts';

/**
 * A rent plan (per goods or per customer). Sources of the shape: Linde CH shop, "Rechnungen und Miete" (surcharge steps from
 * day 91 and day 181); Linde NL FAQ on invoices (a surcharge after two months, another after four); Airgas bills rent daily until
 * the cylinder is collected (UW-Madison purchasing page on Airgas rentals). See /work/shared/notes/gas-domain.md.
 */
export interface RentPlan {
  /** Shown to the member, e.g. 标准 40L 钢瓶. */
  name: string;
  /** Days on site without rent, counting the delivery day as day 1. */
  freeDays: number;
  /** Rent per day after the free days, in fen. */
  dailyRate: number;
  /** From `fromDay` (1-based day on site) the daily rate is raised by `percent`; the highest step reached applies (not cumulative). */
  steps: { fromDay: number; percent: number }[];
  /** Deposit per cylinder, in fen (refunded on return). */
  deposit: number;
}

export { DAY_MS };
/** The calendar day (days since 1970-01-01) an instant falls on: days are counted in China time, as the supplier's invoices are. */
export const dayNumber = chinaDayNumber;
/** The calendar day of a YYYY-MM-DD date. */
export function dayOfDate(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return Math.floor(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}
/** YYYY-MM-DD of a calendar day. */
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** YYYY-MM-DD (China time) of an instant. */
export const dateOf = (epochMs: number): string => dateOfDay(dayNumber(epochMs));

/**
 * Days on site: the delivery day is day 1 and the pick-up day (or today) counts, so a cylinder delivered on 1 March and
 * collected on 2 March has been on site 2 days. Leap days count like any other (dates, not 24-hour periods).
 */
export const daysOnSite = (deliveredDay: number, untilDay: number): number => Math.max(0, untilDay - deliveredDay + 1);

/** Surcharge percent on day `d` (1-based). */
const percentOn = (plan: RentPlan, d: number): number => plan.steps.reduce((p, s) => (d >= s.fromDay && s.percent > p ? s.percent : p), 0);

/** The rate of one day at a surcharge, in whole fen (half a fen rounds up, as money is shown to the fen). */
export const rateWith = (dailyRate: number, percent: number): number => Math.round((dailyRate * (100 + percent)) / 100);

/** Rent for days `from`..`to` on site (1-based, inclusive), in fen; computed by segments, not day by day. */
export function rentForDays(plan: RentPlan, from: number, to: number): number {
  const start = Math.max(from, plan.freeDays + 1, 1);
  if (to < start) return 0;
  // Points where the rate changes: each step's first day.
  const cuts = [...new Set(plan.steps.map((s) => s.fromDay).filter((d) => d > start && d <= to))].sort((a, b) => a - b);
  let total = 0;
  let segStart = start;
  for (const cut of [...cuts, to + 1]) {
    total += (cut - segStart) * rateWith(plan.dailyRate, percentOn(plan, segStart));
    segStart = cut;
  }
  return total;
}

/** Rent so far for a cylinder on site `days` days. */
export const rentFor = (plan: RentPlan, days: number): number => rentForDays(plan, 1, days);

/** Free days left (0 once they are used). */
export const freeDaysLeft = (plan: RentPlan, days: number): number => Math.max(0, plan.freeDays - days);

/** The daily rate applying on day `days` (0 within the free days), in fen. */
export const rateOnDay = (plan: RentPlan, day: number): number =>
  day <= plan.freeDays ? 0 : rateWith(plan.dailyRate, percentOn(plan, day));

/**
 * Rent of the calendar days `fromDay`..`toDay` (inclusive) of a cylinder delivered on `deliveredDay` and on site until
 * `untilDay` (today, or its pick-up day): e.g. the rent of one month for the statement.
 */
export function rentInPeriod(plan: RentPlan, deliveredDay: number, untilDay: number, fromDay: number, toDay: number): number {
  const first = Math.max(fromDay, deliveredDay);
  const last = Math.min(toDay, untilDay);
  if (last < first) return 0;
  return rentForDays(plan, first - deliveredDay + 1, last - deliveredDay + 1);
}

const yuanText = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;

/** The rule in words, shown beside every rent figure: 前 30 天免租，之后 ¥1.00/天；第 91 天起加收 50%（¥1.50/天）…. */
export function rentRule(plan: RentPlan): string {
  const steps = [...plan.steps]
    .sort((a, b) => a.fromDay - b.fromDay)
    .map((s) => `第 ${s.fromDay} 天起加收 ${s.percent}%（${yuanText(rateWith(plan.dailyRate, s.percent))}/天）`);
  return [`前 ${plan.freeDays} 天免租，之后 ${yuanText(plan.dailyRate)}/天`, ...steps].join('；');
}
