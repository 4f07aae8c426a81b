/** The data of the pages that list goods for a query (/goods, /search): the chrome and the list, fetched together. */
import { cachedGoodsList } from './catalog.server.ts';
import { cachedChrome } from '#src/shared/site/chrome.server.ts';
import { pageFailure } from '#src/shared/api/ssr.ts';
import { listInput, parseGoodsQuery } from './query.ts';

/** The query of the URL with its chrome and goods; null when the API is out (the page answers 503), other errors thrown. */
export async function loadGoodsListPage(params: URLSearchParams) {
  const query = parseGoodsQuery(params);
  try {
    const [chrome, result] = await Promise.all([cachedChrome(), cachedGoodsList(listInput(query))]);
    return { query, chrome, result };
  } catch (e) {
    pageFailure(e);
    return null;
  }
}
