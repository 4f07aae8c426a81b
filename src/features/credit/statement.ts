/** A month's credit statement as the CSV finance opens in Excel (format in `#src/shared/formats/csv.ts`): its lines and totals in yuan from fen, exactly; returns and credit notes are positive amounts of their kind (they reduce the total), as on the company statement. */
import { chinaDateTime } from '#src/shared/formats/china-time.ts';
import { csvDocument } from '#src/shared/formats/csv.ts';
import { CREDIT_LINE_LABEL, STATEMENT_STATUS_LABEL, type CreditStatement } from '#src/shared/api/contract/credit.ts';

/** Fen as yuan text with two decimals, by integer arithmetic (no float rounding). */
export const fenYuan = (fen: number): string =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

export function creditStatementCsv(st: CreditStatement): string {
  const t = st.totals;
  return csvDocument([
    [`${st.companyName} ${st.month} 账期对账单（${STATEMENT_STATUS_LABEL[st.status]}）`, '', '', '', '', '', ''],
    ['序号', '类型', '时间', '订单号', '下单人', '金额（元）', '说明'],
    ...st.lines.map((l) => [l.id, CREDIT_LINE_LABEL[l.kind], chinaDateTime(l.time), l.sn, l.buyer, fenYuan(l.amountFen), l.note]),
    [],
    ['账期订单合计', '', '', '', '', fenYuan(t.orders), ''],
    ['钢瓶租金合计', '', '', '', '', fenYuan(t.rent), ''],
    ['退货合计（减）', '', '', '', '', fenYuan(t.returns), ''],
    ['贷项调整合计（减）', '', '', '', '', fenYuan(t.creditNotes), ''],
    ['钢瓶押金（另列）', '', '', '', '', fenYuan(t.deposits), ''],
    ['应付合计', '', '', '', '', fenYuan(t.payable), `到期日 ${st.dueOn}`],
  ]);
}

export const creditStatementFileName = (st: Pick<CreditStatement, 'month'>): string => `账期对账单-${st.month}.csv`;
