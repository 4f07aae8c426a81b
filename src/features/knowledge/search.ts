/** Knowledge search over the Pagefind indexes (one per kind): the kinds and their labels, the words asked for, the search the page runs, and safe excerpt parts. */

/** What a knowledge page is, as the search knows it (`SearchIndexed.astro` writes it as `data-search-kind`; each kind has its own index). */
export type SearchKind = 'encyclopedia' | 'case' | 'news' | 'service';

/** The kind's label as the search page's filter and results show it. */
export const SEARCH_KIND_LABEL: Record<SearchKind, string> = {
  encyclopedia: '气体百科',
  case: '应用案例',
  news: '新闻资讯',
  service: '服务与政策',
};

/** The kinds in the order the filter lists them. */
export const SEARCH_KINDS = Object.keys(SEARCH_KIND_LABEL) as SearchKind[];

/** Results shown at once; "more" adds this many again. */
export const KNOWLEDGE_PAGE_SIZE = 10;

/** Where the search bundles are served: one Pagefind bundle per kind, `/pagefind/<kind>/` (written by the `pagefind-index` build step). */
export const PAGEFIND_BASE = '/pagefind/';

/** The build's manifest of the bundles: `{ kinds: { news: 10000, … } }`, pages per kind. */
export const SEARCH_MANIFEST_URL = `${PAGEFIND_BASE}kinds.json`;

/** A section of a result's page, from one heading with an id to the next (Pagefind's sub-results), with its own excerpt. */
export interface PagefindSubResult {
  url: string;
  excerpt: string;
  weighted_locations: { balanced_score: number }[];
}

/** One result's data as Pagefind's `result.data()` answers it (the fields we read). */
export interface PagefindResultData {
  url: string;
  /** The indexed text, without the index's word breaks. */
  content: string;
  excerpt: string;
  meta: { title?: string; terms?: string };
  sub_results?: PagefindSubResult[];
}

export interface PagefindResult {
  id: string;
  score: number;
  data: () => Promise<PagefindResultData>;
}

/** One bundle's instance, as Pagefind's `createInstance` returns it (the part we call). */
export interface PagefindInstance {
  options: (o: Record<string, unknown>) => Promise<void>;
  mergeIndex: (basePath: string) => Promise<void>;
  init: () => Promise<void>;
  filters: () => Promise<unknown>;
  search: (term: string) => Promise<{ results: PagefindResult[] } | null>;
}

/** The part of Pagefind's browser module (`pagefind.js`) we use. */
export interface PagefindModule {
  createInstance: (o: { basePath: string; noWorker?: boolean }) => PagefindInstance;
}

/** A result with the kind of the bundle that found it. */
export interface KnowledgeHit {
  kind: SearchKind;
  data: () => Promise<PagefindResultData>;
}

export interface KnowledgeAnswer {
  /** Hits per kind (every kind searched, whichever is shown). */
  counts: Record<SearchKind, number>;
  /** The hits shown, best first; the first `EXACT_NAME_WINDOW` already have their data. */
  hits: KnowledgeHit[];
}

export interface KnowledgeIndex {
  search: (keyword: string, kind?: SearchKind) => Promise<KnowledgeAnswer>;
}

const HAN = /^\p{Script=Han}$/u;
const lastChar = (s: string) => [...s].at(-1)!;
const firstChar = (s: string) => [...s][0]!;
const zhWords = () => new Intl.Segmenter('zh-CN', { granularity: 'word' });
/**
 * A segment is a word when it holds a letter or a digit, whatever the engine says of it: Firefox's segmenter (ICU4X) reports
 * a query that is one dictionary word as not word-like (氮气 -> isWordLike false; Chromium and WebKit say true), and keeping
 * only word-like pieces then asked Pagefind for nothing. Punctuation and spaces hold neither, so they still part the words.
 */
const WORDISH = /[\p{L}\p{N}]/u;
const isWord = (s: Intl.SegmentData) => WORDISH.test(s.segment);

