/** Contract samples of the compliance calls (an extension of the supplier's API). */
import { expect } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { compliance, type PermitInput } from '#src/shared/api/contract/compliance.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

/** A PNG header: the upload tells the type by the first bytes. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).toString('base64');
/** Seeded skus: oxygen and hydrogen may not travel together (GB/T 34525). */
const O2 = 100501;
const H2 = 100401;

const hook = (h: Harness, path: string, body: unknown) =>
  h.raw(`/__sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A 剧毒 purchase permit form of the demo member, its scan uploaded by the member (the sandbox runs on the real clock). */
async function permitInput(h: Harness): Promise<PermitInput> {
  const { url } = await (await h.client('member')).call(common.upload, { input: { name: '许可证.png', data: PNG } });
  return {
    controlClass: 'TOXIC',
    number: '沪公（徐）剧购〔2026〕0042',
    authority: '上海市公安局徐汇分局',
    validFrom: '2026-01-01',
    validTo: '2099-12-31',
    scanUrl: url,
  };
}

export const samples: Sample[] = [
  sample({
    endpoint: compliance.goods,
    prepare: () => ({ params: { id: '1088' } }),
    check: (d) =>
      expect(d).toMatchObject({
        goodsId: 1088,
        un: 'UN1017',
        labels: ['2.3', '5.1', '8'],
        control: { controlClass: 'TOXIC', permit: '剧毒化学品购买许可证' },
      }),
  }),
  sample({
    endpoint: compliance.goods,
    prepare: () => ({ params: { id: '1072' } }),
    check: (d) => expect(d).toMatchObject({ goodsId: 1072, un: '', labels: [], control: null }),
  }),
  sample({
    endpoint: compliance.savePermit,
    as: 'member',
    prepare: async (h) => ({ input: await permitInput(h) }),
    check: (d) => expect(d).toMatchObject({ controlClass: 'TOXIC', status: 'PENDING', state: 'PENDING', validTo: '2099-12-31' }),
  }),
  sample({
    endpoint: compliance.permits,
    as: 'member',
    prepare: async (h) => {
      const saved = await (await h.client('member')).call(compliance.savePermit, { input: await permitInput(h) });
      await hook(h, `/hazmat/permits/${saved.id}/review`, { result: 'APPROVED' });
      return {};
    },
    check: (d) => {
      expect(d).toHaveLength(1);
      expect(d[0]).toMatchObject({ controlClass: 'TOXIC', status: 'APPROVED', state: 'VALID', reviewNote: '审核通过' });
    },
  }),
  sample({
    endpoint: compliance.shipments,
    as: 'member',
    prepare: async (h) => {
      const api = await h.client('member');
      await api.call(cart.add, { input: { sku_id: O2, num: 1, way: 'CART' } });
      await api.call(cart.add, { input: { sku_id: H2, num: 1, way: 'CART' } });
      const { sn } = await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
      return { params: { sn } };
    },
    check: (d) => {
      // Oxygen and hydrogen travel apart; the shop's freight is charged once.
      expect(d).toHaveLength(2);
      expect(d.flatMap((s) => s.lines.map((l) => l.sku_id)).sort()).toEqual([H2, O2].sort());
      expect(d[1]!.freight).toBe(0);
      expect(d[1]!.note).toMatch(/另派车配送/);
    },
  }),
];
