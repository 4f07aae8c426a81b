import { describe, expect, it } from 'vitest';
import type { ResolvedLine } from '#src/shared/api/contract/quick.ts';
import { addableLines, padTotalFen, padText, problemRows, rowStatus, withResolved } from '#src/features/quick-order/pad.ts';

const resolved = (status: ResolvedLine['status'], skuId: number, priceFen = 1000): ResolvedLine => ({
  code: String(skuId),
  qty: 1,
  status,
  readAs: '规格编码',
  message: '',
  sku: {
    skuId,
    goodsId: 1,
    goodsName: 'g',
    specs: '',
    unit: '瓶',
    thumbnail: '',
    priceFen,
    listFen: priceFen,
    agreementNo: null,
    stock: 9,
    minQty: 1,
    multiple: 1,
    onSale: true,
  },
  candidates: [],
});

describe('the pad rows', () => {
  const lines = [
    { lineNo: 1, code: '1', qty: 2 },
    { lineNo: 2, code: 'x', qty: 1, problem: '数量「两」无法识别' },
    { lineNo: 3, code: '1', qty: 3 },
    { lineNo: 4, code: '5', qty: 1 },
  ];
  const rows = withResolved(lines, [resolved('OK', 1), resolved('OK', 1), resolved('UNKNOWN', 5)]);
  it('lays the answers over the readable lines only', () => {
    expect(rows.map(rowStatus)).toEqual(['OK', 'INVALID', 'OK', 'UNKNOWN']);
  });
  it('adds OK rows once per SKU, quantities summed, and counts the rest', () => {
    expect(addableLines(rows)).toEqual([{ skuId: 1, qty: 5 }]);
    expect(problemRows(rows)).toBe(2);
    expect(padTotalFen(rows)).toBe(5000);
  });
  it('writes lines back as pad text', () => {
    expect(padText(lines.slice(0, 1))).toBe('1\t2');
  });
});
