/** The agreement's price list as a real .xlsx workbook (exceljs): a header block with the agreement, then one row per line. */
import ExcelJS from 'exceljs';
import type { Agreement } from '#src/shared/api/contract/prices.ts';
import { PRICE_LIST_HEAD, priceListRow } from './price-list.ts';

export async function priceWorkbook(a: NonNullable<Agreement>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '华气云商';
  const ws = wb.addWorksheet('协议价');
  ws.addRow([`协议编号 ${a.agreementNo}`, a.companyName, `有效期 ${a.validFrom} 至 ${a.validTo}`]);
  ws.addRow([]);
  const head = ws.addRow([...PRICE_LIST_HEAD]);
  head.font = { bold: true };
  for (const l of a.lines) ws.addRow(priceListRow(l));
  ws.columns.forEach((c, i) => {
    c.width = [24, 30, 10, 6, 12, 12, 40, 8, 8][i] ?? 12;
  });
  for (const col of [5, 6]) ws.getColumn(col).numFmt = '0.00';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
