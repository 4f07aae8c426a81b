import { expect } from 'vitest';
import { member, type AfterSaleApply } from '#src/shared/api/contract/member.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { sample, type Harness, type Sample } from '../harness.ts';
import { N2 } from './cart.ts';

const company = {
  companyName: '无锡恒达焊接工程有限公司',
  taxNo: '91320211MA1P8HX27K',
  licenseUrl: '/uploads/licence.png',
  contact: '赵工',
  phone: '13900139000',
};
const address = {
  name: '赵工',
  phone: '13900139000',
  regionIds: [320000, 320200, 320211, 320211001000],
  regionText: '江苏省 无锡市 滨湖区 河埒街道',
  detail: '梁溪路 8 号',
};
const ticket = {
  type: 'DELIVERY' as const,
  title: '液氮杜瓦送货预约',
  content: '下周二上午需要 175L 液氮杜瓦 2 台，请安排送货。',
  contact: '赵工',
  phone: '13900139000',
};

/** An application for two of the four cylinders of the demo member's completed order. */
async function applied(h: Harness, patch: Partial<AfterSaleApply> = {}) {
  const api = await h.client('member');
  const { list } = await api.call(order.list, { input: { status: 'COMPLETE' } });
  return api.call(member.applyAfterSale, { input: { sn: list[0]!.sn, skuId: N2, type: 'RETURN', reason: '瓶阀漏气', num: 2, ...patch } });
}
const completeSn = async (h: Harness) => (await (await h.client('member')).call(order.list, { input: { status: 'COMPLETE' } })).list[0]!.sn;

export const samples: Sample[] = [
  sample({ endpoint: member.company, as: 'member', check: (d) => expect(d?.taxNo).toBe('91320506MA1N2QK83W') }),
  sample({ endpoint: member.company, as: 'member2', check: (d) => expect(d).toBeNull() }),
  sample({
    endpoint: member.saveCompany,
    as: 'member2',
    prepare: () => ({ input: company }),
    check: (d) => expect(d.companyName).toBe(company.companyName),
  }),

  sample({ endpoint: member.addresses, as: 'member', check: (d) => expect(d.map((a) => a.isDefault)).toEqual([1, 0]) }),
  sample({ endpoint: member.saveAddress, as: 'member2', prepare: () => ({ input: address }), check: (d) => expect(d.isDefault).toBe(1) }),
  sample({
    endpoint: member.deleteAddress,
    as: 'member',
    prepare: () => ({ input: { id: 1 } }),
    check: (d) => expect(d).toMatchObject([{ id: 2, isDefault: 1 }]),
  }),

  sample({ endpoint: member.invoiceTitles, as: 'member', check: (d) => expect(d[0]).toMatchObject({ type: 'VAT_SPECIAL', isDefault: 1 }) }),
  sample({
    endpoint: member.saveInvoiceTitle,
    as: 'member2',
    prepare: () => ({
      input: {
        type: 'NORMAL' as const,
        titleType: 'COMPANY' as const,
        title: company.companyName,
        taxNo: company.taxNo,
        isDefault: 1 as const,
      },
    }),
    check: (d) => expect(d).toMatchObject({ isDefault: 1, bank: '' }),
  }),
  sample({
    endpoint: member.deleteInvoiceTitle,
    as: 'member',
    prepare: () => ({ input: { id: 2 } }),
    check: (d) => expect(d.map((t) => t.id)).toEqual([1]),
  }),
  sample({
    endpoint: member.issuedInvoices,
    as: 'member',
    check: (d) => expect(d.list[0]).toMatchObject({ status: 'ISSUED', amount: 760 }),
  }),

  sample({ endpoint: member.coupons, as: 'member', check: (d) => expect(d.total).toBe(3) }),
  sample({
    endpoint: member.coupons,
    as: 'member',
    prepare: () => ({ input: { status: 'unused' as const } }),
    check: (d) => expect(d.list.map((c) => c.couponId)).toEqual([1]),
  }),
  sample({ endpoint: member.couponOffers, as: 'member2', check: (d) => expect(d.every((c) => !c.received)).toBe(true) }),
  sample({
    endpoint: member.receiveCoupon,
    as: 'member2',
    prepare: () => ({ input: { couponId: 4 } }),
    check: (d) => expect(d.status).toBe('unused'),
  }),

  sample({ endpoint: member.points, as: 'member', check: (d) => expect(d.balance).toBe(1260) }),

  sample({
    endpoint: member.afterSales,
    as: 'member',
    prepare: async (h) => (await applied(h), {}),
    check: (d) => expect(d.list[0]!.status).toBe('APPLY'),
  }),
  sample({
    endpoint: member.applyAfterSale,
    as: 'member',
    prepare: async (h) => ({ input: { sn: await completeSn(h), skuId: N2, type: 'CYLINDER_RETURN' as const, reason: '空瓶退还', num: 4 } }),
    check: (d) => expect(d.refundAmount).toBe(2400),
  }),
  sample({
    endpoint: member.afterSale,
    as: 'member',
    prepare: async (h) => ({ params: { id: (await applied(h)).id } }),
    check: (d) => expect(d.actions).toEqual(['CANCEL']),
  }),
  sample({
    endpoint: member.cancelAfterSale,
    as: 'member',
    prepare: async (h) => ({ params: { id: (await applied(h)).id } }),
    check: (d) => expect(d.status).toBe('CANCELLED'),
  }),

  sample({ endpoint: member.tickets, as: 'member', check: (d) => expect(d.list[0]!.status).toBe('REPLIED') }),
  sample({
    endpoint: member.createTicket,
    as: 'member2',
    prepare: () => ({ input: ticket }),
    check: (d) => expect(d.status).toBe('PENDING'),
  }),
  sample({
    endpoint: member.ticket,
    as: 'member',
    prepare: () => ({ params: { id: 1 } }),
    check: (d) => expect(d.replies[0]!.from).toBe('SERVICE'),
  }),

  sample({ endpoint: member.collects, as: 'member', check: (d) => expect(d.list[0]!.id).toBe(1001) }),
  sample({
    endpoint: member.collect,
    as: 'member2',
    prepare: () => ({ input: { goodsId: 1001 } }),
    check: (d) => expect(d.collected).toBe(true),
  }),
  sample({
    endpoint: member.uncollect,
    as: 'member',
    prepare: () => ({ input: { goodsId: 1001 } }),
    check: (d) => expect(d.collected).toBe(false),
  }),
  sample({
    endpoint: member.collectState,
    as: 'member',
    prepare: () => ({ input: { goodsId: 1001 } }),
    check: (d) => expect(d.collected).toBe(true),
  }),
  sample({ endpoint: member.collectState, prepare: () => ({ input: { goodsId: 1001 } }), check: (d) => expect(d.collected).toBe(false) }),
];
