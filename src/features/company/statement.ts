/** A company's monthly statement as files: the CSV finance imports (format in `../formats/csv.ts`), its file name, and the month choices. */
import { chinaDateTime } from '#src/shared/formats/china-time.ts';
import { STATEMENT_KIND_LABEL, type Statement } from '#src/shared/api/contract/company.ts';
import { csvDocument } from '#src/shared/formats/csv.ts';
import { monthOf } from './rules.ts';

export { csvField } from '#src/shared/formats/csv.ts';

export function statementCsv(st: Statement): string {
  const rows: (string | number)[][] = [
    ['类型', '时间', '订单号', '下单人', '采购单号', '成本中心', '金额（元）', '说明'],
    ...st.lines.map((l) => [
      STATEMENT_KIND_LABEL[l.kind],
      chinaDateTime(l.time),
      l.sn,
      l.buyer,
      l.poNumber,
      l.costCentre,
      l.amount.toFixed(2),
      l.note,
    ]),
    [],
    ['订单合计', '', '', '', '', '', st.totals.orders.toFixed(2), ''],
    ['付款合计', '', '', '', '', '', st.totals.payments.toFixed(2), ''],
    ['退款合计', '', '', '', '', '', st.totals.refunds.toFixed(2), ''],
  ];
  if (st.totals.cylinders) rows.push(['钢瓶租金与押金合计', '', '', '', '', '', st.totals.cylinders.toFixed(2), '']);
  return csvDocument(rows);
}

export const statementFileName = (st: Pick<Statement, 'month'>): string => `对账单-${st.month}.csv`;

/** The last `n` China months, newest first, for the month picker. */
export function recentMonths(now: number, n = 12): string[] {
  const [y, m] = monthOf(now).split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return d.toISOString().slice(0, 7);
  });
}
