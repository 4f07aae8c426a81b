// The search index step with its cache, over a small site of two kinds (real Pagefind): a kind is indexed again only when
// its pages changed, unchanged bundle files keep their inodes, and the publisher's deferred mode keeps a changed kind's last
// bundle until the index is built again.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndex } from '#build/search-index.ts';

let root: string;
const out = () => join(root, 'out');
const cache = () => join(root, 'cache');
const page = (path: string, kind: string, text: string) => {
  mkdirSync(join(out(), path, '..'), { recursive: true });
  writeFileSync(
    join(out(), path),
    `<!DOCTYPE html><html lang="zh-CN"><head><title>${text}</title></head><body><main><div data-pagefind-body data-search-kind="${kind}"><h1>${text}</h1><p>${text}，供气压力稳定。</p></div></main></body></html>`,
  );
};
/** Every file of a bundle with its inode. */
const inodes = (kind: string) => {
  const dir = join(out(), 'pagefind', kind);
  const walk = (d: string): string[] =>
    readdirSync(join(dir, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  return Object.fromEntries(walk('').map((f) => [f, statSync(join(dir, f)).ino]));
};
const fragmentsText = (kind: string) => {
  const dir = join(out(), 'pagefind', kind, 'fragment');
  return readdirSync(dir)
    .map((f) =>
      gunzipSync(readFileSync(join(dir, f)))
        .toString('utf8')
        .replace(/\u200b/g, ''),
    )
    .join('\n');
};

describe('search index per kind, with its cache', { timeout: 120_000 }, () => {
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'search-kinds-'));
    for (let i = 1; i <= 6; i++) page(`about/news/${i}/index.html`, 'news', `新闻第${i}篇氮气供应`);
    for (let i = 1; i <= 3; i++) page(`gases/details/${i}/index.html`, 'encyclopedia', `百科第${i}条液氧`);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('indexes every kind the first time, and none when nothing changed (every file left as it was)', async () => {
    const first = await buildSearchIndex(out(), cache());
    expect(first).toMatchObject({ pages: 9, indexed: ['encyclopedia', 'news'], kept: [], stale: [] });
    const before = { news: inodes('news'), encyclopedia: inodes('encyclopedia') };
    const again = await buildSearchIndex(out(), cache());
    expect(again).toMatchObject({ reused: true, indexed: [], kept: ['encyclopedia', 'news'], filesNew: 0 });
    expect(inodes('news')).toEqual(before.news);
    expect(inodes('encyclopedia')).toEqual(before.encyclopedia);
    expect(JSON.parse(readFileSync(join(out(), 'pagefind/kinds.json'), 'utf8'))).toEqual({ kinds: { encyclopedia: 3, news: 6 } });
  });

  it("writes each bundle's page ids by page path (page-ids.json), the names of its fragments", () => {
    const ids = JSON.parse(readFileSync(join(out(), 'pagefind/news/page-ids.json'), 'utf8')) as Record<string, string[]>;
    expect(Object.keys(ids).sort()).toEqual([1, 2, 3, 4, 5, 6].map((i) => `/about/news/${i}`));
    const fragments = readdirSync(join(out(), 'pagefind/news/fragment')).map((f) => f.replace(/\.pf_fragment$/, ''));
    expect(Object.values(ids).flat().sort()).toEqual(fragments.sort());
    // Each id's fragment is its page's.
    const [path, [id]] = Object.entries(ids)[0]! as [string, string[]];
    expect(gunzipSync(readFileSync(join(out(), 'pagefind/news/fragment', `${id}.pf_fragment`))).toString('utf8')).toContain(
      `"url":"${path}/"`,
    );
  });

  it('after one news page changed: deferred, the last news bundle stays; then only news is indexed, its unchanged files kept', async () => {
    const before = { news: inodes('news'), encyclopedia: inodes('encyclopedia') };
    page('about/news/3/index.html', 'news', '新闻第3篇改为液氩充装');
    const deferred = await buildSearchIndex(out(), cache(), undefined, { defer: true });
    expect(deferred).toMatchObject({ indexed: [], stale: ['news'], kept: ['encyclopedia'], filesNew: 0 });
    expect(inodes('news')).toEqual(before.news);
    expect(fragmentsText('news')).not.toContain('液氩充装');

    const indexed = await buildSearchIndex(out(), cache());
    expect(indexed).toMatchObject({ indexed: ['news'], kept: ['encyclopedia'], stale: [] });
    expect(fragmentsText('news')).toContain('液氩充装');
    expect(fragmentsText('news')).not.toContain('新闻第3篇氮气供应');
    expect(inodes('encyclopedia')).toEqual(before.encyclopedia);
    // The other five news pages' fragments are the same files (the release links them instead of copying).
    const after = inodes('news');
    const fragments = Object.keys(before.news).filter((f) => f.includes('fragment'));
    const same = fragments.filter((f) => after[f] === before.news[f]);
    expect(fragments.length).toBe(6);
    expect(same.length).toBe(5);
  });

  it('a kind without pages any more loses its bundle', async () => {
    rmSync(join(out(), 'gases'), { recursive: true });
    const r = await buildSearchIndex(out(), cache());
    expect(r).toMatchObject({ pages: 6, indexed: [], kept: ['news'] });
    expect(readdirSync(join(out(), 'pagefind')).sort()).toEqual(['kinds.json', 'news']);
    expect(readdirSync(join(cache(), 'pagefind-kinds'))).toEqual(['news']);
  });
});
