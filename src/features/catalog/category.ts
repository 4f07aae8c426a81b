/** Where a goods list sits in the category tree: the chosen top and sub-category, the breadcrumb and the facets to show. */
import type { Category } from '#src/shared/api/contract/catalog.ts';

export interface CategoryPlace {
  /** The chosen top-level category, if any. */
  top: Category | null;
  /** The chosen sub-category, if any. */
  sub: Category | null;
}

/** Finds the chosen categories from sid / category (a sub or any category id) and pid (a top-level id); unknown ids choose nothing. */
export function placeOf(tree: readonly Category[], q: { sid?: number; pid?: number; category?: number }): CategoryPlace {
  const wanted = q.sid ?? q.category;
  if (wanted !== undefined) {
    for (const top of tree) {
      if (top.id === wanted) return { top, sub: null };
      const sub = top.children.find((c) => c.id === wanted);
      if (sub) return { top, sub };
    }
  }
  if (q.pid !== undefined) {
    const top = tree.find((c) => c.id === q.pid);
    if (top) return { top, sub: null };
  }
  return { top: null, sub: null };
}

/** The category ids of a place, most specific first (for cache tags). */
export function placeIds(place: CategoryPlace): number[] {
  return [place.sub?.id, place.top?.id].filter((n): n is number => n !== undefined);
}

/** The category a goods belongs to, as top and sub, from the tree. */
export function goodsPlace(tree: readonly Category[], categoryId: number, categoryPid: number): CategoryPlace {
  const top = tree.find((c) => c.id === categoryPid) ?? null;
  return { top, sub: top?.children.find((c) => c.id === categoryId) ?? null };
}
