/** De-identification of each kept record: what goes, what stays. */
import { describe, expect, it } from 'vitest';
import {
  ERASED_NAME,
  PERSONAL_KEYS,
  scrubAfterSale,
  scrubCylinderReturn,
  scrubLiterals,
  scrubOrder,
  scrubQuote,
} from '#src/features/privacy/deidentify.ts';

const consignee = { name: '周工', phone: '13700137000', regionText: '江苏省 苏州市 吴中区', detail: '越溪街道 88 号' };

describe('orders (kept 30 years as accounting vouchers)', () => {
  it('drops the consignee, remark and slip; keeps amounts, lines and the invoice title the invoice states', () => {
    const o = {
      sn: 'S1',
      payable: 12000,
      address: consignee,
      remark: '请联系周工 13700137000',
      invoice: { title: '某某公司', taxNo: '91320500MA1XXXXXX1' },
      transfer: { slipUrl: '/u/slip.jpg', slipName: '回单.jpg', submittedAt: 5 },
      lines: [{ sku: 1 }],
    };
    const s = scrubOrder(o);
    expect(s.address).toEqual({ name: ERASED_NAME, phone: '', regionText: '', detail: '' });
    expect(s.remark).toBe('');
    expect(s.transfer).toEqual({ slipUrl: '', slipName: '', submittedAt: 5 });
    expect(s).toMatchObject({ sn: 'S1', payable: 12000, invoice: o.invoice, lines: o.lines });
    expect(JSON.stringify(s)).not.toContain('13700137000');
    expect(JSON.stringify(s)).not.toContain('越溪');
  });
  it('leaves an order without a transfer without one', () => {
    expect('transfer' in scrubOrder({ address: consignee, remark: '' })).toBe(false);
  });
});

describe('after-sales, cylinder returns, quotes', () => {
  it('after-sales keep what was refunded, lose the description and photos', () => {
    expect(scrubAfterSale({ refundAmount: 300, description: '瓶阀漏气，联系 13700137000', images: ['/u/1.jpg'] })).toEqual({
      refundAmount: 300,
      description: '',
      images: [],
    });
  });
  it('cylinder returns lose the pick-up address and remark, keep the serials', () => {
    const r = scrubCylinderReturn({ no: 'HS1', address: consignee, remark: '门卫处', cylinders: [{ serial: 'SZ12345678' }] });
    expect(r.address.phone).toBe('');
    expect(r.remark).toBe('');
    expect(r.cylinders).toEqual([{ serial: 'SZ12345678' }]);
  });
  it('quotes lose every personal key, nested too, and keep the lines', () => {
    const q = scrubQuote({
      sn: 'Q1',
      contact: { name: '吴工', phone: '13700137000' },
      siteAddress: '工业园 1 号',
      lines: [{ gas: 'N2', qty: 3 }],
      note: '急',
    });
    expect(q).toEqual({ sn: 'Q1', contact: { name: '', phone: '' }, siteAddress: '', lines: [{ gas: 'N2', qty: 3 }], note: '' });
  });
  it('knows the personal keys whatever their case', () => {
    for (const k of ['phone', 'Mobile', 'contactPhone', 'address', 'email', 'idCard']) expect(PERSONAL_KEYS.test(k)).toBe(true);
    for (const k of ['sn', 'amount', 'serial', 'title']) expect(PERSONAL_KEYS.test(k)).toBe(false);
  });
});

describe('the literal sweep', () => {
  it('replaces every copy of the phone and e-mail in free text', () => {
    expect(scrubLiterals('已发送至 13700137000，抄送 a@b.cn；13700137000', ['13700137000', 'a@b.cn'])).toBe('已发送至 ***，抄送 ***；***');
  });
  it('leaves short literals alone (they would hit unrelated text)', () => {
    expect(scrubLiterals('李工 李工', ['李工'])).toBe('李工 李工');
  });
});
