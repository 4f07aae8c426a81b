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
