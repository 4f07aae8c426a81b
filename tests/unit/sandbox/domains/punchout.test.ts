import { beforeEach, describe, expect, it } from 'vitest';
import { credit } from '#src/shared/api/contract/credit.ts';
import { order as orderContract } from '#src/shared/api/contract/order.ts';
import { punchout, PUNCHOUT_MSG } from '#src/shared/api/contract/punchout.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const START = Date.parse('2026-03-18T02:00:00Z');
let clock = START;
const { client, sandbox, hook } = useSandbox(() => clock);
beforeEach(() => {
  clock = START;
  // p: the demo organisation's member, made on first use as uid 6 (after the five seeded members; a buyer of the demo company).
  sandbox().authenticate((t) => ({ p: 6, u1: 1 })[t] ?? null);
});
const anyone = client();
const member = client(() => 'p');
const cred = { identity: 'AN01000000001', domain: 'NetworkID', secret: 'punchout-demo-secret', deploymentMode: 'test' as const };
const setupInput = (over: Record<string, unknown> = {}) => ({
  ...cred,
  protocol: 'cxml' as const,
  operation: 'create' as const,
  returnUrl: 'http://localhost:4321/__sandbox/punchout/return',
  buyerCookie: 'cookie-1',
  target: '_top',
  lines: [],
  ...over,
});
const orderInput = (over: Record<string, unknown> = {}) => ({
  ...cred,
  type: 'new' as const,
  orderId: 'PO-2026-0001',
  payloadId: 'p1@buyer',
  poNumber: 'PO-2026-0001',
  lines: [
    { skuId: 100101, num: 2 },
    { skuId: 100202, num: 4 },
  ],
  shipTo: { name: '张工', phone: '13800138000', address: '苏州工业园区星湖街 328 号 2 号仓' },
  comments: '',
  ...over,
});

describe('credentials', () => {
  it('takes the demo secret, refuses a wrong one, another mode, and an OCI password for cXML', async () => {
    expect((await anyone.call(punchout.verify, { input: cred })).name).toBe('苏州华芯微电子材料有限公司');
    expect(await failure(anyone.call(punchout.verify, { input: { ...cred, secret: 'punchout-demo-secreT' } }))).toBe(
      PUNCHOUT_MSG.credential,
    );
    expect(await failure(anyone.call(punchout.verify, { input: { ...cred, identity: 'AN0000' } }))).toBe(PUNCHOUT_MSG.credential);
    expect(await failure(anyone.call(punchout.verify, { input: { ...cred, deploymentMode: 'production' } }))).toBe(PUNCHOUT_MSG.mode);
    expect(await failure(anyone.call(punchout.verify, { input: { ...cred, secret: 'oci-demo-pass' } }))).toBe(PUNCHOUT_MSG.credential);
    const oci = { identity: 'oci-demo', domain: 'OCI', secret: 'oci-demo-pass', deploymentMode: 'production' as const };
    expect((await anyone.call(punchout.verify, { input: oci })).id).toBe(1);
  });

  it('keeps the old secret valid through the rotation overlap, then only the new one', async () => {
    await hook('/punchout/rotate', { org: 1, secret: 'punchout-new-secret', overlapHours: 1 });
    expect((await anyone.call(punchout.verify, { input: cred })).id).toBe(1);
    expect((await anyone.call(punchout.verify, { input: { ...cred, secret: 'punchout-new-secret' } })).id).toBe(1);
    clock = START + 2 * 3600_000;
    expect(await failure(anyone.call(punchout.verify, { input: cred }))).toBe(PUNCHOUT_MSG.credential);
    expect((await anyone.call(punchout.verify, { input: { ...cred, secret: 'punchout-new-secret' } })).id).toBe(1);
  });

  it('stores no secret in clear', async () => {
    await anyone.call(punchout.verify, { input: cred });
    const rows = sandbox().db.all<{ hash: string; salt: string }>('SELECT hash, salt FROM punchout_secrets');
    expect(rows.length).toBe(2);
    expect(JSON.stringify(rows)).not.toContain('punchout-demo-secret');
  });
});

describe('setup and start', () => {
  it('refuses a return URL outside the allowed origins', async () => {
    for (const returnUrl of [
      'https://evil.example/cart',
      'javascript:alert(1)',
      'http://127.0.0.1.evil.example/x',
      'http://user@localhost:1/x',
    ])
      expect(await failure(anyone.call(punchout.setup, { input: setupInput({ returnUrl }) }))).toBe(PUNCHOUT_MSG.origin);
  });

  it('spends the start key once, refuses it after five minutes, and starts edit with the lines sent', async () => {
    const { key } = await anyone.call(punchout.setup, { input: setupInput({ operation: 'edit', lines: [{ skuId: 100101, num: 3 }] }) });
    const started = await anyone.call(punchout.start, { input: { key } });
    expect(started.session).toMatchObject({ operation: 'edit', buyerCookie: 'cookie-1', protocol: 'cxml' });
    expect(started.login.token).toBeTruthy();
    expect(await failure(anyone.call(punchout.start, { input: { key } }))).toBe(PUNCHOUT_MSG.key);
    const back = await member.call(punchout.cart, { input: { session: started.session.id } });
    expect(back.lines).toEqual([
      expect.objectContaining({ skuId: 100101, goodsId: 1001, num: 3, unitFen: 16_500, agreementNo: 'HQXY-2026-0318' }),
    ]);
    const late = await anyone.call(punchout.setup, { input: setupInput() });
    clock += 5 * 60_000 + 1;
    expect(await failure(anyone.call(punchout.start, { input: { key: late.key } }))).toBe(PUNCHOUT_MSG.key);
  });

  it('gives the cart only to the session member while it lasts', async () => {
    const { key } = await anyone.call(punchout.setup, { input: setupInput() });
    const { session } = await anyone.call(punchout.start, { input: { key } });
    expect(await failure(client(() => 'u1').call(punchout.cart, { input: { session: session.id } }))).toBe(PUNCHOUT_MSG.session);
    clock += 2 * 3600_000 + 1;
    expect(await failure(member.call(punchout.cart, { input: { session: session.id } }))).toBe(PUNCHOUT_MSG.session);
  });
});

