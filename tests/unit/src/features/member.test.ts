import { describe, expect, it } from 'vitest';
import { afterSaleTypes } from '#src/features/member/aftersales.ts';
import { formatBirthday, formatDateTime } from '#src/features/member/format.ts';
import { check } from '#src/shared/validation/form.ts';
import { sectionLabel } from '#src/features/member/menu.ts';
import { myOrderUrl, orderAbilities, statusParam, tabCount } from '#src/features/member/orders.ts';
import { uploadRefusal } from '#src/shared/ui/uploads.ts';
import { member } from '#src/shared/api/contract/member.ts';
import type { OrderCounts } from '#src/shared/api/contract/order.ts';

const on = [
  { viewName: 'cancel_part', isShow: 1 as const },
  { viewName: 'refund_part', isShow: 1 as const },
];
const off = on.map((v) => ({ ...v, isShow: 0 as const }));

describe('order abilities', () => {
  const now = Date.UTC(2026, 0, 1);
  const unpaid = { actions: ['PAY', 'CANCEL'] as const, status: 'NEW' as const, payDeadline: now + 60_000 };

  it('shows cancel only with cancel_part on, after-sales only with refund_part on', () => {
    expect(orderAbilities({ ...unpaid, actions: [...unpaid.actions] }, on, now)).toEqual({
      pay: true,
      cancel: true,
      receive: false,
      afterSale: false,
    });
    expect(orderAbilities({ ...unpaid, actions: [...unpaid.actions] }, off, now).cancel).toBe(false);
    expect(orderAbilities({ actions: ['AFTERSALE'], status: 'ROG', payDeadline: null }, on, now).afterSale).toBe(true);
    expect(orderAbilities({ actions: ['AFTERSALE'], status: 'ROG', payDeadline: null }, off, now).afterSale).toBe(false);
    expect(orderAbilities({ actions: ['AFTERSALE'], status: 'ROG', payDeadline: null }, [], now).afterSale).toBe(false);
  });

  it('offers pay again only before the deadline', () => {
    expect(orderAbilities({ ...unpaid, actions: ['PAY'], payDeadline: now - 1 }, on, now).pay).toBe(false);
  });
});

describe('order list query', () => {
  it('takes a known status and drops junk', () => {
    expect(statusParam('SHIPPED')).toBe('SHIPPED');
    expect(statusParam('<script>')).toBeNull();
    expect(statusParam(null)).toBeNull();
    expect(myOrderUrl('NEW', 2)).toBe('/member/my-order?status=NEW&pageNumber=2');
    expect(myOrderUrl(null)).toBe('/member/my-order');
  });

  it('counts all orders for the all tab', () => {
    const counts = { NEW: 1, SHIPPED: 2, COMPLETE: 3 } as OrderCounts;
    expect(tabCount(counts, null)).toBe(6);
    expect(tabCount(counts, 'SHIPPED')).toBe(2);
  });
});

describe('formats', () => {
  it('writes China time and birthdays given in seconds', () => {
    expect(formatDateTime(Date.UTC(2026, 2, 18, 6, 5))).toBe('2026-03-18 14:05');
    expect(formatBirthday(579715200)).toBe('1988-05-16');
    expect(formatBirthday(null)).toBe('未填写');
    expect(sectionLabel('my-integral')).toBe('我的积分');
  });
});

describe('uploads', () => {
  it('refuses empty, oversized and unsupported files before sending them', () => {
    expect(uploadRefusal({ name: 'a.png', size: 0 })).toBe('文件内容为空');
    expect(uploadRefusal({ name: 'a.pdf', size: 5 * 1024 * 1024 + 1 })).toBe('文件大小不能超过 5MB');
    expect(uploadRefusal({ name: 'a.exe', size: 10 })).toBe('仅支持上传 JPG、PNG、PDF 格式的文件');
    expect(uploadRefusal({ name: 'a.pdf', size: 10 }, true)).toBe('仅支持上传 JPG、PNG 格式的图片');
    expect(uploadRefusal({ name: 'licence.JPG', size: 10 })).toBeNull();
  });
});

describe('forms', () => {
  it('puts each contract message beside its field', () => {
    const r = check(member.saveInvoiceTitle.input, {
      type: 'VAT_SPECIAL',
      titleType: 'COMPANY',
      title: '无锡恒达',
      taxNo: '9132',
      bank: '',
      account: '1',
      address: 'x',
      phone: '0510-85501234',
    });
    expect(r.ok).toBe(false);
    // Field checks run first; the object rules run once the fields parse, each naming its field.
    expect(!r.ok && r.errors).toEqual({ taxNo: '税号格式错误', bank: '请输入开户银行', account: '银行账号格式错误' });
    const phone = check(member.saveAddress.input, { name: '王工', phone: '1390013900', regionIds: [], regionText: '', detail: '' });
    expect(!phone.ok && phone.errors).toMatchObject({ phone: '手机号不正确', regionIds: '请选择完整的所在地区', detail: '请输入详细地址' });
  });
});

describe('after-sales types', () => {
  const line = (deposit: number) => ({ deposit }) as never;
  it('offers refunds before shipping, every type after receipt, cylinder returns only with a deposit', () => {
    expect(afterSaleTypes({ status: 'PAID_OFF', logs: [], lines: [line(600)] })).toEqual(['REFUND']);
    expect(afterSaleTypes({ status: 'ROG', logs: [], lines: [line(600)] })).toEqual(['RETURN', 'EXCHANGE', 'CYLINDER_RETURN', 'REFUND']);
    expect(afterSaleTypes({ status: 'COMPLETE', logs: [], lines: [line(0)] })).toEqual(['RETURN', 'EXCHANGE', 'REFUND']);
    const logs = [{ status: 'ROG' }, { status: 'AFTER_SERVICE' }] as never;
    expect(afterSaleTypes({ status: 'AFTER_SERVICE', logs, lines: [line(0)] })).toEqual(['RETURN', 'EXCHANGE', 'REFUND']);
  });
});
