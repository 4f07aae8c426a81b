import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { einvoicePdf, qrText } from '#src/features/invoices/pdf.ts';
import type { EInvoice } from '#src/shared/api/contract/einvoice.ts';

const party = {
  name: '苏州华芯微电子材料有限公司',
  taxNo: '91320506MA1N2QK83W',
  address: '苏州',
  phone: '0512-1',
  bank: '工行',
  account: '1',
  natural: false,
};
const inv: EInvoice = {
  number: '26310000000000000007',
  kind: 'BLUE',
  type: 'VAT_SPECIAL',
  issuedAt: Date.UTC(2026, 10, 28, 2),
  buyer: party,
  seller: { ...party, name: '华气云商（上海）气体科技有限公司', taxNo: '91310104MA1HQ8T52J' },
  lines: [
    {
      name: '*化学原料及制品*高纯氮气',
      spec: '40L',
      unit: '瓶',
      num: 2,
      ratePct: 13,
      netFen: 31_858,
      taxFen: 4_142,
      grossFen: 36_000,
      discount: false,
    },
  ],
  totals: { netFen: 31_858, taxFen: 4_142, grossFen: 36_000 },
  capitals: '叁佰陆拾圆整',
  status: 'ISSUED',
  redFen: 0,
  sns: ['A'],
  remark: '订单 A',
  blueNumber: null,
  redNumbers: [],
  usedByBuyer: false,
};

describe('invoice PDF', () => {
  it('prints the number, the buyer’s code and the total in capitals', async () => {
    const bytes = await einvoicePdf(inv);
    const text = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text as string;
    expect(text).toContain(inv.number);
    expect(text).toContain('91320506MA1N2QK83W');
    expect(text.replace(/\s/g, '')).toContain('叁佰陆拾圆整');
  });

  it('puts the verification facts in the QR text', () => {
    expect(qrText(inv)).toBe('01,81,,26310000000000000007,318.58,20261128,,');
  });
});
