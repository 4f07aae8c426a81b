/** The certificate domain through the real client: the seeded certificates (one expiring, one expired), issue on shipping, search, another member's 404, the public pair check. */
import { beforeEach, describe, expect, it } from 'vitest';
import { cart } from '#src/shared/api/contract/cart.ts';
import { certificates } from '#src/shared/api/contract/certificates.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { NOT_VERIFIED } from '#src/features/certificates/certificate.ts';
import { isSerial } from '#src/features/cylinders/serial.ts';
import { STANDARD_ORDER_ID } from '#sandbox/seed/coa.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const START = Date.parse('2026-03-18T02:00:00Z');
let clock = START;
const { client, sandbox, hook, raw } = useSandbox(() => clock);
beforeEach(() => {
  clock = START;
  sandbox().authenticate((t) => (t === 'u1' ? 1 : t === 'u2' ? 2 : null));
});
const u1 = client(() => 'u1');
const u2 = client(() => 'u2');
const anyone = client();

describe('seeded certificates', () => {
  it('cover the demo member nitrogen cylinders and its standard-gas order, one expiring within 30 days and one expired', async () => {
    const all = await u1.call(certificates.list, { input: { pageSize: 100 } });
    // 4 + 10 nitrogen cylinders, 2 standard-gas cylinders.
    expect(all.total).toBe(16);
    for (const c of all.list) expect(isSerial(c.serial)).toBe(true);
    const expiring = all.list.filter((c) => c.validity === 'EXPIRING');
    const expired = all.list.filter((c) => c.validity === 'EXPIRED');
    expect(expiring.map((c) => c.productName)).toEqual(['甲烷/空气 标准气体 2.5%（50%LEL）']);
    expect(expired.map((c) => c.productName)).toEqual(['二氧化硫/氮 标准气体 SO₂']);
    expect(expiring[0]!.validUntil - clock).toBeLessThan(30 * 86_400_000);
    expect(expiring[0]!.validUntil).toBeGreaterThan(clock);
    expect(expired[0]!.validUntil).toBeLessThan(clock);

    const groups = await u1.call(certificates.expiring);
    expect(groups.map((g) => [g.skuId, g.validity, g.certificates.length])).toEqual([
      [101601, 'EXPIRING', 1],
      [101702, 'EXPIRED', 1],
    ]);
  });

  it('searches by number, serial and product, filters by state and date, and pages', async () => {
    const all = (await u1.call(certificates.list, { input: { pageSize: 100 } })).list;
    const one = all[3]!;
    expect((await u1.call(certificates.list, { input: { q: one.certNo.toLowerCase() } })).list.map((c) => c.certNo)).toEqual([one.certNo]);
    expect((await u1.call(certificates.list, { input: { q: one.serial } })).list.map((c) => c.certNo)).toEqual([one.certNo]);
    expect((await u1.call(certificates.list, { input: { q: '甲烷' } })).total).toBe(1);
    // LIKE wildcards are literal: '%' finds the names holding a percent sign (nitrogen 99.999 %, methane 2.5 %), '_' none.
    expect((await u1.call(certificates.list, { input: { q: '%' } })).total).toBe(15);
    expect((await u1.call(certificates.list, { input: { q: '_' } })).total).toBe(0);
    expect((await u1.call(certificates.list, { input: { validity: 'EXPIRED' } })).total).toBe(1);
    expect((await u1.call(certificates.list, { input: { validity: 'VALID' } })).total).toBe(14);
    const page2 = await u1.call(certificates.list, { input: { pageSize: 5, pageNumber: 2 } });
    expect(page2.list.map((c) => c.certNo)).toEqual(all.slice(5, 10).map((c) => c.certNo));
    const day = new Date(one.analysedAt + 8 * 3_600_000).toISOString().slice(0, 10);
    const onDay = await u1.call(certificates.list, { input: { from: day, to: day, pageSize: 100 } });
    expect(onDay.list.every((c) => new Date(c.analysedAt + 8 * 3_600_000).toISOString().slice(0, 10) === day)).toBe(true);
    expect(onDay.list.map((c) => c.certNo)).toContain(one.certNo);
    expect(await failure(u1.call(certificates.list, { input: { from: '2026/01/01' } }))).toBe('日期格式错误');
  });

  it('answers the detail to its owner only; another member gets 404', async () => {
    const [first] = (await u1.call(certificates.list, { input: { q: '甲烷' } })).list;
    const c = await u1.call(certificates.detail, { params: { certNo: first!.certNo } });
    expect(c.components[0]).toMatchObject({ name: '甲烷', formula: 'CH₄', unit: '%', k: 2, method: 'GC-TCD' });
    // Within the production tolerance of the nominal 2.5 %, uncertainty 2 % relative at k = 2.
    expect(Math.abs(c.components[0]!.value - 2.5)).toBeLessThanOrEqual(2.5 * 0.015 + 0.005);
    expect(c.components[0]!.uncertainty).toBeCloseTo(c.components[0]!.value * 0.02, 3);
    expect(c.reference.number).toMatch(/^GBW/);
    expect(c.lab.accreditation).toMatch(/^CNAS /);
    expect(await failure(u2.call(certificates.detail, { params: { certNo: first!.certNo } }))).toBe('证书不存在');
    expect(await failure(u1.call(certificates.detail, { params: { certNo: 'COA-1' } }))).toBe('证书编号格式错误');
    expect(await u2.call(certificates.ofOrder, { params: { sn: first!.orderSn } })).toEqual([]);
  });
});

