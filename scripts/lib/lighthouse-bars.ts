/** The Lighthouse bars of DESIGN §7 (mobile, median of 3) and the median that decides them, for measure-lighthouse.ts. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number>;

/** Scores out of 100. */
export const BARS: Scores = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };

/** Median of the runs, so one noisy run does not flip the gate. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function meetsBars(scores: Scores): boolean {
  return (Object.keys(BARS) as Category[]).every((c) => scores[c] >= BARS[c]);
}
