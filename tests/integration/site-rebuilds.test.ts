// Whole-site builds against a sandbox of their own, sharing them: one cold build, one rebuild with nothing changed (every
// publish is a rebuild), one rebuild after an article edit. Three builds answer what took four when these were two unit
// files (tests/unit/rebuild-compression.test.ts and tests/unit/knowledge-incremental.test.ts until 27 Nov 2026):
//  1. A rebuild must not undo compression: after the unchanged rebuild, the output is served with the shop's Node server
//     (server/serve.ts) and every compressible file over 1 KB (every page, script, stylesheet, the search index's JSON, the
//     sitemap) is asked for as a browser does: each comes back brotli- or gzip-encoded.
//  2. The incremental build: edit one policy article through POST /__sandbox/articles, build again: the edited page shows the
//     new text and was rendered, the other article pages were restored, not rendered.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, renderedPages, serveSite, startSandbox, type BuildResult, type Running } from '#build/site-build.ts';
import { walkFiles } from '#build/walk.ts';
import { compressibleFileType, MIN_COMPRESS_BYTES } from '#src/shared/http/cache.ts';
import { freePort } from '../support/ports.ts';

const DIR = '.builds/test-site-rebuilds';
const DATA = '.sandbox-data/test-site-rebuilds';
const EDITED = 172;
const NEW_TEXT = `增量构建测试：押金退还时限调整为 3 个工作日（${Date.now()}）`;

async function hook<T>(url: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    `${url}${path}`,
    body === undefined ? undefined : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const json = (await res.json()) as { status: number; msg: string; data: T };
  if (json.status !== 200) throw new Error(`${path}: ${json.status} ${json.msg}`);
  return json.data;
}

const page = (articleId: number) => `${DIR}/out/client/services/policies/${articleId}/index.html`;

let sandbox: Running;
/** The cold build. */
let first: BuildResult;
const build = (cold: boolean) => buildSite({ sandboxUrl: sandbox.url, outDir: `${DIR}/out`, cacheDir: `${DIR}/cache`, cold });

/** The pages' dependency hashes Astro's incremental build stored (route -> hash): equal hashes let a page be restored. */
const routeHashes = (): Record<string, string> => {
  const manifest = JSON.parse(readFileSync(`${DIR}/cache/incremental-build.json`, 'utf8')) as {
    routes: Record<string, { dependencyHash: string }>;
  };
  return Object.fromEntries(Object.entries(manifest.routes).map(([route, r]) => [route, r.dependencyHash]));
};
let coldHashes: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), dataDir: DATA });
  first = await build(true);
  coldHashes = routeHashes();
}, 600_000);

afterAll(async () => {
  await sandbox?.stop();
  rmSync(DIR, { recursive: true, force: true });
  rmSync(DATA, { recursive: true, force: true });
});