describe('orders', () => {
  const used = async () => (await member.call(credit.account))!.usedFen;
  const detailOf = (o: { orderSn: string }) => member.call(orderContract.detail, { params: { sn: o.orderSn } });

  it('makes one order per orderID, with the PO number and agreed prices; update replaces it, delete cancels it', async () => {
    const first = await anyone.call(punchout.order, { input: orderInput() });
    expect(first.changed).toBe(true);
    const again = await anyone.call(punchout.order, { input: orderInput() });
    expect(again).toMatchObject({ orderId: first.orderId, changed: false });
    const list = await member.call(orderContract.list, { input: { pageNumber: 1, pageSize: 16 } });
    expect(list.total).toBe(1);
    const po = sandbox().db.get<{ po_number: string }>('SELECT po_number FROM company_orders WHERE order_id = ?', first.orderId);
    expect(po?.po_number).toBe('PO-2026-0001');
    const updated = await anyone.call(punchout.order, {
      input: orderInput({ type: 'update', payloadId: 'p2@buyer', lines: [{ skuId: 100101, num: 5 }] }),
    });
    expect(updated.orderId).not.toBe(first.orderId);
    expect(updated.changed).toBe(true);
    const deleted = await anyone.call(punchout.order, { input: orderInput({ type: 'delete', payloadId: 'p3@buyer', lines: [] }) });
    expect(deleted).toMatchObject({ orderId: updated.orderId, status: 'CANCELLED', changed: true });
    expect(await failure(anyone.call(punchout.order, { input: orderInput({ type: 'delete', orderId: 'PO-unknown' }) }))).toBe(
      PUNCHOUT_MSG.noOrder,
    );
  });

  it('goes on the account of a company with credit terms: the credit is used, freed by an update and a delete', async () => {
    // The demo company buys on 月结30天 with a ¥200,000 line (sandbox/seed/credit.ts).
    const first = await anyone.call(punchout.order, { input: orderInput() });
    expect(first).toMatchObject({ status: 'PAID_OFF', onAccount: true });
    expect(await used()).toBe(first.payable);
    expect(await detailOf(first)).toMatchObject({ payType: 'CREDIT', statusText: '待发货（账期支付）' });
    const updated = await anyone.call(punchout.order, {
      input: orderInput({ type: 'update', payloadId: 'p2@buyer', lines: [{ skuId: 100101, num: 5 }] }),
    });
    expect(updated).toMatchObject({ status: 'PAID_OFF', onAccount: true, changed: true });
    expect(await used()).toBe(updated.payable);
    expect(await detailOf(first)).toMatchObject({ status: 'CANCELLED', cancelReason: '采购系统更新订单 PO-2026-0001' });
    const deleted = await anyone.call(punchout.order, { input: orderInput({ type: 'delete', payloadId: 'p3@buyer', lines: [] }) });
    expect(deleted).toMatchObject({ status: 'CANCELLED', changed: true });
    expect(await used()).toBe(0);
  });

  it('is refused 409, with nothing placed, while a bill is overdue or over the credit left; placed once that changes', async () => {
    await hook('/credit/bills', { member: '13800138000', amountFen: 50_000, month: '2026-01', dueOn: '2026-02-28' });
    expect(await failure(anyone.call(punchout.order, { input: orderInput() }))).toBe('您有账单已逾期，请先付款，账期支付暂停');
    sandbox().db.run('DELETE FROM credit_bills');
    await hook('/credit/terms', { member: '13800138000', lineFen: 10_000 });
    const over = await failure(anyone.call(punchout.order, { input: orderInput() }));
    expect(over).toMatch(/^超出可用额度：订单金额 ¥[\d,.]+，可用额度 ¥100\.00/);
    expect((await member.call(orderContract.list, { input: { pageNumber: 1, pageSize: 16 } })).total).toBe(0);
    // The same request again, once the line allows it: one order, on account.
    await hook('/credit/terms', { member: '13800138000', lineFen: 20_000_000 });
    expect(await anyone.call(punchout.order, { input: orderInput() })).toMatchObject({ onAccount: true, changed: true });
  });

  it('waits for payment as any order for a company without terms', async () => {
    await anyone.call(punchout.verify, { input: cred }); // the seed is laid at the first request
    sandbox().db.run('DELETE FROM credit_terms');
    const o = await anyone.call(punchout.order, { input: orderInput() });
    expect(o).toMatchObject({ status: 'NEW', onAccount: false, changed: true });
    expect((await detailOf(o)).payType).toBeNull();
  });

  it('answers 404 with punchout_part off', async () => {
    await hook('/view-control', { viewName: 'punchout_part', isShow: 0 });
    expect(await failure(anyone.call(punchout.verify, { input: cred }))).toBe('页面不存在');
  });
});
