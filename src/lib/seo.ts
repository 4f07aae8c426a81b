/** What a page tells search engines and link previews beyond its title and description. */

export interface PageSeo {
  /** Open Graph type: 'article' for encyclopedia, case, news and service articles. */
  type?: 'website' | 'article';
  /** A picture for link previews, absolute or site-relative. */
  image?: string;
  /** ISO 8601 time the article was published or last updated. */
  publishedAt?: string;
}

/** A back-office time 'YYYY-MM-DD HH:mm:ss' (Beijing) as ISO 8601 with its offset. */
export function isoBeijing(time: string): string {
  return `${time.replace(' ', 'T')}+08:00`;
}

/** A breadcrumb trail as schema.org BreadcrumbList; items without href (the page itself) point at `pageUrl`. */
export function breadcrumbLd(trail: readonly { label: string; href?: string }[], origin: string, pageUrl: string): Record<string, unknown> {
  const items = [{ label: '首页', href: '/' }, ...trail];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.label, item: new URL(item.href ?? pageUrl, origin).href })),
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
    datePublished: isoBeijing(a.publishedAt),
    dateModified: isoBeijing(a.updatedAt ?? a.publishedAt),
    ...(a.image ? { image: [a.image] } : {}),
    author: { '@type': 'Organization', name: a.author || a.publisher },
    publisher: { '@type': 'Organization', name: a.publisher },
  };
}
