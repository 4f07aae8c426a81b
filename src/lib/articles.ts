/** Where service, policy and about articles live: the navigation categories with a route of their own, and which one an article falls under. */
import type { NavItem } from './api/contract/site.ts';

/** The navigation categories whose articles live under a route of their own. */
export const ARTICLE_SECTIONS = {
  policies: { categoryId: 17, route: '/services/policies', label: '服务政策' },
  privacy: { categoryId: 64, route: '/services/privacy', label: '隐私政策' },
} as const;
export type ArticleSection = keyof typeof ARTICLE_SECTIONS;

/** The ids of a navigation node and everything below it, or null when the id is not in the tree. */
export function navIdsUnder(tree: readonly NavItem[], id: number): number[] | null {
  for (const item of tree) {
    if (item.id === id) {
      const out: number[] = [];
      const walk = (n: NavItem) => {
        out.push(n.id);
        n.children.forEach(walk);
      };
      walk(item);
      return out;
    }
    const below = navIdsUnder(item.children, id);
    if (below) return below;
  }
  return null;
}

/** The article section a navigation category belongs to, or null when its articles have no section route. */
export function sectionOf(tree: readonly NavItem[], categoryId: number): ArticleSection | null {
  for (const [key, section] of Object.entries(ARTICLE_SECTIONS) as [ArticleSection, (typeof ARTICLE_SECTIONS)[ArticleSection]][]) {
    if (navIdsUnder(tree, section.categoryId)?.includes(categoryId)) return key;
  }
  return null;
}