describe('a rebuild with nothing changed keeps every static text file compressed', { timeout: 600_000 }, () => {
  let shop: Running;
  const files: string[] = [];
  let unchangedHashes: Record<string, string>;

  beforeAll(async () => {
    await build(false);
    unchangedHashes = routeHashes();
    const client = `${DIR}/out/client`;
    for await (const path of walkFiles(client)) {
      if (compressibleFileType(path) && statSync(path).size >= MIN_COMPRESS_BYTES)
        files.push(`/${relative(client, path).split(sep).join('/')}`);
    }
    shop = await serveSite({ outDir: `${DIR}/out`, port: await freePort(), sandboxUrl: sandbox.url });
  }, 600_000);

  afterAll(async () => {
    await shop?.stop();
  });

  it('keeps the dependency hash of every page (the same code hashes the same, whatever order the build loaded it in)', () => {
    // A lazily loaded chunk's reference id in the hash once changed with the load order (build/light-chrome.ts):
    // then every page was rendered again at the next publish.
    expect(Object.keys(coldHashes).length).toBeGreaterThan(5);
    expect(unchangedHashes).toEqual(coldHashes);
  });

  it('finds the pages and the scripts', () => {
    expect(files.filter((f) => f.endsWith('.html')).length).toBeGreaterThan(100);
    expect(files.some((f) => f.startsWith('/_astro/') && f.endsWith('.js'))).toBe(true);
  });

  it('serves every one of them brotli- or gzip-encoded to a client that accepts both', async () => {
    const plain: string[] = [];
    for (const file of files) {
      const res = await fetch(`${shop.url}${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
      await res.arrayBuffer();
      expect(res.status, file).toBe(200);
      if (!['br', 'gzip'].includes(res.headers.get('content-encoding') ?? '')) plain.push(file);
    }
    expect(plain, `${plain.length} of ${files.length} served without compression`).toEqual([]);
  });
});

describe('incremental build after editing an article', { timeout: 360_000 }, () => {
  let second: BuildResult;

  beforeAll(async () => {
    const before = await hook<{ articleId: number; title: string; categoryId: number; content: string }>(
      sandbox.url,
      `/article?articleCode=${EDITED}`,
    );
    await hook(sandbox.url, '/__sandbox/articles', {
      kind: 'article',
      id: EDITED,
      categoryId: before.categoryId,
      title: before.title,
      summary: before.title,
      content: `${before.content}<p>${NEW_TEXT}</p>`,
    });
    second = await build(false);
  }, 360_000);

  it('the first build rendered every article page', () => {
    const { rendered } = renderedPages(first.log);
    expect(rendered.some((p) => p.endsWith(`/services/policies/${EDITED}/index.html`))).toBe(true);
  });

  it('the rebuilt page shows the new text', () => {
    // includes(), not toContain(): a failure should not print the whole page.
    expect(readFileSync(page(EDITED), 'utf8').includes(NEW_TEXT)).toBe(true);
  });

  it('only the edited article page was rendered again; the other article pages were restored', () => {
    const { rendered, restored } = renderedPages(second.log);
    const articlePages = (list: string[]) => list.filter((p) => /\/services\/(policies|privacy)\/\d+\/index\.html$/.test(p));
    expect(articlePages(rendered)).toEqual([`/services/policies/${EDITED}/index.html`]);
    const others = articlePages(renderedPages(first.log).rendered).filter((p) => !p.includes(`/${EDITED}/`));
    expect(others.length).toBeGreaterThan(3);
    expect(articlePages(restored).sort()).toEqual(others.sort());
    // A restored page is the first build's page, unchanged.
    expect(readFileSync(page(381), 'utf8').includes(NEW_TEXT)).toBe(false);
  });

  it('the search has one index per kind, listed with its page count', () => {
    const manifest = JSON.parse(readFileSync(`${DIR}/out/client/pagefind/kinds.json`, 'utf8')) as { kinds: Record<string, number> };
    expect(Object.keys(manifest.kinds).sort()).toEqual(['case', 'encyclopedia', 'news', 'service']);
    for (const [kind, pages] of Object.entries(manifest.kinds)) {
      const entry = JSON.parse(readFileSync(`${DIR}/out/client/pagefind/${kind}/pagefind-entry.json`, 'utf8')) as {
        languages: Record<string, { page_count: number }>;
      };
      expect(Object.values(entry.languages)[0]!.page_count, kind).toBe(pages);
    }
  });

  it('the search index has the new text', () => {
    // Pagefind fragments are gzip'd JSON; its Chinese segmentation puts zero-width spaces between words.
    const dir = `${DIR}/out/client/pagefind/service/fragment`;
    const texts = readdirSync(dir).map((f) =>
      gunzipSync(readFileSync(join(dir, f)))
        .toString('utf8')
        .replace(/\u200b/g, ''),
    );
    const edited = texts.find((t) => t.includes(`"url":"/services/policies/${EDITED}/"`));
    expect(edited?.includes(NEW_TEXT)).toBe(true);
  });
});
