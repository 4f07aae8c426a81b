/** Contract samples of the 数电票 calls (an extension of the supplier's API, einvoice_part). */
import { expect } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { credit } from '#src/shared/api/contract/credit.ts';
import { einvoice } from '#src/shared/api/contract/einvoice.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

const N2 = 100101;
const thisMonth = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
const hook = (h: Harness, path: string, body: unknown = {}) =>
  h.raw(`/__sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A received order of the demo member; answers its number. */
async function received(h: Harness): Promise<string> {
  const api = await h.client('member');
  await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
  const created = await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
  await hook(h, `/orders/${created.orderId}/pay`);
  await hook(h, `/orders/${created.orderId}/ship`);
  await api.call(order.receive, { params: { sn: created.sn } });
  return created.sn;
}

/** An issued invoice of one received order; answers its number. */
async function issued(h: Harness): Promise<string> {
  const sn = await received(h);
  return (await (await h.client('member')).call(einvoice.request, { input: { sn, titleId: 1 } })).number;
}

/** A 确认单 waiting for the buyer (an allowance after confirm-use); answers its number. */
async function waiting(h: Harness): Promise<string> {
  const number = await issued(h);
  await hook(h, `/invoices/${number}/confirm-use`);
  const res = await hook(h, `/invoices/${number}/allowance`, { amountFen: 100 });
  return (res.body.data as { no: string }).no;
}

/** An order of the demo company on account this month, the month closed and its statement confirmed; answers the month. */
async function confirmedStatement(h: Harness): Promise<string> {
  const api = await h.client('member');
  await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
  await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, payMethod: 'CREDIT' } });
  await hook(h, '/credit/close-month', { month: thisMonth() });
  await api.call(credit.confirm, { params: { month: thisMonth() } });
  return thisMonth();
}

export const samples: Sample[] = [
  sample({
    endpoint: einvoice.orderInvoice,
    as: 'member',
    prepare: async (h) => ({ params: { sn: await received(h) } }),
    check: (d) => expect(d).toMatchObject({ number: null, canRequest: true }),
  }),
  sample({
    endpoint: einvoice.statement,
    as: 'member',
    prepare: async (h) => ({ params: { month: await confirmedStatement(h) } }),
    check: (d) => expect(d).toMatchObject({ status: 'CONFIRMED', number: null }),
  }),
  sample({
    endpoint: einvoice.statementRequest,
    as: 'member',
    prepare: async (h) => ({ params: { month: await confirmedStatement(h) }, input: { titleId: 1 } }),
    check: (d) => expect(d.number).toMatch(/^\d{20}$/),
  }),
  sample({
    endpoint: einvoice.list,
    as: 'member',
    prepare: async (h) => (await issued(h), { input: {} }),
    check: (d) => expect(d.total).toBeGreaterThan(0),
  }),
  sample({
    endpoint: einvoice.candidates,
    as: 'member',
    prepare: async (h) => (await received(h), { input: { month: thisMonth() } }),
    check: (d) => expect(d.merge?.orders.length).toBeGreaterThan(0),
  }),
  sample({
    endpoint: einvoice.request,
    as: 'member',
    prepare: async (h) => ({ input: { sn: await received(h), titleId: 1 } }),
    check: (d) => expect(d.number).toMatch(/^\d{20}$/),
  }),
  sample({
    endpoint: einvoice.merge,
    as: 'member',
    prepare: async (h) => (await received(h), { input: { month: thisMonth(), titleId: 1 } }),
    check: (d) => expect(d.sns.length).toBeGreaterThan(0),
  }),
  sample({ endpoint: einvoice.detail, as: 'member', prepare: async (h) => ({ params: { number: await issued(h) } }) }),
  sample({
    endpoint: einvoice.xml,
    as: 'member',
    file: 'application/xml',
    prepare: async (h) => ({ params: { number: await issued(h) } }),
    check: (d) => expect(new TextDecoder().decode(new Uint8Array(d as unknown as ArrayBuffer))).toContain('<EInvoice>'),
  }),
  sample({
    endpoint: einvoice.confirmations,
    as: 'member',
    prepare: async (h) => (await waiting(h), {}),
    check: (d) => expect(d[0]?.status).toBe('02'),
  }),
  sample({
    endpoint: einvoice.decide,
    as: 'member',
    prepare: async (h) => ({ params: { no: await waiting(h) }, input: { accept: true } }),
    check: (d) => expect(d.status).toBe('04'),
  }),
];
