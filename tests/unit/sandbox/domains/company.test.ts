import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '#src/shared/api/contract/auth.ts';
import { cart } from '#src/shared/api/contract/cart.ts';
import { company } from '#src/shared/api/contract/company.ts';
import { einvoice } from '#src/shared/api/contract/einvoice.ts';
import { member } from '#src/shared/api/contract/member.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

/** Minutes the sandbox's clock runs ahead of the wall clock (an unpaid order's 30-minute window). */
let skewMs = 0;
const { client, sandbox, hook } = useSandbox(() => Date.now() + skewMs);
beforeEach(() => {
  skewMs = 0;
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null));
});
const admin = client(() => 'u1');
const buyer = client(() => 'u2');
const N2 = 100101;
const address = {
  name: '李工',
  phone: '13900139000',
  regionIds: [320000, 320200, 320211, 320211001000],
  regionText: '江苏省 无锡市 滨湖区 河埒街道',
  detail: '梁溪路 8 号',
};

/** Member 2 joins member 1's company as 采购员 with a ¥1,000 limit per order, and gets an address. */
async function joinAsBuyer(limitPerOrder = '1000'): Promise<number> {
  const inv = await admin.call(company.invite, { input: { phone: '13900139000', roles: ['BUYER'], limitPerOrder, limitPerMonth: '' } });
  await buyer.call(company.accept, { input: { id: inv.id } });
  return (await buyer.call(member.saveAddress, { input: address })).id;
}
async function orderN2(num: number, addressId: number, extra: { poNumber?: string; costCentre?: string } = {}) {
  await buyer.call(cart.add, { input: { sku_id: N2, num, way: 'CART' } });
  return buyer.call(order.create, { params: { type: 'CART' }, input: { addressId, ...extra } });
}

describe('company account', () => {
  it('opens for the owner of approved company information, with every role; a member without one has none', async () => {
    const acct = await admin.call(company.account);
    expect(acct).toMatchObject({ name: '苏州华芯微电子材料有限公司', me: { uid: 1, roles: ['ADMIN', 'BUYER', 'APPROVER', 'FINANCE'] } });
    expect(acct!.members).toHaveLength(1);
    expect(await buyer.call(company.account)).toBeNull();
    expect(await failure(buyer.call(company.approvals, { input: {} }))).toBe('您还不是企业成员');
  });

  it('invites by phone; only that phone accepts; the buyer cannot manage, approve or read the statement', async () => {
    const inv = await admin.call(company.invite, {
      input: { phone: '13900139000', roles: ['BUYER'], limitPerOrder: '1,000.00', limitPerMonth: '' },
    });
    expect(inv).toMatchObject({ phone: '139****9000', roles: ['BUYER'], limitPerOrder: 1000, limitPerMonth: null });
    expect(await failure(admin.call(company.invite, { input: { phone: '13900139000', roles: ['BUYER'] } }))).toBe(
      '已邀请该手机号，等待对方接受',
    );
    expect(await failure(admin.call(company.invite, { input: { phone: '13700137000', roles: [] } }))).toBe('请选择角色');
    expect(await failure(admin.call(company.invite, { input: { phone: '13700137000', roles: ['BUYER'], limitPerOrder: '0' } }))).toBe(
      '限额须为大于 0 的金额，最多两位小数',
    );
    expect(await failure(admin.call(company.invite, { input: { phone: '13700137000', roles: ['BUYER'], limitPerOrder: '12.345' } }))).toBe(
      '限额须为大于 0 的金额，最多两位小数',
    );
    // Member 1 is not the invited phone.
    expect(await failure(admin.call(company.accept, { input: { id: inv.id } }))).toBe('邀请不存在');
    expect(await buyer.call(company.invitations)).toHaveLength(1);
    const joined = await buyer.call(company.accept, { input: { id: inv.id } });
    expect(joined.me).toEqual({ uid: 2, roles: ['BUYER'] });
    expect(joined.members.map((m) => m.uid)).toEqual([2]);
    expect((await buyer.call(auth.userInfo)).companyVerified).toBe(1);
    expect(await failure(buyer.call(company.saveMember, { input: { uid: 2, roles: ['ADMIN'] } }))).toBe('您没有管理企业成员的权限');
    expect(await failure(buyer.call(company.statement, { input: { month: '2026-11' } }))).toBe('您没有查看对账单的权限');
    expect(await failure(buyer.call(company.approvals, { input: {} }))).toBe('您没有审批权限');
    // The last administrator stays one.
    expect(await failure(admin.call(company.saveMember, { input: { uid: 1, roles: ['BUYER'] } }))).toBe('企业至少保留一名管理员');
    const changed = await admin.call(company.saveMember, {
      input: { uid: 2, roles: ['BUYER', 'FINANCE'], limitPerOrder: '2000', limitPerMonth: '5000.5' },
    });
    expect(changed.members.find((m) => m.uid === 2)).toMatchObject({
      roles: ['BUYER', 'FINANCE'],
      limitPerOrder: 2000,
      limitPerMonth: 5000.5,
    });
    await admin.call(company.removeMember, { input: { uid: 2 } });
    expect(await buyer.call(company.account)).toBeNull();
    expect(await buyer.call(member.company)).toBeNull();
  });
});

