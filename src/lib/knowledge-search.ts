/** Knowledge search over the Pagefind index: the kinds and their labels, the slice of Pagefind's browser API we use, and safe excerpt parts. */

/** What a knowledge page is, as the search filter knows it (`SearchIndexed.astro` writes the label as the `kind` filter). */
export type SearchKind = 'encyclopedia' | 'case' | 'news' | 'service';

/** The kind's label as the search page's filter shows it; also the filter value stored in the index. */
export const SEARCH_KIND_LABEL: Record<SearchKind, string> = { encyclopedia: '气体百科', case: '应用案例', news: '新闻资讯', service: '服务与政策' };

/** The kinds in the order the filter lists them. */
export const SEARCH_KINDS = Object.keys(SEARCH_KIND_LABEL) as SearchKind[];

/** Results shown at once; "more" adds this many again. */
export const KNOWLEDGE_PAGE_SIZE = 10;

/** Where the bundle is served (written by the `pagefind-index` build step into the client output). */
export const PAGEFIND_URL = '/pagefind/pagefind.js';

/** One result's data as Pagefind's `result.data()` answers it (the fields we read). */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string; terms?: string };
  filters: Record<string, string[]>;
}

export interface PagefindSearch {
  results: { id: string; data: () => Promise<PagefindResultData> }[];
  /** Result counts per filter value among the hits of this search. */
  filters: Record<string, Record<string, number>>;
  unfilteredResultCount: number;
}

/** The part of Pagefind's browser module (`pagefind.js`) the search page calls. */
export interface PagefindApi {
  options: (o: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void> | void;
  filters: () => Promise<Record<string, Record<string, number>>>;
  search: (term: string, o?: { filters?: Record<string, string | string[]> }) => Promise<PagefindSearch | null>;
}

/** The kind of a label (`气体百科` -> encyclopedia); undefined for anything else, so a junk value means "all kinds". */
export function kindOfLabel(label: string | null | undefined): SearchKind | undefined {
  return SEARCH_KINDS.find((k) => SEARCH_KIND_LABEL[k] === label);
}

/** A page path from a Pagefind URL: directory-format URLs end in a slash that our URL builders do not write. */
export function resultPath(url: string): string {
  const path = url.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities Pagefind writes in excerpts (named basics and numeric). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[code.toLowerCase()] ?? m;
  });
}

export interface ExcerptPart {
  text: string;
  /** A match of the query, shown highlighted. */
  mark: boolean;
}

/**
 * An excerpt as text parts: Pagefind marks matches with `<mark>`; everything else is shown as text (any other tag is
 * dropped), so the page never puts the index's HTML into the DOM.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const push = (raw: string, mark: boolean) => {
    const text = decodeEntities(raw.replace(/<[^>]*>/g, ''));
    if (text) parts.push({ text, mark });
  };
  let rest = excerpt;
  for (;;) {
    const open = rest.search(/<mark\b[^>]*>/i);
    if (open < 0) break;
    const openEnd = rest.indexOf('>', open) + 1;
    const close = rest.slice(openEnd).search(/<\/mark>/i);
    push(rest.slice(0, open), false);
    if (close < 0) {
      push(rest.slice(openEnd), true);
      return parts;
    }
    push(rest.slice(openEnd, openEnd + close), true);
    rest = rest.slice(openEnd + close + '</mark>'.length);
  }
  push(rest, false);
  return parts;
}

/** Separates the terms in a page's `terms` meta (Pagefind splits meta pairs on commas, so terms carry none). */
const TERM_SEPARATOR = '|';

/** The `data-pagefind-meta` value carrying a page's search terms. */
export function termsMeta(terms: readonly string[]): string {
  return `terms:${terms.map((t) => t.replace(/[,|:]/g, ' ').trim()).filter(Boolean).join(TERM_SEPARATOR)}`;
}

const norm = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** Whether a page lists the query itself among its terms (氮气, N2, nitrogen, 液氮, LIN for the nitrogen entry), case and width ignored. */
export function namesQuery(termsMetaValue: string | undefined, query: string): boolean {
  if (!termsMetaValue) return false;
  const q = norm(query);
  return q !== '' && termsMetaValue.split(TERM_SEPARATOR).some((t) => norm(t) === q);
}

/** How many of Pagefind's top results are checked for an exact name (their data is loaded anyway for the first page). */
export const EXACT_NAME_WINDOW = 20;

/**
 * Pagefind's order, except that pages naming the query exactly among their terms come first: "nitrogen" is the nitrogen entry,
 * not nitrogen trifluoride, even when the shorter page scores higher. Stable otherwise.
 */
export function exactNamesFirst<T>(items: readonly T[], termsOf: (item: T) => string | undefined, query: string): T[] {
  const exact = items.filter((i) => namesQuery(termsOf(i), query));
  return exact.length === 0 ? [...items] : [...exact, ...items.filter((i) => !exact.includes(i))];
}
