// The Lighthouse gate's decision: median of the runs against the bars.
import { describe, expect, it } from 'vitest';
import { BARS, median, meetsBars } from '../../../scripts/lib/lighthouse-bars.ts';

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
