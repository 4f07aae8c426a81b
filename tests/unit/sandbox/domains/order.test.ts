import { beforeEach, describe, expect, it } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { member } from '#src/shared/api/contract/member.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { ORDER_STATUS_LABEL, order, type CreateInput } from '#src/shared/api/contract/order.ts';
import { goods } from '#sandbox/seed/goods.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const START = Date.parse('2026-03-18T02:00:00Z');
let clock = START;
const MINUTE = 60_000;
const { client, sandbox, hook } = useSandbox(() => clock);
beforeEach(async () => {
  clock = START;
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null));
  // List pricing: the demo company's agreed prices of these SKUs are tested in prices.test.ts, so the agreement is off here.
  await hook('/view-control', { viewName: 'price_part', isShow: 0 });
});
const api = client(() => 'u1');

const N2 = 100101;
const n2 = goods.find((g) => g.id === 1001)!.skus[0]!;
/** Deposit of a 40L cylinder of a gas. */
const CYLINDER = 600;

async function placeOrder(num = 4, input: Partial<CreateInput> = {}, key?: string) {
  await api.call(cart.add, { input: { sku_id: N2, num, way: 'CART' } });
  return api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, ...input }, idempotencyKey: key });
}
/** The nitrogen stock left, as the cart shows it (this puts one cylinder in the cart). */
const stockLeft = async () =>
  (await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } })).valid.flatMap((s) => s.sku_list).find((l) => l.sku_id === N2)!
    .stock;

describe('checkout preview', () => {
  it('prices the checked lines: goods, freight under ¥2000, cylinder deposits, default address and invoice, coupons with reasons', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 4, way: 'CART' } });
    const c = await api.call(order.confirm, { input: { way: 'CART' } });
    expect(c).toMatchObject({
      goodsNum: 4,
      goodsTotal: n2.price * 4,
      freight: 50,
      deposit: CYLINDER * 4,
      discount: 0,
      couponDiscount: 0,
      companyReady: true,
    });
    expect(c.payable).toBe(n2.price * 4 + 50 + CYLINDER * 4);
    expect(c.shops[0]!.sku_list[0]).toMatchObject({ sku_id: N2, num: 4, deposit: CYLINDER });
    expect(c.address?.id).toBe(1);
    expect(c.invoice?.id).toBe(1);
    // Used and expired coupons are not offered.
    expect(c.coupons.map((x) => [x.couponId, x.usable, x.reason])).toEqual([[1, false, '商品金额未满 ¥1000.00']]);
    expect(await failure(api.call(order.confirm, { input: { way: 'CART', couponId: 1 } }))).toBe('优惠券不可用：商品金额未满 ¥1000.00');
    expect(await failure(api.call(order.confirm, { input: { way: 'CART', couponId: 2 } }))).toBe('优惠券不存在或已使用');
  });

  it('ships free from ¥2000 and takes the activity and the coupon off the payable', async () => {
    const num = Math.ceil(2000 / n2.price);
    await api.call(cart.add, { input: { sku_id: N2, num, way: 'CART' } });
    const c = await api.call(order.confirm, { input: { way: 'CART', couponId: 1 } });
    expect(c).toMatchObject({ freight: 0, discount: 100, couponDiscount: 50, coupon: { couponId: 1 } });
    expect(c.shops[0]!.activity).toEqual({ activity_id: 1, title: '满2000减100' });
    expect(c.payable).toBe(n2.price * num - 100 - 50 + CYLINDER * num);
  });

  it('refuses an empty checkout', async () => {
    expect(await failure(api.call(order.confirm, { input: { way: 'CART' } }))).toBe('请选择要结算的商品');
  });
});

