/** Where service, policy and about articles live: the navigation categories with a route of their own, and which one an article falls under. */
import type { NavItem } from '#src/shared/api/contract/site.ts';
import { faqUrl, videoUrl } from '#src/shared/http/routes.ts';

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

/** The navigation categories of the FAQ, the operation videos, the factory map and the about pages (docs/product.md §9). */
export const FAQ_CATEGORY = 18;
export const VIDEO_CATEGORY = 19;
export const MAP_CATEGORY = 21;
export const ABOUT_CATEGORY = 41;
export const CERTIFICATE_CATEGORY = 43;
/** Articles docs/product.md §2 names: the buying process (shown on /services/purchase), the company profile and contacts. */
export const PURCHASE_ARTICLE = 381;
export const PROFILE_ARTICLE = 411;
export const CONTACT_ARTICLE = 412;

/** Pages that show one article by its id. */
const ARTICLE_PAGES: Readonly<Record<number, string>> = {
  [PROFILE_ARTICLE]: '/about/my-about',
  [CONTACT_ARTICLE]: '/about/contactus',
};

/**
 * The path URL of any article of the navigation tree (the target of `/details?articleId=`), or null when its category has
 * no page: policy/privacy articles at their section, FAQ answers, videos, the map, the about pages.
 */
export function articleUrl(tree: readonly NavItem[], article: { articleId: number; categoryId: number }): string | null {
  const { articleId, categoryId } = article;
  const page = ARTICLE_PAGES[articleId];
  if (page) return page;
  const section = sectionOf(tree, categoryId);
  if (section) return `${ARTICLE_SECTIONS[section].route}/${articleId}`;
  const under = (id: number) => navIdsUnder(tree, id)?.includes(categoryId) ?? false;
  if (under(FAQ_CATEGORY)) return faqUrl(articleId);
  if (under(VIDEO_CATEGORY)) return videoUrl(articleId);
  if (under(MAP_CATEGORY)) return '/services/map';
  if (under(ABOUT_CATEGORY)) return `/about/details#article-${articleId}`;
  if (under(CERTIFICATE_CATEGORY)) return '/about/certificate';
  return null;
}
