/** The operation videos of the services pages: the video category and its sub-groups (阀门操作 → /services/operation_video/valve) with their articles. */
import type { Article } from '#src/shared/api/contract/content.ts';
import type { NavItem } from '#src/shared/api/contract/site.ts';
import { VIDEO_CATEGORY } from './articles.ts';
import { VIDEO_HOME } from '#src/shared/http/routes.ts';

export interface VideoGroup {
  id: number;
  label: string;
  /** The group's own page: the category's path for the top group, `/services/operation_video/{slug}` for a sub-group. */
  href: string;
  /** The sub-group's path segment (valve), or null for the top group. */
  slug: string | null;
  videos: Article[];
}

const SLUG = /^[a-z][a-z0-9-]{0,40}$/;

/** The video category's groups: its own articles first, then each sub-category with a path of its own under the video home. */
export function videoGroups(tree: readonly NavItem[], articles: readonly Article[]): VideoGroup[] {
  const top = tree.flatMap((n) => n.children).find((n) => n.id === VIDEO_CATEGORY);
  if (!top) return [];
  const subGroups = top.children.flatMap((c) => {
    const slug = c.url.startsWith(`${VIDEO_HOME}/`) ? c.url.slice(VIDEO_HOME.length + 1).replace(/\/+$/, '') : '';
    // A sub-group without a usable path segment (or one that looks like an article id) gets none: its videos still list on the home.
    const ok = SLUG.test(slug);
    return [
      {
        id: c.id,
        label: c.categoryName,
        href: ok ? `${VIDEO_HOME}/${slug}` : VIDEO_HOME,
        slug: ok ? slug : null,
        videos: articles.filter((a) => a.categoryId === c.id),
      },
    ];
  });
  return [
    { id: top.id, label: top.categoryName, href: VIDEO_HOME, slug: null, videos: articles.filter((a) => a.categoryId === top.id) },
    ...subGroups,
  ];
}
