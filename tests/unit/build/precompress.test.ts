// Precompress on a rebuild: a file written again with the same content keeps variants the server will use (not older than
// it), while a file changed after precompress still has its old variants refused. Served by the real static handler.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticTextServer } from '#server/http-serving.ts';
import { precompressDir } from '#build/precompress.ts';

const page = (text: string) => `<!doctype html><html lang="zh-CN"><body>${`<p>${text} 工业气体与特种气体</p>`.repeat(80)}</body></html>`;

/** Writes `body` to `path` with an mtime `secondsLater` seconds on: a rebuild writing the file again. */
function rewrite(path: string, body: string, secondsLater: number): void {
  writeFileSync(path, body);
  const t = new Date(Date.now() + secondsLater * 1000);
  utimesSync(path, t, t);
}

describe('precompressed variants across rebuilds', () => {
  let root: string;
  let out: string;
  let cache: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'precompress-'));
    out = join(root, 'out');
    cache = join(root, 'cache');
    for (const dir of ['a', 'b', 'changed']) mkdirSync(join(out, dir), { recursive: true });
    writeFileSync(join(out, 'a/index.html'), page('甲'));
    // Two pages of the same content share one cache entry (and so one inode for their variants).
    writeFileSync(join(out, 'b/index.html'), page('乙'));
    writeFileSync(join(out, 'twin.html'), page('乙'));
    writeFileSync(join(out, 'changed/index.html'), page('丙'));
    await precompressDir(out, { cacheDir: cache });
    const serve = staticTextServer(out);
    server = createServer((req, res) => {
      if (!serve(req, res, new URL(req.url!, 'http://x').pathname)) res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    rmSync(root, { recursive: true, force: true });
  });

  const encodingOf = async (path: string) =>
    (await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } })).headers.get('content-encoding');

  it('a page written again with the same content is still served compressed after the next precompress', async () => {
    // The rebuild: Astro writes the unchanged pages again (newer mtime); twin.html later than b/index.html.
    rewrite(join(out, 'a/index.html'), page('甲'), 5);
    rewrite(join(out, 'b/index.html'), page('乙'), 5);
    rewrite(join(out, 'twin.html'), page('乙'), 3);
    const r = await precompressDir(out, { cacheDir: cache });
    expect(r.reused).toBeGreaterThanOrEqual(3);
    for (const file of ['a/index.html', 'b/index.html', 'twin.html']) {
      const original = statSync(join(out, file)).mtimeMs;
      for (const ext of ['.br', '.gz']) expect(statSync(join(out, file + ext)).mtimeMs, file + ext).toBeGreaterThanOrEqual(original);
    }
    // Still links into the cache: nothing was compressed or copied again.
    expect(statSync(join(out, 'b/index.html.br')).ino).toBe(statSync(join(out, 'twin.html.br')).ino);
    expect(await encodingOf('/a/')).toBe('br');
    expect(await encodingOf('/b/')).toBe('br');
    expect(await encodingOf('/twin.html')).toBe('br');
  });

  it('a page changed after the last precompress (an interrupted build) is served plain, not with its old variants', async () => {
    rewrite(join(out, 'changed/index.html'), page('丁'), 10);
    expect(await encodingOf('/changed/')).toBeNull();
    const res = await fetch(`${base}/changed/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect((await res.text()).includes('丁')).toBe(true);
    // The next precompress compresses it again.
    await precompressDir(out, { cacheDir: cache });
    expect(await encodingOf('/changed/')).toBe('br');
    expect(readFileSync(join(out, 'changed/index.html'), 'utf8').includes('丁')).toBe(true);
  });
});
