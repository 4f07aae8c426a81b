// The server code digest: a content-only publish (new pages, a new build key) keeps it, a code change does not; the loaded copy's
// `client` follows the live release.
import { mkdtempSync, mkdirSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeDigest, normalizeEntry, pruneServerCode, serverEntry, SERVER_CODE_DIR } from '#server/publish/server-code.ts';
import { switchTo } from '#server/publish/releases.ts';

/** An entry.mjs shaped like @astrojs/node's: the function's definition, then the call with the serialized manifest. */
const entry = (o: { assets: string[]; key: string; distURL: string[]; code?: string }) =>
  `function deserializeManifest(serializedManifest, routesList) { return serializedManifest; }\n` +
  `var _manifest = deserializeManifest(${JSON.stringify({ rootDir: 'file:///x/', routes: [{ file: '', routeData: { route: '/news/[id]', prerender: true, distURL: o.distURL } }], assets: o.assets, key: o.key, csp: { directives: ["default-src 'self'"] } })});\n` +
  `${o.code ?? 'export const handler = () => "a";'}\n`;

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function release(root: string, n: number, text: string, chunk = 'export const x = 1;') {
  const dir = join(root, String(n));
  mkdirSync(join(dir, 'server', 'chunks'), { recursive: true });
  mkdirSync(join(dir, 'client'), { recursive: true });
  writeFileSync(join(dir, 'server', 'entry.mjs'), text);
  writeFileSync(join(dir, 'server', 'chunks', 'page_abc.mjs'), chunk);
  writeFileSync(join(dir, 'client', '404.html'), `<h1>404 of release ${n}</h1>`);
  return dir;
}

describe('server code digest', () => {
  const a = entry({ assets: ['/index.html', '/news/1/index.html'], key: 'KEY1', distURL: ['file:///x/dist/client/news/1/index.html'] });
  const b = entry({
    assets: ['/index.html', '/news/1/index.html', '/news/2/index.html'],
    key: 'KEY2',
    distURL: ['file:///x/dist/client/news/1/index.html', 'file:///x/dist/client/news/2/index.html'],
  });

  it('leaves out of entry.mjs what follows the pages (assets, key, distURL), keeps the rest', () => {
    expect(normalizeEntry(a)).toBe(normalizeEntry(b));
    expect(normalizeEntry(a)).toContain("default-src 'self'");
    expect(normalizeEntry(a)).not.toContain('KEY1');
    expect(normalizeEntry(a)).not.toContain('/news/1/index.html');
    expect(normalizeEntry('export const handler = 1;')).toBe('export const handler = 1;');
  });

  it('is the same after a content-only publish and differs after a code change (entry or chunk)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'server-code-'));
    dirs.push(root);
    const d1 = await codeDigest(join(release(root, 1, a), 'server'));
    expect(await codeDigest(join(release(root, 2, b), 'server'))).toBe(d1);
    expect(
      await codeDigest(
        join(release(root, 3, entry({ assets: [], key: 'K', distURL: [], code: 'export const handler = () => "b";' })), 'server'),
      ),
    ).not.toBe(d1);
    expect(await codeDigest(join(release(root, 4, a, 'export const x = 2;'), 'server'))).not.toBe(d1);
  });

  it('loads the code from one folder per digest whose client is the live release', async () => {
    const root = mkdtempSync(join(tmpdir(), 'server-code-'));
    dirs.push(root);
    const r1 = release(root, 1, a);
    const r2 = release(root, 2, b);
    symlinkSync('2', join(root, 'current'));
    const one = await serverEntry(root, r1);
    const two = await serverEntry(root, r2);
    expect(two).toEqual(one);
    expect(one.entry).toBe(join(root, SERVER_CODE_DIR, one.digest, 'server', 'entry.mjs'));
    // Hard links to the release the digest was first seen in, not copies.
    expect(statSync(one.entry).ino).toBe(statSync(join(r1, 'server', 'entry.mjs')).ino);
    const client = join(root, SERVER_CODE_DIR, one.digest, 'client');
    expect(readlinkSync(client)).toBe(join('..', '..', 'current-full', 'client'));
    expect(realpathSync(client)).toBe(realpathSync(join(r2, 'client')));
    // A fast publish's layer release goes live: the handler's client stays the complete release the layer is served over
    // (the layer lacks the pictures and Pagefind files it did not change).
    mkdirSync(join(root, '3', 'client'), { recursive: true });
    writeFileSync(join(root, '3', 'LAYER.json'), JSON.stringify({ base: 2, removed: [] }));
    await switchTo(root, 3);
    expect(readlinkSync(join(root, 'current'))).toBe('3');
    expect(realpathSync(client)).toBe(realpathSync(join(r2, 'client')));
    // A full release after it: the handler follows.
    await switchTo(root, 1);
    expect(realpathSync(client)).toBe(realpathSync(join(r1, 'client')));
    expect(await pruneServerCode(root, new Set([one.digest]))).toEqual([]);
    expect(await pruneServerCode(root, new Set())).toEqual([one.digest]);
  });
});
