/** A certificate of analysis as a PDF (docs/gas-features.md): the lab's header, identification, certified components with uncertainties, traceability, validity and use conditions, signatures, and a QR code back to the public verification page. */
import type { Certificate } from '#src/shared/api/contract/certificates.ts';
import { renderPdf } from '#src/shared/pdf/index.ts';
import { chinaDay } from '#src/shared/formats/china-time.ts';
import { EXPIRED_ADVICE, formatValue, relativeUncertainty, VALIDITY_LABEL } from './certificate.ts';

/** `verifyUrl` is absolute: the QR code must work from paper. `now` fixes the document date (same input, same bytes). */
export function certificatePdf(c: Certificate, verifyUrl: string, now: number): Promise<Uint8Array<ArrayBuffer>> {
  return renderPdf({ title: `分析证书 ${c.certNo}`, subject: `${c.productName} ${c.serial}`, createdAt: new Date(c.analysedAt) }, (pdf) => {
    const { doc } = pdf;
    pdf.header(
      {
        name: c.lab.name,
        lines: [c.lab.address, `电话 ${c.lab.phone}`, `实验室认可 ${c.lab.accreditation} · 制造计量器具许可证 ${c.lab.cmc}`],
      },
      '分析证书 Certificate of Analysis',
      [`证书编号 ${c.certNo}`, `状态 ${VALIDITY_LABEL[c.validity]}`],
    );
    pdf.heading('产品与气瓶');
    pdf.keyValues(
      [
        ['产品名称', c.productName],
        ['规格等级', c.grade],
        ['气瓶编号', c.serial],
        ['批号', c.batch],
        ['充装压力（20 ℃）', `${c.fillPressureMpa} MPa`],
        ['平衡气', c.balance || '—（纯气）'],
      ],
      3,
    );
    pdf.heading('认定值');
    pdf.table(
      [
        { label: '组分', width: 2.2 },
        { label: '认定值', width: 1.4, align: 'right' },
        { label: '扩展不确定度 U', width: 1.6, align: 'right' },
        { label: '相对 U', width: 1, align: 'right' },
        { label: 'k', width: 0.5, align: 'center' },
        { label: '分析方法', width: 1.4 },
      ],
      c.components.map((m) => [
        `${m.name}（${m.formula}）`,
        `${formatValue(m.value)} ${m.unit}`,
        `± ${m.uncertainty} ${m.unit}`,
        `${relativeUncertainty(m.value, m.uncertainty)} %`,
        String(m.k),
        m.method,
      ]),
    );
    pdf.paragraph('扩展不确定度 U = k · u，包含因子 k = 2，对应约 95 % 的包含概率。');
    pdf.heading('溯源与有效期');
    pdf.keyValues(
      [
        ['参考标准物质', `${c.reference.name} ${c.reference.number}`],
        ['制备方法', c.preparation],
        ['分析日期', chinaDay(c.analysedAt)],
        ['有效期至', chinaDay(c.validUntil)],
        ['最低使用压力', `${c.minPressureMpa} MPa（低于此压力请勿使用）`],
        ['分析人 / 批准人', `${c.analyst} / ${c.approver}`],
      ],
      2,
    );
    pdf.heading('储存及使用条件');
    pdf.paragraph(c.storage);
    if (c.validity === 'EXPIRED') pdf.paragraph(`已过期：${EXPIRED_ADVICE}`, 10);
    pdf.paragraph('本证书仅对所列气瓶有效。扫描二维码或访问下方地址，输入证书编号与气瓶编号即可在线核验真伪。');
    pdf.ensureSpace(120);
    const size = 92;
    const top = doc.y + 6;
    pdf.qr(verifyUrl, { x: doc.page.width - 56 - size, y: top, size }, '扫码在线核验');
    doc
      .fillColor('#52606d')
      .fontSize(8)
      .text(`核验地址：${verifyUrl}`, 56, top + 10, { width: doc.page.width - 112 - size - 16 });
    doc.text(`生成时间：${chinaDay(now)}`, 56, doc.y + 4, { width: doc.page.width - 112 - size - 16 });
    pdf.footer(`${c.lab.name} · ${c.certNo} · ${c.serial}`);
  });
}
