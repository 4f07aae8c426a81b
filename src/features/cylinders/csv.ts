/** The CSV export of a member's cylinders (the file format itself is `../formats/csv.ts`). */
import { HOLDING_STATE_LABEL, type HeldCylinder } from '#src/shared/api/contract/cylinders.ts';
import { csvDocument } from '#src/shared/formats/csv.ts';
import { INSPECTION_LABEL } from './inspection.ts';

export { BOM, csvField } from '#src/shared/formats/csv.ts';

export const CSV_HEADER = [
  '钢瓶号',
  '气体',
  '规格',
  '商品',
  '订单号',
  '送达日期',
  '在用天数',
  '剩余免租天数',
  '累计租金（元）',
  '当日租金（元/天）',
  '押金（元）',
  '下次检验日期',
  '检验状态',
  '状态',
  '计租规则',
];

export function cylindersCsv(rows: readonly HeldCylinder[]): string {
  const lines = rows.map((c) => [
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
  ]);
  return csvDocument([CSV_HEADER, ...lines]);
}
