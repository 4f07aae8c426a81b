import { describe, expect, it } from 'vitest';
import { cleanSearchKeyword, listHref, listInput, parseGoodsQuery } from '#src/features/catalog/query.ts';

const parse = (qs: string) => parseGoodsQuery(new URLSearchParams(qs));

describe('parseGoodsQuery', () => {
  it('reads the defaults of docs/product.md §9 when nothing is given', () => {
    expect(parse('')).toEqual({ pageSize: 16, pageNumber: 1, sort: 'default' });
  });

  it('reads good values', () => {
    expect(parse('pageSize=8&pageNumber=3&sid=103&pid=1&keyword=氮气&sort=price_asc&category=5')).toEqual({
      pageSize: 8,
      pageNumber: 3,
      sid: 103,
      pid: 1,
      category: 5,
      keyword: '氮气',
      sort: 'price_asc',
    });
  });

  it.each([
    'pageSize=abc&pageNumber=-3',
    'pageSize=0&pageNumber=0',
    'pageSize=1e3&pageNumber=1.5',
    'pageSize=100000&pageNumber=99999999999',
    'sid=x&pid=-1&category=%00&sort=evil',
    'sid=&pid=&keyword=%20%20',
    'pageNumber=1&pageNumber=abc',
  ])('falls back to defaults for junk: %s', (qs) => {
    const q = parse(qs);
    expect(q.pageSize).toBeGreaterThanOrEqual(1);
    expect(q.pageSize).toBeLessThanOrEqual(60);
    expect(q.pageNumber).toBeGreaterThanOrEqual(1);
    expect(['default', 'price_asc', 'price_desc', 'sales', 'newest']).toContain(q.sort);
    for (const k of ['sid', 'pid', 'category'] as const) if (q[k] !== undefined) expect(Number.isInteger(q[k])).toBe(true);
  });

  it('drops single quotes and control characters from keywords and keeps at most 50 characters', () => {
    expect(cleanSearchKeyword(`'氮'气\u0000`)).toBe('氮气');
    expect(cleanSearchKeyword('x'.repeat(80))).toHaveLength(50);
    expect(cleanSearchKeyword("''")).toBeUndefined();
    expect(cleanSearchKeyword('"<script>alert(1)</script>')).toBe('"<script>alert(1)</script>');
  });
});

describe('listHref', () => {
  const q = parse('pageSize=16&pageNumber=3&sid=103&pid=1&keyword=氮&sort=sales');

  it('keeps the other query values when paging', () => {
    const url = new URL(listHref('/goods', q, { pageNumber: 4 }), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pageSize: '16',
      pageNumber: '4',
      sid: '103',
      pid: '1',
      keyword: '氮',
      sort: 'sales',
    });
  });

  it('goes back to page 1 when the sort or category changes, and leaves the default sort out', () => {
    const url = new URL(listHref('/goods', q, { sort: 'default' }), 'http://x');
    expect(url.searchParams.get('pageNumber')).toBe('1');
    expect(url.searchParams.has('sort')).toBe(false);
  });
});

it('listInput turns the query into the API call input, with the shop', () => {
  expect(listInput(parse('sid=103&sort=newest'), 1)).toEqual({ pageSize: 16, pageNumber: 1, sort: 'newest', sid: '103', shopId: '1' });
});
