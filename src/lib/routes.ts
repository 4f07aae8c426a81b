/** URL builders for the shop's routes (SPEC §2), so every link is built in one place. */
import type { PromoLink } from './api/contract/site.ts';

/** Default paging of the goods list (SPEC §9). */
export const GOODS_PAGE_SIZE = 16;

export const goodsListUrl = (q: { sid?: number; pid?: number; keyword?: string; pageNumber?: number } = {}): string => {
  const params = new URLSearchParams();
  if (q.sid !== undefined) params.set('sid', String(q.sid));
  if (q.pid !== undefined) params.set('pid', String(q.pid));
  if (q.keyword) params.set('keyword', q.keyword);
  if (q.sid === undefined && q.keyword === undefined) {
    params.set('pageSize', String(GOODS_PAGE_SIZE));
    params.set('pageNumber', String(q.pageNumber ?? 1));
  }
  return `/goods?${params}`;
};

/** "All product categories" (SPEC §2). */
export const allGoodsUrl = (): string => `/goods?pageSize=${GOODS_PAGE_SIZE}&pageNumber=1`;

export const goodsUrl = (id: number): string => `/goods/${id}`;
export const shopUrl = (id: number): string => `/shop/${id}`;

/** Search input drops single quotes (SPEC §5). */
export const cleanKeyword = (text: string): string => text.replace(/'/g, '').trim();
export const searchUrl = (keyword: string): string => `/search?keyword=${encodeURIComponent(cleanKeyword(keyword))}`;

/** Where a banner or ad leads, by its link type. */
export function promoHref(link: PromoLink): string {
  switch (link.type) {
    case 'URL':
      return link.value;
    case 'GOODS':
      return goodsUrl(Number(link.value));
    case 'KEYWORD':
      return searchUrl(link.value);
    case 'SHOP':
      return shopUrl(Number(link.value));
    case 'CATEGORY':
      return goodsListUrl({ sid: Number(link.value), pid: link.pid });
  }
}

/** The confirm-order page; BUY_NOW reads the buy-now line the goods page put in the cart with `way: 'BUY_NOW'`, CART the checked cart lines. */
export const confirmOrderUrl = (way: 'CART' | 'BUY_NOW' = 'CART'): string => (way === 'BUY_NOW' ? '/Confirmorder?way=BUY_NOW' : '/Confirmorder');
export const cartUrl = (): string => '/shopping-cart';
/** The cashier of an order (by order number). */
export const cashierUrl = (sn: string): string => `/checkout/cashier?sn=${encodeURIComponent(sn)}`;
export const orderDetailUrl = (sn: string): string => `/member/my-order/detail?sn=${encodeURIComponent(sn)}`;

/** The login page returning to `forward` (a same-origin path): where guards of protected routes other than /member and the cart send visitors (SPEC §4). */
export const loginUrl = (forward?: string): string => (forward && forward !== '/' ? `/login?forward=${encodeURIComponent(forward)}` : '/login');
