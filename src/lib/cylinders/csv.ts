/** The CSV export of a member's cylinders: UTF-8 with a byte-order mark so Excel on Chinese Windows reads the Chinese, RFC 4180 quoting. */
import { HOLDING_STATE_LABEL, type HeldCylinder } from '../api/contract/cylinders.ts';
import { INSPECTION_LABEL } from './inspection.ts';

export const BOM = '\uFEFF';

/** Quotes a field when it holds a comma, quote or line break; a leading =, +, - or @ is prefixed with ' so Excel never runs it as a formula. */
export function csvField(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_HEADER = ['钢瓶号', '气体', '规格', '商品', '订单号', '送达日期', '在用天数', '剩余免租天数', '累计租金（元）', '当日租金（元/天）', '押金（元）', '下次检验日期', '检验状态', '状态', '计租规则'];

export function cylindersCsv(rows: readonly HeldCylinder[]): string {
  const lines = rows.map((c) =>
    [
      c.serial,
      c.gasName,
      c.size,
      c.goodsName,
      c.orderSn || '线下发货',
      c.deliveredOn,
      c.daysOnSite,
      c.freeDaysLeft,
      c.rentSoFar.toFixed(2),
      c.rateToday.toFixed(2),
      c.deposit.toFixed(2),
      c.nextInspection,
      INSPECTION_LABEL[c.inspectionState],
      HOLDING_STATE_LABEL[c.state],
      c.rentRule,
    ]
      .map(csvField)
      .join(','),
  );
  return BOM + [CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}