describe('approvals', () => {
  it("the month's spend leaves out cancelled orders and unpaid ones past their window", async () => {
    const addressId = await joinAsBuyer();
    await admin.call(company.saveMember, { input: { uid: 2, roles: ['BUYER'], limitPerOrder: '5000', limitPerMonth: '10000' } });
    const spent = async () => (await admin.call(company.account))!.members.find((m) => m.uid === 2)!.monthSpent;
    const first = await orderN2(2, addressId);
    const second = await orderN2(1, addressId);
    const payable = async (sn: string) => (await buyer.call(order.detail, { params: { sn } })).payable;
    const [a, b] = [await payable(first.sn), await payable(second.sn)];
    expect(await spent()).toBeCloseTo(a + b, 2);
    await buyer.call(order.cancel, { params: { sn: first.sn }, input: { reason: '不需要了' } });
    expect(await spent()).toBeCloseTo(b, 2);
    skewMs = 31 * 60_000;
    expect(await spent()).toBe(0);
  });

  it('an order over the limit waits for approval, cannot be paid, and is paid once approved; the buyer is told', async () => {
    const addressId = await joinAsBuyer();
    await buyer.call(cart.add, { input: { sku_id: N2, num: 8, way: 'CART' } });
    const preview = await buyer.call(order.confirm, { input: { way: 'CART' } });
    expect(preview.company).toMatchObject({ poRequired: false, approval: { needed: true } });
    expect(preview.company!.approval.reason).toMatch(/超过单笔限额 ¥1,000.00/);
    const created = await buyer.call(order.create, { params: { type: 'CART' }, input: { addressId, poNumber: 'PO-2026-118' } });
    expect(created.status).toBe('APPROVAL');
    expect(await failure(buyer.call(order.qrCode, { params: { id: created.orderId }, input: { payType: 'WECHAT' } }))).toBe(
      '当前订单状态不允许该操作',
    );
    const info = await buyer.call(company.order, { params: { sn: created.sn } });
    expect(info).toMatchObject({ poNumber: 'PO-2026-118', approval: { status: 'PENDING' } });

    const pending = await admin.call(company.approvals, { input: { status: 'PENDING' } });
    expect(pending.list.map((a) => a.sn)).toEqual([created.sn]);
    const decide = (approve: boolean, comment = '') =>
      admin.call(company.decide, { params: { sn: created.sn }, input: { approve, comment } });
    expect(await failure(decide(false))).toBe('驳回时请填写审批意见');
    const unreadBefore = (await buyer.call(auth.unread)).total;
    expect(await decide(true, '本月预算内')).toMatchObject({ status: 'APPROVED', comment: '本月预算内' });
    expect(await failure(decide(true))).toBe('该订单已审批');
    expect((await buyer.call(auth.unread)).total).toBe(unreadBefore + 1);
    const detail = await buyer.call(order.detail, { params: { sn: created.sn } });
    expect(detail).toMatchObject({ status: 'NEW', actions: ['PAY', 'CANCEL'] });
    expect(detail.payDeadline).toBeGreaterThan(Date.now());
    await buyer.call(order.qrCode, { params: { id: created.orderId }, input: { payType: 'WECHAT' } });
  });

  it('an approver cannot approve their own order; a rejection cancels it and gives the stock back', async () => {
    const addressId = await joinAsBuyer();
    await admin.call(company.saveMember, { input: { uid: 2, roles: ['BUYER', 'APPROVER'], limitPerOrder: '1000' } });
    const created = await orderN2(8, addressId);
    expect(await failure(buyer.call(company.decide, { params: { sn: created.sn }, input: { approve: true } }))).toBe(
      '不能审批自己提交的订单',
    );
    await admin.call(company.decide, { params: { sn: created.sn }, input: { approve: false, comment: '请分两次采购' } });
    expect((await buyer.call(order.detail, { params: { sn: created.sn } })).status).toBe('CANCELLED');
    // Within the limit the order goes straight to payment.
    expect((await orderN2(1, addressId)).status).toBe('NEW');
  });

  it('the buyer keeps seeing their order after leaving; an order not theirs is not found', async () => {
    const addressId = await joinAsBuyer();
    const created = await orderN2(8, addressId);
    await admin.call(company.removeMember, { input: { uid: 2 } });
    expect(await buyer.call(company.order, { params: { sn: created.sn } })).toMatchObject({ approval: { status: 'PENDING' } });
    expect(await failure(buyer.call(company.order, { params: { sn: 'SN-NOT-MINE' } }))).toBe('订单不存在');
  });
});

