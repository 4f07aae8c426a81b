/** Contract samples of the agreed-price calls (an extension of the supplier's API). */
import { expect } from 'vitest';
import { prices } from '#src/shared/api/contract/prices.ts';
import { sample, type Sample } from '../harness.ts';

export const samples: Sample[] = [
  sample({
    endpoint: prices.goods,
    as: 'member',
    prepare: () => ({ input: { ids: '1001,1002' } }),
    check: (d) => {
      expect(d.agreement?.agreementNo).toBe('HQXY-2026-0318');
      expect(d.lines.map((l) => l.skuId).sort()).toEqual([100101, 100202]);
    },
  }),
  sample({
    endpoint: prices.goods,
    as: 'member2',
    prepare: () => ({ input: { ids: '1001' } }),
    check: (d) => expect(d).toEqual({ agreement: null, lines: [] }),
  }),
  sample({ endpoint: prices.agreement, as: 'member', check: (d) => expect(d!.lines.length).toBe(10) }),
];
