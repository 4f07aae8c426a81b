// The build steps that keep the output folder between builds: the prune step, the digest store they rely on, and how the search index reads each kind.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileDigests } from '#build/file-digests.ts';
import { kindGlobs, mirrorTree } from '#build/search-index.ts';
import { pruneStaleOutput } from '#build/prune-output.ts';

let root: string;
const put = (path: string, body = 'x', ageSeconds = 0) => {
  const full = join(root, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, body);
  if (ageSeconds) utimesSync(full, new Date(Date.now() - ageSeconds * 1000), new Date(Date.now() - ageSeconds * 1000));
  return full;
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-output-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('pruneStaleOutput', () => {
  it('removes pages and hashed assets this build did not produce, with their compressed variants, and keeps the rest', async () => {
    const kept = put('about/news/1/index.html', 'kept', 3600);
    put('about/news/1/index.html.br');
    const gone = put('about/news/2/index.html', 'deleted article', 3600);
    put('about/news/2/index.html.br');
    put('about/news/2/index.html.gz');
    const oldAsset = put('_astro/old.abc123.js', 'old', 3600);
    put('_astro/old.abc123.js.br');
    const newAsset = put('_astro/new.def456.js', 'new');
    const publicFile = put('images/logo.svg', 'logo', 3600);
    const index = put('pagefind/pagefind.js', 'index', 3600);
    put('orphan.xml.gz');
    const r = await pruneStaleOutput(root, [new URL(`file://${kept}`)], Date.now());
    expect(r).toEqual({ pages: 1, files: 1 });
    for (const f of [kept, `${kept}.br`, newAsset, publicFile, index]) expect(existsSync(f), f).toBe(true);
    for (const f of [gone, `${gone}.br`, `${gone}.gz`, oldAsset, `${oldAsset}.br`, join(root, 'orphan.xml.gz')])
      expect(existsSync(f), f).toBe(false);
  });
});

describe('fileDigests', () => {
  it('answers an unchanged file from the store without reading it, and reads a changed one again', async () => {
    const cache = join(root, 'cache');
    const a = put('out/a/index.html', '<div data-pagefind-body data-search-kind="encyclopedia">氮气</div>');
    const b = put('out/b/index.html', '<div data-search-kind="news">列表</div>');
    const first = await fileDigests(join(root, 'out'), [a, b], cache);
    expect(first.get(a)).toMatchObject({ marked: true, kind: 'encyclopedia' });
    // A kind without the body marker is not indexed, so it has no kind.
    expect(first.get(b)).toMatchObject({ marked: false, kind: '' });
    // Doctor the store: a file whose stat still matches is answered from it, so the doctored digest comes back.
    const store = JSON.parse(readFileSync(join(cache, 'output-digests.json'), 'utf8')) as Record<string, unknown[]>;
    store['a/index.html']![3] = 'from-the-store';
    writeFileSync(join(cache, 'output-digests.json'), JSON.stringify(store));
    expect((await fileDigests(join(root, 'out'), [a], cache)).get(a)!.sha1).toBe('from-the-store');
    // Rewritten (new size and time): read again.
    put('out/a/index.html', '<div data-pagefind-body>氩气 argon</div>');
    const again = (await fileDigests(join(root, 'out'), [a], cache)).get(a)!;
    expect(again.sha1).not.toBe('from-the-store');
    expect(again.sha1).not.toBe(first.get(a)!.sha1);
  });
});

describe('kindGlobs', () => {
  it('reads each kind through the widest folders holding only its pages, and a page alone where kinds share a folder', () => {
    const globs = kindGlobs([
      { path: 'about/news/1/index.html', kind: 'news' },
      { path: 'about/news/2/index.html', kind: 'news' },
      { path: 'about/my-about/index.html', kind: 'service' },
      { path: 'about/index.html', kind: 'service' },
      { path: 'services/policies/172/index.html', kind: 'service' },
      { path: 'gases/details/1/index.html', kind: 'encyclopedia' },
      { path: 'notes.html', kind: 'service' },
    ]);
    expect(Object.fromEntries(globs)).toEqual({
      news: 'about/news/**/*.html',
      service: '{about/index.html,about/my-about/**/*.html,notes.html,services/**/*.html}',
      encyclopedia: 'gases/**/*.html',
    });
  });
});

describe('mirrorTree', () => {
  it('leaves files already linked to the bundle alone, relinks changed ones without their stale variants, and drops the rest', () => {
    put('cache/bundle/fragment/a.pf_fragment', 'A');
    put('cache/bundle/fragment/b.pf_fragment', 'B');
    put('cache/bundle/pagefind-entry.json', '{"v":1}');
    const from = join(root, 'cache/bundle');
    const to = join(root, 'out/pagefind/news');
    expect(mirrorTree(from, to)).toEqual({ kept: 0, linked: 3, removed: 0 });
    put('out/pagefind/news/pagefind-entry.json.br', 'compressed v1');
    put('out/pagefind/news/fragment/old.pf_fragment', 'stale');
    const keptIno = statSync(join(to, 'fragment/a.pf_fragment')).ino;
    // The next bundle: b changed (a new file, as the cache writes it), the entry changed, a the same.
    rmSync(join(from, 'fragment/b.pf_fragment'));
    put('cache/bundle/fragment/c.pf_fragment', 'C');
    rmSync(join(from, 'pagefind-entry.json'));
    put('cache/bundle/pagefind-entry.json', '{"v":2}');
    expect(mirrorTree(from, to)).toEqual({ kept: 1, linked: 2, removed: 2 });
    expect(statSync(join(to, 'fragment/a.pf_fragment')).ino).toBe(keptIno);
    expect(readFileSync(join(to, 'pagefind-entry.json'), 'utf8')).toBe('{"v":2}');
    expect(existsSync(join(to, 'pagefind-entry.json.br'))).toBe(false);
    expect(existsSync(join(to, 'fragment/b.pf_fragment'))).toBe(false);
    expect(existsSync(join(to, 'fragment/old.pf_fragment'))).toBe(false);
    expect(readFileSync(join(to, 'fragment/c.pf_fragment'), 'utf8')).toBe('C');
  });
});
