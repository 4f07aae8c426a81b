/**
 * The XML of a 数电票 as the sandbox's issuing call returns it. Element names follow the structure open-source invoice
 * software reads (docs/invoices.md "Form and number": root `EInvoice`, `TaxSupervisionInfo/InvoiceNumber`, `InIssuType/LabelCode`
 * Y blue / N red, `BasicInformation/TotalAmWithoutTax`, `TotalTaxAm`, `TotalTax-includedAmount`, `RedEInvoice`,
 * `AdditionalInformation/Remark`): secondary, not the bureau's schema. Amounts in yuan with two decimals, negative when red.
 */
import type { InvoiceLine, InvoiceTotals } from './rules.ts';

export interface XmlParty {
  name: string;
  taxNo: string;
  address: string;
  phone: string;
  bank: string;
  account: string;
  natural: boolean;
}

export interface XmlInvoice {
  number: string;
  kind: 'BLUE' | 'RED';
  /** 81 电子发票（增值税专用发票）, 82 电子发票（普通发票） (one vendor API's codes, docs/invoices.md). */
  typeCode: '81' | '82';
  /** yyyy-MM-dd HH:mm:ss, China time. */
  issuedAt: string;
  buyer: XmlParty;
  seller: XmlParty;
  lines: readonly InvoiceLine[];
  totals: InvoiceTotals;
  capitals: string;
  remark: string;
  blueNumber: string | null;
  confirmationNo: string | null;
  issuer: string;
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Fen as yuan text with two decimals, exactly (no floating point). */
export const yuanText = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const el = (name: string, value: string): string => `<${name}>${esc(value)}</${name}>`;

function party(tag: string, p: XmlParty): string {
  return `<${tag}>${el('Name', p.name)}${el('TaxID', p.taxNo)}${el('Address', p.address)}${el('Phone', p.phone)}${el('BankName', p.bank)}${el('BankAccount', p.account)}${el('NaturalPersonFlag', p.natural ? 'Y' : 'N')}</${tag}>`;
}

function item(l: InvoiceLine, i: number): string {
  const price = l.num ? yuanText(Math.round(l.netFen / l.num)) : '';
  return `<IssuItemInformation>${el('RowNumber', String(i + 1))}${el('LineNature', l.discount ? '1' : '0')}${el('ItemName', l.name)}${el('SpecMod', l.spec)}${el('MeaUnits', l.unit)}${el('Quantity', l.num ? String(l.num) : '')}${el('UnPrice', price)}${el('Amount', yuanText(l.netFen))}${el('TaxRate', (l.ratePct / 100).toFixed(2))}${el('ComTaxAm', yuanText(l.taxFen))}${el('TotaltaxIncludedAmount', yuanText(l.grossFen))}</IssuItemInformation>`;
}

/** The invoice as XML text (UTF-8). */
export function invoiceXml(x: XmlInvoice): string {
  const red =
    x.kind === 'RED'
      ? `<RedEInvoice>${el('OriginalInvoiceNumber', x.blueNumber ?? '')}${el('CreditNoteNumber', x.confirmationNo ?? '')}</RedEInvoice>`
      : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<EInvoice>',
    `<Header>${el('EIid', x.number)}${el('EInvoiceTag', 'SWEI3100')}${el('Version', '0.1')}</Header>`,
    `<EInvoiceData>${party('SellerInformation', x.seller)}${party('BuyerInformation', x.buyer)}`,
    `<BasicInformation>${el('TotalAmWithoutTax', yuanText(x.totals.netFen))}${el('TotalTaxAm', yuanText(x.totals.taxFen))}${el('TotalTax-includedAmount', yuanText(x.totals.grossFen))}${el('TotalTax-includedAmountInChinese', x.capitals)}${el('Drawer', x.issuer)}${el('RequestTime', x.issuedAt)}</BasicInformation>`,
    x.lines.map(item).join(''),
    `<AdditionalInformation>${el('Remark', x.remark)}</AdditionalInformation>`,
    red,
    '</EInvoiceData>',
    `<TaxSupervisionInfo>${el('InvoiceNumber', x.number)}${el('IssueTime', x.issuedAt)}${el('TaxBureauCode', '13100000000')}</TaxSupervisionInfo>`,
    `<InIssuType>${el('LabelCode', x.kind === 'BLUE' ? 'Y' : 'N')}${el('InvoiceTypeCode', x.typeCode)}</InIssuType>`,
    '</EInvoice>',
  ].join('\n');
}