/**
 * The words Pagefind is asked for, space-separated. Pagefind indexes Chinese as the browser segments it (ICU) and, at each
 * boundary between two words, the pair of characters across it. ICU has no entry for many gas words and splits them into
 * single characters (气瓶 -> 气|瓶, 减压器 -> 减|压|器), and Pagefind matches every query word as a prefix, so a single
 * character matches every word it begins (气体, 气相, …): slow, and nearly every page. So within a run of text each boundary
 * is asked for as its pair, and a single character only through its pairs: 气瓶 -> "气瓶", 减压器 -> "减压 压器",
 * 标准气体 -> "标准 准气 气体". The pairs keep the words together as typed: 标准气体 finds the pages about standard gases,
 * not every page that says 标准 somewhere and 气体 somewhere else. Latin words and a lone character stay as they are.
 */
export function searchTerms(query: string, segmenter = zhWords()): string {
  const terms: string[] = [];
  const paired = (a: string | undefined, b: string | undefined) => !!a && !!b && HAN.test(lastChar(a)) && HAN.test(firstChar(b));
  for (const run of query.normalize('NFKC').split(/\s+/)) {
    // Neighbours are adjacent segments: no pair is indexed across punctuation.
    const segments = [...segmenter.segment(run)].map((w) => (isWord(w) ? w.segment : undefined));
    segments.forEach((w, i) => {
      if (!w) return;
      const next = segments[i + 1];
      const single = [...w].length === 1 && HAN.test(w);
      if (!single || !(paired(segments[i - 1], w) || paired(w, next))) terms.push(w);
      if (paired(w, next)) terms.push(lastChar(w) + firstChar(next!));
    });
  }
  return [...new Set(terms.map((t) => t.toLowerCase()))].join(' ');
}

/** The words as ICU gives them, which is what Pagefind would search for itself. */
export function plainTerms(query: string, segmenter = zhWords()): string {
  return [...segmenter.segment(query.normalize('NFKC'))]
    .filter(isWord)
    .map((w) => w.segment.toLowerCase())
    .join(' ');
}

/**
 * Pagefind segments a query with the language of the page at the time an instance is made; under 'und' it takes the words
 * as given, so `searchTerms` decides them. The attribute is put back in the same task, before anything can read or paint it.
 */
function withoutQuerySegmentation<T>(make: () => T): T {
  if (typeof document === 'undefined') return make();
  const html = document.documentElement;
  const lang = html.getAttribute('lang');
  html.setAttribute('lang', 'und');
  try {
    return make();
  } finally {
    if (lang === null) html.removeAttribute('lang');
    else html.setAttribute('lang', lang);
  }
}

/**
 * The fast path's recent bundles (server/publish/recent-search.ts): per kind, whether `/pagefind/recent-<kind>/` holds pages
 * published since the last full index, and the main bundle's page ids they replace or that were removed.
 */
export function recentOf(manifest: unknown, kind: SearchKind): { merge: boolean; superseded: ReadonlySet<string> } {
  const r = (manifest as { recent?: Record<string, { pages?: unknown; superseded?: unknown }> } | null)?.recent?.[kind];
  const ids = Array.isArray(r?.superseded) ? r.superseded.filter((x): x is string => typeof x === 'string') : [];
  return { merge: typeof r?.pages === 'number' && r.pages > 0, superseded: new Set(ids) };
}

/** The kinds the manifest lists with pages, in filter order; anything else in it is ignored. */
export function manifestKinds(manifest: unknown): SearchKind[] {
  const kinds = (manifest as { kinds?: unknown } | null)?.kinds;
  if (!kinds || typeof kinds !== 'object') throw new Error('search manifest without kinds');
  return SEARCH_KINDS.filter((k) => {
    const n = (kinds as Record<string, unknown>)[k];
    return typeof n === 'number' && n > 0;
  });
}

/**
 * Opens the knowledge search: reads the manifest, loads Pagefind once and makes one instance per kind's bundle. Instances run
 * on the page's thread (`noWorker`): a search answers in tens of milliseconds, and the worker's copying of ten thousand results
 * back to the page cost more than it saved. `load` fetches the manifest and imports the module (a retry passes fresh URLs).
 */
