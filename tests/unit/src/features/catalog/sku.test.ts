import { describe, expect, it } from 'vitest';
import { choose, clampQuantity, initialSelection, isPossible, priceRange, skuFor, skuText, specRows } from '#src/features/catalog/sku.ts';

const sku = (id: number, values: [string, string], stock = 10, price = 100) => ({
  sku_id: id,
  spec_list: [
    { spec_name: '纯度', spec_value: values[0] },
    { spec_name: '规格', spec_value: values[1] },
  ],
  stock,
  price,
});
// 99.999% comes in 40L and 8L; 99.9999% only in 8L: (99.9999%, 40L) is impossible.
const skus = [sku(1, ['99.999%', '40L 钢瓶'], 0, 180), sku(2, ['99.999%', '8L 钢瓶'], 5, 90), sku(3, ['99.9999%', '8L 钢瓶'], 2, 260)];
const rows = specRows(skus);

describe('the SKU picker', () => {
  it('has one row per spec with its values in order', () => {
    expect(rows).toEqual([
      { name: '纯度', values: ['99.999%', '99.9999%'] },
      { name: '规格', values: ['40L 钢瓶', '8L 钢瓶'] },
    ]);
  });

  it('opens on the first SKU in stock', () => {
    expect(initialSelection(skus, rows)).toEqual(['99.999%', '8L 钢瓶']);
  });

  it('names the SKU of a full selection and none of a partial one', () => {
    expect(skuFor(skus, rows, ['99.9999%', '8L 钢瓶'])?.sku_id).toBe(3);
    expect(skuFor(skus, rows, ['99.9999%', null])).toBeNull();
  });

  it('disables a choice that leads to no SKU with the other rows kept', () => {
    expect(isPossible(skus, rows, ['99.9999%', '8L 钢瓶'], 1, '40L 钢瓶')).toBe(false);
    expect(isPossible(skus, rows, ['99.999%', '8L 钢瓶'], 1, '40L 钢瓶')).toBe(true);
    expect(isPossible(skus, rows, ['99.999%', '40L 钢瓶'], 0, '99.9999%')).toBe(false);
    expect(isPossible(skus, rows, [null, null], 0, '99.9999%')).toBe(true);
  });

  it('clears a choice clicked again', () => {
    expect(choose(['99.999%', '8L 钢瓶'], 1, '8L 钢瓶')).toEqual(['99.999%', null]);
    expect(choose(['99.999%', null], 0, '99.9999%')).toEqual(['99.9999%', null]);
  });

  it("joins a SKU's values with ' - ' (docs/product.md §3)", () => {
    expect(skuText(skus[2]!)).toBe('99.9999% - 8L 钢瓶');
  });

  it('keeps the quantity between 1 and the stock', () => {
    expect(clampQuantity(0, 5, 9999)).toBe(1);
    expect(clampQuantity(8, 5, 9999)).toBe(5);
    expect(clampQuantity(Number.NaN, 5, 9999)).toBe(1);
    expect(clampQuantity(3.7, 5, 9999)).toBe(3);
    expect(clampQuantity(20000, 1e6, 9999)).toBe(9999);
  });

  it('gives the price range', () => {
    expect(priceRange(skus)).toEqual({ low: 90, high: 260 });
  });
});
