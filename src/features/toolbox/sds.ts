/** The SDS records and gas facts the pre-rendered SDS pages need, fetched once per build from the content API. */
import type { Api } from '#src/shared/api/client.ts';
import { content, type GasFacts, type SdsEntry } from '#src/shared/api/contract/content.ts';
import type { SdsIndexEntry } from './sds-search.ts';

/** Every SDS record, paging through the list. */
export async function allSds(api: Api): Promise<SdsEntry[]> {
  const all: SdsEntry[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await api.call(content.sdsList, { input: { pageNumber, pageSize: 100 } });
    all.push(...page.list);
    if (all.length >= page.total || page.list.length === 0) return all;
  }
}

/** The encyclopedia facts of a gas (English name, H statements, transport class, limits); null when it has none. */
export async function gasFacts(api: Api, id: number): Promise<GasFacts | null> {
  return (await api.call(content.wikiDetail, { params: { id } })).gas;
}

/** The search index of the SDS pages: identifiers only, a few KB for all gases. */
export function sdsIndex(entries: readonly SdsEntry[], facts: ReadonlyMap<number, GasFacts | null>): SdsIndexEntry[] {
  return entries.map((e) => ({ id: e.id, name: e.name, enName: facts.get(e.id)?.enName ?? '', formula: e.formula, cas: e.cas, un: e.un }));
}
