import { expect } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { sample, type Harness, type Sample } from '../harness.ts';
import { N2, withNitrogen } from './cart.ts';

/** A PNG header: the upload tells the type by the first bytes. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).toString('base64');

/** The demo company's agreed price of a nitrogen cylinder at 1-9 (sandbox/seed/prices.ts; list ¥180): its orders are priced at it. */
const AGREED_N2 = 165;

/** Places an order of two nitrogen cylinders for the demo member. */
async function placed(h: Harness) {
  const api = await withNitrogen(h);
  return api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
}

/** The sn of the demo member's seeded order in `status`. */
async function seededSn(h: Harness, status: 'COMPLETE' | 'SHIPPED') {
  const { list } = await (await h.client('member')).call(order.list, { input: { status } });
  return list[0]!.sn;
}

export const samples: Sample[] = [
  sample({
    endpoint: order.confirm,
    as: 'member',
    prepare: async (h) => (await withNitrogen(h), { input: { way: 'CART' as const } }),
    check: (d) => expect(d).toMatchObject({ goodsNum: 2, freight: 50, deposit: 1200, companyReady: true, address: { id: 1 } }),
  }),
  sample({
    endpoint: order.confirm,
    as: 'member2',
    prepare: async (h) => {
      await (await h.client('member2')).call(cart.add, { input: { sku_id: N2, num: 1, way: 'BUY_NOW' } });
      return { input: { way: 'BUY_NOW' as const } };
    },
    check: (d) => expect(d).toMatchObject({ companyReady: false, address: null, invoice: null }),
  }),
  sample({
    endpoint: order.create,
    as: 'member',
    prepare: async (h) => (
      await withNitrogen(h),
      { params: { type: 'CART' }, input: { addressId: 1, invoiceId: 1, remark: '工作日送货' }, idempotencyKey: 'contract-1' }
    ),
    check: (d) => expect(d).toMatchObject({ status: 'NEW', payable: 2 * AGREED_N2 + 50 + 1200 }),
  }),
  sample({ endpoint: order.list, as: 'member', check: (d) => expect(d.total).toBe(3) }),
  sample({
    endpoint: order.list,
    as: 'member',
    prepare: () => ({ input: { status: 'SHIPPED' as const } }),
    check: (d) => expect(d.list[0]!.actions).toEqual(['RECEIVE']),
  }),
  sample({ endpoint: order.counts, as: 'member', check: (d) => expect(d).toMatchObject({ COMPLETE: 2, SHIPPED: 1, NEW: 0 }) }),
  sample({
    endpoint: order.detail,
    as: 'member',
    prepare: async (h) => ({ params: { sn: await seededSn(h, 'COMPLETE') } }),
    check: (d) => expect(d).toMatchObject({ status: 'COMPLETE', invoice: { type: 'VAT_SPECIAL' }, coupon: { couponId: 4 } }),
  }),
  sample({
    endpoint: order.cancel,
    as: 'member',
    prepare: async (h) => ({ params: { sn: (await placed(h)).sn }, input: { reason: '收货地址填写错误' } }),
    check: (d) => expect(d).toMatchObject({ status: 'CANCELLED', cancelReason: '收货地址填写错误' }),
  }),
  sample({
    endpoint: order.receive,
    as: 'member',
    prepare: async (h) => ({ params: { sn: await seededSn(h, 'SHIPPED') } }),
    check: (d) => expect(d.status).toBe('ROG'),
  }),
  sample({
    endpoint: order.qrCode,
    as: 'member',
    prepare: async (h) => ({ params: { id: (await placed(h)).orderId }, input: { payType: 'WECHAT' as const, mode: 'NATIVE' as const } }),
    check: (d) => expect(d.codeUrl).toMatch(/^weixin:\/\/wxpay\//),
  }),
  sample({
    endpoint: order.qrStatus,
    as: 'member',
    prepare: async (h) => {
      const { orderId } = await placed(h);
      await (await h.client('member')).call(order.qrCode, { params: { id: orderId }, input: { payType: 'ALIPAY', mode: 'NATIVE' } });
      await h.raw(`/__sandbox/orders/${orderId}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return { params: { id: orderId }, input: { payType: 'ALIPAY' as const } };
    },
    check: (d) => expect(d.status).toBe('PAID'),
  }),
  sample({
    endpoint: order.transfer,
    as: 'member',
    prepare: async (h) => ({ params: { sn: (await placed(h)).sn } }),
    check: (d) =>
      expect(d).toMatchObject({
        status: 'AWAITING_SLIP',
        slip: null,
        amount: 2 * AGREED_N2 + 50 + 1200,
        reference: expect.stringMatching(/^HQ\d{10}$/),
      }),
  }),
  sample({
    endpoint: order.submitTransfer,
    as: 'member',
    prepare: async (h) => {
      const { sn } = await placed(h);
      const api = await h.client('member');
      const { url } = await api.call(common.upload, { input: { name: '汇款凭证.png', data: PNG } });
      return { params: { sn }, input: { slipUrl: url, slipName: '汇款凭证.png' } };
    },
    check: (d) => expect(d).toMatchObject({ status: 'AWAITING_CONFIRMATION', slip: { name: '汇款凭证.png' } }),
  }),
  sample({
    endpoint: order.setDefaultInvoice,
    as: 'member',
    prepare: () => ({ input: { invoiceId: 2 } }),
    check: (d) => expect(d[0]).toMatchObject({ id: 2, isDefault: 1 }),
  }),
];
