/** Pure list logic of the case and news pages: newest-first order, fixed-size pages per category, related cases and text teasers. */
import type { CaseCategory, CaseDetail, CaseSummary, NewsDetail, NewsSummary } from '#src/shared/api/contract/content.ts';

/** Cards per list page (cases and news). */
export const LIST_PAGE_SIZE = 16;

/** Newest first by a 'YYYY-MM-DD HH:mm:ss' time (sorts as text), then by id, so equal times keep a stable order. */
export function newestFirst<T extends { id: number }>(list: readonly T[], time: (item: T) => string): T[] {
  return [...list].sort((a, b) => time(b).localeCompare(time(a)) || b.id - a.id);
}

/** The list without its bodies: list pages carry only what their cards show. */
export function caseSummary({ content: _c, liked: _l, ...summary }: CaseDetail): CaseSummary {
  return summary;
}
export function newsSummary({ content: _c, liked: _l, author: _a, prev: _p, next: _n, ...summary }: NewsDetail): NewsSummary {
  return summary;
}

export interface ListPage<T> {
  /** 0 for every category. */
  categoryId: number;
  pageNumber: number;
  total: number;
  items: T[];
}

/** A list cut into pages; an empty list still has page 1 (it says there is nothing yet). */
export function paginate<T>(categoryId: number, list: readonly T[], pageSize = LIST_PAGE_SIZE): ListPage<T>[] {
  const pages: ListPage<T>[] = [];
  for (let i = 0; i === 0 || i < list.length; i += pageSize) {
    pages.push({ categoryId, pageNumber: i / pageSize + 1, total: list.length, items: list.slice(i, i + pageSize) });
  }
  return pages;
}

/** Every category id of the case tree (sectors and their sub-categories), parents first. */
export function caseCategoryIds(tree: readonly CaseCategory[]): number[] {
  return tree.flatMap((s) => [s.id, ...caseCategoryIds(s.children)]);
}

/** Whether a case belongs to a category: its own, or the sector above it; 0 is every case. */
export const caseIn = (c: Pick<CaseSummary, 'categoryId' | 'sectorId'>, categoryId: number): boolean =>
  categoryId === 0 || c.categoryId === categoryId || c.sectorId === categoryId;

/** The case list pages: all cases, each sector and each sub-category, newest first. */
export function caseListPages(
  cases: readonly CaseSummary[],
  tree: readonly CaseCategory[],
  pageSize = LIST_PAGE_SIZE,
): ListPage<CaseSummary>[] {
  const sorted = newestFirst(cases, (c) => c.publishedAt);
  return [0, ...caseCategoryIds(tree)].flatMap((id) =>
    paginate(
      id,
      sorted.filter((c) => caseIn(c, id)),
      pageSize,
    ),
  );
}

/** The news list pages: all news and each category, newest first. */
export function newsListPages(
  news: readonly NewsSummary[],
  categoryIds: readonly number[],
  pageSize = LIST_PAGE_SIZE,
): ListPage<NewsSummary>[] {
  const sorted = newestFirst(news, (n) => n.publishedAt);
  const byCategory = new Map<number, NewsSummary[]>(categoryIds.map((id) => [id, []]));
  for (const n of sorted) byCategory.get(n.categoryId)?.push(n);
  return [...paginate(0, sorted, pageSize), ...[...byCategory].flatMap(([id, list]) => paginate(id, list, pageSize))];
}

/** The sector and (when a sub-category is chosen) the sub-category a case list shows; null for an unknown id. */
export function casePlace(
  tree: readonly CaseCategory[],
  categoryId: number,
): { sector: CaseCategory | null; sub: CaseCategory | null } | null {
  if (categoryId === 0) return { sector: null, sub: null };
  for (const sector of tree) {
    if (sector.id === categoryId) return { sector, sub: null };
    const sub = sector.children.find((c) => c.id === categoryId);
    if (sub) return { sector, sub };
  }
  return null;
}

/** Up to `n` other cases for a case page: same sub-category first, then the same sector, newest first. */
export function relatedCases<T extends CaseSummary>(all: readonly T[], current: CaseSummary, n = 4): T[] {
  const others = newestFirst(
    all.filter((c) => c.id !== current.id),
    (c) => c.publishedAt,
  );
  const same = others.filter((c) => c.categoryId === current.categoryId);
  const sector = others.filter((c) => c.categoryId !== current.categoryId && c.sectorId === current.sectorId);
  return [...same, ...sector].slice(0, n);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of back-office HTML, cut to `max` characters with an ellipsis: for teasers, rendered as text (never as HTML). */
export function plainExcerpt(html: string, max = 120): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (m, code: string) => {
      if (code[0] === '#') {
        const n = code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ' ';
      }
      return ENTITIES[code.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** The date part of a back-office time. */
export const dateOf = (time: string): string => time.slice(0, 10);
/** A back-office time as an HTML datetime value. */
export const datetimeAttr = (time: string): string => time.replace(' ', 'T');
