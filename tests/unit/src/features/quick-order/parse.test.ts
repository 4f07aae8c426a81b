import { describe, expect, it } from 'vitest';
import { MAX_QTY, parseLines, parseQty, rowsToLines } from '#src/features/quick-order/parse.ts';

describe('parseLines', () => {
  it('reads tab-separated lines pasted from a spreadsheet', () => {
    expect(parseLines('1032\t2\n103201\t4\r\n')).toEqual([
      { lineNo: 1, code: '1032', qty: 2 },
      { lineNo: 2, code: '103201', qty: 4 },
    ]);
  });
  it('reads commas, full-width commas and full-width digits', () => {
    expect(parseLines('7727-37-9,3\nUN1066，５\n１０３２，　２')).toEqual([
      { lineNo: 1, code: '7727-37-9', qty: 3 },
      { lineNo: 2, code: 'UN1066', qty: 5 },
      { lineNo: 3, code: '1032', qty: 2 },
    ]);
  });
  it('reads quantities with units and a trailing quantity after spaces', () => {
    expect(parseLines('氮气 10瓶\nCO₂  x3\n二氧化碳\t2 组')).toEqual([
      { lineNo: 1, code: '氮气', qty: 10 },
      { lineNo: 2, code: 'CO2', qty: 3 },
      { lineNo: 3, code: '二氧化碳', qty: 2 },
    ]);
  });
  it('takes 1 when no quantity is given, skips blank lines and a header', () => {
    expect(parseLines('商品编码\t数量\n\nSF6\n')).toEqual([{ lineNo: 3, code: 'SF6', qty: 1 }]);
  });
  it('keeps an unreadable quantity as the line problem', () => {
    expect(parseLines('1032\t两瓶')[0]).toEqual({ lineNo: 1, code: '1032', qty: 1, problem: '数量「两瓶」无法识别' });
    expect(parseLines('1032,0')[0]?.problem).toBe('数量不能小于 1');
    expect(parseLines('1032,1.5')[0]?.problem).toBe('数量须为整数');
  });
  it('marks a quantity without a code', () => {
    expect(rowsToLines([['', '3']])[0]?.problem).toBe('缺少商品编码或名称');
  });
});

describe('parseQty', () => {
  it('bounds the quantity as the cart does', () => {
    expect(parseQty(String(MAX_QTY))).toEqual({ qty: MAX_QTY });
    expect(parseQty(String(MAX_QTY + 1))).toEqual({ problem: `数量不能大于 ${MAX_QTY}` });
    expect(parseQty('10瓶')).toEqual({ qty: 10 });
    expect(parseQty('')).toEqual({ qty: 1 });
  });
});
