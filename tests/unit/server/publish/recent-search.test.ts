// The fast path's recent search bundle (server/publish/recent-search.ts), written twice as two fast publishes in a row do:
// the second keeps the first's content-named files (a reader who fetched the first entry just before the switch asks for its
// meta next; a CI run once got a 404 there and the search said it failed), and its superseded ids are the main bundle's.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRecentSearch } from '#server/publish/recent-search.ts';

const page = (text: string) =>
  `<!doctype html><html lang="zh-CN"><body><main data-pagefind-body data-search-kind="news"><h1>新闻八</h1><p>${text}</p></main></body></html>`;
const PAGE = 'about/news/8/index.html';

let root: string;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'recent-search-'));
  base = join(root, 'base');
  // The full index of the base release: one news page.
  const { index } = await pagefind.createIndex({});
  await index!.addHTMLFile({ sourcePath: PAGE, content: page('原来的正文 oldword') });
  mkdirSync(join(base, 'pagefind'), { recursive: true });
  await index!.writeFiles({ outputPath: join(base, 'pagefind', 'news') });
  await index!.deleteIndex();
  writeFileSync(join(base, 'pagefind', 'kinds.json'), JSON.stringify({ kinds: { news: 1 } }));
  mkdirSync(join(base, 'about/news/8'), { recursive: true });
  writeFileSync(join(base, PAGE), page('原来的正文 oldword'));
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A layer release: the release before as a copy, the edited page written anew, then its recent bundle. */
async function publish(from: string, name: string, text: string): Promise<string> {
  const client = join(root, name);
  cpSync(from, client, { recursive: true });
  writeFileSync(join(client, PAGE), page(text));
  await writeRecentSearch(client, base, [PAGE], []);
  return client;
}

const metaOf = (client: string) => readdirSync(join(client, 'pagefind', 'recent-news')).filter((f) => f.endsWith('.pf_meta'));
const entryMeta = (client: string) => {
  const entry = JSON.parse(readFileSync(join(client, 'pagefind', 'recent-news', 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { hash: string }>;
  };
  return Object.values(entry.languages)[0]!.hash;
};

describe('two fast publishes in a row', () => {
  it("keep the first recent bundle's meta in the second release, and the second entry names its own", async () => {
    const first = await publish(base, 'one', '第一次改动 firstword');
    const firstMeta = entryMeta(first);
    expect(metaOf(first).some((f) => f.includes(firstMeta))).toBe(true);
    const second = await publish(first, 'two', '第二次改动 secondword');
    const secondMeta = entryMeta(second);
    expect(secondMeta).not.toBe(firstMeta);
    // The reader who fetched the first entry finds its meta in the new release.
    expect(existsSync(join(second, 'pagefind', 'recent-news', metaOf(first).find((f) => f.includes(firstMeta))!))).toBe(true);
    expect(metaOf(second).some((f) => f.includes(secondMeta))).toBe(true);
  }, 60_000);

  it("mark the main bundle's copy of the page as superseded, whatever the kept files", async () => {
    const manifest = JSON.parse(readFileSync(join(root, 'two', 'pagefind', 'kinds.json'), 'utf8')) as {
      recent: Record<string, { pages: number; superseded: string[] }>;
    };
    const mainIds = readdirSync(join(base, 'pagefind', 'news', 'fragment')).map((f) => f.replace(/\.pf_fragment$/, ''));
    expect(manifest.recent.news!.pages).toBe(1);
    expect(manifest.recent.news!.superseded).toEqual(mainIds);
  });
});