export async function openKnowledgeIndex(load: {
  manifest: (url: string) => Promise<unknown>;
  module: (url: string) => Promise<PagefindModule>;
}): Promise<KnowledgeIndex> {
  const manifest = await load.manifest(SEARCH_MANIFEST_URL);
  const kinds = manifestKinds(manifest);
  const pagefind = kinds.length ? await load.module(`${PAGEFIND_BASE}${kinds[0]}/pagefind.js`) : undefined;
  const open = async (kind: SearchKind) => {
    const pf = withoutQuerySegmentation(() => pagefind!.createInstance({ basePath: `${PAGEFIND_BASE}${kind}/`, noWorker: true }));
    await pf.options({ excerptLength: 36 });
    const recent = recentOf(manifest, kind);
    // Pages published since the last full index answer from their own small bundle, merged into the kind's.
    if (recent.merge) await pf.mergeIndex(`${PAGEFIND_BASE}recent-${kind}/`);
    await pf.init();
    // init() returns before the bundle's metadata and WebAssembly are in; filters() waits for them (there are no filters to load).
    await pf.filters();
    return { kind, pf, superseded: recent.superseded };
  };
  // Instances share the module's one WebAssembly instance: the first creates it, and the others, made after, find it ready
  // (made side by side, each would create its own and leave the others pointing into a replaced memory).
  const instances = kinds.length ? [await open(kinds[0]!)] : [];
  instances.push(...(await Promise.all(kinds.slice(1).map(open))));
  const searchAll = (terms: string) =>
    Promise.all(
      instances.map(async (i) => ({
        kind: i.kind,
        results: ((await i.pf.search(terms))?.results ?? []).filter((r) => !i.superseded.has(r.id)),
      })),
    );
  return {
    async search(keyword, kind) {
      const counts = Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<SearchKind, number>;
      const found: (PagefindResult & { kind: SearchKind })[] = [];
      const terms = searchTerms(keyword);
      let answers = await searchAll(terms);
      await dropFallbacks(answers, terms);
      // Nothing anywhere (the text split a word otherwise than the query): ICU's own words, as Pagefind would have searched.
      const plain = plainTerms(keyword);
      if (answers.every((a) => a.results.length === 0) && plain && plain !== terms) answers = await searchAll(plain);
      for (const a of answers) {
        counts[a.kind] = a.results.length;
        if (kind && kind !== a.kind) continue;
        for (const r of a.results) found.push({ id: r.id, score: r.score, data: r.data, kind: a.kind });
      }
      // Scores of different bundles are compared as Pagefind's own merged search compares them.
      found.sort((a, b) => b.score - a.score);
      const head = await Promise.all(found.slice(0, EXACT_NAME_WINDOW).map(async (r) => ({ kind: r.kind, d: await r.data() })));
      const first = exactNamesFirst(head, (h) => h.d.meta.terms, keyword).map((h) => ({ kind: h.kind, data: () => Promise.resolve(h.d) }));
      return { counts, hits: [...first, ...found.slice(EXACT_NAME_WINDOW).map((r) => ({ kind: r.kind, data: r.data }))] };
    },
  };
}

/**
 * Empties the answer of a bundle that lacks a Chinese word of the query. Pagefind then answers for the longest word it has
 * that begins the missing one (气 for 气瓶), which finds pages that only share a character. Every page Pagefind finds for a
 * word it has holds the word, so a bundle is judged by its best page: one more fragment, usually shown on the first page anyway.
 */
