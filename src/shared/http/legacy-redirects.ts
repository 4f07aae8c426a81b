/**
 * Legacy addresses of the old shop and the query-string forms of detail and list pages, answered with 301 (docs/product.md §2,
 * docs/architecture.md §4): the one table both platforms run. The Node server and the middleware call `legacyRedirect`; the build
 * turns `LEGACY_PATHS` into on-demand routes (so Netlify's function, which answers an unknown path 404 before any
 * middleware, has a route for them) and `PAGE_QUERY_FORMS` into Netlify `_redirects` rules (build/netlify-redirects.ts),
 * because there the CDN serves a pre-rendered page before any function runs.
 */
import { caseListUrl, caseUrl, FAQ_HOME, faqListUrl, faqUrl, newsListUrl, newsUrl, VIDEO_HOME, videoUrl, wikiUrl } from './routes.ts';

const ID = /^\d{1,12}$/;
/** A positive id or page number; anything else (junk, zero, signs, paths) is not one. */
const positive = (value: string | null): number | null => (value !== null && ID.test(value) && Number(value) > 0 ? Number(value) : null);

/** A query-form detail URL: its id under one of `keys`, to `detail(id)`, or to `list` when the id is junk. */
function byId(q: URLSearchParams, keys: readonly string[], detail: (id: number) => string, list: string): string {
  for (const key of keys) {
    const id = positive(q.get(key));
    if (id !== null) return detail(id);
  }
  return list;
}

/** Query forms of article pages (docs/product.md §2) live at path URLs (docs/architecture.md §4). */
const articlePage = (base: string) => (q: URLSearchParams) => {
  const id = q.get('articleId') ?? q.get('id');
  return id && ID.test(id) ? `${base}/${id}` : base;
};

/** Old addresses that are no page of their own: every form of them redirects. */
const PATH_RULES = new Map<string, (q: URLSearchParams) => string>([
  [
    '/classification',
    (q) => {
      const params = new URLSearchParams();
      for (const key of ['sid', 'pid']) {
        const value = q.get(key);
        if (value !== null && /^-?\d{1,12}$/.test(value)) params.set(key, value);
      }
      const query = params.toString();
      return query ? `/goods?${query}` : '/goods';
    },
  ],
  [
    '/generalPage',
    (q) => {
      const id = q.get('id');
      return id && ID.test(id) ? `/goods/${id}` : '/goods';
    },
  ],
  // docs/product.md §2 lists /-index beside the home page; its query (e.g. ?uuid=) is the home page's to read.
  [
    '/-index',
    (q) => {
      const query = q.toString();
      return query ? `/?${query}` : '/';
    },
  ],
  ['/about', () => '/about/my-about'],
  ['/license', () => '/about/certificate?pid=-1&id=2'],
  ['/services/policies/info', articlePage('/services/policies')],
  ['/services/privacy/info', articlePage('/services/privacy')],
  // The knowledge site's detail pages: the spec's `?id=` forms (the bare paths are no pages of their own).
  ['/gases/details', (q) => byId(q, ['id'], wikiUrl, '/gases')],
  ['/case/details', (q) => byId(q, ['id'], caseUrl, caseListUrl())],
  ['/about/news/details', (q) => byId(q, ['id'], newsUrl, newsListUrl())],
  ['/services/common_problem/info', (q) => byId(q, ['articleId', 'id'], faqUrl, FAQ_HOME)],
  // The list is pre-rendered per group; the menu's `?id=&pid=` names the group.
  ['/services/common_problem/list', (q) => byId(q, ['id', 'categoryId'], faqListUrl, FAQ_HOME)],
]);

/** The old addresses with no page of their own (each gets an on-demand route that only redirects). */
export const LEGACY_PATHS: readonly string[] = [...PATH_RULES.keys()];

/** A query form of a real page: when every one of `params` is a positive number, the page's address is `to(values)`. */
export interface QueryForm {
  path: string;
  params: readonly string[];
  to: (values: number[]) => string;
}

/**
 * Query forms of real (pre-rendered) list pages; the first form whose parameters are all valid wins. The bare path is the
 * page itself; a form's parameter present with junk sends to the bare page.
 */
export const PAGE_QUERY_FORMS: readonly QueryForm[] = [
  { path: '/case/list', params: ['categoryId', 'pageNumber'], to: ([c, p]) => caseListUrl(c, p) },
  { path: '/case/list', params: ['categoryId'], to: ([c]) => caseListUrl(c) },
  { path: '/case/list', params: ['pageNumber'], to: ([p]) => caseListUrl(0, p) },
  { path: '/about/news', params: ['id'], to: ([id]) => newsUrl(id!) },
  { path: '/about/news', params: ['categoryId', 'pageNumber'], to: ([c, p]) => newsListUrl(c, p) },
  { path: '/about/news', params: ['categoryId'], to: ([c]) => newsListUrl(c) },
  { path: '/about/news', params: ['pageNumber'], to: ([p]) => newsListUrl(0, p) },
  { path: VIDEO_HOME, params: ['articleId'], to: ([id]) => videoUrl(id!) },
];

/** Where a legacy URL now lives, or null when it is not one. Only same-site paths come out. */
export function legacyRedirect(url: URL): string | null {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const q = url.searchParams;
  const rule = PATH_RULES.get(path);
  if (rule) return rule(q);
  const forms = PAGE_QUERY_FORMS.filter((f) => f.path === path);
  for (const form of forms) {
    const values = form.params.map((key) => positive(q.get(key)));
    if (values.every((v) => v !== null)) return form.to(values as number[]);
  }
  // Real list pages: only their query forms redirect, the bare path is the page itself.
  return forms.some((f) => f.params.some((key) => q.has(key))) ? path : null;
}
