import { describe, expect, it } from 'vitest';
import { AddressInput, InvoiceTitleInput } from '#src/shared/api/contract/member.ts';
import { check as checkForm } from '#src/shared/validation/form.ts';

describe('checkout form messages from the contract schemas', () => {
  it('names the fields of an address that fail, with the contract’s Chinese messages', () => {
    const r = checkForm(AddressInput, { name: '', phone: '123', regionIds: [110000], regionText: '北京市', detail: '' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject({ name: '请输入收货人姓名', regionIds: '请选择完整的所在地区', detail: '请输入详细地址' });
    expect(r.errors.phone).toBeTruthy();
  });

  it('puts whole-form invoice checks on their field: the tax number of 15, 18 or 20 letters and digits', () => {
    const base = {
      type: 'VAT_SPECIAL',
      titleType: 'COMPANY',
      title: '某公司',
      bank: '工行',
      account: '6217000010001234567',
      address: '某地',
      phone: '010-66881234',
    };
    const bad = checkForm(InvoiceTitleInput, { ...base, taxNo: '12345' });
    expect(bad).toEqual({ ok: false, errors: { taxNo: '税号格式错误' } });
    for (const taxNo of ['123456789012345', '91320594MA1PTEST8X', '91320594MA1PTEST8X12']) {
      expect(checkForm(InvoiceTitleInput, { ...base, taxNo }).ok, taxNo).toBe(true);
    }
    expect(checkForm(InvoiceTitleInput, { ...base, taxNo: '91320594MA1PTEST8' }).ok).toBe(false);
  });
});
