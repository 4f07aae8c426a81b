/**
 * Seed of buying on credit (docs/credit.md): the demo company on 月结30天 with a ¥200,000 line, and 无锡恒泰机械有限公司 on
 * 月结30天 whose bill of three months ago is overdue (its member 13722220002 holds 采购员 and 财务), so the hold shows at once.
 */
import { chinaDay } from '#src/shared/formats/china-time.ts';
import { dueDate, nextMonth, statementTotals } from '#src/features/credit/rules.ts';
import type { Seeding } from '../app.ts';
import { seedCompanyAccount } from '../domains/company.ts';

export const DEMO_OWNER_UID = 1;
export const HENGTAI_UID = 3;
export const HENGTAI_NAME = '无锡恒泰机械有限公司';
/** ¥200,000 and ¥100,000 in fen. */
const DEMO_LINE_FEN = 20_000_000;
const HENGTAI_LINE_FEN = 10_000_000;
const NET30 = { kind: 'MONTHLY', days: 30, workingDays: false } as const;

/** The month three months before the seed's: its bill (due 30 days after that month's end) is overdue on any seed day. */
function overdueMonth(at: number): string {
  const [y, m] = chinaDay(at).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - 3, 1)).toISOString().slice(0, 7);
}

export function seedCredit(s: Seeding): void {
  const terms = (owner_uid: number, line_fen: number) => ({ owner_uid, term_days: 30, working_days: 0, line_fen, currency: 'CNY' });
  s.db.insert('credit_terms', terms(DEMO_OWNER_UID, DEMO_LINE_FEN));
  seedCompanyAccount(s, HENGTAI_UID, ['BUYER', 'FINANCE']);
  s.db.insert('credit_terms', terms(HENGTAI_UID, HENGTAI_LINE_FEN));
  const month = overdueMonth(s.at);
  const issuedAt = Date.parse(`${nextMonth(month)}-01T01:00:00Z`);
  const lines = [
    {
      id: 1,
      kind: 'ORDER',
      time: issuedAt - 20 * 86_400_000,
      sn: `HT${month.replace('-', '')}0301`,
      uid: HENGTAI_UID,
      amountFen: 1_836_000,
      note: '账期支付（月结）',
    },
    {
      id: 2,
      kind: 'ORDER',
      time: issuedAt - 9 * 86_400_000,
      sn: `HT${month.replace('-', '')}0302`,
      uid: HENGTAI_UID,
      amountFen: 459_050,
      note: '账期支付（月结）',
    },
  ] as const;
  s.db.insert('credit_statements', {
    id: 1,
    owner_uid: HENGTAI_UID,
    month,
    status: 'CONFIRMED',
    issued_at: issuedAt,
    confirmed_at: issuedAt + 86_400_000,
    bill_id: 1,
    data: JSON.stringify(lines),
  });
  s.db.setSequence('credit_bill', 1);
  s.db.insert('credit_bills', {
    id: 1,
    owner_uid: HENGTAI_UID,
    statement_id: 1,
    month,
    amount: statementTotals(lines).payable,
    paid: 0,
    due_on: dueDate(month, NET30),
    created_at: issuedAt + 86_400_000,
    paid_at: null,
  });
}
