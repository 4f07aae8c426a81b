import { describe, expect, it } from 'vitest';
import {
  allocate,
  billState,
  codeInNote,
  creditAvailable,
  creditRefusal,
  dueDate,
  fenText,
  matchReceipt,
  monthEnd,
  remittanceCode,
  reminderDays,
  statementTotals,
  termLabel,
} from '#src/features/credit/rules.ts';

const NET30 = { kind: 'MONTHLY', days: 30, workingDays: false } as const;
const WD10 = { kind: 'MONTHLY', days: 10, workingDays: true } as const;

describe('due dates (docs/credit.md "Terms")', () => {
  it('月结30天: 30 calendar days after the month end, through short, long and leap months', () => {
    expect(termLabel(NET30)).toBe('月结30天');
    expect(dueDate('2026-11', NET30)).toBe('2026-12-30');
    expect(dueDate('2026-12', NET30)).toBe('2027-01-30');
    expect(dueDate('2026-01', NET30)).toBe('2026-03-02');
    expect(dueDate('2026-02', NET30)).toBe('2026-03-30');
    expect(monthEnd('2028-02')).toBe('2028-02-29');
    expect(dueDate('2028-02', NET30)).toBe('2028-03-30');
    expect(dueDate('2026-04', { ...NET30, days: 60 })).toBe('2026-06-29');
  });

  it('月结10个工作日 after September 2026: 国庆 10-01…10-07 off, Saturday 10-10 worked (国务院办公厅 2026 notice)', () => {
    expect(termLabel(WD10)).toBe('月结10个工作日');
    // 10-08, 10-09, 10-10 (调休), 10-12 … 10-16, 10-19, 10-20.
    expect(dueDate('2026-09', WD10)).toBe('2026-10-20');
    // 春节 2026: 02-15…02-23 off, Saturday 02-14 and 02-28 worked; from the January end: 02-02…02-06, 02-09…02-13.
    expect(dueDate('2026-01', WD10)).toBe('2026-02-13');
    expect(dueDate('2026-01', { ...WD10, days: 12 })).toBe('2026-02-24');
  });
});

describe('credit line', () => {
  it('refuses an order over the available credit with the figures; exactly the available fits', () => {
    expect(creditAvailable(20_000_000, 19_990_000)).toBe(10_000);
    expect(creditRefusal(10_000, 20_000_000, 19_990_000)).toBeNull();
    expect(creditRefusal(10_001, 20_000_000, 19_990_000)).toBe(
      '超出可用额度：订单金额 ¥100.01，可用额度 ¥100.00（授信额度 ¥200,000.00，已用 ¥199,900.00）',
    );
    expect(creditAvailable(100, 150)).toBe(0);
  });
});

describe('statement totals in fen', () => {
  it('orders and rent less returns and credit notes; deposits apart; equal to the sum of the lines', () => {
    const lines = [
      { kind: 'ORDER', amountFen: 76_001 },
      { kind: 'ORDER', amountFen: 33 },
      { kind: 'RENT', amountFen: 1_234 },
      { kind: 'RETURN', amountFen: 10_000 },
      { kind: 'CREDIT_NOTE', amountFen: 1 },
      { kind: 'DEPOSIT', amountFen: 50_000 },
    ] as const;
    const t = statementTotals(lines);
    expect(t).toEqual({ orders: 76_034, returns: 10_000, rent: 1_234, creditNotes: 1, deposits: 50_000, total: 67_267, payable: 117_267 });
    const signed = lines
      .filter((l) => l.kind !== 'DEPOSIT')
      .reduce((a, l) => a + (l.kind === 'RETURN' || l.kind === 'CREDIT_NOTE' ? -1 : 1) * l.amountFen, 0);
    expect(t.total).toBe(signed);
    // 0.1 + 0.2 in yuan is not 0.3; in fen it is.
    expect(
      statementTotals([
        { kind: 'ORDER', amountFen: 10 },
        { kind: 'ORDER', amountFen: 20 },
      ]).total,
    ).toBe(30);
  });

  it('a deposit given back on account is a negative deposit line: it lowers what the bill asks, never the total', () => {
    const t = statementTotals([
      { kind: 'ORDER', amountFen: 41_000 },
      { kind: 'DEPOSIT', amountFen: 120_000 },
      { kind: 'DEPOSIT', amountFen: -60_000 },
    ]);
    expect(t).toMatchObject({ total: 41_000, deposits: 60_000, payable: 101_000 });
    expect([fenText(161_000), fenText(-60_000), fenText(0)]).toEqual(['¥1,610.00', '-¥600.00', '¥0.00']);
  });
});

