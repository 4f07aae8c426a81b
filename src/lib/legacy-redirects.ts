/** Legacy addresses of the old shop and the query-string forms of detail pages, answered with 301 (SPEC §2, DESIGN §4). */

const ID = /^\d{1,12}$/;

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
    default:
      return null;
  }
}