describe('PO numbers and the statement', () => {
  it('a company that requires a PO number refuses orders without one; the statement lists orders with their PO number, CSV-ready', async () => {
    const addressId = await joinAsBuyer('');
    await admin.call(company.settings, { input: { poRequired: true, costCentreRequired: false } });
    await buyer.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    expect((await buyer.call(order.confirm, { input: { way: 'CART' } })).company?.poRequired).toBe(true);
    expect(await failure(buyer.call(order.create, { params: { type: 'CART' }, input: { addressId } }))).toBe('请填写采购单号');
    const created = await buyer.call(order.create, {
      params: { type: 'CART' },
      input: { addressId, poNumber: 'PO-7788', costCentre: '研发中心' },
    });
    expect(created.status).toBe('NEW');
    await hook(`/orders/${created.orderId}/pay`, { payType: 'ALIPAY' });
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const st = await admin.call(company.statement, { input: { month } });
    const mine = st.lines.filter((l) => l.sn === created.sn);
    expect(mine.map((l) => [l.kind, l.poNumber, l.costCentre, l.buyer])).toEqual([
      ['ORDER', 'PO-7788', '研发中心', '李工'],
      ['PAYMENT', 'PO-7788', '研发中心', '李工'],
    ]);
    expect(st.totals.orders).toBe(mine[0]!.amount);
    expect((await admin.call(company.statement, { input: { month, po: 'nothing' } })).lines).toEqual([]);
    expect(await failure(admin.call(company.statement, { input: { month: '2026-13' } }))).toBe('月份格式错误');
  });

  it('with company_part off ordering is as before: no approval, no company part at Confirmorder', async () => {
    const addressId = await joinAsBuyer();
    await hook('/view-control', { viewName: 'company_part', isShow: 0 });
    await buyer.call(cart.add, { input: { sku_id: N2, num: 8, way: 'CART' } });
    expect((await buyer.call(order.confirm, { input: { way: 'CART' } })).company).toBeUndefined();
    expect((await buyer.call(order.create, { params: { type: 'CART' }, input: { addressId } })).status).toBe('NEW');
  });
});

