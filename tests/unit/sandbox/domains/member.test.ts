import { FEATURE_VIEWS } from '#src/shared/view-control.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '#src/shared/api/contract/auth.ts';
import { cart } from '#src/shared/api/contract/cart.ts';
import { member, type AddressInput, type InvoiceTitleInput } from '#src/shared/api/contract/member.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { goods } from '#sandbox/seed/goods.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const { client, sandbox, hook } = useSandbox();
beforeEach(() => sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null)));
const u1 = client(() => 'u1');
const u2 = client(() => 'u2');

const N2 = 100101;
const n2 = goods.find((g) => g.id === 1001)!.skus[0]!;
const company = {
  companyName: '无锡恒达焊接工程有限公司',
  taxNo: '91320211MA1P8HX272',
  licenseUrl: '/uploads/licence.png',
  contact: '赵工',
  phone: '13900139000',
};
const address: AddressInput = {
  name: '赵工',
  phone: '13900139000',
  regionIds: [320000, 320200, 320211, 320211001000],
  regionText: '江苏省 无锡市 滨湖区 河埒街道',
  detail: '梁溪路 8 号',
};

describe('company information', () => {
  it('is seeded for member 1 and missing for member 2 until saved', async () => {
    expect((await u1.call(member.company))?.companyName).toBe('苏州华芯微电子材料有限公司');
    expect(await u2.call(member.company)).toBeNull();
    const saved = await u2.call(member.saveCompany, { input: { ...company, taxNo: '91320211ma1p8hx272' } });
    expect(saved.taxNo).toBe('91320211MA1P8HX272');
    expect(await u2.call(member.company)).toMatchObject(company);
  });

  it('checks the tax number and phone with Chinese messages', async () => {
    const save = (patch: object) => failure(u2.call(member.saveCompany, { input: { ...company, ...patch } }));
    expect(await save({ taxNo: '1234567890123456' })).toBe('税号格式错误');
    expect(await save({ taxNo: '' })).toBe('请输入税号');
    expect(await save({ companyName: '  ' })).toBe('请输入企业名称');
    expect(await save({ phone: '' })).toBe('请输入手机号');
    expect(await save({ phone: '1390013900' })).toBe('手机号不正确');
    expect(await save({ phone: '12900139000' })).toBe('电话格式错误');
    const { licenseUrl: _, ...withoutLicence } = company;
    expect(await failure(u2.call(member.saveCompany, { input: withoutLicence as typeof company }))).toBe('请上传营业执照');
  });
});

describe('addresses', () => {
  it('keeps exactly one default: the first address, then whichever claims it, then the newest left', async () => {
    const first = await u2.call(member.saveAddress, { input: address });
    expect(first.isDefault).toBe(1);
    const second = await u2.call(member.saveAddress, { input: { ...address, detail: '太湖大道 1 号', isDefault: 1 } });
    let list = await u2.call(member.addresses);
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, 1],
      [first.id, 0],
    ]);
    list = await u2.call(member.deleteAddress, { input: { id: second.id } });
    expect(list).toMatchObject([{ id: first.id, isDefault: 1 }]);
    const edited = await u2.call(member.saveAddress, { input: { ...address, id: first.id, detail: '梁溪路 10 号', isDefault: 0 } });
    expect(edited).toMatchObject({ detail: '梁溪路 10 号', isDefault: 1 });
  });

  it('validates the phone with the SPEC messages and the region and detail', async () => {
    const save = (patch: Partial<AddressInput>) => failure(u2.call(member.saveAddress, { input: { ...address, ...patch } }));
    expect(await save({ phone: '' })).toBe('请输入手机号');
    expect(await save({ phone: '139001390001' })).toBe('手机号不正确');
    expect(await save({ phone: '23900139000' })).toBe('电话格式错误');
    expect(await save({ regionIds: [320000, 320200] })).toBe('请选择完整的所在地区');
    expect(await save({ detail: '' })).toBe('请输入详细地址');
    expect(await save({ name: '' })).toBe('请输入收货人姓名');
    expect(await failure(u2.call(member.saveAddress, { input: { ...address, id: 1 } }))).toBe('收货地址不存在');
  });

  it('keeps at most 20 addresses', async () => {
    for (let i = 0; i < 20; i++) await u2.call(member.saveAddress, { input: { ...address, detail: `梁溪路 ${i} 号` } });
    expect(await failure(u2.call(member.saveAddress, { input: address }))).toBe('收货地址最多保存 20 个');
  });
});

