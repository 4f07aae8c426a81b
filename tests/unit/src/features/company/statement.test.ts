import { describe, expect, it } from 'vitest';
import type { Statement } from '#src/shared/api/contract/company.ts';
import { csvField, recentMonths, statementCsv } from '#src/features/company/statement.ts';

const st: Statement = {
  month: '2026-11',
  companyName: '苏州华芯微电子材料有限公司',
  taxNo: '91320506MA1N2QK83W',
  lines: [
    {
      kind: 'ORDER',
      time: Date.UTC(2026, 10, 3, 16, 30),
      sn: '2026110400001',
      buyer: '李工',
      poNumber: 'PO-1,2',
      costCentre: '=SUM(A1)',
      amount: 1500,
      note: '待审批',
    },
  ],
  totals: { orders: 1500, payments: 0, refunds: 0, cylinders: 0 },
};

describe('statement CSV', () => {
  it('starts with a BOM, uses China time, quotes and defuses formulas', () => {
    const csv = statementCsv(st);
    expect(csv.startsWith('\uFEFF类型,时间,订单号')).toBe(true);
    expect(csv).toContain('订单,2026-11-04 00:30:00,2026110400001,李工,"PO-1,2",\'=SUM(A1),1500.00,待审批');
    expect(csv).toContain('订单合计,,,,,,1500.00,');
    expect(csv).not.toContain('钢瓶');
    expect(csv.split('\r\n').length).toBe(7);
  });
  it('fields', () => {
    expect(csvField('a"b')).toBe('"a""b"');
    expect(csvField(-5)).toBe('-5');
  });
  it('months in China time, newest first', () => {
    expect(recentMonths(Date.UTC(2026, 11, 31, 17), 3)).toEqual(['2027-01', '2026-12', '2026-11']);
  });
});
