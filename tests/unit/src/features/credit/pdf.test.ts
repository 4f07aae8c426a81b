// The credit statement as a PDF: its extractable text holds the company and credit code, the month and status, every line
// (deposits apart), the totals as the page writes them (to the fen) and, confirmed, the bill and its due date.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { creditStatementPdf, creditStatementPdfName, fenText } from '#src/features/credit/pdf.ts';
import type { CreditStatement } from '#src/shared/api/contract/credit.ts';

const textOf = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text as string;
const co = { name: '无锡恒泰机械有限公司', taxNo: '91320200MA1XYZ1234' };
const at = (d: number) => Date.UTC(2026, 10, d, 2);

const st: CreditStatement = {
  month: '2026-11',
  status: 'ISSUED',
  companyName: co.name,
  lines: [
    { id: 1, kind: 'ORDER', time: at(3), sn: '2026110310', buyer: '周敏', amountFen: 41_001, note: '账期支付（月结）' },
    { id: 2, kind: 'DEPOSIT', time: at(3), sn: '2026110310', buyer: '周敏', amountFen: 120_000, note: '钢瓶押金，退瓶后退还' },
    { id: 3, kind: 'RENT', time: at(5), sn: 'CY-0001', buyer: '周敏', amountFen: 1_503, note: '钢瓶租金 11 月' },
    { id: 4, kind: 'RETURN', time: at(7), sn: '2026110310', buyer: '周敏', amountFen: 2_000, note: '售后退款' },
    { id: 5, kind: 'CREDIT_NOTE', time: at(9), sn: '', buyer: '周敏', amountFen: 7, note: '异议调整' },
  ],
  // 41001 + 1503 − 2000 − 7 = 40497; payable = 40497 + 120000.
  totals: { orders: 41_001, returns: 2_000, rent: 1_503, creditNotes: 7, total: 40_497, deposits: 120_000, payable: 160_497 },
  dueOn: '2026-12-30',
  issuedAt: Date.UTC(2026, 11, 1, 1),
  confirmedAt: null,
  billId: null,
  disputes: [],
};

describe('credit statement PDF', () => {
  it('prints the company, credit code, month, status, every line, deposits apart and the totals to the fen', async () => {
    const text = await textOf(await creditStatementPdf(st, co));
    for (const s of [co.name, `统一社会信用代码 ${co.taxNo}`, '对账月份 2026-11', '状态 待确认', '2026 年 11 月账期对账单'])
      expect(text).toContain(s);
    for (const s of ['账期订单', '￥410.01', '钢瓶租金', '￥15.03', '退货', '-￥20.00', '贷项调整', '-￥0.07', '2026-11-03 10:00'])
      expect(text).toContain(s);
    expect(text).toContain('钢瓶押金（另列，不计入收入）');
    expect(text).toContain('￥1,200.00');
    expect(text).toMatch(/应付合计\s*￥1,604\.97/);
    expect(fenText(st.totals.total)).toBe('￥404.97');
    expect(text).toContain('￥404.97');
    expect(text).toContain('预计到期日');
    expect(text).not.toContain('账单编号');
    expect(creditStatementPdfName(st)).toBe('账期对账单-2026-11.pdf');
  });

  it('confirmed: the bill, its due date and the payable; a dispute with its answer', async () => {
    const confirmed: CreditStatement = {
      ...st,
      status: 'CONFIRMED',
      confirmedAt: Date.UTC(2026, 11, 2, 2),
      billId: 17,
      disputes: [{ id: 2, lineIds: [1], reason: '数量不符', status: 'ADJUSTED', answer: '同意调整 ¥0.07', createTime: at(20) }],
    };
    const text = await textOf(await creditStatementPdf(confirmed, co));
    for (const s of ['状态 已确认', '账单编号 17', '应付 ￥1,604.97', '到期日 2026-12-30', '账单到期日', '数量不符', '同意调整 ￥0.07'])
      expect(text).toContain(s);
  });
});