describe('bills', () => {
  it('is due soon from 7 days before, overdue from the day after the due date, paid when paid in full', () => {
    const bill = { amountFen: 100_00, paidFen: 0, dueOn: '2026-12-30' };
    expect(billState(bill, '2026-12-22')).toBe('OPEN');
    expect(billState(bill, '2026-12-23')).toBe('DUE_SOON');
    expect(billState(bill, '2026-12-30')).toBe('DUE_SOON');
    expect(billState(bill, '2026-12-31')).toBe('OVERDUE');
    expect(billState({ ...bill, paidFen: 99_99 }, '2026-12-31')).toBe('OVERDUE');
    expect(billState({ ...bill, paidFen: 100_00 }, '2026-12-31')).toBe('PAID');
    expect(reminderDays('2027-01-01').map((r) => r.day)).toEqual(['2026-12-25', '2026-12-31', '2027-01-02']);
  });

  it('spreads a partial payment over bills oldest due first', () => {
    const bills = [
      { id: 2, dueOn: '2026-12-30', owedFen: 5_000 },
      { id: 1, dueOn: '2026-11-30', owedFen: 3_000 },
    ];
    expect([...allocate(4_000, bills)]).toEqual([
      [1, 3_000],
      [2, 1_000],
    ]);
  });
});

describe('remittance codes and receipt matching', () => {
  it('carries a check digit, found in a note in any case and spacing', () => {
    const code = remittanceCode(42);
    expect(code).toMatch(/^HK000042\d$/);
    // digits 000042 from the right: 2×1 + 4×2 = 10 → 0.
    expect(code).toBe('HK0000420');
    expect(codeInNote(`货款 hk 000042 0 华测`)).toEqual({ code: 'HK0000420', valid: true });
    expect(codeInNote('货款 HK0000421')).toEqual({ code: 'HK0000421', valid: false });
    expect(codeInNote('货款')).toBeNull();
  });

  it('matches exact, partial and over; a wrong, unknown or missing code matches nothing', () => {
    const owed = (c: string) => (c === 'HK0000420' ? 10_000 : null);
    expect(matchReceipt({ amountFen: 10_000, note: 'HK0000420' }, owed)).toEqual({
      kind: 'EXACT',
      code: 'HK0000420',
      appliedFen: 10_000,
      leftFen: 0,
    });
    expect(matchReceipt({ amountFen: 4_000, note: '付款 HK0000420' }, owed)).toEqual({
      kind: 'PARTIAL',
      code: 'HK0000420',
      appliedFen: 4_000,
      leftFen: 6_000,
    });
    expect(matchReceipt({ amountFen: 12_000, note: 'HK0000420' }, owed)).toMatchObject({ kind: 'OVER', appliedFen: 10_000, leftFen: 0 });
    expect(matchReceipt({ amountFen: 10_000, note: 'HK0000421' }, owed)).toMatchObject({ kind: 'WRONG_CODE', appliedFen: 0 });
    expect(matchReceipt({ amountFen: 10_000, note: `HK${'000043'}${remittanceCode(43).slice(-1)}` }, owed)).toMatchObject({
      kind: 'UNKNOWN_CODE',
    });
    expect(matchReceipt({ amountFen: 10_000, note: '货款' }, owed)).toMatchObject({ kind: 'NO_CODE' });
  });
});
