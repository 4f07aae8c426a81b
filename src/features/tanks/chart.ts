/**
 * The 30-day trend chart as plain SVG geometry, drawn on the server (no chart library reaches the browser): the level line,
 * the reorder line, delivery marks and day ticks. Readings are thinned to one point per `BUCKET_MS` (the bucket's last
 * reading), keeping a delivery's two readings so its jump stays vertical.
 */
import { chinaDay, chinaDayStart, DAY_MS } from '#src/shared/formats/china-time.ts';
import type { Reading } from './forecast.ts';

export const CHART = { width: 720, height: 220, left: 40, right: 12, top: 12, bottom: 28 } as const;
const BUCKET_MS = 2 * 3_600_000;

export interface ChartGeometry {
  line: string;
  reorderY: number;
  deliveries: { x: number; y: number; at: number }[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  from: number;
  to: number;
}

export function chartGeometry(
  readings: readonly Reading[],
  opts: { from: number; to: number; reorderPct: number; deliveries: readonly { at: number; toPct: number }[] },
): ChartGeometry {
  const { width, height, left, right, top, bottom } = CHART;
  const w = width - left - right;
  const h = height - top - bottom;
  const x = (at: number) => Math.round((left + ((at - opts.from) / (opts.to - opts.from)) * w) * 10) / 10;
  const y = (pct: number) => Math.round((top + (1 - Math.min(100, Math.max(0, pct)) / 100) * h) * 10) / 10;
  const shown = readings.filter((r) => r.at >= opts.from && r.at <= opts.to);
  const kept: Reading[] = [];
  const deliveryAts = new Set(opts.deliveries.map((d) => d.at));
  shown.forEach((r, i) => {
    const next = shown[i + 1];
    const keep =
      !next || Math.floor(next.at / BUCKET_MS) !== Math.floor(r.at / BUCKET_MS) || deliveryAts.has(r.at) || deliveryAts.has(next.at);
    if (keep) kept.push(r);
  });
  const line = kept.map((r, i) => `${i ? 'L' : 'M'}${x(r.at)} ${y(r.levelPct)}`).join('');
  const xTicks: ChartGeometry['xTicks'] = [];
  for (let day = chinaDay(opts.from); chinaDayStart(day) <= opts.to; day = chinaDay(chinaDayStart(day) + DAY_MS * 1.5)) {
    const at = chinaDayStart(day);
    if (at >= opts.from && Number(day.slice(8)) % 5 === 0)
      xTicks.push({ x: x(at), label: `${Number(day.slice(5, 7))}/${Number(day.slice(8))}` });
  }
  return {
    line,
    reorderY: y(opts.reorderPct),
    deliveries: opts.deliveries.filter((d) => d.at >= opts.from && d.at <= opts.to).map((d) => ({ x: x(d.at), y: y(d.toPct), at: d.at })),
    xTicks,
    yTicks: [0, 25, 50, 75, 100].map((p) => ({ y: y(p), label: `${p}%` })),
    from: opts.from,
    to: opts.to,
  };
}