describe('order create', () => {
  it('requires company information: member 2 can order once it is uploaded', async () => {
    const u2 = client(() => 'u2');
    await u2.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    expect((await u2.call(order.confirm, { input: { way: 'CART' } })).companyReady).toBe(false);
    expect(await failure(u2.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } }))).toBe('请先在会员中心上传企业信息');

    await u2.call(member.saveCompany, {
      input: {
        companyName: '无锡恒达焊接工程有限公司',
        taxNo: '91320211MA1P8HX27K',
        licenseUrl: '/uploads/l.png',
        contact: '赵工',
        phone: '13900139000',
      },
    });
    // Member 1's address is not member 2's.
    expect(await failure(u2.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } }))).toBe('收货地址不存在');
    const address = await u2.call(member.saveAddress, {
      input: {
        name: '赵工',
        phone: '13900139000',
        regionIds: [320000, 320200, 320211, 320211001000],
        regionText: '江苏省 无锡市 滨湖区 河埒街道',
        detail: '梁溪路 8 号',
      },
    });
    const created = await u2.call(order.create, { params: { type: 'CART' }, input: { addressId: address.id } });
    expect(created.status).toBe('NEW');
  });

  it('validates the type and the address', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    expect(await failure(api.call(order.create, { params: { type: 'LATER' }, input: { addressId: 1 } }))).toBe('下单方式错误');
    expect(await failure(api.call(order.create, { params: { type: 'CART' }, input: {} as CreateInput }))).toBe('请选择收货地址');
    expect(await failure(api.call(order.create, { params: { type: 'CART' }, input: { addressId: 999 } }))).toBe('收货地址不存在');
  });

  it('makes one order of 10 concurrent creates with one idempotency key', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 4, way: 'CART' } });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 }, idempotencyKey: 'submit-7f3a' }),
      ),
    );
    expect(new Set(answers.map((a) => a.sn)).size).toBe(1);
    expect((await api.call(order.list, { input: { status: 'NEW' } })).total).toBe(1);
    expect((await api.call(cart.list)).valid).toEqual([]);
    // The cart is empty now, so another key has nothing to order.
    expect(
      await failure(api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 }, idempotencyKey: 'submit-other' })),
    ).toBe('请选择要结算的商品');
    // Stock went down once: 4 cylinders, not 40.
    expect(await stockLeft()).toBe(n2.stock - 4);
  });

  it('takes the ordered lines out of the cart and the stock, leaving unchecked lines', async () => {
    const other = goods.flatMap((g) => (g.marketEnable === 1 ? g.skus : [])).find((s) => s.sku_id !== N2 && s.stock > 10)!;
    await api.call(cart.add, { input: { sku_id: other.sku_id, num: 1, way: 'CART' } });
    await api.call(cart.check, { input: { sku_id: other.sku_id, checked: 0 } });
    await placeOrder(3);
    const list = await api.call(cart.list);
    expect(list.valid.flatMap((s) => s.sku_list.map((l) => l.sku_id))).toEqual([other.sku_id]);
    await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    const line = (await api.call(cart.list)).valid.flatMap((s) => s.sku_list).find((l) => l.sku_id === N2)!;
    expect(line.stock).toBe(n2.stock - 3);
  });

  it('marks the coupon used by the order', async () => {
    const created = await placeOrder(Math.ceil(1000 / n2.price), { couponId: 1 });
    const used = await api.call(member.coupons, { input: { status: 'used' } });
    expect(used.list.find((c) => c.couponId === 1)?.orderSn).toBe(created.sn);
  });
});