describe('VAT invoices', () => {
  const vat = {
    name: '苏州华芯微电子材料有限公司',
    taxNo: '91320506ma1n2qk83w',
    address: '苏州工业园区星湖街 328 号',
    phone: '0512-62880000',
    bank: '中国银行苏州工业园区支行',
    account: '5367 5820 1234',
  };

  /** A completed company order of the buyer (paid, shipped, received, completed). */
  async function completed(addressId: number, poNumber: string) {
    const created = await orderN2(1, addressId, { poNumber });
    await hook(`/orders/${created.orderId}/pay`, {});
    await hook(`/orders/${created.orderId}/ship`, { company: '顺丰速运' });
    await buyer.call(order.receive, { params: { sn: created.sn } });
    await hook(`/orders/${created.orderId}/complete`);
    return created;
  }

  it('with 数电票 on, the paper-era request is closed: the checked VAT details are the buyer’s company title (one store), read not copied', async () => {
    const addressId = await joinAsBuyer('');
    await admin.call(company.saveVat, { input: vat });
    const created = await completed(addressId, 'PO-EINV-1');
    expect((await buyer.call(company.order, { params: { sn: created.sn } }))?.canRequestInvoice).toBe(false);
    expect(await failure(buyer.call(company.requestInvoice, { params: { sn: created.sn } }))).toBe(
      '请申请数电票：在订单详情或“已开发票”中申请',
    );
    const titles = await buyer.call(member.invoiceTitles);
    const title = titles.find((t) => t.source === 'COMPANY_VAT')!;
    expect(title).toMatchObject({ titleType: 'COMPANY', type: 'VAT_SPECIAL', title: vat.name, taxNo: '91320506MA1N2QK83W' });
    // Edited only as the company's VAT details: the title follows them, and keeps its id.
    await admin.call(company.saveVat, { input: { ...vat, bank: '中国银行苏州分行' } });
    expect((await buyer.call(member.invoiceTitles)).find((t) => t.source === 'COMPANY_VAT')).toMatchObject({
      id: title.id,
      bank: '中国银行苏州分行',
    });
    const { id: _id, source: _s, ...fields } = title;
    expect(await failure(buyer.call(member.saveInvoiceTitle, { input: { ...fields, account: '536758201234', id: title.id } }))).toBe(
      '企业开票信息请在“企业账户”中修改',
    );
    expect(await failure(buyer.call(member.deleteInvoiceTitle, { input: { id: title.id } }))).toBe('企业开票信息请在“企业账户”中修改');
    expect(await buyer.call(einvoice.orderInvoice, { params: { sn: created.sn } })).toMatchObject({ number: null, canRequest: true });
    const inv = await buyer.call(einvoice.request, { input: { sn: created.sn, titleId: title.id } });
    expect(inv).toMatchObject({ type: 'VAT_SPECIAL', buyer: { name: vat.name, taxNo: '91320506MA1N2QK83W', bank: '中国银行苏州分行' } });
    expect(inv.number).toMatch(/^\d{20}$/);
    expect(await buyer.call(einvoice.orderInvoice, { params: { sn: created.sn } })).toMatchObject({
      number: inv.number,
      status: 'ISSUED',
      canRequest: false,
    });
    // The company's finance sees it among the company's invoices; the order is someone else's for them.
    expect((await admin.call(einvoice.list, { input: {} })).list.map((i) => i.number)).toContain(inv.number);
    expect(await failure(admin.call(einvoice.orderInvoice, { params: { sn: created.sn } }))).toBe('订单不存在');
    // Off, the title store is the member's own titles again.
    await hook('/view-control', { viewName: 'einvoice_part', isShow: 0 });
    expect((await buyer.call(member.invoiceTitles)).some((t) => t.source)).toBe(false);
  });

  it('with 数电票 off: VAT details are kept once by 管理员 or 财务; an invoice is requested for a completed order and issued as a PDF', async () => {
    // The paper-era path, as it stays for a backend without einvoice_part.
    await hook('/view-control', { viewName: 'einvoice_part', isShow: 0 });
    const addressId = await joinAsBuyer('');
    expect(await failure(buyer.call(company.saveVat, { input: vat }))).toBe('您没有管理发票信息的权限');
    expect(await failure(admin.call(company.saveVat, { input: { ...vat, taxNo: '1234567890123456' } }))).toBe('税号格式错误');
    expect(await admin.call(company.saveVat, { input: vat })).toMatchObject({
      taxNo: '91320506MA1N2QK83W',
      checkedBy: '上海华测分析仪器有限公司采购部',
    });
    const created = await orderN2(1, addressId, { poNumber: 'PO-INV-1' });
    const request = () => buyer.call(company.requestInvoice, { params: { sn: created.sn } });
    expect(await failure(request())).toBe('订单完成后才能申请发票');
    await hook(`/orders/${created.orderId}/pay`, {});
    await hook(`/orders/${created.orderId}/ship`, { company: '顺丰速运' });
    await buyer.call(order.receive, { params: { sn: created.sn } });
    await hook(`/orders/${created.orderId}/complete`);
    expect((await buyer.call(company.order, { params: { sn: created.sn } }))?.canRequestInvoice).toBe(true);
    const inv = await request();
    expect(inv).toMatchObject({ status: 'PENDING', title: vat.name, poNumber: 'PO-INV-1', fileUrl: null });
    expect(await failure(request())).toBe('该订单已申请发票');
    const issued = (await hook(`/company-invoices/${inv.id}/issue`)).body.data as { fileUrl: string; invoiceNo: string };
    expect(issued.fileUrl).toBe(`/member/companyAccount/invoices/${inv.id}/file`);
    const res = await fetch(`http://sandbox.test${issued.fileUrl}`, { headers: { authorization: 'Bearer u2' } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { extractText } = await import('unpdf');
    const { text } = await extractText(bytes, { mergePages: true });
    expect(text).toContain(issued.invoiceNo);
    expect(text).toContain('91320506MA1N2QK83W');
    expect(text).toContain('PO-INV-1');
    // Nobody else gets it: no token, or a member outside the company (the buyer, once removed, is a stranger).
    const anonymous = await fetch(`http://sandbox.test${issued.fileUrl}`);
    expect((await anonymous.json()) as { status: number }).toMatchObject({ status: 401 });
    await admin.call(company.removeMember, { input: { uid: 2 } });
    const stranger = await fetch(`http://sandbox.test${issued.fileUrl}`, { headers: { authorization: 'Bearer u2' } });
    expect((await stranger.json()) as { status: number; msg: string }).toMatchObject({ status: 404, msg: '发票不存在' });
  });
});

describe('profile', () => {
  it('a member edits their name and birthday; impossible or future days are refused', async () => {
    const saved = await buyer.call(company.saveProfile, { input: { username: '李工（采购）', birthday: '1990-02-28' } });
    // 1990-02-28 00:00 in China, in seconds.
    expect(saved).toMatchObject({ username: '李工（采购）', birthday: Date.UTC(1990, 1, 27, 16) / 1000 });
    expect((await buyer.call(auth.userInfo)).birthday).toBe(Date.UTC(1990, 1, 27, 16) / 1000);
    expect(await failure(buyer.call(company.saveProfile, { input: { username: '李工', birthday: '1990-02-30' } }))).toBe('生日格式错误');
    expect(await failure(buyer.call(company.saveProfile, { input: { username: '李工', birthday: '2999-01-01' } }))).toBe(
      '生日不能晚于今天',
    );
    expect(await failure(buyer.call(company.saveProfile, { input: { username: ' ' } }))).toBe('请输入姓名');
    expect((await buyer.call(company.saveProfile, { input: { username: '李工' } })).birthday).toBeNull();
  });
});

describe('phone change with company buying on', () => {
  it('needs the code sent to the old phone as well as the new one', async () => {
    const { encryptCredential } = await import('#sandbox/rsa.ts');
    const sms = async (phone: string) =>
      ((await (await fetch(`http://sandbox.test/__sandbox/sms?phone=${phone}`)).json()) as { data: { code: string } }).data.code;
    const change = (captcha: string, oldCaptcha?: string) =>
      buyer.call(auth.resetPhoneNumber, {
        input: { phone: encryptCredential('13600136000'), captcha, ...(oldCaptcha ? { oldCaptcha } : {}) },
      });
    await buyer.call(auth.smsSend, { input: { phone: '13600136000', type: 'change_phone' } });
    const newCode = await sms('13600136000');
    expect(await failure(change(newCode))).toBe('请输入原手机号收到的验证码');
    expect(await buyer.call(company.oldPhoneCode)).toMatchObject({ phone: '139****9000' });
    const oldCode = await sms('13900139000');
    expect(await failure(change(newCode, oldCode === '000000' ? '111111' : '000000'))).toBe('验证码错误或已过期');
    expect(await change(newCode, oldCode)).toEqual({ phone: '136****6000' });
  });
});
