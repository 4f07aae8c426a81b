/**
 * A buyer's uploaded order file (.xlsx or .csv) read into pad lines on the server, within limits: the file's size, and for a
 * workbook the number of zip entries and their unpacked size, checked from the zip's directory before anything is unpacked
 * (a small file can unpack to gigabytes). Workbooks are read with exceljs; CSV as UTF-8, else GB18030 (what Excel on Chinese
 * Windows saves). Source of the format: docs/quick-order.md "Lines" and "Upload".
 */
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { MAX_LINES, parseLines, rowsToLines, TEMPLATE_HEADER, type PadLine } from './parse.ts';

/** The largest file accepted: a 500-line order sheet is about 20 KB. */
export const MAX_UPLOAD_BYTES = 1024 * 1024;
/** A workbook unpacked may not exceed this, nor hold more entries than this. */
export const MAX_UNZIPPED_BYTES = 10 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 100;

export type UploadResult = { lines: PadLine[] } | { error: string };

/** Whether a workbook stays within the unzip limits, judged by its directory only (nothing is inflated here). */
export function zipWithinLimits(bytes: Uint8Array): string | null {
  let total = 0;
  let entries = 0;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        entries++;
        total += f.originalSize;
        return false;
      },
    });
  } catch {
    return '文件不是有效的 Excel 工作簿';
  }
  if (entries > MAX_ZIP_ENTRIES || total > MAX_UNZIPPED_BYTES) return '工作簿解压后过大，请只保留订货清单一张表';
  return null;
}

/** The first sheet's first two columns as text rows, row numbers kept (a blank row stays a blank row). */
async function workbookRows(bytes: Uint8Array): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws?.eachRow({ includeEmpty: false }, (row, n) => {
    if (n > MAX_LINES + 1) return;
    rows[n - 1] = [row.getCell(1).text, row.getCell(2).text];
  });
  return Array.from(rows, (r) => r ?? []);
}

/** CSV text: UTF-8 when it decodes as such, else GB18030; without a byte-order mark. */
export function csvText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

const tooMany = (lines: PadLine[]): UploadResult =>
  lines.length > MAX_LINES ? { error: `一次最多 ${MAX_LINES} 行，请分批上传` } : { lines };

/** Reads an uploaded file by its name's extension. */
export async function readUpload(name: string, bytes: Uint8Array): Promise<UploadResult> {
  if (bytes.byteLength === 0) return { error: '文件是空的' };
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return { error: '文件不能超过 1 MB' };
  const ext = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'csv') return tooMany(parseLines(csvText(bytes)));
  if (ext !== 'xlsx') return { error: '只支持 .xlsx 或 .csv 文件' };
  const over = zipWithinLimits(bytes);
  if (over) return { error: over };
  try {
    return tooMany(rowsToLines(await workbookRows(bytes)));
  } catch {
    return { error: '文件不是有效的 Excel 工作簿' };
  }
}

/** The template to download: the columns and one example of each kind of code. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '华气云商';
  const ws = wb.addWorksheet('快速下单');
  ws.addRow([...TEMPLATE_HEADER]).font = { bold: true };
  for (const r of [
    ['1032', 2, '商品编码'],
    ['103601', 1, '规格编码'],
    ['7727-37-9', 3, 'CAS 号'],
    ['UN1013', 1, 'UN 编号'],
    ['C2H2', 2, '化学式'],
    ['高纯氮', 4, '名称'],
  ])
    ws.addRow(r);
  ws.getColumn(1).width = 30;
  ws.getColumn(1).numFmt = '@';
  ws.getColumn(3).width = 16;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
