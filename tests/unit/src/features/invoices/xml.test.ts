import { describe, expect, it } from 'vitest';
import { invoiceLines, totalsOf, amountInCapitals } from '#src/features/invoices/rules.ts';
import { invoiceXml, yuanText } from '#src/features/invoices/xml.ts';

const party = {
  name: '苏州华芯微电子材料有限公司',
  taxNo: '91320506MA1N2QK83W',
  address: '',
  phone: '',
  bank: '',
  account: '',
  natural: false,
};

describe('invoice XML', () => {
  it('writes yuan from fen exactly', () => {
    expect(yuanText(1_234_560)).toBe('12345.60');
    expect(yuanText(5)).toBe('0.05');
    expect(yuanText(-600)).toBe('-6.00');
  });

  it('holds the number, the totals the lines add up to, and escapes text', () => {
    const lines = invoiceLines([
      {
        sn: 'A',
        lines: [{ goodsName: 'N₂ <99.999%>', spec: '40L', unit: '瓶', kind: 'GAS', priceFen: 18_000, num: 2 }],
        freightFen: 5_000,
        discountFen: 100,
        depositFen: 120_000,
      },
    ]);
    const totals = totalsOf(lines);
    const xml = invoiceXml({
      number: '26310000000000000001',
      kind: 'BLUE',
      typeCode: '81',
      issuedAt: '2026-11-28 10:00:00',
      buyer: party,
      seller: party,
      lines,
      totals,
      capitals: amountInCapitals(totals.grossFen),
      remark: '订单 A & B',
      blueNumber: null,
      confirmationNo: null,
      issuer: '开票员',
    });
    expect(xml).toContain('<InvoiceNumber>26310000000000000001</InvoiceNumber>');
    expect(xml).toContain(`<TotalTax-includedAmount>${yuanText(36_000 + 5_000 - 100)}</TotalTax-includedAmount>`);
    expect(xml).toContain('<LabelCode>Y</LabelCode>');
    expect(xml).toContain('N₂ &lt;99.999%&gt;');
    expect(xml).toContain('订单 A &amp; B');
    expect(xml).not.toContain('<RedEInvoice>');
  });
});
