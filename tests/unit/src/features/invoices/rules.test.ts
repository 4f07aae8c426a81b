import { describe, expect, it } from 'vitest';
import { allocate, amountInCapitals, invoicedAmount, invoiceLines, splitTax, totalsOf } from '#src/features/invoices/rules.ts';

describe('tax per line (docs/invoices.md Rounding)', () => {
  it('splits a tax-inclusive amount at 13 %: net rounded half up, tax the rest', () => {
    // 0.17 / 1.13 = 0.1504… → 0.15
    expect(splitTax(17, 13)).toEqual({ netFen: 15, taxFen: 2 });
    expect(splitTax(11_300, 13)).toEqual({ netFen: 10_000, taxFen: 1_300 });
    // 100.00 / 1.13 = 88.495…: net 88.50, tax 11.50
    expect(splitTax(10_000, 13)).toEqual({ netFen: 8_850, taxFen: 1_150 });
    // 1 fen: 0.885 → 1, tax 0
    expect(splitTax(1, 13)).toEqual({ netFen: 1, taxFen: 0 });
    // 5.65 / 1.13 = 5.00 exactly
    expect(splitTax(565, 13)).toEqual({ netFen: 500, taxFen: 65 });
  });

  it('a red (negative) amount is the mirror of the blue one', () => {
    expect(splitTax(-10_000, 13)).toEqual({ netFen: -8_850, taxFen: -1_150 });
    expect(splitTax(0, 13)).toEqual({ netFen: 0, taxFen: 0 });
  });

  it('refuses fractions of a fen', () => {
    expect(() => splitTax(10.5, 13)).toThrow();
  });

  it('totals are the sums of the lines', () => {
    const lines = [splitTax(10_000, 13), splitTax(10_000, 13), splitTax(-500, 13)].map((t, i) => ({
      ...t,
      grossFen: [10_000, 10_000, -500][i]!,
    }));
    expect(totalsOf(lines)).toEqual({ netFen: 8_850 * 2 - 442, taxFen: 1_150 * 2 - 58, grossFen: 19_500 });
  });
});

describe('价税合计 in Chinese capitals', () => {
  it.each([
    [1_234_560, '壹万贰仟叁佰肆拾伍圆陆角整'],
    [100_505, '壹仟零伍圆零伍分'],
    [1_000, '壹拾圆整'],
    [50, '伍角整'],
    [5, '伍分'],
    [0, '零圆整'],
    [10_000_000, '壹拾万圆整'],
    [100_002_000, '壹佰万零贰拾圆整'],
    [10_000_000_500, '壹亿零伍圆整'],
    [12_030_040_012, '壹亿贰仟零叁拾万零肆佰圆壹角贰分'],
    [-1_234_560, '负壹万贰仟叁佰肆拾伍圆陆角整'],
  ])('%i fen → %s', (fen, words) => {
    expect(amountInCapitals(fen)).toBe(words);
  });
});

describe('merged invoice lines', () => {
  const o2 = { goodsName: '高纯氮气', spec: '40L 99.999%', unit: '瓶', kind: 'GAS' as const, priceFen: 25_000 };
  const ar = { goodsName: '高纯氩气', spec: '40L 99.999%', unit: '瓶', kind: 'GAS' as const, priceFen: 33_333 };

  it('one line per goods, deposits left out, freight one line, discounts as 折扣行 after their goods; total equals what was paid', () => {
    const orders = [
      {
        sn: 'A',
        lines: [
          { ...o2, num: 2 },
          { ...ar, num: 1 },
        ],
        freightFen: 5_000,
        discountFen: 1_000,
        depositFen: 100_000,
      },
      { sn: 'B', lines: [{ ...o2, num: 4 }], freightFen: 0, discountFen: 0, depositFen: 300_000 },
    ];
    const lines = invoiceLines(orders);
    expect(lines.map((l) => [l.name, l.num, l.grossFen, l.discount])).toEqual([
      ['*化学原料及制品*高纯氮气', 6, 150_000, false],
      ['*化学原料及制品*高纯氮气', 0, -600, true],
      ['*化学原料及制品*高纯氩气', 1, 33_333, false],
      ['*化学原料及制品*高纯氩气', 0, -400, true],
      ['*运输服务*运费', 1, 5_000, false],
    ]);
    const paid = orders.reduce((n, o) => n + invoicedAmount(o), 0);
    expect(totalsOf(lines).grossFen).toBe(paid);
    expect(paid).toBe(150_000 + 33_333 + 5_000 - 1_000);
    for (const l of lines) expect(l.netFen + l.taxFen).toBe(l.grossFen);
  });

  it('returned goods come off their line', () => {
    const lines = invoiceLines([
      {
        sn: 'A',
        lines: [{ ...o2, num: 3 }],
        freightFen: 0,
        discountFen: 0,
        depositFen: 0,
        returned: [{ goodsName: '高纯氮气', spec: '40L 99.999%', num: 1, priceFen: 25_000 }],
      },
    ]);
    expect(lines.map((l) => [l.num, l.grossFen])).toEqual([[2, 50_000]]);
  });

  it('allocates in whole fen, summing exactly', () => {
    expect(allocate(1_000, [50_000, 33_333])).toEqual([600, 400]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
  });
});
