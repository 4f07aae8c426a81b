/** Contract samples of the certificates calls (an extension of the supplier's API). */
import { expect } from 'vitest';
import { certificates } from '#src/shared/api/contract/certificates.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

/** Seeded standard-gas order of the demo member (sandbox/seed/coa.ts): methane/air 2.5 % (expiring) and SO₂ 100 ppm (expired). */
const METHANE_SKU = 101601;
const SO2_SKU = 101702;
const METHANE_GOODS = 1016;

/** The demo member's seeded certificates, newest analysis first. */
async function seeded(h: Harness) {
  const { list } = await (await h.client('member')).call(certificates.list, { input: { pageSize: 100 } });
  return list;
}
/** The demo member's seeded methane certificate (summary, with its serial and order). */
async function methane(h: Harness) {
  const c = (await seeded(h)).find((x) => x.skuId === METHANE_SKU);
  if (!c) throw new Error('the sandbox seeds no methane certificate for the demo member');
  return c;
}

export const samples: Sample[] = [
  sample({
    endpoint: certificates.list,
    as: 'member',
    prepare: () => ({ input: { validity: 'EXPIRED' as const } }),
    check: (d) => {
      expect(d.total).toBeGreaterThan(0);
      expect(d.list.every((c) => c.validity === 'EXPIRED')).toBe(true);
      expect(d.list.map((c) => c.skuId)).toContain(SO2_SKU);
    },
  }),
  sample({
    endpoint: certificates.expiring,
    as: 'member',
    check: (d) => {
      // Lapsing soon first, then the lapsed.
      expect(d[0]).toMatchObject({ skuId: METHANE_SKU, validity: 'EXPIRING' });
      expect(d.find((g) => g.skuId === SO2_SKU)).toMatchObject({ validity: 'EXPIRED' });
      expect(d.every((g) => g.certificates.length > 0)).toBe(true);
    },
  }),
  sample({
    endpoint: certificates.detail,
    as: 'member',
    prepare: async (h) => ({ params: { certNo: (await methane(h)).certNo } }),
    check: (d) => {
      expect(d).toMatchObject({ goodsId: METHANE_GOODS, skuId: METHANE_SKU, validity: 'EXPIRING', balance: '合成空气' });
      expect(d.orderSn).not.toBe('');
      expect(d.components[0]).toMatchObject({ formula: 'CH₄', unit: '%', k: 2 });
    },
  }),
  sample({
    endpoint: certificates.ofOrder,
    as: 'member',
    prepare: async (h) => ({ params: { sn: (await methane(h)).orderSn } }),
    check: (d) => {
      expect(d.map((l) => [l.linePos, l.skuId])).toEqual([
        [0, METHANE_SKU],
        [1, SO2_SKU],
      ]);
      expect(d.every((l) => l.certificates.length === 1)).toBe(true);
    },
  }),
  sample({
    endpoint: certificates.verify,
    as: 'guest',
    prepare: async (h) => {
      const c = await methane(h);
      return { input: { certNo: c.certNo, serial: c.serial } };
    },
    check: (d) => {
      expect(d).toMatchObject({ goodsId: METHANE_GOODS, skuId: METHANE_SKU, orderSn: '' });
      expect(d.components).toHaveLength(1);
    },
  }),
  sample({
    endpoint: certificates.sample,
    as: 'guest',
    prepare: () => ({ params: { goodsId: METHANE_GOODS } }),
    check: (d) => {
      expect(d).not.toBeNull();
      expect(d).toMatchObject({ goodsId: METHANE_GOODS, certNo: 'COA-0000-000000', batch: '样例', orderSn: '' });
      expect(d!.serial).toMatch(/^[A-Z]{2}0{8}$/);
    },
  }),
];