describe('public verification', () => {
  it('answers the certificate for the right pair and one neutral message otherwise', async () => {
    const [c] = (await u1.call(certificates.list, { input: { q: '甲烷' } })).list;
    const ok = await anyone.call(certificates.verify, { input: { certNo: c!.certNo, serial: c!.serial } });
    expect(ok).toMatchObject({ certNo: c!.certNo, serial: c!.serial, orderSn: '' });
    const other = (await u1.call(certificates.list, { input: { q: 'SO' } })).list[0]!;
    expect(await failure(anyone.call(certificates.verify, { input: { certNo: c!.certNo, serial: other.serial } }))).toBe(NOT_VERIFIED);
    expect(await failure(anyone.call(certificates.verify, { input: { certNo: 'COA-2099-000001', serial: c!.serial } }))).toBe(NOT_VERIFIED);
    expect((await raw(`/certificates/verify?certNo=x&serial=${c!.serial}`)).body.msg).toBe(NOT_VERIFIED);
  });

  it('has a masked sample per certified goods and none for others', async () => {
    const s = await anyone.call(certificates.sample, { params: { goodsId: 1016 } });
    expect(s).toMatchObject({ certNo: 'COA-0000-000000', batch: '样例', orderSn: '' });
    expect(s!.serial).toMatch(/^[A-Z]{2}0{8}$/);
    expect(await anyone.call(certificates.sample, { params: { goodsId: 3001 } })).toBeNull();
  });
});

describe('issue on shipping', () => {
  it('issues one certificate per cylinder of a certified line when the warehouse ships, listed per order line', async () => {
    await u1.call(cart.add, { input: { sku_id: 101902, num: 2, way: 'CART' } });
    await u1.call(cart.add, { input: { sku_id: 100101, num: 1, way: 'CART' } });
    const { sn, orderId } = await u1.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
    expect(orderId).toBeGreaterThan(STANDARD_ORDER_ID);
    expect(await u1.call(certificates.ofOrder, { params: { sn } })).toEqual([]);
    await hook(`/orders/${orderId}/pay`, {});
    expect((await hook(`/orders/${orderId}/ship`, {})).body.status).toBe(200);
    const lines = await u1.call(certificates.ofOrder, { params: { sn } });
    const byLine = Object.fromEntries(lines.map((l) => [l.skuId, l.certificates.length]));
    expect(byLine).toEqual({ 101902: 2, 100101: 1 });
    const serials = lines.flatMap((l) => l.certificates.map((c) => c.serial));
    expect(new Set(serials).size).toBe(3);
    const co = await u1.call(certificates.detail, { params: { certNo: lines.find((l) => l.skuId === 101902)!.certificates[0]!.certNo } });
    expect(co.components[0]).toMatchObject({ formula: 'CO', unit: 'ppm', method: 'NDIR' });
    expect(co.validity).toBe('VALID');
  });
});