describe('invoice titles', () => {
  // List pricing: the demo company's agreed prices of these SKUs are tested in prices.test.ts, so the agreement is off here.
  beforeEach(() => hook('/view-control', { viewName: 'price_part', isShow: 0 }));
  const vat: InvoiceTitleInput = {
    type: 'VAT_SPECIAL',
    titleType: 'COMPANY',
    title: '无锡恒达焊接工程有限公司',
    taxNo: '91320211MA1P8HX272',
    bank: '中国银行无锡滨湖支行',
    account: '540000001234',
    address: '无锡市滨湖区梁溪路 8 号',
    phone: '0510-85501234',
  };

  it('requires tax number and bank details for a VAT special invoice, which only a company may have', async () => {
    const save = (patch: Partial<InvoiceTitleInput>) => failure(u2.call(member.saveInvoiceTitle, { input: { ...vat, ...patch } }));
    expect(await save({ titleType: 'PERSONAL' })).toBe('增值税专用发票只能开具给单位');
    expect(await save({ bank: '' })).toBe('请输入开户银行');
    expect(await save({ account: '62-17' })).toBe('银行账号格式错误');
    expect(await save({ phone: '' })).toBe('请输入注册电话');
    expect(await save({ phone: '8550' })).toBe('注册电话格式错误');
    expect(await save({ type: 'NORMAL', taxNo: '' })).toBe('请输入税号');
    expect(await save({ type: 'NORMAL', taxNo: '9132' })).toBe('税号格式错误');
    expect(await u2.call(member.saveInvoiceTitle, { input: vat })).toMatchObject({ type: 'VAT_SPECIAL', isDefault: 0 });
    // A personal normal invoice needs only its title, and drops company fields.
    const personal = await u2.call(member.saveInvoiceTitle, { input: { ...vat, type: 'NORMAL', titleType: 'PERSONAL', title: '赵工' } });
    expect(personal).toMatchObject({ taxNo: '', bank: '' });
  });

  it('sets the default title through /userDefaultInvoice and deletes titles', async () => {
    const list = await u1.call(order.setDefaultInvoice, { input: { invoiceId: 2 } });
    expect(list.map((t) => [t.id, t.isDefault])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    await u1.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    expect((await u1.call(order.confirm, { input: { way: 'CART' } })).invoice?.id).toBe(2);
    expect(await failure(u1.call(order.setDefaultInvoice, { input: { invoiceId: 99 } }))).toBe('发票抬头不存在');
    expect((await u1.call(member.deleteInvoiceTitle, { input: { id: 2 } })).map((t) => t.id)).toEqual([1]);
  });

  it('lists the invoice of an order: pending when paid, issued when shipped', async () => {
    expect((await u1.call(member.issuedInvoices)).list).toMatchObject([{ status: 'ISSUED', type: 'VAT_SPECIAL' }]);
    await u1.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    const { orderId, sn } = await u1.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, invoiceId: 1 } });
    await hook(`/orders/${orderId}/pay`);
    let latest = (await u1.call(member.issuedInvoices)).list[0]!;
    // The deposit is refundable, so it is not invoiced.
    expect(latest).toMatchObject({ sn, status: 'PENDING', invoiceNo: '', amount: n2.price * 2 + 50 });
    await hook(`/orders/${orderId}/ship`);
    latest = (await u1.call(member.issuedInvoices)).list[0]!;
    expect(latest.status).toBe('ISSUED');
    expect(latest.invoiceNo).toMatch(/^\d{8}$/);
  });
});

describe('coupons and points', () => {
  it('lists the member’s coupons as unused, used or expired, and filters by status', async () => {
    const all = await u1.call(member.coupons);
    expect(Object.fromEntries(all.list.map((c) => [c.couponId, c.status]))).toEqual({ 1: 'unused', 3: 'expired', 4: 'used' });
    expect((await u1.call(member.coupons, { input: { status: 'expired' } })).list.map((c) => c.couponId)).toEqual([3]);
    expect((await u1.call(member.coupons)).list.find((c) => c.couponId === 1)).toMatchObject({
      title: '满1000减50',
      threshold: 1000,
      reduction: 50,
      shopName: '全平台通用',
    });
  });

  it('receives an offered coupon once', async () => {
    const offers = await u1.call(member.couponOffers);
    expect(offers.map((o) => o.couponId)).not.toContain(3);
    expect(offers.find((o) => o.couponId === 2)?.received).toBe(false);
    expect(await u1.call(member.receiveCoupon, { input: { couponId: 2 } })).toMatchObject({ couponId: 2, status: 'unused' });
    expect(await failure(u1.call(member.receiveCoupon, { input: { couponId: 2 } }))).toBe('您已领取过该优惠券');
    expect(await failure(u2.call(member.receiveCoupon, { input: { couponId: 3 } }))).toBe('优惠券已过期');
    expect(await failure(u2.call(member.receiveCoupon, { input: { couponId: 99 } }))).toBe('优惠券不存在');
  });

  it('shows the points balance with its paged log', async () => {
    const points = await u1.call(member.points, { input: { pageSize: 1 } });
    expect(points).toMatchObject({ balance: 1260, total: 2, pageSize: 1 });
    expect(points.list[0]!.balance).toBe(1260);
    expect(await u2.call(member.points)).toMatchObject({ balance: 0, list: [] });
  });
});

