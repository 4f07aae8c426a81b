/**
 * Automatic replenishment of a bulk tank: when a delivery is needed, and how much to order.
 *
 * A delivery is needed when the level is below the reorder point, or when the forecast run-out (forecast.ts) comes within
 * the tank's lead time (the days the supplier needs from order to delivery): ordering then is the last moment at which the
 * tanker still arrives before the tank is empty.
 *
 * The quantity fills the tank to `TARGET_PCT` at the expected arrival: the level then is today's level less the lead time's
 * forecast use. 90 % stays under the 0.95 filling ratio that TSG 21-2016《固定式压力容器安全技术监察规程》sets for vessels of
 * liquefied gas (the tanker's driver stops at the tank's own maximum fill mark), and is rounded down to whole tonnes, the
 * unit the tanker goods are sold in (the weighbridge settles the real mass).
 */
import { DAY_MS, type Forecast } from './forecast.ts';
import { LIQUIDS, type Liquid } from './liquids.ts';

export const TARGET_PCT = 90;

export type NeedReason = 'LOW' | 'RUN_OUT';
export const NEED_LABEL: Record<NeedReason, string> = { LOW: '液位低于订货点', RUN_OUT: '预计用完日期已进入交货期' };

export function replenishmentNeed(t: {
  levelPct: number;
  reorderPct: number;
  leadDays: number;
  forecast: Forecast | null;
  now: number;
}): NeedReason | null {
  if (t.levelPct < t.reorderPct) return 'LOW';
  if (t.forecast && t.forecast.runOutAt - t.now <= t.leadDays * DAY_MS) return 'RUN_OUT';
  return null;
}

/** Tonnes to order: to TARGET_PCT at the arrival, whole tonnes rounded down, at least 1. */
export function refillTonnes(t: {
  levelPct: number;
  dailyPct: number | null;
  leadDays: number;
  capacityM3: number;
  liquid: Liquid;
}): number {
  const atArrival = Math.max(0, t.levelPct - (t.dailyPct ?? 0) * t.leadDays);
  const kg = ((TARGET_PCT - atArrival) / 100) * t.capacityM3 * LIQUIDS[t.liquid].densityKgM3;
  return Math.max(1, Math.floor(kg / 1000));
}