async function dropFallbacks(answers: { results: PagefindResult[] }[], terms: string): Promise<void> {
  const han = terms.split(' ').filter((t) => HAN.test(firstChar(t)));
  if (han.length === 0) return;
  await Promise.all(
    answers.map(async (a) => {
      const best = a.results[0];
      if (!best) return;
      const d = await best.data();
      const text = [d.content, ...Object.values(d.meta)].join(' ').normalize('NFKC').toLowerCase();
      if (han.some((t) => !text.includes(t))) a.results = [];
    }),
  );
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

/**
 * The parts with every occurrence of a typed word marked too (case and width ignored). Pagefind marks the index words it
 * matched, and a word asked for as character pairs is marked only at its first character (气 of 气瓶), so the words as
 * typed are marked whole; Pagefind's own marks are kept.
 */
export function markTyped(parts: readonly ExcerptPart[], query: string): ExcerptPart[] {
  const text = parts.map((p) => p.text).join('');
  const marked = new Uint8Array(text.length);
  let at = 0;
  for (const p of parts) {
    if (p.mark) marked.fill(1, at, at + p.text.length);
    at += p.text.length;
  }
  // NFKC changes lengths (全角 letters stay one unit, ligatures do not): only same-length folding is used to find words.
  const folded = [...text]
    .map((c) => (c.normalize('NFKC').length === c.length ? c.normalize('NFKC') : c))
    .join('')
    .toLowerCase();
  for (const word of query.normalize('NFKC').toLowerCase().split(/\s+/).filter(Boolean)) {
    for (let i = folded.indexOf(word); i >= 0; i = folded.indexOf(word, i + word.length)) marked.fill(1, i, i + word.length);
  }
  const out: ExcerptPart[] = [];
  for (let i = 0; i < text.length; ) {
    let j = i;
    while (j < text.length && marked[j] === marked[i]) j++;
    out.push({ text: text.slice(i, j), mark: marked[i] === 1 });
    i = j;
  }
  return out;
}

/** Separates the terms in a page's `terms` meta (Pagefind splits meta pairs on commas, so terms carry none). */
const TERM_SEPARATOR = '|';

/**
 * The id of the hidden heading that holds a page's search terms (`SearchIndexed.astro`). A heading with an id starts a section
 * of its own in Pagefind's sub-results, so the reader's excerpt can be taken from the article's sections only.
 */
export const SEARCH_TERMS_ID = 'search-terms';
/** Characters of the article's opening shown when only the search terms matched. */
const LEAD_CHARS = 60;

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The excerpt a reader sees, in Pagefind's excerpt form: article text only, never the term list (a page found as N2 or LIN
 * shows what it says, not `氮气 N2 nitrogen 液氮 …`). Pagefind takes its excerpt where the matches weigh most, which is the
 * weighted term list; here the section of the article that says the query most often gives it, else the article's opening.
 */
export function articleExcerpt(data: PagefindResultData): string {
  const sections = data.sub_results ?? [];
  if (!sections.some((s) => s.url.endsWith(`#${SEARCH_TERMS_ID}`))) return data.excerpt;
  const score = (s: PagefindSubResult) => s.weighted_locations.reduce((n, l) => n + l.balanced_score, 0);
  const best = sections
    .filter((s) => !s.url.endsWith(`#${SEARCH_TERMS_ID}`) && s.weighted_locations.length > 0)
    .sort((a, b) => b.weighted_locations.length - a.weighted_locations.length || score(b) - score(a))[0];
  if (best) return best.excerpt;
  const text = data.content.replace(/\s+/g, ' ').trim();
  // The term list closes the indexed text and opens with the page's own name: a short article must stop before it.
  const terms = data.meta.terms ? text.lastIndexOf(data.meta.terms.split(TERM_SEPARATOR)[0]!) : -1;
  const article = terms > 0 ? text.slice(0, terms).trim() : text;
  return escapeHtml(article.length > LEAD_CHARS ? `${article.slice(0, LEAD_CHARS)}…` : article);
}

/** The `data-pagefind-meta` value carrying a page's search terms. */
export function termsMeta(terms: readonly string[]): string {
  return `terms:${terms
    .map((t) => t.replace(/[,|:]/g, ' ').trim())
    .filter(Boolean)
    .join(TERM_SEPARATOR)}`;
}

const norm = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** Whether a page lists the query itself among its terms (氮气, N2, nitrogen, 液氮, LIN for the nitrogen entry), case and width ignored. */
export function namesQuery(termsMetaValue: string | undefined, query: string): boolean {
  if (!termsMetaValue) return false;
  const q = norm(query);
  return q !== '' && termsMetaValue.split(TERM_SEPARATOR).some((t) => norm(t) === q);
}

/**
 * How many of Pagefind's top results are checked for an exact name: the first page, whose data is loaded to show it anyway.
 * Each result's data is a request of its own (about 5 ms each on a phone-class CPU), so checking further would cost the query more than it sorts.
 */
export const EXACT_NAME_WINDOW = KNOWLEDGE_PAGE_SIZE;

/**
 * Pagefind's order, except that pages naming the query exactly among their terms come first: "nitrogen" is the nitrogen entry,
 * not nitrogen trifluoride, even when the shorter page scores higher. Stable otherwise.
 */
export function exactNamesFirst<T>(items: readonly T[], termsOf: (item: T) => string | undefined, query: string): T[] {
  const exact = items.filter((i) => namesQuery(termsOf(i), query));
  return exact.length === 0 ? [...items] : [...exact, ...items.filter((i) => !exact.includes(i))];
}
