// The shared PDF blocks: a real A4 PDF with selectable Chinese text from the embedded subset font, tables across pages, a QR code.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { renderPdf } from '#src/shared/pdf/index.ts';

const text = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text;

describe('renderPdf', () => {
  it('writes selectable Chinese text, a header, a table and a QR code into an A4 PDF', async () => {
    const bytes = await renderPdf({ title: '测试文档', createdAt: new Date('2026-01-02T00:00:00Z') }, (pdf) => {
      pdf.header({ name: '上海示例气体有限公司', lines: ['地址：上海市浦东新区示例路 1 号', '电话：021-0000 0000'] }, '分析证书', [
        '编号 COA-TEST-1',
      ]);
      pdf.keyValues([
        ['产品', '甲烷标准气体'],
        ['压力', '10 MPa ± 0.5'],
      ]);
      pdf.table(
        [
          { label: '组分', width: 2 },
          { label: '认定值', width: 1, align: 'right' },
        ],
        [
          ['甲烷', '50.2 μmol/mol'],
          ['氮气', '平衡气'],
        ],
      );
      pdf.qr('https://example.com/coa/COA-TEST-1?serial=SH24050137', { x: 450, y: 700, size: 80 }, '扫码验证');
      pdf.footer('第一页脚注');
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const out = await text(bytes);
    for (const s of [
      '上海示例气体有限公司',
      '分析证书',
      'COA-TEST-1',
      '甲烷标准气体',
      '10 MPa ± 0.5',
      '50.2 μmol/mol',
      '平衡气',
      '扫码验证',
      '1 / 1',
    ]) {
      expect(out).toContain(s);
    }
    const pdf = await getDocumentProxy(bytes.slice());
    const page = await pdf.getPage(1);
    const [, , w, h] = page.view;
    expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
    // The font is subset again on embedding: a page of text stays small although the subset file is 1.6 MB.
    expect(bytes.length).toBeLessThan(120_000);
  });

  it('repeats the table header on each page of a long table', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => [`第${i + 1}行`, String(i)]);
    const bytes = await renderPdf({ title: '长表' }, (pdf) => {
      pdf.table(
        [
          { label: '名称', width: 1 },
          { label: '数值', width: 1 },
        ],
        rows,
      );
      pdf.footer('页脚');
    });
    const doc = await getDocumentProxy(bytes.slice());
    expect(doc.numPages).toBeGreaterThan(1);
    const pages = (await extractText(doc)).text as string[];
    for (const p of pages) expect(p).toContain('名称');
    expect(pages.join('\n')).toContain('第90行');
  });
});
