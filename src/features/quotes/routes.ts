/** The quote feature's addresses: its pages, the thread of one quote, and Confirmorder for an accepted quote. */

export const QUOTE_URL = '/quote';
export const MIXTURE_URL = '/quote/mixture';
export const BULK_URL = '/quote/bulk';
export const ONSITE_URL = '/quote/onsite';
export const MY_QUOTES_URL = '/member/my-quotes';
export const myQuoteUrl = (id: number): string => `${MY_QUOTES_URL}/${id}`;
/** Confirmorder for an accepted quote. */
export const quoteCheckoutUrl = (id: number): string => `/Confirmorder?way=QUOTE&quoteId=${id}`;

/** The quote id of a Confirmorder address (way=QUOTE&quoteId=N), or undefined for the cart's and buy-now's. */
export function quoteCheckoutId(query: URLSearchParams): number | undefined {
  const raw = query.get('quoteId') ?? '';
  return query.get('way') === 'QUOTE' && /^[1-9]\d{0,11}$/.test(raw) ? Number(raw) : undefined;
}

/** The list's status filter in its address (`?status=QUOTED`), page numbers after it. */
export const myQuotesUrl = (status?: string, pageNumber = 1): string => {
  const q = new URLSearchParams();
  if (status) q.set('status', status);
  if (pageNumber > 1) q.set('pageNumber', String(pageNumber));
  const s = q.toString();
  return s ? `${MY_QUOTES_URL}?${s}` : MY_QUOTES_URL;
};

/** Standard gases (category 102) and bulk liquid gases (line 3): the goods pages that offer a quote, and where it leads. */
export function quoteEntryFor(categoryId: number, categoryPid: number): { text: string; href: string; cta: string } | null {
  if (categoryId === 102) return { text: '需要其他组分、浓度或气瓶规格？', href: MIXTURE_URL, cta: '在线配置混合气并询价' };
  if (categoryPid === 3) return { text: '长期用量大、需要储罐供气？', href: BULK_URL, cta: '液态大宗气体询价' };
  return null;
}
