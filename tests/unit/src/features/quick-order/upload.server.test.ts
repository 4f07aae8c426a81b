import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvText, MAX_UPLOAD_BYTES, readUpload, templateWorkbook } from '#src/features/quick-order/upload.server.ts';

async function workbook(rows: (string | number)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('订货');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('readUpload', () => {
  it('reads a workbook: header skipped, codes and quantities as text, units kept', async () => {
    const r = await readUpload(
      '订货.xlsx',
      await workbook([
        ['商品编码', '数量'],
        [1032, 2],
        ['7727-37-9', '3瓶'],
        ['UN1066', 1],
      ]),
    );
    expect(r).toEqual({
      lines: [
        { lineNo: 2, code: '1032', qty: 2 },
        { lineNo: 3, code: '7727-37-9', qty: 3 },
        { lineNo: 4, code: 'UN1066', qty: 1 },
      ],
    });
  });
  it('reads the template it offers', async () => {
    const r = await readUpload('template.xlsx', new Uint8Array(await templateWorkbook()));
    expect('lines' in r && r.lines.map((l) => l.code)).toEqual(['1032', '103601', '7727-37-9', 'UN1013', 'C2H2', '高纯氮']);
  });
  it('reads CSV in UTF-8 with a BOM and in GB18030', async () => {
    expect(await readUpload('a.csv', new TextEncoder().encode('\uFEFF"1032",2\r\n氮气,1\r\n'))).toEqual({
      lines: [
        { lineNo: 1, code: '1032', qty: 2 },
        { lineNo: 2, code: '氮气', qty: 1 },
      ],
    });
    // 氮气 in GB18030.
    expect(csvText(new Uint8Array([0xb5, 0xaa, 0xc6, 0xf8]))).toBe('氮气');
  });
  it('refuses other files, empty and oversized ones, and a zip that unpacks too large', async () => {
    expect(await readUpload('a.xls', new Uint8Array([1]))).toEqual({ error: '只支持 .xlsx 或 .csv 文件' });
    expect(await readUpload('a.csv', new Uint8Array())).toEqual({ error: '文件是空的' });
    expect(await readUpload('a.csv', new Uint8Array(MAX_UPLOAD_BYTES + 1))).toEqual({ error: '文件不能超过 1 MB' });
    const bomb = zipSync({ 'xl/big.xml': new Uint8Array(11 * 1024 * 1024) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await readUpload('bomb.xlsx', bomb)).toEqual({ error: '工作簿解压后过大，请只保留订货清单一张表' });
    expect(await readUpload('bad.xlsx', new Uint8Array([1, 2, 3]))).toEqual({ error: '文件不是有效的 Excel 工作簿' });
  });
  it('refuses more than 500 lines', async () => {
    const text = Array.from({ length: 501 }, (_, i) => `${1001 + (i % 50)},1`).join('\n');
    expect(await readUpload('a.csv', new TextEncoder().encode(text))).toEqual({ error: '一次最多 500 行，请分批上传' });
  });
});
