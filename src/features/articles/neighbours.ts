/** The 上一篇/下一篇 of each news article as the list orders them (newest first within a category): what a detail shows of its neighbours. */
import type { NewsSummary } from '#src/shared/api/contract/content.ts';

type Row = Pick<NewsSummary, 'id' | 'categoryId' | 'title'>;
type Link = { id: number; title: string } | null;

/** Per article id: the next newer and next older article of its category, as id and title. */
export function newsNeighbours(rows: readonly Row[]): Map<string, { prev: Link; next: Link }> {
  const byCategory = new Map<number, Row[]>();
  for (const r of rows) {
    const list = byCategory.get(r.categoryId);
    if (list) list.push(r);
    else byCategory.set(r.categoryId, [r]);
  }
  const out = new Map<string, { prev: Link; next: Link }>();
  const link = (r: Row | undefined): Link => (r ? { id: r.id, title: r.title } : null);
  for (const list of byCategory.values())
    list.forEach((r, i) => out.set(String(r.id), { prev: link(list[i - 1]), next: link(list[i + 1]) }));
  return out;
}
