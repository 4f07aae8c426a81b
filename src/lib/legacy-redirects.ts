/** Legacy addresses of the old shop and the query-string forms of detail pages, answered with 301 (SPEC §2, DESIGN §4). */
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

/** Where a legacy URL now lives, or null when it is not one. Only same-site paths come out. */
export function legacyRedirect(url: URL): string | null {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const q = url.searchParams;
  switch (path) {
    case '/classification': {
      const params = new URLSearchParams();
      for (const key of ['sid', 'pid']) {
        const value = q.get(key);
        if (value !== null && /^-?\d{1,12}$/.test(value)) params.set(key, value);
      }
      const query = params.toString();
      return query ? `/goods?${query}` : '/goods';
    }
    case '/generalPage': {
      const id = q.get('id');
      return id && ID.test(id) ? `/goods/${id}` : '/goods';
    }
    case '/-index':
      // SPEC §2 lists /-index beside the home page; its query (e.g. ?uuid=) is the home page's to read.
      return `/${url.search}`;
    case '/about':
      return '/about/my-about';
    case '/license':
      return '/about/certificate?pid=-1&id=2';
    case '/services/policies/info':
    case '/services/privacy/info': {
      // Query forms of article pages (SPEC §2) live at path URLs (DESIGN §4).
      const id = q.get('articleId') ?? q.get('id');
      const base = path.replace(/\/info$/, '');
      return id && ID.test(id) ? `${base}/${id}` : base;
    }
    // The knowledge site's detail pages: the spec's `?id=` forms (the bare paths are no pages of their own).
    case '/gases/details':
      return byId(q, ['id'], wikiUrl, '/gases');
    case '/case/details':
      return byId(q, ['id'], caseUrl, caseListUrl());
    case '/about/news/details':
      return byId(q, ['id'], newsUrl, newsListUrl());
    case '/services/common_problem/info':
      return byId(q, ['articleId', 'id'], faqUrl, FAQ_HOME);
    case '/services/common_problem/list':
      // The list is pre-rendered per group; the menu's `?id=&pid=` names the group.
      return byId(q, ['id', 'categoryId'], faqListUrl, FAQ_HOME);
    // Real list pages: only their query forms redirect, the bare path is the page itself.
    case '/case/list': {
      if (!q.has('categoryId') && !q.has('pageNumber')) return null;
      return caseListUrl(positive(q.get('categoryId')) ?? 0, positive(q.get('pageNumber')) ?? 1);
    }
    case '/about/news': {
      if (q.has('id')) return byId(q, ['id'], newsUrl, newsListUrl());
      if (!q.has('categoryId') && !q.has('pageNumber')) return null;
      return newsListUrl(positive(q.get('categoryId')) ?? 0, positive(q.get('pageNumber')) ?? 1);
    }
    case VIDEO_HOME:
      return q.has('articleId') ? byId(q, ['articleId'], videoUrl, VIDEO_HOME) : null;
    default:
      return null;
  }
}
