// The hazmat domain's calls: goods classes, permits and their review, Confirmorder's shipments and needs, the refusal at create.
import { beforeEach, describe, expect, it } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { company } from '#src/shared/api/contract/company.ts';
import { compliance } from '#src/shared/api/contract/compliance.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const START = Date.parse('2026-03-18T02:00:00Z');
let clock = START;
const { client, sandbox, hook } = useSandbox(() => clock);
beforeEach(() => {
  clock = START;
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null));
});
const api = client(() => 'u1');
const u2 = client(() => 'u2');

const CL2 = 108802;
const H2 = 100401;
const O2 = 100501;
const N2 = 100101;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).toString('base64');

async function uploadPermit(validTo = '2027-03-17') {
  const { url } = await api.call(common.upload, { input: { name: '许可证.png', data: PNG } });
  return api.call(compliance.savePermit, {
    input: {
      controlClass: 'TOXIC',
      number: '沪公（徐）剧购〔2026〕0042',
      authority: '上海市公安局徐汇分局',
      validFrom: '2026-01-01',
      validTo,
      scanUrl: url,
    },
  });
}

describe('goods classes', () => {
  it('gives chlorine its UN number, labels and 剧毒 class with the catalogue entry, and plain goods none', async () => {
    const cl = await api.call(compliance.goods, { params: { id: '1088' } });
    expect(cl).toMatchObject({
      un: 'UN1017',
      labels: ['2.3', '5.1', '8'],
      control: { controlClass: 'TOXIC', name: '剧毒化学品', permit: '剧毒化学品购买许可证' },
    });
    expect(cl.control!.source).toMatch(/危险化学品目录（2015版）/);
    expect(await api.call(compliance.goods, { params: { id: '1001' } })).toMatchObject({ un: 'UN1066', labels: ['2.2'], control: null });
    expect(await api.call(compliance.goods, { params: { id: '1072' } })).toMatchObject({ un: '', labels: [], control: null });
    expect(await failure(api.call(compliance.goods, { params: { id: '9999' } }))).toBe('商品不存在');
  });
});

describe('controlled goods at checkout', () => {
  it('says what is needed, refuses the order, and accepts it once the permit is approved', async () => {
    await api.call(cart.add, { input: { sku_id: CL2, num: 1, way: 'CART' } });
    const before = await api.call(order.confirm, { input: { way: 'CART' } });
    expect(before.hazmat!.needs).toEqual([
      expect.objectContaining({ controlClass: 'TOXIC', state: 'NONE', goods: ['电子级氯气 Cl₂ 99.999%'] }),
    ]);
    expect(await failure(api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } }))).toBe(
      '订单含剧毒化学品「电子级氯气 Cl₂ 99.999%」，请上传《剧毒化学品购买许可证》并等待审核通过',
    );

    const permit = await uploadPermit();
    expect(permit).toMatchObject({ status: 'PENDING', state: 'PENDING' });
    expect(await failure(api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } }))).toMatch(/正在审核/);
    await hook(`/hazmat/permits/${permit.id}/review`, { result: 'APPROVED' });
    expect((await api.call(order.confirm, { input: { way: 'CART' } })).hazmat!.needs).toEqual([]);
    const created = await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
    expect(await api.call(compliance.shipments, { params: { sn: created.sn } })).toHaveLength(1);
    // Another member's permit does not count, and another member does not see these shipments.
    expect(await u2.call(compliance.shipments, { params: { sn: created.sn } })).toEqual([]);
  });

  it("a permit is the company's: a colleague who joined the company buys under it, a member outside it does not", async () => {
    const permit = await uploadPermit();
    await hook(`/hazmat/permits/${permit.id}/review`, { result: 'APPROVED' });
    await u2.call(cart.add, { input: { sku_id: CL2, num: 1, way: 'CART' } });
    expect((await u2.call(order.confirm, { input: { way: 'CART' } })).hazmat!.needs).toHaveLength(1);
    expect(await u2.call(compliance.permits)).toEqual([]);
    // Member 1 owns the approved company information, so runs the company account; member 2 (phone 13900139000) joins it.
    const inv = await api.call(company.invite, { input: { phone: '13900139000', roles: ['BUYER'], limitPerOrder: '', limitPerMonth: '' } });
    await u2.call(company.accept, { input: { id: inv.id } });
    expect(await u2.call(compliance.permits)).toEqual([expect.objectContaining({ id: permit.id, state: 'VALID' })]);
    expect((await u2.call(order.confirm, { input: { way: 'CART' } })).hazmat!.needs).toEqual([]);
    // With company buying off, each member's own permits count again.
    await hook('/view-control', { viewName: 'company_part', isShow: 0 });
    expect((await u2.call(order.confirm, { input: { way: 'CART' } })).hazmat!.needs).toHaveLength(1);
  });

  it('flags a permit in its last 30 days and stops orders once it has expired', async () => {
    const permit = await uploadPermit('2026-04-10');
    await hook(`/hazmat/permits/${permit.id}/review`, { result: 'APPROVED' });
    expect((await api.call(compliance.permits))[0]).toMatchObject({ state: 'EXPIRING', stateText: '即将到期', daysLeft: 23 });
    clock = Date.parse('2026-04-10T16:00:00Z'); // 00:00 on 11 April in China
    expect((await api.call(compliance.permits))[0]).toMatchObject({ state: 'EXPIRED' });
    await api.call(cart.add, { input: { sku_id: CL2, num: 1, way: 'CART' } });
    expect(await failure(api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } }))).toMatch(/已过期/);
  });

  it('checks the permit form on the server: dates, expired, a scan that is the member own upload', async () => {
    const base = {
      controlClass: 'TOXIC' as const,
      number: 'A-1',
      authority: '某公安局',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      scanUrl: '/uploads/not-mine.png',
    };
    expect(await failure(api.call(compliance.savePermit, { input: base }))).toBe('扫描件不存在，请重新上传');
    expect(await failure(api.call(compliance.savePermit, { input: { ...base, validTo: '2025-12-31' } }))).toBe(
      '有效期截止日期不能早于起始日期',
    );
    expect(await failure(api.call(compliance.savePermit, { input: { ...base, validFrom: '2025-01-01', validTo: '2025-12-31' } }))).toBe(
      '许可证已过期，请上传有效的许可证',
    );
    expect(await failure(api.call(compliance.savePermit, { input: { ...base, number: ' ' } }))).toBe('请输入许可证编号');
    const { url } = await u2.call(common.upload, { input: { name: 'x.png', data: PNG } });
    expect(await failure(api.call(compliance.savePermit, { input: { ...base, scanUrl: url } }))).toBe('扫描件不存在，请重新上传');
  });
});

