/** Site-wide data: site status, view control, the navigation tree, hot keywords, banners and ads. */
import * as v from 'valibot';
import { endpoint } from './core.ts';
import { SiteLicences } from './compliance.ts';

/** `siteon` 0 means the site is closed and every route shows the closed page with `close_reson` (docs/product.md §4). */
export const Site = v.object({
  siteon: v.picklist([0, 1]),
  close_reson: v.string(),
  site_name: v.string(),
  keywords: v.string(),
  descript: v.string(),
  /** Fixed business hotline shown in the shortcut bar, footer and side bar. */
  hotline: v.string(),
  icp: v.string(),
  /** Extension (contract/compliance.ts, `hazmat_part`): the seller's licences, edited by the back office. */
  licences: v.optional(SiteLicences),
});
export type Site = v.InferOutput<typeof Site>;

/** Feature switches; `cancel_part` and `refund_part` show only when `isShow` is 1 (docs/product.md §6). */
export const ViewControl = v.object({ viewName: v.string(), isShow: v.picklist([0, 1]) });
export type ViewControl = v.InferOutput<typeof ViewControl>;

/** Node of the navigation tree; `lastchildren` is 1 when any child has children of its own (docs/product.md §3). */
export interface NavItem {
  id: number;
  parentId: number;
  categoryName: string;
  url: string;
  lastchildren: 0 | 1;
  children: NavItem[];
}
export const NavItem: v.GenericSchema<NavItem> = v.object({
  id: v.number(),
  parentId: v.number(),
  categoryName: v.string(),
  url: v.string(),
  lastchildren: v.picklist([0, 1]),
  children: v.array(v.lazy(() => NavItem)),
});

/** Where a banner or ad leads (docs/product.md §2 "Promotional links by type"). */
export const PromoLink = v.object({
  type: v.picklist(['URL', 'GOODS', 'KEYWORD', 'SHOP', 'CATEGORY']),
  /** URL for URL, goods id, keyword, shop id, or category id as `sid` (with `pid`). */
  value: v.string(),
  pid: v.optional(v.number()),
});
export type PromoLink = v.InferOutput<typeof PromoLink>;

export const Banner = v.object({
  id: v.number(),
  title: v.string(),
  subtitle: v.string(),
  pic: v.string(),
  link: PromoLink,
  sort: v.number(),
});
export type Banner = v.InferOutput<typeof Banner>;

export const Ad = v.object({
  id: v.number(),
  /** Slot on the page, e.g. `home-floor`, `goods-side`. */
  position: v.string(),
  title: v.string(),
  pic: v.string(),
  link: PromoLink,
});
export type Ad = v.InferOutput<typeof Ad>;

const PositionQuery = v.object({ position: v.optional(v.string()) });

export const site = {
  info: endpoint({ name: 'site.info', method: 'GET', path: '/site', base: 'base', data: Site }),
  viewControl: endpoint({ name: 'site.viewControl', method: 'GET', path: '/systemViewConfig', base: 'base', data: v.array(ViewControl) }),
  navTree: endpoint({ name: 'site.navTree', method: 'GET', path: '/navigation/tree', base: 'base', data: v.array(NavItem) }),
  hotKeywords: endpoint({ name: 'site.hotKeywords', method: 'GET', path: '/hotwords', data: v.array(v.string()) }),
  banners: endpoint({ name: 'site.banners', method: 'GET', path: '/yxWebsiteBanner/list', data: v.array(Banner), input: PositionQuery }),
  ads: endpoint({ name: 'site.ads', method: 'GET', path: '/yxWebsiteAd/list', data: v.array(Ad), input: PositionQuery }),
};
