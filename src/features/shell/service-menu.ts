/** The services side menu (docs/product.md §2 "services" layout, §9): navigation ids to routes, the dropped sixth entry, FAQ children. */
import type { NavItem } from '#src/shared/api/contract/site.ts';
import { faqListUrl } from '#src/shared/http/routes.ts';

/** Navigation category ids with a route of their own (docs/product.md §9). */
export const SERVICE_ROUTES: Readonly<Record<number, string>> = {
  17: '/services/policies',
  18: '/services/common_problem',
  19: '/services/operation_video',
  20: '/services/toolbox/sds',
  21: '/services/map',
  52: '/services/submit_ticket',
  64: '/services/privacy',
  53: '/services/toolbox/sds',
  54: '/services/toolbox/gas',
  41: '/about/my-about',
  42: '/about/news',
  43: '/about/certificate',
};
/** Children of the FAQ category are listed on the list route, one pre-rendered page per group id. */
export const FAQ_ID = 18;
export const FAQ_LIST_ROUTE = '/services/common_problem/list';
/** The root of the services tree and the position of the entry the menu leaves out (docs/product.md §9: index 5). */
export const SERVICES_ROOT_ID = 16;
export const DROPPED_CHILD_INDEX = 5;
/** `pid` of a top-level category (docs/product.md §2). */
export const TOP_LEVEL_PID = -1;

export interface ServiceMenuItem {
  id: number;
  pid: number;
  label: string;
  /** Route with `id` and `pid` as query parameters (docs/product.md §2: clicking a category navigates there). */
  href: string;
  /** The route alone, for matching the current page. */
  route: string;
  children: ServiceMenuItem[];
}

/** The route of one navigation item. */
export function serviceRoute(item: Pick<NavItem, 'id' | 'parentId' | 'url'>): string {
  if (item.parentId === FAQ_ID) return faqListUrl(item.id);
  return SERVICE_ROUTES[item.id] ?? item.url;
}

/** Query string of a menu link: the item's id and its parent's id. */
export function serviceHref(route: string, id: number, pid: number): string {
  return `${route}?${new URLSearchParams({ id: String(id), pid: String(pid) })}`;
}

function toItem(item: NavItem): ServiceMenuItem {
  const route = serviceRoute(item);
  return {
    id: item.id,
    pid: item.parentId,
    label: item.categoryName,
    route,
    href: serviceHref(route, item.id, item.parentId),
    // The FAQ's sub-categories are shown on its list page, not in the menu.
    children: item.id === FAQ_ID ? [] : item.children.map(toItem),
  };
}

/** The side menu for a top-level category (services 16, about 40): its children less the sixth, mapped to routes. */
export function buildServiceMenu(tree: readonly NavItem[], rootId: number = SERVICES_ROOT_ID): ServiceMenuItem[] {
  const root = tree.find((n) => n.id === rootId && n.parentId === TOP_LEVEL_PID);
  if (!root) return [];
  return root.children.filter((_, i) => i !== DROPPED_CHILD_INDEX || rootId !== SERVICES_ROOT_ID).map(toItem);
}

/** The FAQ's sub-categories with their list-route links. */
export function faqCategories(tree: readonly NavItem[]): ServiceMenuItem[] {
  const faq = tree.flatMap((n) => n.children).find((n) => n.id === FAQ_ID);
  return (faq?.children ?? []).map(toItem);
}

export interface MenuState {
  /** Id of the open (expanded) top entry. */
  open: number | null;
  /** Id of the selected entry. */
  selected: number | null;
}

/**
 * Which entry is open and selected, from the query (id, pid, categoryId) or, on pre-rendered pages without one, the path.
 * A pid of -1 means the id itself is top level.
 */
export function menuState(
  menu: readonly ServiceMenuItem[],
  query: { id?: string | null; pid?: string | null; categoryId?: string | null },
  path = '',
): MenuState {
  const id = Number(query.categoryId ?? query.id ?? NaN);
  const pid = Number(query.pid ?? NaN);
  const all = menu.flatMap((m) => [m, ...m.children.map((c) => ({ ...c, top: m.id }))]);
  const byId = Number.isFinite(id) ? all.find((m) => m.id === id) : undefined;
  if (byId) {
    const top = 'top' in byId ? (byId.top as number) : byId.id;
    return { open: pid === TOP_LEVEL_PID || !Number.isFinite(pid) ? top : menu.some((m) => m.id === pid) ? pid : top, selected: byId.id };
  }
  const clean = path.replace(/\/+$/, '');
  // A child sharing its parent's route (工具箱 20 and 安全技术说明书 53) is the more precise match.
  const deepest = (a: (typeof all)[number], b: (typeof all)[number]) =>
    b.route.length - a.route.length || Number('top' in b) - Number('top' in a);
  const byPath =
    all.filter((m) => m.route === clean).sort(deepest)[0] ?? all.filter((m) => clean.startsWith(`${m.route}/`)).sort(deepest)[0];
  if (!byPath) return { open: null, selected: null };
  return { open: 'top' in byPath ? (byPath.top as number) : byPath.id, selected: byPath.id };
}
