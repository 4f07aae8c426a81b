import { expect } from 'vitest';
import { order } from '#src/shared/api/contract/order.ts';
import { quotes, type MixtureInput } from '#src/shared/api/contract/quotes.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

const mixture: MixtureInput = {
  balance: 'n2',
  components: [{ gas: 'co', value: '100', unit: 'ppm' }],
  tolerance: 'T5',
  uncertainty: 'U2',
  cylinder: '40L-ST',
  pressure: '15',
  minTemp: 0,
  quantity: '1',
};
const hook = (h: Harness, path: string, body: unknown) =>
  h.raw(`/__sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A mixture request of the demo member, quoted by the sales hook. */
async function quoted(h: Harness) {
  const made = await (await h.client('member')).call(quotes.mixture, { input: mixture });
  await hook(h, `/quotes/${made.id}/quote`, {
    lines: [{ name: 'CO/N₂ 100 ppm', quantity: 1, unit: '瓶', price: 880 }],
    freight: 0,
    validDays: 10,
  });
  return made.id;
}
async function accepted(h: Harness) {
  const id = await quoted(h);
  await (await h.client('member')).call(quotes.accept, { params: { id }, input: { version: 1 } });
  return id;
}
const site = {
  gas: 'LIN',
  purity: '≥99.999%',
  consumption: '20',
  consumptionUnit: 'TMONTH' as const,
  pressure: '0.8',
  regionIds: [320000, 320500, 320506],
  regionText: '江苏省 苏州市 吴中区',
  detail: '郭巷街道 1 号',
  space: '10 m³ 储罐',
  tankerAccess: 'YES' as const,
  startDate: '2099-01-01',
};

export const samples: Sample[] = [
  sample({ endpoint: quotes.mixture, as: 'member', prepare: () => ({ input: mixture }), check: (d) => expect(d.status).toBe('SUBMITTED') }),
  sample({ endpoint: quotes.bulk, as: 'member', prepare: () => ({ input: site }), check: (d) => expect(d.kind).toBe('BULK') }),
  sample({
    endpoint: quotes.onsite,
    as: 'member',
    prepare: () => ({ input: { ...site, gas: 'N2', technology: 'PSA' as const } }),
    check: (d) => expect(d.kind).toBe('ONSITE'),
  }),
  sample({ endpoint: quotes.list, as: 'member', prepare: () => ({ input: {} }), check: (d) => expect(d.total).toBeGreaterThan(0) }),
  sample({
    endpoint: quotes.detail,
    as: 'member',
    prepare: async (h) => ({ params: { id: await quoted(h) } }),
    check: (d) => expect(d.versions).toHaveLength(1),
  }),
  sample({
    endpoint: quotes.message,
    as: 'member',
    prepare: async (h) => ({ params: { id: await quoted(h) }, input: { content: '请确认交期' } }),
  }),
  sample({
    endpoint: quotes.revise,
    as: 'member',
    prepare: async (h) => ({ params: { id: await quoted(h) }, input: { content: '请调整价格' } }),
    check: (d) => expect(d.status).toBe('QUOTING'),
  }),
  sample({
    endpoint: quotes.accept,
    as: 'member',
    prepare: async (h) => ({ params: { id: await quoted(h) }, input: { version: 1 } }),
    check: (d) => expect(d.status).toBe('ACCEPTED'),
  }),
  sample({
    endpoint: quotes.decline,
    as: 'member',
    prepare: async (h) => ({ params: { id: await quoted(h) }, input: { reason: '项目取消' } }),
    check: (d) => expect(d.status).toBe('CLOSED'),
  }),
  sample({
    endpoint: order.confirm,
    as: 'member',
    prepare: async (h) => ({ input: { way: 'QUOTE' as const, quoteId: await accepted(h) } }),
    check: (d) => expect(d).toMatchObject({ way: 'QUOTE', payable: 880, quote: { version: 1 } }),
  }),
];