describe('after-sales', () => {
  const seeded = async () => {
    const list = (await u1.call(order.list)).list;
    return { complete: list.find((o) => o.status === 'COMPLETE')!, shipped: list.find((o) => o.status === 'SHIPPED')! };
  };

  it('accepts goods and cylinder returns of a completed order within the ordered quantity', async () => {
    const { complete, shipped } = await seeded();
    const apply = (patch: object) =>
      u1.call(member.applyAfterSale, {
        input: { sn: complete.sn, skuId: N2, type: 'RETURN' as const, reason: '瓶阀漏气', num: 1, ...patch },
      });
    expect(
      await failure(u1.call(member.applyAfterSale, { input: { sn: shipped.sn, skuId: N2, type: 'RETURN', reason: '不需要了', num: 1 } })),
    ).toBe('当前订单状态不允许申请售后');
    expect(await failure(apply({ num: 5 }))).toBe('申请数量不能超过 4');
    expect(await failure(apply({ skuId: 999901 }))).toBe('订单中没有该商品');
    expect(await failure(apply({ reason: '' }))).toBe('请填写申请原因');

    const goodsReturn = await apply({ num: 2 });
    expect(goodsReturn).toMatchObject({ status: 'APPLY', refundAmount: 360, actions: ['CANCEL'] });
    expect((await u1.call(order.detail, { params: { sn: complete.sn } })).status).toBe('AFTER_SERVICE');
    expect(await failure(apply({ num: 1 }))).toBe('该商品已有进行中的售后申请');

    // The empty cylinders go back on their own application, refunding the deposit.
    const cylinders = await apply({ type: 'CYLINDER_RETURN', num: 4 });
    expect(cylinders.refundAmount).toBe(2400);

    await u1.call(member.cancelAfterSale, { params: { id: goodsReturn.id } });
    expect((await u1.call(order.detail, { params: { sn: complete.sn } })).status).toBe('AFTER_SERVICE');
    const cancelled = await u1.call(member.cancelAfterSale, { params: { id: cylinders.id } });
    expect(cancelled).toMatchObject({ status: 'CANCELLED', actions: [] });
    const d = await u1.call(order.detail, { params: { sn: complete.sn } });
    expect(d.status).toBe('COMPLETE');
    expect(d.logs.slice(-2).map((l) => [l.status, l.note])).toEqual([
      ['AFTER_SERVICE', '申请售后'],
      ['COMPLETE', '售后结束'],
    ]);
    expect((await u1.call(member.afterSales)).list.map((a) => a.status)).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it('refunds a paid order before shipping, and cancels it once refunded in full', async () => {
    await u1.call(cart.add, { input: { sku_id: N2, num: 2, way: 'CART' } });
    const { orderId, sn } = await u1.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
    const apply = (type: 'RETURN' | 'REFUND') =>
      u1.call(member.applyAfterSale, { input: { sn, skuId: N2, type, reason: '采购计划取消', num: 2 } });
    expect(await failure(apply('REFUND'))).toBe('当前订单状态不允许申请售后');
    await hook(`/orders/${orderId}/pay`);
    expect(await failure(apply('RETURN'))).toBe('当前订单状态不允许申请售后');
    const refund = await apply('REFUND');
    expect((await hook(`/orders/${orderId}/ship`)).body.msg).toBe('当前订单状态不允许该操作');

    await hook(`/aftersales/${refund.id}/review`, { result: 'PASS' });
    expect(await failure(u1.call(member.cancelAfterSale, { params: { id: refund.id } }))).toBe('当前售后状态不允许撤销');
    await hook(`/aftersales/${refund.id}/review`, { result: 'COMPLETE' });
    expect((await u1.call(member.afterSale, { params: { id: refund.id } })).logs.map((l) => l.status)).toEqual([
      'APPLY',
      'PASS',
      'COMPLETE',
    ]);
    expect(await u1.call(order.detail, { params: { sn } })).toMatchObject({ status: 'CANCELLED', cancelReason: '已全额退款' });
  });

  it('hides other members’ applications', async () => {
    const { complete } = await seeded();
    const a = await u1.call(member.applyAfterSale, { input: { sn: complete.sn, skuId: N2, type: 'EXCHANGE', reason: '瓶阀损坏', num: 1 } });
    expect(a.refundAmount).toBe(0);
    expect(await failure(u2.call(member.afterSale, { params: { id: a.id } }))).toBe('售后申请不存在');
    expect(
      await failure(
        u2.call(member.applyAfterSale, { input: { sn: complete.sn, skuId: N2, type: 'EXCHANGE', reason: '瓶阀损坏', num: 1 } }),
      ),
    ).toBe('订单不存在');
  });
});

describe('service tickets', () => {
  it('creates a ticket, shows it, and shows the service reply', async () => {
    const input = {
      type: 'PRODUCT' as const,
      title: '标准气体配比咨询',
      content: '需要 CH₄ 50 ppm 平衡 N₂ 的标准气，8L 铝瓶可以吗？',
      contact: '赵工',
      phone: '13900139000',
    };
    expect(await failure(u2.call(member.createTicket, { input: { ...input, phone: '1390013900' } }))).toBe('手机号不正确');
    expect(await failure(u2.call(member.createTicket, { input: { ...input, title: '' } }))).toBe('请输入工单标题');
    const t = await u2.call(member.createTicket, { input });
    expect(t).toMatchObject({ status: 'PENDING', replies: [] });
    await hook(`/tickets/${t.id}/reply`, { content: '可以，8L 铝合金瓶适合低浓度甲烷标准气。' });
    expect(await u2.call(member.ticket, { params: { id: t.id } })).toMatchObject({ status: 'REPLIED', replies: [{ from: 'SERVICE' }] });
    expect((await u2.call(member.tickets)).total).toBe(1);
    expect(await failure(u1.call(member.ticket, { params: { id: t.id } }))).toBe('工单不存在');
  });
});

describe('favourites', () => {
  it('adds, lists and removes a goods, and tells a guest it is not collected', async () => {
    expect((await u2.call(member.collect, { input: { goodsId: 1001 } })).collected).toBe(true);
    await u2.call(member.collect, { input: { goodsId: 1001 } });
    const list = await u2.call(member.collects);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: 1001, marketEnable: 1 });
    expect((await u2.call(member.collectState, { input: { goodsId: 1001 } })).collected).toBe(true);
    expect((await client().call(member.collectState, { input: { goodsId: 1001 } })).collected).toBe(false);
    await u2.call(member.uncollect, { input: { goodsId: 1001 } });
    expect((await u2.call(member.collects)).total).toBe(0);
    expect(await failure(u2.call(member.collect, { input: { goodsId: 424242 } }))).toBe('商品不存在');
  });
});

