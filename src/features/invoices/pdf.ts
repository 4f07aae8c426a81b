/**
 * A 数电票 as a PDF (docs/invoices.md "Form and number", the face per 辽宁省税务局2022年第2号公告 第三条): 二维码, 发票号码, 开票日期,
 * 购买方/销售方信息, 项目名称, 规格型号, 单位, 数量, 单价, 金额, 税率, 税额, 合计, 价税合计（大写、小写）, 备注, 开票人. No 联次, no 密码区.
 */
import type { EInvoice } from '#src/shared/api/contract/einvoice.ts';
import { EINVOICE_TYPE_LABEL } from '#src/shared/api/contract/einvoice.ts';
import { chinaDay } from '#src/shared/formats/china-time.ts';
import { renderPdf } from '#src/shared/pdf/index.ts';
import { yuanText } from './xml.ts';

/**
 * The QR code's text: the fields the verification platform asks for, in the comma-separated order of the paper-era codes
 * (01, type, code, number, amount without tax, date yyyyMMdd); that 数电票 keep this layout is UNCONFIRMED (docs/invoices.md).
 */
export const qrText = (inv: EInvoice): string =>
  [
    '01',
    inv.type === 'VAT_SPECIAL' ? '81' : '82',
    '',
    inv.number,
    yuanText(inv.totals.netFen),
    chinaDay(inv.issuedAt).replace(/-/g, ''),
    '',
    '',
  ].join(',');

const party = (p: EInvoice['buyer']): [string, string][] => [
  ['名称', p.name],
  ['统一社会信用代码/纳税人识别号', p.taxNo || (p.natural ? '（自然人）' : '—')],
  ['地址、电话', [p.address, p.phone].filter(Boolean).join(' ') || '—'],
  ['开户行及账号', [p.bank, p.account].filter(Boolean).join(' ') || '—'],
];

export function einvoicePdf(inv: EInvoice): Promise<Uint8Array<ArrayBuffer>> {
  const title = `${EINVOICE_TYPE_LABEL[inv.type]}${inv.kind === 'RED' ? '（红字）' : ''}`;
  return renderPdf({ title: `${title} ${inv.number}`, subject: inv.sns.join(' '), createdAt: new Date(inv.issuedAt) }, (pdf) => {
    const { doc } = pdf;
    pdf.header({ name: inv.seller.name, lines: [`统一社会信用代码 ${inv.seller.taxNo}`] }, title, [
      `发票号码 ${inv.number}`,
      `开票日期 ${chinaDay(inv.issuedAt)}`,
    ]);
    pdf.qr(qrText(inv), { x: doc.page.margins.left, y: 40, size: 56 });
    pdf.heading('购买方信息');
    pdf.keyValues(party(inv.buyer), 1);
    pdf.heading('销售方信息');
    pdf.keyValues(party(inv.seller), 1);
    pdf.heading('项目');
    pdf.table(
      [
        { label: '项目名称', width: 3.2 },
        { label: '规格型号', width: 2.2 },
        { label: '单位', width: 0.7 },
        { label: '数量', width: 0.8, align: 'right' },
        { label: '单价', width: 1.2, align: 'right' },
        { label: '金额', width: 1.4, align: 'right' },
        { label: '税率', width: 0.7, align: 'right' },
        { label: '税额', width: 1.2, align: 'right' },
      ],
      [
        ...inv.lines.map((l) => [
          l.name,
          l.spec,
          l.unit,
          l.num ? String(l.num) : '',
          l.num ? yuanText(Math.round(l.netFen / l.num)) : '',
          yuanText(l.netFen),
          `${l.ratePct}%`,
          yuanText(l.taxFen),
        ]),
        ['合计', '', '', '', '', `¥${yuanText(inv.totals.netFen)}`, '', `¥${yuanText(inv.totals.taxFen)}`],
      ],
      8,
    );
    pdf.keyValues(
      [
        ['价税合计（大写）', inv.capitals],
        ['价税合计（小写）', `¥${yuanText(inv.totals.grossFen)}`],
        ['备注', inv.remark || '—'],
        ['开票人', '沙箱开票员'],
      ],
      1,
    );
    pdf.footer(`${inv.seller.name} · 发票号码 ${inv.number}`);
  });
}
