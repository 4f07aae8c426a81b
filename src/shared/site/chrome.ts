/** Data every page's chrome needs (site, hot keywords, category tree, navigation), loaded in one go. */
import type { Api } from '#src/shared/api/client.ts';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { site, type Site, type ViewControl } from '#src/shared/api/contract/site.ts';
import { featureShown } from '#src/shared/view-control.ts';

/** The site data the chrome keeps: its licences dropped while the hazmat feature is off, so a backend without it changes nothing. */
export function gateLicences(site: Site, views: readonly ViewControl[]): Site {
  if (featureShown(views, 'hazmat_part') || !site.licences) return site;
  const { licences: _hidden, ...rest } = site;
  return rest;
}

export async function loadChrome(api: Api) {
  const [siteInfo, hotKeywords, categories, navTree, views] = await Promise.all([
    api.call(site.info),
    api.call(site.hotKeywords),
    api.call(catalog.categories),
    api.call(site.navTree),
    // View control for the gas features' entries in the chrome (main menu, side bar, licences); a failure hides them.
    api.call(site.viewControl).catch((): ViewControl[] => []),
  ]);
  return { site: gateLicences(siteInfo, views), hotKeywords, categories, navTree, views };
}
export type Chrome = Awaited<ReturnType<typeof loadChrome>>;