describe('what the member centre relies on', () => {
  /** The body status of a call that must fail. */
  const statusOf = (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('the call should have failed'),
      (e: unknown) => (e as { status: number }).status,
    );

  it('answers 404 for another member’s address, invoice title, order, ticket and after-sale', async () => {
    // Address 1, title 1, ticket 1 and the seeded orders belong to member 1.
    expect(await statusOf(u2.call(member.saveAddress, { input: { ...address, id: 1 } }))).toBe(404);
    expect(await statusOf(u2.call(member.deleteAddress, { input: { id: 1 } }))).toBe(404);
    expect(
      await statusOf(u2.call(member.saveInvoiceTitle, { input: { id: 1, type: 'NORMAL', titleType: 'PERSONAL', title: '李工' } })),
    ).toBe(404);
    expect(await statusOf(u2.call(member.deleteInvoiceTitle, { input: { id: 1 } }))).toBe(404);
    expect(await statusOf(u2.call(order.setDefaultInvoice, { input: { invoiceId: 1 } }))).toBe(404);
    expect(await statusOf(u2.call(member.ticket, { params: { id: 1 } }))).toBe(404);
    const sn = (await u1.call(order.list)).list[0]!.sn;
    expect(await statusOf(u2.call(order.detail, { params: { sn } }))).toBe(404);
    expect(await statusOf(u2.call(order.cancel, { params: { sn }, input: { reason: '不想买了' } }))).toBe(404);
    // Member 1 still has them.
    expect((await u1.call(member.addresses)).map((a) => a.id)).toContain(1);
  });

  it('reviews company information: approved at once, a pending or refused review closes ordering, clear removes it', async () => {
    const saved = await u2.call(member.saveCompany, {
      input: { ...company, documents: [{ kind: 'HAZARDOUS_LICENSE', url: '/uploads/permit.pdf' }] },
    });
    expect(saved).toMatchObject({ status: 'APPROVED', documents: [{ kind: 'HAZARDOUS_LICENSE' }] });
    expect((await u2.call(auth.userInfo)).companyVerified).toBe(1);
    await u2.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    expect((await u2.call(order.confirm, { input: { way: 'CART' } })).companyReady).toBe(true);
    expect((await hook('/company/13900139000/review', { result: 'REJECTED', note: '营业执照已过期' })).body.status).toBe(200);
    expect(await u2.call(member.company)).toMatchObject({ status: 'REJECTED', reviewNote: '营业执照已过期' });
    expect((await u2.call(auth.userInfo)).companyVerified).toBe(0);
    expect((await u2.call(order.confirm, { input: { way: 'CART' } })).companyReady).toBe(false);
    const a = await u2.call(member.saveAddress, { input: address });
    expect(await failure(u2.call(order.create, { params: { type: 'CART' }, input: { addressId: a.id } }))).toBe(
      '企业信息审核未通过，请在会员中心重新提交',
    );
    expect((await hook('/company/2/review', { result: 'MAYBE' })).body.msg).toBe('result 只能是 PENDING、APPROVED 或 REJECTED');
    expect((await hook('/company/999/review', { result: 'APPROVED' })).body.status).toBe(404);
    await hook('/company/2/clear');
    expect(await u2.call(member.company)).toBeNull();
    // Records saved before reviews existed read as approved (member 1's seed).
    expect(await u1.call(member.company)).toMatchObject({ status: 'APPROVED', documents: [] });
    expect(
      await failure(u2.call(member.saveCompany, { input: { ...company, documents: [{ kind: 'PASSPORT' as never, url: '/x.png' }] } })),
    ).toBe('请选择资料类型');
  });

  it('switches view control through the hook, refusing bad bodies', async () => {
    const gas = FEATURE_VIEWS.map((viewName) => ({ viewName, isShow: 1 }));
    expect(await client().call(site.viewControl)).toEqual([
      { viewName: 'cancel_part', isShow: 1 },
      { viewName: 'refund_part', isShow: 0 },
      ...gas,
    ]);
    await hook('/view-control', { viewName: 'refund_part', isShow: 1 });
    await hook('/view-control', { viewName: 'cancel_part', isShow: 0 });
    await hook('/view-control', { viewName: 'hazmat_part', isShow: 0 });
    expect(await client().call(site.viewControl)).toEqual([
      { viewName: 'cancel_part', isShow: 0 },
      { viewName: 'refund_part', isShow: 1 },
      ...gas.map((e) => (e.viewName === 'hazmat_part' ? { ...e, isShow: 0 } : e)),
    ]);
    expect((await hook('/view-control', { viewName: 'cancel_part', isShow: 2 })).body.msg).toBe('isShow 只能是 0 或 1');
    expect((await hook('/view-control', { viewName: '<x>', isShow: 1 })).body.msg).toBe('viewName 格式错误');
  });

  it('keeps ticket attachments and after-sale descriptions, refusing too many of either', async () => {
    const input = {
      type: 'OTHER' as const,
      title: '附件',
      content: '<b>见附件</b>',
      contact: '赵工',
      phone: '13900139000',
      attachments: ['/uploads/a.png'],
    };
    expect(await u2.call(member.createTicket, { input })).toMatchObject({ attachments: ['/uploads/a.png'], content: '<b>见附件</b>' });
    expect(await failure(u2.call(member.createTicket, { input: { ...input, attachments: Array(6).fill('/uploads/a.png') } }))).toBe(
      '最多上传 5 个附件',
    );
    expect(await failure(u2.call(member.createTicket, { input: { ...input, attachments: ['javascript:alert(1)'] } }))).toBe(
      '附件地址格式错误',
    );
    expect((await u1.call(member.ticket, { params: { id: 1 } })).attachments).toEqual([]);
  });
});
