/** Contract samples of buying on credit (an extension of the supplier's API): the demo company is on 月结30天 with a ¥200,000 line. */
import { expect } from 'vitest';
import { chinaMonth } from '#src/shared/formats/china-time.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { credit } from '#src/shared/api/contract/credit.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { sample, type Harness, type Sample } from '../harness.ts';
import { withNitrogen } from './cart.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).toString('base64');
const month = () => chinaMonth(Date.now());
const post = (h: Harness, path: string, body: unknown) =>
  h.raw(`/__sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** An order on account this month, and the month closed: the statement is issued. */
async function issued(h: Harness) {
  const api = await withNitrogen(h);
  await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, payMethod: 'CREDIT' } });
  await post(h, '/credit/close-month', { month: month() });
  return api;
}

/** The issued statement confirmed: its bill. */
async function billed(h: Harness) {
  const api = await issued(h);
  return (await api.call(credit.confirm, { params: { month: month() } })).billId!;
}

export const samples: Sample[] = [
  sample({
    endpoint: credit.account,
    as: 'member',
    check: (d) => expect(d).toMatchObject({ termLabel: '月结30天', lineFen: 20_000_000, usedFen: 0, availableFen: 20_000_000, hold: null }),
  }),
  sample({
    endpoint: credit.statement,
    as: 'member',
    prepare: () => ({ input: { month: month() } }),
    // No order on account yet: only the rent the demo company's cylinders accrue this month.
    check: (d) => {
      expect(d.status).toBe('OPEN');
      expect(d.lines.every((l) => l.kind === 'RENT')).toBe(true);
      expect(d.totals.payable).toBe(d.totals.rent);
    },
  }),
  sample({
    endpoint: credit.confirm,
    as: 'member',
    prepare: async (h) => (await issued(h), { params: { month: month() } }),
    check: (d) => expect(d.status).toBe('CONFIRMED'),
  }),
  sample({
    endpoint: credit.dispute,
    as: 'member',
    prepare: async (h) => (await issued(h), { params: { month: month() }, input: { lineIds: [1], reason: '数量与送货单不符' } }),
    check: (d) => expect(d).toMatchObject({ status: 'DISPUTED', disputes: [{ status: 'OPEN', reason: '数量与送货单不符' }] }),
  }),
  sample({ endpoint: credit.bills, as: 'member', prepare: () => ({ input: {} }), check: (d) => expect(d.total).toBe(0) }),
  sample({
    endpoint: credit.remit,
    as: 'member',
    prepare: async (h) => ({ input: { billIds: [await billed(h)] } }),
    check: (d) => expect(d).toMatchObject({ code: expect.stringMatching(/^HK\d{7}$/), status: 'AWAITING_SLIP' }),
  }),
  sample({
    endpoint: credit.slip,
    as: 'member',
    prepare: async (h) => {
      const api = await h.client('member');
      const { code } = await api.call(credit.remit, { input: { billIds: [await billed(h)] } });
      const { url } = await api.call(common.upload, { input: { name: '回单.png', data: PNG } });
      return { params: { code }, input: { slipUrl: url, slipName: '回单.png' } };
    },
    check: (d) => expect(d.status).toBe('AWAITING_RECEIPT'),
  }),
];