describe('order status', () => {
  it('moves NEW -> PAID_OFF -> SHIPPED -> ROG and refuses other moves', async () => {
    const { sn, orderId } = await placeOrder(4);
    expect(await failure(api.call(order.receive, { params: { sn } }))).toBe('当前订单状态不允许该操作');
    expect((await hook(`/orders/${orderId}/ship`)).body.msg).toBe('当前订单状态不允许该操作');

    let d = await api.call(order.detail, { params: { sn } });
    expect(d).toMatchObject({ status: 'NEW', statusText: '新订单', actions: ['PAY', 'CANCEL'], payDeadline: START + 30 * MINUTE });

    expect((await hook(`/orders/${orderId}/pay`, { payType: 'ALIPAY' })).body.status).toBe(200);
    d = await api.call(order.detail, { params: { sn } });
    expect(d).toMatchObject({ status: 'PAID_OFF', payType: 'ALIPAY', payDeadline: null, actions: ['AFTERSALE'] });
    expect(await failure(api.call(order.cancel, { params: { sn }, input: { reason: '不想要了' } }))).toBe('当前订单状态不允许该操作');

    await hook(`/orders/${orderId}/ship`, { company: '顺丰速运', trackingNo: 'SF1234567890' });
    clock += 60 * MINUTE;
    d = await api.call(order.receive, { params: { sn } });
    expect(d).toMatchObject({ status: 'ROG', receivedAt: clock, delivery: { company: '顺丰速运', trackingNo: 'SF1234567890' } });
    expect(d.logs.map((l) => l.status)).toEqual(['NEW', 'PAID_OFF', 'SHIPPED', 'ROG']);
    expect(d.logs.map((l) => l.statusText)).toEqual(['NEW', 'PAID_OFF', 'SHIPPED', 'ROG'].map((s) => ORDER_STATUS_LABEL[s as 'NEW']));
    // One point per yuan of goods and freight.
    const points = await api.call(member.points);
    expect(points.list[0]).toMatchObject({ change: Math.floor(n2.price * 4 + 50), reason: `订单 ${sn} 确认收货` });
  });

  it('cancels a new order with its reason, giving back stock and coupon', async () => {
    const { sn } = await placeOrder(Math.ceil(1000 / n2.price), { couponId: 1 });
    const d = await api.call(order.cancel, { params: { sn }, input: { reason: '信息填写错误' } });
    expect(d).toMatchObject({ status: 'CANCELLED', statusText: '已取消', cancelReason: '信息填写错误', actions: [] });
    expect((await api.call(member.coupons, { input: { status: 'unused' } })).list.map((c) => c.couponId)).toContain(1);
    expect(await stockLeft()).toBe(n2.stock);
    expect(await failure(api.call(order.cancel, { params: { sn }, input: { reason: '再取消' } }))).toBe('当前订单状态不允许该操作');
    expect(await failure(api.call(order.cancel, { params: { sn }, input: { reason: ' ' } }))).toBe('请选择取消原因');
  });

  it('cancels an unpaid order 30 minutes after it was placed, when it is next read', async () => {
    const { sn, orderId } = await placeOrder(4, { couponId: undefined });
    clock += 29 * MINUTE;
    expect((await api.call(order.detail, { params: { sn } })).status).toBe('NEW');
    clock += MINUTE;
    const d = await api.call(order.detail, { params: { sn } });
    expect(d).toMatchObject({ status: 'CANCELLED', cancelReason: '超时未支付' });
    expect(d.logs.at(-1)).toMatchObject({ status: 'CANCELLED', time: START + 30 * MINUTE, note: '超时未支付' });
    expect(await stockLeft()).toBe(n2.stock);
    expect((await hook(`/orders/${orderId}/pay`)).body.msg).toBe('当前订单状态不允许该操作');
  });

  it('completes a received order 7 days after receipt', async () => {
    const { sn, orderId } = await placeOrder(1);
    await hook(`/orders/${orderId}/pay`);
    await hook(`/orders/${orderId}/ship`);
    await api.call(order.receive, { params: { sn } });
    clock += 7 * 24 * 60 * MINUTE - 1;
    expect((await api.call(order.detail, { params: { sn } })).status).toBe('ROG');
    clock += 1;
    expect((await api.call(order.detail, { params: { sn } })).status).toBe('COMPLETE');
  });

  it('lists a member’s orders newest first, by status, with counts, and hides other members’ orders', async () => {
    const { sn } = await placeOrder(1);
    const all = await api.call(order.list, { input: { pageSize: 2 } });
    // The seed's two nitrogen orders, the certificate seed's standard-gas order (COMPLETE) and the new one.
    expect(all).toMatchObject({ total: 4, pageSize: 2 });
    expect(all.list[0]!.sn).toBe(sn);
    expect((await api.call(order.list, { input: { status: 'SHIPPED' } })).list.map((o) => o.status)).toEqual(['SHIPPED']);
    expect(await api.call(order.counts)).toMatchObject({ NEW: 1, SHIPPED: 1, COMPLETE: 2, CANCELLED: 0 });
    const u2 = client(() => 'u2');
    expect((await u2.call(order.list)).total).toBe(0);
    expect(await failure(u2.call(order.detail, { params: { sn } }))).toBe('订单不存在');
  });

  it('orders the buy-now line without touching the cart', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    await api.call(cart.add, { input: { sku_id: N2, num: 5, way: 'BUY_NOW' } });
    const { sn } = await api.call(order.create, { params: { type: 'BUY_NOW' }, input: { addressId: 1 } });
    expect((await api.call(order.detail, { params: { sn } })).lines[0]!.num).toBe(5);
    expect((await api.call(cart.list)).valid[0]!.sku_list[0]!.num).toBe(2);
    expect(await failure(api.call(order.confirm, { input: { way: 'BUY_NOW' } }))).toBe('请先选择要购买的商品');
  });
});

