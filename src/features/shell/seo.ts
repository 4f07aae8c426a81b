/** What a page tells search engines and link previews beyond its title and description. */
import { chinaIso } from '#src/shared/formats/china-time.ts';

export interface PageSeo {
  /** Open Graph type: 'article' for encyclopedia, case, news and service articles. */
  type?: 'website' | 'article';
  /** A picture for link previews, absolute or site-relative. */
  image?: string;
  /** ISO 8601 time the article was published or last updated. */
  publishedAt?: string;
}

/** A breadcrumb trail as schema.org BreadcrumbList; items without href (the page itself) point at `pageUrl`. */
export function breadcrumbLd(trail: readonly { label: string; href?: string }[], origin: string, pageUrl: string): Record<string, unknown> {
  const items = [{ label: '首页', href: '/' }, ...trail];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.label,
      item: new URL(item.href ?? pageUrl, origin).href,
    })),
  };
}

export interface ArticleLdInput {
  type?: 'Article' | 'NewsArticle';
  title: string;
  description: string;
  url: string;
  /** Back-office times 'YYYY-MM-DD HH:mm:ss'. */
  publishedAt: string;
  updatedAt?: string;
  image?: string;
  author?: string;
  publisher: string;
}

/** schema.org Article / NewsArticle of a knowledge page. */
export function articleLd(a: ArticleLdInput): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': a.type ?? 'Article',
    headline: a.title.slice(0, 110),
    description: a.description,
    mainEntityOfPage: a.url,
    datePublished: chinaIso(a.publishedAt),
    dateModified: chinaIso(a.updatedAt ?? a.publishedAt),
    ...(a.image ? { image: [a.image] } : {}),
    author: { '@type': 'Organization', name: a.author || a.publisher },
    publisher: { '@type': 'Organization', name: a.publisher },
  };
}

// ------------------------------------------------------------ site-wide: robots.txt, sitemap.xml, Organization

/** Private or machine-only path prefixes: disallowed in robots.txt and never listed in the sitemap. */
export const PRIVATE_PREFIXES = ['/member', '/api', '/shopping-cart', '/Confirmorder', '/checkout', '/order'] as const;
/** Error pages are pre-rendered but are no page of their own. */
const ERROR_PAGES = new Set(['/404', '/500', '/503', '/error']);

/** Sign-in, registration and password pages: crawlable, but nothing a search result should lead to. */
const ACCOUNT_PAGES = /^\/(login|register|find-password)([-/]|$)/;

/** True when a path belongs in the sitemap: not an error page, not private, not an account form, not an asset folder (`/_astro`, `/pagefind`). */
export function isSitemapPath(path: string): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (ERROR_PAGES.has(p) || ACCOUNT_PAGES.test(p) || /^\/(_|pagefind\/)/.test(p)) return false;
  return !PRIVATE_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

/** robots.txt: everything public may be crawled; private and API paths not; where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}

const xmlText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A sitemap protocol <urlset> of absolute URLs (at most 50,000 per file, the protocol's limit; sitemapFiles splits). */
export function sitemapXml(urls: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `  <url><loc>${xmlText(u)}</loc></url>`).join('\n')}\n</urlset>\n`;
}

export const SITEMAP_MAX_URLS = 50_000;

/**
 * The sitemap files of a set of paths: `sitemap.xml` alone, or (over 50,000 URLs) a sitemap index at `sitemap.xml` over
 * `sitemap-1.xml`, `sitemap-2.xml`... Paths are sorted and made absolute against `origin`.
 */
export function sitemapFiles(paths: readonly string[], origin: string): { name: string; xml: string }[] {
  const urls = [...new Set(paths.filter(isSitemapPath))].sort().map((p) => new URL(p, origin).href);
  if (urls.length <= SITEMAP_MAX_URLS) return [{ name: 'sitemap.xml', xml: sitemapXml(urls) }];
  const parts: { name: string; xml: string }[] = [];
  for (let i = 0; i < urls.length; i += SITEMAP_MAX_URLS)
    parts.push({ name: `sitemap-${parts.length + 1}.xml`, xml: sitemapXml(urls.slice(i, i + SITEMAP_MAX_URLS)) });
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.map((p) => `  <sitemap><loc>${xmlText(new URL(`/${p.name}`, origin).href)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
  return [{ name: 'sitemap.xml', xml: index }, ...parts];
}

/** The page path a built HTML file serves (`a/b/index.html` -> `/a/b`, `a.html` -> `/a`), in the canonical form (canonicalPath). */
export function pathOfHtmlFile(relative: string): string {
  const p = relative.split(/[\\/]/).join('/');
  if (p === 'index.html') return '/';
  if (p.endsWith('/index.html')) return canonicalPath(`/${p.slice(0, -'index.html'.length)}`);
  return `/${p.replace(/\.html$/, '')}`;
}

/** A page's canonical path: no trailing slash (the form every link of the site uses), except the home page. */
export function canonicalPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export interface OrganizationInput {
  name: string;
  origin: string;
  /** Site-relative or absolute logo. */
  logo: string;
  hotline: string;
}

/** schema.org Organization of the company (home page): name, logo and the customer-service hotline. */
export function organizationLd(o: OrganizationInput): Record<string, unknown> {
  const url = new URL('/', o.origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${url}#organization`,
    name: o.name,
    url,
    logo: new URL(o.logo, o.origin).href,
    contactPoint: [
      { '@type': 'ContactPoint', telephone: o.hotline, contactType: 'customer service', areaServed: 'CN', availableLanguage: ['zh-CN'] },
    ],
  };
}

/** A meta description from an article summary: tags' leftovers and runs of white space collapsed, cut at 150 characters. */
export function metaDescription(text: string | undefined | null, max = 150): string | undefined {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return undefined;
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
