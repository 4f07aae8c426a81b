/**
 * A month's credit statement (账期对账单) as a PDF for the company's finance (docs/credit.md): the company and its 统一社会信用代码,
 * the month and status, every line (orders and returns on account, cylinder rent, credit notes), deposits listed apart (money
 * held, not revenue), the totals as the page shows them (the same `fenText` of the same fen, so they agree to the fen) and,
 * once confirmed, the bill and its due date. The CSV for Excel is `statement.ts`.
 */
import { CREDIT_LINE_LABEL, STATEMENT_STATUS_LABEL, type CreditStatement } from '#src/shared/api/contract/credit.ts';
import { chinaMinute } from '#src/shared/formats/china-time.ts';
import { renderPdf, type PdfColumn } from '#src/shared/pdf/index.ts';
import { fenText as pageYuan } from './rules.ts';

/** The page's amount text (`rules.ts` fenText) with the fullwidth ￥: the embedded font subset has no glyph for ¥ (U+00A5). */
export const fenText = (fen: number): string => pageYuan(fen).replace('¥', '￥');
/** Free text from the backend (notes, a dispute's answer) may quote amounts with ¥ too. */
const glyphs = (text: string): string => text.replaceAll('¥', '￥');

/** The buyer's company as the statement names it: its name and 统一社会信用代码 (company.ts CompanyAccount `taxNo`). */
export interface StatementCompany {
  name: string;
  taxNo: string;
}

const COLUMNS: readonly PdfColumn[] = [
  { label: '#', width: 0.4 },
  { label: '类型', width: 1.1 },
  { label: '时间', width: 1.5 },
  { label: '订单号', width: 1.6 },
  { label: '下单人', width: 0.9 },
  { label: '金额', width: 1.2, align: 'right' },
  { label: '说明', width: 1.8 },
];

/** Returns and credit notes reduce the total: shown with a minus, as on the page. */
const signed = (kind: CreditStatement['lines'][number]['kind'], fen: number) =>
  `${kind === 'RETURN' || kind === 'CREDIT_NOTE' ? '-' : ''}${fenText(fen)}`;

const row = (l: CreditStatement['lines'][number]) => [
  String(l.id),
  // The deposits' own table says they are apart; the short name keeps the column narrow.
  l.kind === 'DEPOSIT' ? '钢瓶押金' : CREDIT_LINE_LABEL[l.kind],
  chinaMinute(l.time),
  l.sn || '—',
  l.buyer,
  signed(l.kind, l.amountFen),
  glyphs(l.note),
];

export function creditStatementPdf(st: CreditStatement, co: StatementCompany): Promise<Uint8Array<ArrayBuffer>> {
  const status = STATEMENT_STATUS_LABEL[st.status];
  const title = `${st.month.replace('-', ' 年 ')} 月账期对账单`;
  // A fixed creation time (issue, else the month's statement as of now) keeps the bytes of a confirmed statement stable.
  const createdAt = new Date(st.confirmedAt ?? st.issuedAt ?? Date.now());
  return renderPdf({ title: `${co.name} ${title}`, subject: `账期对账单 ${st.month}`, createdAt }, (pdf) => {
    pdf.header({ name: co.name, lines: [`统一社会信用代码 ${co.taxNo || '—'}`] }, title, [`对账月份 ${st.month}`, `状态 ${status}`]);
    const items = st.lines.filter((l) => l.kind !== 'DEPOSIT');
    const deposits = st.lines.filter((l) => l.kind === 'DEPOSIT');
    pdf.heading('对账明细');
    if (items.length) pdf.table(COLUMNS, items.map(row));
    else pdf.paragraph('本月暂无账期订单、退货、钢瓶租金或贷项调整。');
    pdf.heading('钢瓶押金（另列，不计入收入）');
    if (deposits.length) pdf.table(COLUMNS, deposits.map(row));
    else pdf.paragraph('本月无钢瓶押金。');
    const t = st.totals;
    pdf.heading('合计');
    pdf.keyValues(
      [
        ['账期订单', fenText(t.orders)],
        ['钢瓶租金', fenText(t.rent)],
        ['退货（减）', `-${fenText(t.returns)}`],
        ['贷项调整（减）', `-${fenText(t.creditNotes)}`],
        ['本月合计', fenText(t.total)],
        ['钢瓶押金（另列）', fenText(t.deposits)],
        ['应付合计', fenText(t.payable)],
        [st.billId ? '账单到期日' : '预计到期日', st.dueOn],
      ],
      4,
    );
    pdf.heading('状态');
    if (st.status === 'CONFIRMED' && st.billId)
      pdf.paragraph(
        `已确认${st.confirmedAt ? `（${chinaMinute(st.confirmedAt)}）` : ''}。账单编号 ${st.billId}，应付 ${fenText(t.payable)}，到期日 ${st.dueOn}，请按账期账单页面的汇款识别码对公转账。`,
      );
    else pdf.paragraph(`${status}。${st.status === 'OPEN' ? '本月尚未结束，明细随订单更新；' : ''}确认后成为账单，到期日以确认时为准。`);
    for (const d of st.disputes)
      pdf.paragraph(
        `异议 ${d.id}（明细 ${d.lineIds.join('、')}）：${glyphs(d.reason)}；${d.status === 'OPEN' ? '等待供应商答复' : glyphs(d.answer)}`,
      );
    pdf.footer(`${co.name} · ${st.month} 账期对账单 · ${status}`);
  });
}

/** The download's name: the month in it, as the CSV's. */
export const creditStatementPdfName = (st: Pick<CreditStatement, 'month'>): string => `账期对账单-${st.month}.pdf`;
