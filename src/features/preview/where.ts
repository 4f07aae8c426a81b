/** Where a draft lives once published, and which section an article's preview shows in the services layout. */
import type { NavItem } from '#src/shared/api/contract/site.ts';
import { ARTICLE_SECTIONS, FAQ_CATEGORY, VIDEO_CATEGORY, articleUrl, navIdsUnder, sectionOf } from '#src/features/articles/articles.ts';
import { caseUrl, FAQ_HOME, newsUrl, VIDEO_HOME, wikiUrl } from '#src/shared/http/routes.ts';
import type { Draft } from '#src/shared/api/contract/preview.ts';

/** The public path of the draft's article (null for an article whose category has no page). */
export function publicPathOf(draft: Draft, tree: readonly NavItem[]): string | null {
  switch (draft.kind) {
    case 'news':
      return newsUrl(draft.item.id);
    case 'case':
      return caseUrl(draft.item.id);
    case 'wiki':
      return wikiUrl(draft.item.id);
    case 'article':
      return articleUrl(tree, draft.item);
  }
}

/**
 * The breadcrumb section of an article's preview: its policy or privacy section, else the FAQ or the videos it belongs to,
 * else the services home. (FAQ answers and videos preview in the article template: their pages add the group's other
 * questions and the player around the same title, time and body.)
 */
export function previewSection(tree: readonly NavItem[], categoryId: number): { label: string; route: string } {
  const section = sectionOf(tree, categoryId);
  if (section) return ARTICLE_SECTIONS[section];
  if (navIdsUnder(tree, FAQ_CATEGORY)?.includes(categoryId)) return { label: '常见问题', route: FAQ_HOME };
  if (navIdsUnder(tree, VIDEO_CATEGORY)?.includes(categoryId)) return { label: '操作视频', route: VIDEO_HOME };
  return { label: '服务与支持', route: FAQ_HOME };
}