describe('payment by QR code', () => {
  it('issues a code per pay type and reports WAITING, SCANNED and PAID', async () => {
    const { orderId, sn, payable } = await placeOrder(2);
    expect(await failure(api.call(order.qrStatus, { params: { id: orderId }, input: { payType: 'WECHAT' } }))).toBe('请先获取支付二维码');

    const wechat = await api.call(order.qrCode, { params: { id: orderId }, input: { payType: 'WECHAT', mode: 'NATIVE' } });
    expect(wechat.codeUrl).toMatch(/^weixin:\/\/wxpay\//);
    expect(wechat).toMatchObject({ payable, expiresAt: START + 30 * MINUTE });
    // Asking again while the code lives answers the same code.
    expect((await api.call(order.qrCode, { params: { id: orderId }, input: { payType: 'WECHAT', mode: 'NATIVE' } })).codeUrl).toBe(
      wechat.codeUrl,
    );
    const alipay = await api.call(order.qrCode, { params: { id: orderId }, input: { payType: 'ALIPAY', mode: 'NATIVE' } });
    expect(alipay.codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);

    const status = () => api.call(order.qrStatus, { params: { id: orderId }, input: { payType: 'WECHAT' } });
    expect(await status()).toEqual({ status: 'WAITING' });
    await hook(`/orders/${orderId}/scan`, { payType: 'WECHAT' });
    expect(await status()).toEqual({ status: 'SCANNED' });
    await hook(`/orders/${orderId}/pay`, { payType: 'WECHAT' });
    expect(await status()).toEqual({ status: 'PAID' });
    expect((await api.call(order.detail, { params: { sn } })).status).toBe('PAID_OFF');
    expect(await failure(api.call(order.qrCode, { params: { id: orderId }, input: { payType: 'ALIPAY', mode: 'NATIVE' } }))).toBe(
      '订单已支付，请勿重复支付',
    );
  });

  it('reports CLOSED for a cancelled order and EXPIRED once the code lapses', async () => {
    const first = await placeOrder(1);
    await api.call(order.qrCode, { params: { id: first.orderId }, input: { payType: 'ALIPAY' } });
    await api.call(order.cancel, { params: { sn: first.sn }, input: { reason: '重复下单' } });
    expect(await api.call(order.qrStatus, { params: { id: first.orderId }, input: { payType: 'ALIPAY' } })).toEqual({ status: 'CLOSED' });

    const second = await placeOrder(1);
    await api.call(order.qrCode, { params: { id: second.orderId }, input: { payType: 'WECHAT' } });
    clock += 30 * MINUTE;
    expect(await api.call(order.qrStatus, { params: { id: second.orderId }, input: { payType: 'WECHAT' } })).toEqual({ status: 'EXPIRED' });
    expect(await failure(api.call(order.qrCode, { params: { id: second.orderId }, input: { payType: 'WECHAT' } }))).toBe(
      '当前订单状态不允许该操作',
    );
  });

  it('refuses another member’s order', async () => {
    const { orderId } = await placeOrder(1);
    expect(await failure(client(() => 'u2').call(order.qrCode, { params: { id: orderId }, input: { payType: 'WECHAT' } }))).toBe(
      '订单不存在',
    );
  });
});

describe('payment by company bank transfer', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');

  it('gives the account and a reference, takes an uploaded slip, waits past the pay window and is paid when the hook confirms it', async () => {
    const { orderId, sn, payable } = await placeOrder(2);
    const before = await api.call(order.transfer, { params: { sn } });
    expect(before).toMatchObject({
      status: 'AWAITING_SLIP',
      amount: payable,
      slip: null,
      confirmedAt: null,
      reference: `HQ${sn.slice(-10)}`,
    });
    expect(before.account).not.toBe('');
    expect((await hook(`/orders/${orderId}/confirm-transfer`)).body).toMatchObject({ status: 400, msg: '该订单没有待确认的对公转账' });
    // A URL the member did not upload is no slip.
    expect(
      await failure(api.call(order.submitTransfer, { params: { sn }, input: { slipUrl: 'https://files.sandbox.invalid/upload/x.png' } })),
    ).toBe('请先上传汇款凭证');

    const { url } = await api.call(common.upload, { input: { name: '回单.png', data: png } });
    const sent = await api.call(order.submitTransfer, { params: { sn }, input: { slipUrl: url } });
    expect(sent).toMatchObject({ status: 'AWAITING_CONFIRMATION', slip: { url, name: '回单.png', submittedAt: START } });
    expect(await failure(api.call(order.qrCode, { params: { id: orderId }, input: { payType: 'WECHAT' } }))).toBe(
      '已提交对公转账凭证，请等待财务确认到账',
    );
    // Bank transfers take longer than the QR pay window: the order waits instead of being cancelled.
    clock += 2 * 60 * MINUTE;
    expect((await api.call(order.detail, { params: { sn } })).status).toBe('NEW');

    await hook(`/orders/${orderId}/confirm-transfer`);
    const paid = await api.call(order.detail, { params: { sn } });
    expect(paid).toMatchObject({ status: 'PAID_OFF', payType: 'TRANSFER' });
    expect(await api.call(order.transfer, { params: { sn } })).toMatchObject({ status: 'CONFIRMED', confirmedAt: clock });
  });

  it('refuses another member’s order and a slip of another member', async () => {
    const { sn } = await placeOrder(1);
    expect(await failure(client(() => 'u2').call(order.transfer, { params: { sn } }))).toBe('订单不存在');
    const { url } = await client(() => 'u2').call(common.upload, { input: { name: 'x.png', data: png } });
    expect(await failure(api.call(order.submitTransfer, { params: { sn }, input: { slipUrl: url } }))).toBe('请先上传汇款凭证');
    // The same file uploaded by the member itself counts, though its URL is the same.
    await api.call(common.upload, { input: { name: 'y.png', data: png } });
    expect((await api.call(order.submitTransfer, { params: { sn }, input: { slipUrl: url } })).status).toBe('AWAITING_CONFIRMATION');
  });
});

describe('payable check on create', () => {
  it('refuses with 409 when the payable the member saw is not the one now, and orders when it is', async () => {
    await api.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    const { payable } = await api.call(order.confirm, { input: { way: 'CART' } });
    const refused = api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, payable: payable - 1 } });
    await expect(refused).rejects.toMatchObject({ status: 409 });
    expect(await failure(refused)).toMatch(/^订单金额已变化（现为 ¥[\d.]+），请核对后重新提交$/);
    expect((await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, payable } })).payable).toBe(payable);
  });
});

describe('goods detail after orders', () => {
  it('shows the stock that orders left, not the seeded one', async () => {
    const before = (await api.call(catalog.goodsDetail, { params: { id: 1001 } })).skus[0]!.stock;
    await placeOrder(4);
    expect((await api.call(catalog.goodsDetail, { params: { id: 1001 } })).skus[0]!.stock).toBe(before - 4);
  });
});
