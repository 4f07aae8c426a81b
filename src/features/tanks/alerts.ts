/**
 * The alerts of a bulk tank, from its readings and its normal consumption (forecast.ts).
 *
 * - LOW: the latest level is below the tank's reorder point.
 * - ABNORMAL_DROP: the fall between the last two readings is faster than `DROP_FACTOR` times the tank's mean hourly
 *   consumption (its 14-day average daily use / 24) and at least `DROP_MIN_PCT` points. Why 4: a plant that works on working
 *   days uses nearly all of a working day's gas in about 12 working hours, and a weekday's use is about 5.6/7 of the week's
 *   per-day mean taken from the weekend dip, so the busiest normal hour runs at about 24/12 x 7/5.6 = 2.5 times the mean hourly
 *   rate; with the day-to-day spread of a real plant (about ±20 %) that is about 3 times. Four times the mean leaves a margin of a
 *   third above the busiest normal hour (no alarm on a busy shift) while a leak, an open drain or a stuck vaporiser valve,
 *   which empty a tank in hours rather than days, exceed it many times over. The 3-point floor keeps the gauge's own
 *   scatter (differential-pressure level gauges read to about ±1-2 % of span) from raising it on a short interval.
 * - SILENT: the gateway has sent nothing for more than `SILENT_MS` (a day: gateways report hourly, so 24 missed reports).
 */
import { DAY_MS, type Reading } from './forecast.ts';

export const DROP_FACTOR = 4;
export const DROP_MIN_PCT = 3;
/** Two readings further apart than this say nothing about a sudden drop. */
const DROP_MAX_GAP_MS = 6 * 3_600_000;
/** Nor do two closer than this (a burst of readings from one report). */
const DROP_MIN_GAP_MS = 5 * 60_000;
export const SILENT_MS = DAY_MS;

export type AlertKind = 'LOW' | 'ABNORMAL_DROP' | 'SILENT';
export const ALERT_LABEL: Record<AlertKind, string> = { LOW: '低于订货点', ABNORMAL_DROP: '液位异常下降', SILENT: '网关失联' };

export interface TankAlert {
  kind: AlertKind;
  /** What the member reads, in Chinese, with what to do. */
  message: string;
  /** The reading (or, for SILENT, the last reading) that raised it. */
  at: number;
}

export interface AlertInput {
  readings: readonly Reading[];
  reorderPct: number;
  /** The tank's normal use, % per day (forecast.ts averageDailyUse); null: no ABNORMAL_DROP check yet. */
  dailyPct: number | null;
  now: number;
}

/** The drop rate between the last two readings in points per hour, when they are a usable pair and it is a fall. */
export function lastDrop(readings: readonly Reading[]): { pct: number; hours: number; perHour: number; at: number } | null {
  const b = readings.at(-1);
  const a = readings.at(-2);
  if (!a || !b) return null;
  const gap = b.at - a.at;
  if (gap < DROP_MIN_GAP_MS || gap > DROP_MAX_GAP_MS || b.levelPct >= a.levelPct) return null;
  const pct = a.levelPct - b.levelPct;
  const hours = gap / 3_600_000;
  return { pct, hours, perHour: pct / hours, at: b.at };
}

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

export function tankAlerts({ readings, reorderPct, dailyPct, now }: AlertInput): TankAlert[] {
  const last = readings.at(-1);
  if (!last) return [];
  const out: TankAlert[] = [];
  if (last.levelPct < reorderPct) {
    out.push({ kind: 'LOW', at: last.at, message: `液位 ${fmt(last.levelPct)}%，已低于订货点 ${fmt(reorderPct)}%，请确认补液安排。` });
  }
  const drop = lastDrop(readings);
  if (drop && dailyPct !== null && dailyPct > 0 && drop.pct >= DROP_MIN_PCT && drop.perHour > (DROP_FACTOR * dailyPct) / 24) {
    out.push({
      kind: 'ABNORMAL_DROP',
      at: drop.at,
      message: `液位在 ${drop.hours < 1 ? `${Math.round(drop.hours * 60)} 分钟` : `${fmt(drop.hours)} 小时`}内下降 ${fmt(drop.pct)} 个百分点（每小时 ${fmt(drop.perHour)}%），超过正常用量的 ${DROP_FACTOR} 倍，请立即检查储罐、管路与汽化器阀门是否泄漏。`,
    });
  }
  if (now - last.at > SILENT_MS) {
    out.push({
      kind: 'SILENT',
      at: last.at,
      message: `液位网关已超过 ${Math.floor((now - last.at) / 3_600_000)} 小时未上报数据，请检查网关电源与网络，液位与预测可能已不准确。`,
    });
  }
  return out;
}
