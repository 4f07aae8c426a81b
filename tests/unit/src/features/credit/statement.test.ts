import { describe, expect, it } from 'vitest';
import { creditStatementCsv, creditStatementFileName, fenYuan } from '#src/features/credit/statement.ts';
import type { CreditStatement } from '#src/shared/api/contract/credit.ts';

const st: CreditStatement = {
  month: '2026-11',
  status: 'ISSUED',
  companyName: '无锡恒泰机械有限公司',
  lines: [
    { id: 1, kind: 'ORDER', time: Date.UTC(2026, 10, 3, 2), sn: '2026110310', buyer: '周敏', amountFen: 41_001, note: '账期支付（月结）' },
    { id: 2, kind: 'DEPOSIT', time: Date.UTC(2026, 10, 3, 2), sn: '2026110310', buyer: '周敏', amountFen: 120_000, note: '押金' },
    { id: 3, kind: 'CREDIT_NOTE', time: Date.UTC(2026, 10, 9, 2), sn: '', buyer: '周敏', amountFen: 7, note: '=调整' },
  ],
  totals: { orders: 41_001, returns: 0, rent: 0, creditNotes: 7, total: 40_994, deposits: 120_000, payable: 160_994 },
  dueOn: '2026-12-30',
  issuedAt: null,
  confirmedAt: null,
  billId: null,
  disputes: [],
};

describe('credit statement CSV', () => {
  it('writes fen as yuan exactly, totals (credits as amounts that reduce) and the due date; formulas defused', () => {
    expect(fenYuan(41_001)).toBe('410.01');
    expect(fenYuan(-7)).toBe('-0.07');
    expect(fenYuan(0)).toBe('0.00');
    const csv = creditStatementCsv(st);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('1,账期订单,2026-11-03 10:00:00,2026110310,周敏,410.01,账期支付（月结）');
    expect(csv).toContain("3,贷项调整,2026-11-09 10:00:00,,周敏,0.07,'=调整");
    expect(csv).toContain('贷项调整合计（减）,,,,,0.07,');
    expect(csv).toContain('应付合计,,,,,1609.94,到期日 2026-12-30');
    expect(creditStatementFileName(st)).toBe('账期对账单-2026-11.csv');
  });
});
