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
