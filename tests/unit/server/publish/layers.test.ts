// Layer releases of the fast path: the layer's files over its full release's, a removed page answers 404 with the site's 404
// page; a full build's release links to the newest full release (not a layer); pruning keeps the full release a kept layer
// sits on.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staticTextServer } from '#server/http-serving.ts';
import { layeredStatic, LAYER, readLayer } from '#server/publish/layers.ts';
import { prune, releases, snapshot, switchTo } from '#server/publish/releases.ts';

const dirs: string[] = [];
const servers: Server[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const s of servers.splice(0)) s.close();
});

function write(path: string, text: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

function site() {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  dirs.push(root);
  const build = join(root, 'build');
  write(join(build, 'client/about/news/1/index.html'), '<p>one</p>');
  write(join(build, 'client/about/news/2/index.html'), '<p>two</p>');
  write(join(build, 'client/404.html'), '<p>没有找到</p>');
  return { build, rel: join(root, 'releases') };
}

/** A layer release `n` on full release `base`: files written since, and removed ones. */
function layer(rel: string, n: number, base: number, files: Record<string, string>, removed: string[] = []) {
  for (const [f, text] of Object.entries(files)) write(join(rel, String(n), 'client', f), text);
  writeFileSync(join(rel, String(n), LAYER), JSON.stringify({ base, removed }));
}

async function serve(handler: ReturnType<typeof layeredStatic>): Promise<string> {
  const server = createServer((req, res) => {
    if (!handler(req, res, req.url!.split('?')[0]!)) {
      res.writeHead(599);
      res.end('handed on');
    }
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address() as { port: number };
  return `http://127.0.0.1:${a.port}`;
}

describe('layer releases', () => {
  it("serve the layer's files, then the base's, and a removed page as 404 with the site's 404 page", async () => {
    const { build, rel } = site();
    await snapshot(build, rel);
    layer(rel, 2, 1, { 'about/news/1/index.html': '<p>one, edited</p>', 'pagefind/recent-news/fragment/x.pf_fragment': 'frag' }, [
      'about/news/2/index.html',
    ]);
    const l = readLayer(join(rel, '2'))!;
    expect(l).toEqual({ base: 1, removed: ['about/news/2/index.html'] });
    const base = join(rel, '1/client');
    const url = await serve(layeredStatic(join(rel, '2/client'), base, l.removed, staticTextServer(base)));
    expect(await (await fetch(`${url}/about/news/1/`)).text()).toBe('<p>one, edited</p>');
    const gone = await fetch(`${url}/about/news/2`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('没有找到');
    expect(await (await fetch(`${url}/404.html`)).text()).toContain('没有找到');
    // Pagefind's binary files of the layer's recent bundle are served too.
    expect(await (await fetch(`${url}/pagefind/recent-news/fragment/x.pf_fragment`)).text()).toBe('frag');
  });

  it("a full build's release links to the newest full release, not to a layer", async () => {
    const { build, rel } = site();
    await snapshot(build, rel);
    layer(rel, 2, 1, { 'about/news/1/index.html': 'edited' });
    const r = await snapshot(build, rel);
    expect(r).toMatchObject({ n: 3, copied: 0, linked: 3 });
    expect(statSync(join(rel, '3/client/404.html')).ino).toBe(statSync(join(rel, '1/client/404.html')).ino);
  });

  it('pruning keeps the full release under a kept layer', async () => {
    const { build, rel } = site();
    await snapshot(build, rel);
    for (const n of [2, 3, 4, 5]) layer(rel, n, 1, { 'a.html': String(n) });
    await switchTo(rel, 5);
    expect(await prune(rel)).toEqual([2]);
    expect(await releases(rel)).toEqual([1, 3, 4, 5]);
  });
});
