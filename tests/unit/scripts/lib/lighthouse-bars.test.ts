// The Lighthouse gate's decision: median of the runs against the bars.
import { describe, expect, it } from 'vitest';
import {
  BARS,
  bestRun,
  gateFailures,
  median,
  meetsBars,
  PAGE_WEIGHT_BUDGETS,
  TBT_BUDGET_MS,
  WEIGHT_BUDGETS,
  weightBudget,
} from '#scripts/lib/lighthouse-bars.ts';

describe('lighthouse gate', () => {
  it('takes the median, so one noisy run does not flip it', () => {
    expect(median([99, 71, 98])).toBe(98);
    expect(median([100])).toBe(100);
    expect(median([97, 99])).toBe(98);
  });
  it('passes at the bars and fails one point below any of them', () => {
    expect(meetsBars(BARS)).toBe(true);
    expect(meetsBars({ ...BARS, performance: 97 })).toBe(false);
    expect(meetsBars({ ...BARS, accessibility: 99 })).toBe(false);
    expect(meetsBars({ ...BARS, 'best-practices': 99 })).toBe(false);
    expect(meetsBars({ ...BARS, seo: 99 })).toBe(false);
  });
});

describe('the CI gate (deterministic criteria, blocking time with margin)', () => {
  const budget = { bytes: 64 * 1024, requests: 22 };
  const good = {
    scores: { performance: 80, accessibility: 100, 'best-practices': 100, seo: 100 },
    tbtMs: 300,
    weight: { bytes: 45_000, requests: 16 },
  };
  it('passes a page whose performance score a slow host pulled down, when everything else holds', () => {
    expect(gateFailures(good, budget)).toEqual([]);
  });
  it('fails one point below 100 in accessibility, best practices or SEO', () => {
    expect(gateFailures({ ...good, scores: { ...good.scores, accessibility: 99 } }, budget)).toEqual(['accessibility 99 < 100']);
    expect(gateFailures({ ...good, scores: { ...good.scores, 'best-practices': 96 } }, budget)).toHaveLength(1);
    expect(gateFailures({ ...good, scores: { ...good.scores, seo: 92 } }, budget)).toHaveLength(1);
  });
  it('fails a page over its byte or request budget, and over the blocking-time budget', () => {
    expect(gateFailures({ ...good, weight: { bytes: 64 * 1024 + 1, requests: 16 } }, budget)).toEqual(['64 KB > 64 KB']);
    expect(gateFailures({ ...good, weight: { bytes: 1000, requests: 23 } }, budget)).toEqual(['23 requests > 22']);
    expect(gateFailures({ ...good, tbtMs: TBT_BUDGET_MS + 1 }, budget)).toHaveLength(1);
    expect(gateFailures({ ...good, tbtMs: TBT_BUDGET_MS }, budget)).toEqual([]);
  });
  it('decides on the run with the least blocking time (noise only adds time)', () => {
    expect(
      bestRun([
        { ...good, tbtMs: 978 },
        { ...good, tbtMs: 118 },
        { ...good, tbtMs: 400 },
      ]).tbtMs,
    ).toBe(118);
  });
  it('gives the home page and the goods list their own weight budgets, every other page its class default', () => {
    expect(weightBudget('/', 'content')).toEqual(PAGE_WEIGHT_BUDGETS['/']);
    expect(weightBudget('/gases', 'content')).toEqual(WEIGHT_BUDGETS.content);
  });
});
