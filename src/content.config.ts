// Build-time content (docs/architecture.md §4): every knowledge, service and company text the pre-rendered pages show, loaded from the API
// through the contract, one digest per entry so the incremental build renders again only what changed.
import { defineCollection } from 'astro:content';
import { api } from '#src/shared/api/server.ts';
import { auth } from '#src/shared/api/contract/auth.ts';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { content } from '#src/shared/api/contract/content.ts';
import { site } from '#src/shared/api/contract/site.ts';
import {
  allPages,
  apiCollection as loaderOver,
  DETAILS_IN_FLIGHT,
  listDetailCollection,
  mapLimit,
  type ApiCollectionOptions,
} from '#src/features/articles/loader.ts';
import { newsNeighbours } from '#src/features/articles/neighbours.ts';
import { gateLicences } from '#src/shared/site/chrome.ts';

/**
 * `astro check` syncs content only to type the collections, which have no schema: it does not need the API, so it does not
 * ask it (a build still fails when the API is down).
 */
const TYPE_CHECK_ONLY = process.argv[2] === 'check';
const apiCollection = <T>(a: typeof api, options: ApiCollectionOptions<T>) => loaderOver(a, { ...options, skip: TYPE_CHECK_ONLY });

const PAGE = 100;

/** Site data and the shell's menus, one entry: every pre-rendered page's chrome, and part of its cache key. */
const chrome = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /site, /hotwords, /category/list, /navigation/tree, /systemViewConfig',
    fetchAll: async (a) => {
      const [siteInfo, hotKeywords, categories, navTree, views] = await Promise.all([
        a.call(site.info),
        a.call(site.hotKeywords),
        a.call(catalog.categories),
        a.call(site.navTree),
        a.call(site.viewControl).catch(() => []),
      ]);
      return [{ site: gateLicences(siteInfo, views), hotKeywords, categories, navTree }];
    },
    id: () => 'chrome',
  }),
});

const wikiCategories = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /wiki/category/list',
    fetchAll: (a) => a.call(content.wikiCategories),
    id: (c) => String(c.id),
  }),
});

/** Gas entries and knowledge articles of the encyclopedia, with their bodies. */
const wiki = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /wiki/list, /wiki/detail/{id}',
    fetchAll: async (a) => {
      const list = await allPages((pageNumber) => a.call(content.wikiList, { input: { pageNumber, pageSize: PAGE } }));
      return mapLimit(list, DETAILS_IN_FLIGHT, (w) => a.call(content.wikiDetail, { params: { id: w.id } }));
    },
    id: (w) => String(w.id),
  }),
});

/** The case sectors with their sub-categories (one entry per sector). */
const caseSectors = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /case/category/tree/list',
    fetchAll: (a) => a.call(content.caseCategoryTree),
    id: (c) => String(c.id),
  }),
});

/** Each sector's solution article. */
const caseSectorArticles = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /case/category/tree/list, /case/category/article',
    fetchAll: async (a) => {
      const sectors = await a.call(content.caseCategoryTree);
      return Promise.all(sectors.map((s) => a.call(content.caseCategoryArticle, { input: { categoryId: s.id } })));
    },
    id: (c) => String(c.categoryId),
  }),
});

const cases = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /case/list, /case/detail/{id}',
    fetchAll: async (a) => {
      const list = await allPages((pageNumber) => a.call(content.caseList, { input: { pageNumber, pageSize: PAGE } }));
      return mapLimit(list, DETAILS_IN_FLIGHT, (c) => a.call(content.caseDetail, { params: { id: c.id } }));
    },
    id: (c) => String(c.id),
  }),
});

const newsCategories = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /info/category/list',
    fetchAll: (a) => a.call(content.infoCategories),
    id: (c) => String(c.id),
  }),
});

/** News: thousands of articles (SANDBOX_SCALE); a rebuild fetches only the details whose list row or neighbours moved. */
const news = defineCollection({
  loader: listDetailCollection(api, {
    source: 'GET /info/list, /info/detail/{id}',
    list: (a) => allPages((pageNumber) => a.call(content.infoList, { input: { pageNumber, pageSize: PAGE } })),
    detail: (a, n) => a.call(content.infoDetail, { params: { id: n.id } }),
    id: (n) => String(n.id),
    context: newsNeighbours,
    skip: TYPE_CHECK_ONLY,
  }),
});

/** Service, policy, FAQ, video, about and privacy articles of the navigation tree (`/article?articleCode`). */
const articles = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /article/list, /article?articleCode',
    fetchAll: async (a) => {
      const list = await allPages((pageNumber) => a.call(content.articleList, { input: { pageNumber, pageSize: PAGE } }));
      return mapLimit(list, DETAILS_IN_FLIGHT, (x) => a.call(content.article, { input: { articleCode: x.articleId } }));
    },
    id: (x) => String(x.articleId),
  }),
});

const protocols = defineCollection({
  loader: apiCollection(api, { source: 'GET /case/getProtocol', fetchAll: (a) => a.call(auth.protocols), id: (p) => String(p.id) }),
});

const privacyTexts = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /wsPrivacy?isDisplay=1',
    fetchAll: (a) => a.call(auth.privacyList, { input: { isDisplay: '1', sort: 'sort,desc' } }),
    id: (p) => String(p.id),
  }),
});

/** How many of the newest community posts the /wiki hub shows. */
const COMMUNITY_LATEST = 6;

/** The newest community posts at build time (the first page of the board), for the /wiki hub. */
const communityLatest = defineCollection({
  loader: apiCollection(api, {
    source: 'GET /community/list',
    fetchAll: async (a) => (await a.call(content.communityList, { input: { pageNumber: 1, pageSize: COMMUNITY_LATEST } })).list,
    id: (p) => String(p.id),
  }),
});

/** The plants of the factory map (/services/map), one entry per city. */
const factoryCities = defineCollection({
  loader: apiCollection(api, { source: 'GET /city_list', fetchAll: (a) => a.call(common.cityList), id: (c) => String(c.id) }),
});

export const collections = {
  chrome,
  wikiCategories,
  wiki,
  caseSectors,
  caseSectorArticles,
  cases,
  newsCategories,
  news,
  articles,
  protocols,
  privacyTexts,
  communityLatest,
  factoryCities,
};
