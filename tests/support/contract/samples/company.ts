/** Contract samples of the company calls (an extension of the supplier's API). */
import { expect } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { company } from '#src/shared/api/contract/company.ts';
import { member } from '#src/shared/api/contract/member.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { sample, type Harness, type Sample } from '../harness.ts';
import { N2, withNitrogen } from './cart.ts';

/** The demo member (uid 1) owns the approved company information, so opens the company account as its 管理员; member2 is uid 2. */
const MEMBER2 = { uid: 2, phone: '13900139000' } as const;
const address = {
  name: '李工',
  phone: '13900139000',
  regionIds: [320000, 320200, 320211, 320211001000],
  regionText: '江苏省 无锡市 滨湖区 河埒街道',
  detail: '梁溪路 8 号',
};
const vat = {
  name: '苏州华芯微电子材料有限公司',
  taxNo: '91320506ma1n2qk83w',
  address: '苏州工业园区星湖街 328 号',
  phone: '0512-62880000',
  bank: '中国银行苏州工业园区支行',
  account: '5367 5820 1234',
};
/** The current month in China, as the statement takes it. */
const thisMonth = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

const hook = (h: Harness, path: string, body: unknown = {}) =>
  h.raw(`/__sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The demo member invites member2 as 采购员 with `limitPerOrder` yuan per order. */
async function invited(h: Harness, limitPerOrder = '1000') {
  return (await h.client('member')).call(company.invite, {
    input: { phone: MEMBER2.phone, roles: ['BUYER'], limitPerOrder, limitPerMonth: '' },
  });
}

/** Member2 joins the demo member's company and gets an address; answers its id. */
async function joined(h: Harness, limitPerOrder = '1000') {
  const { id } = await invited(h, limitPerOrder);
  const api = await h.client('member2');
  await api.call(company.accept, { input: { id } });
  return (await api.call(member.saveAddress, { input: address })).id;
}

/** An order of member2 over their ¥1,000 limit, waiting for the demo member's approval; answers its sn. */
async function pending(h: Harness) {
  const addressId = await joined(h);
  const api = await h.client('member2');
  await api.call(cart.add, { input: { sku_id: N2, num: 8, way: 'CART' } });
  const created = await api.call(order.create, { params: { type: 'CART' }, input: { addressId, poNumber: 'PO-APPROVE-1' } });
  expect(created.status).toBe('APPROVAL');
  return created.sn;
}

/** A company order of the demo member (管理员 without limits: no approval), paid. */
async function paid(h: Harness) {
  const api = await withNitrogen(h, 1);
  const created = await api.call(order.create, {
    params: { type: 'CART' },
    input: { addressId: 1, poNumber: 'PO-7788', costCentre: '研发中心' },
  });
  expect(created.status).toBe('NEW');
  await hook(h, `/orders/${created.orderId}/pay`, { payType: 'ALIPAY' });
  return created;
}

/** A company order of the demo member, paid, shipped, received and completed; answers its sn. */
async function completed(h: Harness) {
  const created = await paid(h);
  await hook(h, `/orders/${created.orderId}/ship`, { company: '顺丰速运' });
  await (await h.client('member')).call(order.receive, { params: { sn: created.sn } });
  await hook(h, `/orders/${created.orderId}/complete`);
  return created.sn;
}

/** The paper-era company invoice is requested only while 数电票 are off (einvoice_part; on, the order's 数电票 replaces it). */
const paperEra = (h: Harness) => hook(h, '/view-control', { viewName: 'einvoice_part', isShow: 0 });

/** The VAT invoice of a completed company order, requested with checked VAT details; answers its id. */
async function requested(h: Harness) {
  await paperEra(h);
  const sn = await completed(h);
  const api = await h.client('member');
  await api.call(company.saveVat, { input: vat });
  return (await api.call(company.requestInvoice, { params: { sn } })).id;
}

export const samples: Sample[] = [
  sample({
    endpoint: company.account,
    as: 'member',
    check: (d) =>
      expect(d).toMatchObject({
        name: '苏州华芯微电子材料有限公司',
        me: { uid: 1, roles: ['ADMIN', 'BUYER', 'APPROVER', 'FINANCE'] },
        invitations: [],
      }),
  }),
  sample({ endpoint: company.account, as: 'member2', check: (d) => expect(d).toBeNull() }),
  sample({
    endpoint: company.invite,
    as: 'member',
    prepare: () => ({ input: { phone: MEMBER2.phone, roles: ['BUYER' as const], limitPerOrder: '1,000.00', limitPerMonth: '' } }),
    check: (d) => expect(d).toMatchObject({ phone: '139****9000', roles: ['BUYER'], limitPerOrder: 1000, limitPerMonth: null }),
  }),
  sample({
    endpoint: company.cancelInvitation,
    as: 'member',
    prepare: async (h) => ({ input: { id: (await invited(h)).id } }),
    check: (d) => expect(d.invitations).toEqual([]),
  }),
  sample({
    endpoint: company.invitations,
    as: 'member2',
    prepare: async (h) => (await invited(h), {}),
    check: (d) => expect(d).toMatchObject([{ phone: '139****9000', roles: ['BUYER'], companyName: '苏州华芯微电子材料有限公司' }]),
  }),
  sample({
    endpoint: company.accept,
    as: 'member2',
    prepare: async (h) => ({ input: { id: (await invited(h)).id } }),
    check: (d) => expect(d).toMatchObject({ me: { uid: MEMBER2.uid, roles: ['BUYER'] }, members: [{ uid: MEMBER2.uid }] }),
  }),
  sample({
    endpoint: company.saveMember,
    as: 'member',
    prepare: async (h) => (
      await joined(h),
      { input: { uid: MEMBER2.uid, roles: ['BUYER' as const, 'FINANCE' as const], limitPerOrder: '2000', limitPerMonth: '5000.5' } }
    ),
    check: (d) =>
      expect(d.members.find((m) => m.uid === MEMBER2.uid)).toMatchObject({
        roles: ['BUYER', 'FINANCE'],
        limitPerOrder: 2000,
        limitPerMonth: 5000.5,
      }),
  }),
  sample({
    endpoint: company.removeMember,
    as: 'member',
    prepare: async (h) => (await joined(h), { input: { uid: MEMBER2.uid } }),
    check: (d) => expect(d.members.map((m) => m.uid)).toEqual([1]),
  }),
  sample({
    endpoint: company.settings,
    as: 'member',
    prepare: () => ({ input: { poRequired: true, costCentreRequired: false } }),
    check: (d) => expect(d).toMatchObject({ poRequired: true, costCentreRequired: false }),
  }),
  sample({
    endpoint: company.approvals,
    as: 'member',
    prepare: async (h) => (await pending(h), { input: { status: 'PENDING' as const } }),
    check: (d) => expect(d.list).toMatchObject([{ buyerUid: MEMBER2.uid, status: 'PENDING', poNumber: 'PO-APPROVE-1' }]),
  }),
  sample({
    endpoint: company.decide,
    as: 'member',
    prepare: async (h) => ({ params: { sn: await pending(h) }, input: { approve: true, comment: '本月预算内' } }),
    check: (d) => expect(d).toMatchObject({ status: 'APPROVED', comment: '本月预算内' }),
  }),
  sample({
    endpoint: company.order,
    as: 'member2',
    prepare: async (h) => ({ params: { sn: await pending(h) } }),
    check: (d) =>
      expect(d).toMatchObject({
        poNumber: 'PO-APPROVE-1',
        companyName: '苏州华芯微电子材料有限公司',
        approval: { status: 'PENDING' },
        canRequestInvoice: false,
      }),
  }),
  sample({
    endpoint: company.order,
    as: 'member',
    prepare: async (h) => ({
      params: { sn: (await (await h.client('member')).call(order.list, { input: { status: 'COMPLETE' } })).list[0]!.sn },
    }),
    // The seeded orders were placed outside the company.
    check: (d) => expect(d).toBeNull(),
  }),
  sample({ endpoint: company.vat, as: 'member', check: (d) => expect(d).toBeNull() }),
  sample({
    endpoint: company.vat,
    as: 'member',
    prepare: async (h) => (await (await h.client('member')).call(company.saveVat, { input: vat }), {}),
    check: (d) => expect(d).toMatchObject({ taxNo: '91320506MA1N2QK83W', bank: vat.bank }),
  }),
  sample({
    endpoint: company.saveVat,
    as: 'member',
    prepare: () => ({ input: vat }),
    check: (d) => expect(d).toMatchObject({ name: vat.name, taxNo: '91320506MA1N2QK83W' }),
  }),
  sample({
    endpoint: company.requestInvoice,
    as: 'member',
    prepare: async (h) => {
      await paperEra(h);
      const sn = await completed(h);
      await (await h.client('member')).call(company.saveVat, { input: vat });
      return { params: { sn } };
    },
    check: (d) => expect(d).toMatchObject({ status: 'PENDING', title: vat.name, poNumber: 'PO-7788', fileUrl: null }),
  }),
  // Answers the PDF itself, fetched as the shop's /member/company-invoice does.
  sample({
    endpoint: company.invoiceFile,
    as: 'member',
    file: 'application/pdf',
    check: (d) => expect(new TextDecoder().decode(new Uint8Array(d as unknown as ArrayBuffer).slice(0, 5))).toBe('%PDF-'),
    prepare: async (h) => {
      const id = await requested(h);
      await hook(h, `/company-invoices/${id}/issue`);
      return { params: { id: String(id) } };
    },
  }),
  sample({
    endpoint: company.saveProfile,
    as: 'member2',
    prepare: () => ({ input: { username: '李工（采购）', birthday: '1990-02-28' } }),
    // 1990-02-28 00:00 in China, in seconds.
    check: (d) => expect(d).toMatchObject({ username: '李工（采购）', birthday: Date.UTC(1990, 1, 27, 16) / 1000 }),
  }),
  sample({ endpoint: company.oldPhoneCode, as: 'member2', check: (d) => expect(d).toMatchObject({ phone: '139****9000' }) }),
  sample({
    endpoint: company.orders,
    as: 'member',
    prepare: async (h) => (await paid(h), { input: { po: 'po-77' } }),
    check: (d) =>
      expect(d).toMatchObject({ total: 1, list: [{ poNumber: 'PO-7788', costCentre: '研发中心', status: 'PAID_OFF', approval: null }] }),
  }),
  sample({
    endpoint: company.orders,
    as: 'member',
    prepare: () => ({ input: { po: 'PO-NONE' } }),
    check: (d) => expect(d).toMatchObject({ total: 0, list: [] }),
  }),
  sample({
    endpoint: company.statement,
    as: 'member',
    prepare: async (h) => {
      await paid(h);
      return { input: { month: thisMonth(), po: 'po-77' } };
    },
    check: (d) => {
      expect(d).toMatchObject({ month: thisMonth(), companyName: '苏州华芯微电子材料有限公司' });
      expect(d.lines.map((l) => [l.kind, l.poNumber, l.costCentre])).toEqual([
        ['ORDER', 'PO-7788', '研发中心'],
        ['PAYMENT', 'PO-7788', '研发中心'],
      ]);
      expect(d.totals.orders).toBe(d.lines[0]!.amount);
    },
  }),
];