describe('shipments by dangerous-goods class', () => {
  it('splits oxygen and hydrogen into two shipments, freight once per shop, payable unchanged', async () => {
    await api.call(cart.add, { input: { sku_id: O2, num: 1, way: 'CART' } });
    await api.call(cart.add, { input: { sku_id: H2, num: 1, way: 'CART' } });
    await api.call(cart.add, { input: { sku_id: N2, num: 1, way: 'CART' } });
    const c = await api.call(order.confirm, { input: { way: 'CART' } });
    const shipments = c.hazmat!.shipments;
    // The cart lists its lines in its own order; whichever comes first opens shipment 1, N2 joins it.
    const skus = shipments.map((s) => s.lines.map((l) => l.sku_id).sort());
    expect(skus).toHaveLength(2);
    expect(skus.flat().sort()).toEqual([N2, H2, O2].sort());
    expect(skus.find((s) => s.includes(O2))).not.toContain(H2);
    expect(shipments.map((s) => s.freight)).toEqual([50, 0]);
    expect(shipments[1]!.note).toMatch(/GB\/T 34525/);
    expect(c.payable).toBe(c.goodsTotal + c.freight + c.deposit);
    const { sn } = await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1, payable: c.payable } });
    expect(await api.call(compliance.shipments, { params: { sn } })).toEqual(shipments);
  });

  it('adds nothing to Confirmorder while hazmat_part is off', async () => {
    await hook('/view-control', { viewName: 'hazmat_part', isShow: 0 });
    await api.call(cart.add, { input: { sku_id: O2, num: 1, way: 'CART' } });
    expect((await api.call(order.confirm, { input: { way: 'CART' } })).hazmat).toBeUndefined();
  });
});

describe('licences in the site data', () => {
  it('are seeded and edited by the back office hook', async () => {
    expect((await api.call(site.info)).licences!.hazardousLicence.number).toBe('沪（徐）应急管危经许〔2024〕000318');
    await hook('/hazmat/licences', { publicSecurity: '沪公网安备31010402009999号' });
    const after = await api.call(site.info);
    expect(after.licences).toMatchObject({
      publicSecurity: '沪公网安备31010402009999号',
      businessLicence: { number: '91310104MA1HQ8T52J' },
    });
  });
});
