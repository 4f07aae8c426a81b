/** URL builders for the shop's routes (docs/product.md §2), so every link is built in one place. */
import type { CartWay } from '#src/shared/api/contract/cart.ts';
import type { PromoLink } from '#src/shared/api/contract/site.ts';

/** Default paging of the goods list (docs/product.md §9). */
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

/** "All product categories" (docs/product.md §2). */
export const allGoodsUrl = (): string => `/goods?pageSize=${GOODS_PAGE_SIZE}&pageNumber=1`;

export const goodsUrl = (id: number): string => `/goods/${id}`;
export const shopUrl = (id: number): string => `/shop/${id}`;

/** Search input drops single quotes (docs/product.md §5). */
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
export const confirmOrderUrl = (way: 'CART' | 'BUY_NOW' = 'CART'): string =>
  way === 'BUY_NOW' ? '/Confirmorder?way=BUY_NOW' : '/Confirmorder';
export const cartUrl = (): string => '/shopping-cart';
/**
 * How an order was placed travels in the checkout pages' address from create to completion (`&way=BUY_NOW`): the order
 * answers of the API do not say, and the step bar hides the cart step for 立即购买 (docs/product.md §2). Without it, CART.
 */
const wayQuery = (way: CartWay | undefined): string => (way === 'BUY_NOW' ? '&way=BUY_NOW' : '');
/** The way a checkout page's address carries (see wayQuery). */
export const wayOf = (query: URLSearchParams): CartWay => (query.get('way') === 'BUY_NOW' ? 'BUY_NOW' : 'CART');
/** The cashier of an order (by order number). */
export const cashierUrl = (sn: string, way?: CartWay): string => `/checkout/cashier?sn=${encodeURIComponent(sn)}${wayQuery(way)}`;
export const orderDetailUrl = (sn: string): string => `/member/my-order/detail?sn=${encodeURIComponent(sn)}`;
/** Where a paid order lands (docs/product.md §2 /Confirmorder/complete). */
export const orderCompleteUrl = (sn: string, way?: CartWay): string =>
  `/Confirmorder/complete?sn=${encodeURIComponent(sn)}${wayQuery(way)}`;
/** A payment in progress, for a reload after the code was scanned (docs/product.md §2 /Confirmorder/payWait). */
export const payWaitUrl = (sn: string, payType: string, way?: CartWay): string =>
  `/Confirmorder/payWait?sn=${encodeURIComponent(sn)}&payType=${encodeURIComponent(payType)}${wayQuery(way)}`;
/** The member's orders (built by the member area). */
export const myOrdersUrl = (): string => '/member/my-order';
/** The member's permits for controlled gases, where a missing permit is uploaded (checkout's hazmat notice links here). */
export const permitsUrl = (): string => '/member/my-permit';
/** Where company information is uploaded (member centre, account page). */
export const companyInfoUrl = (): string => '/member/my-account#company';

/** A gas's encyclopedia page (the knowledge pages build it by gas id). */
export const gasUrl = (gasId: number): string => `/gases/details/${gasId}`;

/** The SDS of a gas, keyed by its id in the encyclopedia (the SDS record shares it). */
export const sdsUrl = (gasId: number): string => `/services/toolbox/sds/${gasId}`;
/** The SDS lookup, optionally pre-filled with a name, formula, CAS or UN number. */
export const sdsSearchUrl = (keyword?: string): string =>
  keyword ? `/services/toolbox/sds?keyword=${encodeURIComponent(keyword)}` : '/services/toolbox/sds';
/** The gas unit converter, optionally opened on a gas (encyclopedia id) and a quantity in one of its units (kg, Nm3, L …). */
export const converterUrl = (q: { gasId?: number; unit?: string; value?: number } = {}): string => {
  const params = new URLSearchParams();
  if (q.gasId !== undefined) params.set('gas', String(q.gasId));
  if (q.unit && q.value !== undefined) {
    params.set('unit', q.unit);
    params.set('v', String(q.value));
  }
  const query = params.toString();
  return query ? `/services/toolbox/gas?${query}` : '/services/toolbox/gas';
};

/** The login page returning to `forward` (a same-origin path): where guards of protected routes other than /member and the cart send visitors (docs/product.md §4). */
export const loginUrl = (forward?: string): string =>
  forward && forward !== '/' ? `/login?forward=${encodeURIComponent(forward)}` : '/login';

// ---------------------------------------------------------------- knowledge site (path URLs; the query forms redirect here)

/** An encyclopedia entry, gas or knowledge article, by its wiki id. */
export const wikiUrl = (wikiId: number): string => `/gases/details/${wikiId}`;
/** An application case. */
export const caseUrl = (caseId: number): string => `/case/details/${caseId}`;
/** The case list of a sector or category (0: all), page n. */
export const caseListUrl = (categoryId = 0, pageNumber = 1): string =>
  categoryId === 0 && pageNumber === 1 ? '/case/list' : `/case/list/${categoryId}${pageNumber > 1 ? `/${pageNumber}` : ''}`;
/** A news article. */
export const newsUrl = (newsId: number): string => `/about/news/${newsId}`;
/** The news list of a category (0: all), page n. */
export const newsListUrl = (categoryId = 0, pageNumber = 1): string =>
  categoryId === 0 && pageNumber === 1 ? '/about/news' : `/about/news/list/${categoryId}${pageNumber > 1 ? `/${pageNumber}` : ''}`;
/** A FAQ answer. */
export const faqUrl = (articleId: number): string => `/services/common_problem/${articleId}`;
/** An operation video. */
export const videoUrl = (articleId: number): string => `/services/operation_video/${articleId}`;
/** The community board, a post, and the ask-a-question form. */
export const communityUrl = (pageNumber = 1): string => (pageNumber > 1 ? `/community?pageNumber=${pageNumber}` : '/community');
export const postUrl = (postId: number): string => `/community/${postId}`;
export const askUrl = (): string => '/community/add';
/** The knowledge results of the search page (气体百科, 应用案例, 新闻资讯, 服务与政策) for a keyword, optionally of one kind's label. */
export const knowledgeSearchUrl = (keyword: string, kindLabel?: string): string =>
  `${searchUrl(keyword)}${kindLabel ? `&kind=${encodeURIComponent(kindLabel)}` : ''}#knowledge`;
/** A knowledge group (wiki category) on the encyclopedia home. */
export const wikiGroupUrl = (categoryId: number): string => `/gases#group-${categoryId}`;

// ---------------------------------------------------------------- services pages (services engineer)

/** The FAQ home, and one FAQ group's questions (the menu's `?id=&pid=` query form redirects here). */
export const FAQ_HOME = '/services/common_problem';
export const faqListUrl = (groupId: number): string => `${FAQ_HOME}/list/${groupId}`;
/** The operation videos. */
export const VIDEO_HOME = '/services/operation_video';
