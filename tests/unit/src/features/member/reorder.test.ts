import { describe, expect, it } from 'vitest';
import { refusedLines, reorderLines, reorderSummary } from '#src/features/member/reorder.ts';

const lines = [
  { sku_id: 100201, num: 2, goodsName: '高纯氮气' },
  { sku_id: 107101, num: 1, goodsName: '钢瓶集装格 16 瓶组（旧款焊接框架）' },
];

describe('refusedLines', () => {
  it('names each refused line with the reason the cart gave, none dropped', () => {
    expect(refusedLines(lines, [{ skuId: 107101, msg: '商品已下架' }])).toEqual([
      { name: '钢瓶集装格 16 瓶组（旧款焊接框架）', reason: '商品已下架' },
    ]);
  });
  it('names a SKU the order does not name by its code', () => {
    expect(refusedLines(lines, [{ skuId: 1, msg: '商品不存在' }])).toEqual([{ name: '规格 1', reason: '商品不存在' }]);
  });
});

describe('reorderSummary', () => {
  it('says how many went in and how many did not', () => {
    expect(reorderSummary(2, 1)).toBe('已将 2 种商品加入购物车，以下 1 种未能加入');
    expect(reorderSummary(3, 0)).toBe('已将 3 种商品加入购物车');
    expect(reorderSummary(0, 2)).toBe('这些商品暂时无法购买');
  });
});

describe('reorderLines', () => {
  it('keeps each line SKU, quantity and name', () => {
    expect(reorderLines({ lines: [{ ...lines[0]!, price: 100 } as never] })).toEqual([lines[0]]);
  });
});
