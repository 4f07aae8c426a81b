import { expect } from 'vitest';
import { site } from '#src/shared/api/contract/site.ts';
import { sample, type Sample } from '../harness.ts';

export const samples: Sample[] = [
  sample({ endpoint: site.info, check: (d) => expect(d.siteon).toBe(1) }),
  sample({
    endpoint: site.viewControl,
    check: (d) => expect(d.map((x) => x.viewName)).toEqual(expect.arrayContaining(['cancel_part', 'refund_part'])),
  }),
  sample({ endpoint: site.navTree, check: (d) => expect(d.find((n) => n.id === 16)?.children.map((c) => c.id)).toContain(17) }),
  sample({ endpoint: site.hotKeywords, check: (d) => expect(d.length).toBeGreaterThan(3) }),
  sample({ endpoint: site.banners, check: (d) => expect(d.length).toBeGreaterThan(0) }),
  sample({
    endpoint: site.ads,
    prepare: () => ({ input: { position: 'home-floor' } }),
    check: (d) => expect(d.every((a) => a.position === 'home-floor')).toBe(true),
  }),
];
