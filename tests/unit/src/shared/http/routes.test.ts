import { describe, expect, it } from 'vitest';
import {
  allGoodsUrl,
  cashierUrl,
  cleanKeyword,
  goodsListUrl,
  orderCompleteUrl,
  payWaitUrl,
  promoHref,
  searchUrl,
  wayOf,
} from '#src/shared/http/routes.ts';
import { approxCount, latestOnly, moveActive } from '#src/features/catalog/search-box.ts';
import { pageItems } from '#src/shared/ui/pagination.ts';

describe('routes', () => {
  it('resolves promotional links by type', () => {
    expect(promoHref({ type: 'URL', value: '/services/policies/172' })).toBe('/services/policies/172');
    expect(promoHref({ type: 'GOODS', value: '1001' })).toBe('/goods/1001');
    expect(promoHref({ type: 'KEYWORD', value: '标准气体' })).toBe(`/search?keyword=${encodeURIComponent('标准气体')}`);
    expect(promoHref({ type: 'SHOP', value: '2' })).toBe('/shop/2');
    expect(promoHref({ type: 'CATEGORY', value: '101', pid: 1 })).toBe('/goods?sid=101&pid=1');
  });

  it("carries the 立即购买 way through the checkout pages' addresses, and only that", () => {
    expect(cashierUrl('S1')).toBe('/checkout/cashier?sn=S1');
    expect(cashierUrl('S1', 'CART')).toBe('/checkout/cashier?sn=S1');
    expect(cashierUrl('S1', 'BUY_NOW')).toBe('/checkout/cashier?sn=S1&way=BUY_NOW');
    expect(payWaitUrl('S1', 'ALIPAY', 'BUY_NOW')).toBe('/Confirmorder/payWait?sn=S1&payType=ALIPAY&way=BUY_NOW');
    expect(orderCompleteUrl('S1', 'BUY_NOW')).toBe('/Confirmorder/complete?sn=S1&way=BUY_NOW');
    for (const url of [cashierUrl('S1', 'BUY_NOW'), payWaitUrl('S1', 'WECHAT', 'BUY_NOW'), orderCompleteUrl('S1', 'BUY_NOW')]) {
      expect(wayOf(new URL(url, 'http://shop.test').searchParams), url).toBe('BUY_NOW');
    }
    expect(wayOf(new URLSearchParams('way=buy_now'))).toBe('CART');
    expect(wayOf(new URLSearchParams(''))).toBe('CART');
  });

  it('builds goods list and search links', () => {
    expect(allGoodsUrl()).toBe('/goods?pageSize=16&pageNumber=1');
    expect(goodsListUrl({ sid: 3, pid: 1 })).toBe('/goods?sid=3&pid=1');
    expect(cleanKeyword(" 'O'2' ")).toBe('O2');
    expect(searchUrl("液'氮")).toBe(`/search?keyword=${encodeURIComponent('液氮')}`);
  });
});

describe('search box logic', () => {
  it('shows approximate counts', () => {
    expect(approxCount(7)).toBe('约 7 件');
    expect(approxCount(1234)).toBe('约 1200 件');
  });

  it('drops answers of older requests', () => {
    const seq = latestOnly();
    const first = seq.next();
    const second = seq.next();
    expect(seq.isLatest(first)).toBe(false);
    expect(seq.isLatest(second)).toBe(true);
  });

  it('moves the active suggestion with wrapping through the input', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(-1);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('pager', () => {
  it('shows first, last and a window with gaps', () => {
    const items = pageItems(6, 12).map((i) => (i.type === 'gap' ? '…' : i.current ? `[${i.n}]` : String(i.n)));
    expect(items).toEqual(['1', '…', '4', '5', '[6]', '7', '8', '…', '12']);
    expect(pageItems(1, 1)).toEqual([{ type: 'page', n: 1, current: true }]);
  });
});
