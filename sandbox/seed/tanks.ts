/**
 * Seed of the bulk tanks (tank_part): the demo member's tanks and the generator of their readings. Readings are hourly, as a
 * gateway reports them, generated backwards from the level at the seed so the demo always ends in the same state whatever
 * the seed's date: a plant that works on China's working days (chinese-days: weekends, public holidays and 调休 make-up days),
 * with most use in the day shift, a weekend and holiday dip to a quarter, day-to-day and hour-to-hour spread from a seeded
 * PRNG (mulberry32, so every seed of the same instant is identical), the gauge's own scatter, and tanker deliveries that
 * refill the tank from about a quarter to about 90 % on a working morning.
 */
import { isWorkingDay } from '#src/shared/formats/working-days.ts';
import { chinaDay, chinaWallClock } from '#src/shared/formats/china-time.ts';
import type { Liquid } from '#src/features/tanks/liquids.ts';

const HOUR = 3_600_000;

/** mulberry32: a small, fast 32-bit PRNG (Tommy Ettinger, public domain); deterministic for a seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TankSeed {
  name: string;
  product: Liquid;
  skuId: number;
  capacityM3: number;
  location: string;
  reorderPct: number;
  leadDays: number;
  /** Use of a working day, % of the tank. */
  workdayPct: number;
  /** Level at the seed instant. */
  endPct: number;
  deviceId: string;
  rng: number;
}

/** Tanker goods per liquid (槽车 10 吨起送, goods-data/liquid.ts): what a replenishment orders. */
export const TANKER_SKU: Partial<Record<Liquid, number>> = { LOX: 104302, LIN: 104502, LAR: 104802 };

export const demoTanks: TankSeed[] = [
  {
    name: '1 号液氮储罐',
    product: 'LIN',
    skuId: 104502,
    capacityM3: 10,
    location: '苏州吴中 · 吴淞江科技产业园 8 号楼东侧储罐区',
    reorderPct: 30,
    leadDays: 2,
    workdayPct: 7,
    endPct: 63,
    deviceId: 'GW-SZ-LIN-0001',
    rng: 20260101,
  },
  {
    name: '2 号液氩储罐',
    product: 'LAR',
    skuId: 104802,
    capacityM3: 5,
    location: '苏州吴中 · 吴淞江科技产业园 8 号楼焊接车间北侧',
    reorderPct: 35,
    leadDays: 3,
    workdayPct: 6,
    endPct: 48,
    deviceId: 'GW-SZ-LAR-0002',
    rng: 20260202,
  },
];

/** Share of a working day's use in each China-time hour: the day shift 08-20 uses about 85 %. */
const SHIFT = Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 20 ? 0.85 / 12 : 0.15 / 12));
const workday = (at: number): boolean => isWorkingDay(chinaDay(at));

export interface GeneratedReading {
  id: string;
  at: number;
  levelPct: number;
}

/**
 * Hourly readings for `days` days ending at `end` (floored to the hour) at `endPct`, oldest first. Generated backwards: each
 * hour adds back that hour's use; when the level climbs past the cycle's top on a working morning (09-15), that hour is a
 * delivery and the level before it is the cycle's low (22-32 %).
 */
export function generateReadings(t: Pick<TankSeed, 'workdayPct' | 'endPct' | 'rng'>, end: number, days: number): GeneratedReading[] {
  const rand = mulberry32(t.rng);
  const last = Math.floor(end / HOUR) * HOUR;
  const hours = days * 24;
  const dayFactor = new Map<string, number>();
  let level = t.endPct;
  let top = 84 + rand() * 6;
  const out: GeneratedReading[] = [];
  for (let i = 0; i <= hours; i++) {
    const at = last - i * HOUR;
    const gauge = Math.round(Math.min(100, Math.max(0, level + (rand() - 0.5) * 0.3)) * 10) / 10;
    out.push({ id: `seed-${at}`, at, levelPct: gauge });
    // The use in the hour before `at`, added back to get the level an hour earlier.
    const hourAt = at - HOUR;
    const day = chinaDay(hourAt);
    if (!dayFactor.has(day)) dayFactor.set(day, (workday(hourAt) ? 1 : 0.25) * (0.85 + rand() * 0.3));
    const h = chinaWallClock(hourAt).getUTCHours();
    level += t.workdayPct * dayFactor.get(day)! * SHIFT[h]! * (0.8 + rand() * 0.4);
    // A tank is never over-filled: past 95 % the delivery happened whatever the hour.
    if ((level > top && h >= 9 && h < 15 && workday(hourAt)) || level > 95) {
      level = 22 + rand() * 10;
      top = 84 + rand() * 6;
    }
  }
  return out.reverse();
}
