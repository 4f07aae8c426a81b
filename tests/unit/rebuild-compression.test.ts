// A rebuild must not undo compression: build twice in a row with nothing changed (every publish is a rebuild), serve the
// output with the shop's Node server (scripts/serve.ts) and ask for every compressible file over 1 KB (every page, script,
// stylesheet, the search index's JSON, the sitemap) as a browser does: each comes back brotli- or gzip-encoded.
import { rmSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, serveSite, startSandbox, type Running } from '../../scripts/lib/site-build.ts';
import { walkFiles } from '../../scripts/lib/walk.ts';
import { compressibleFileType, MIN_COMPRESS_BYTES } from '../../src/lib/http-cache.ts';
import { freePort } from '../support/ports.ts';

const DIR = '.builds/test-rebuild-compression';
const DATA = '.sandbox-data/test-rebuild-compression';

describe('a rebuild with nothing changed keeps every static text file compressed', { timeout: 600_000 }, () => {
  let sandbox: Running;
  let shop: Running;
  const files: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: await freePort(), dataDir: DATA });
    const build = (cold: boolean) => buildSite({ sandboxUrl: sandbox.url, outDir: `${DIR}/out`, cacheDir: `${DIR}/cache`, cold });
    await build(true);
    await build(false);
    const client = `${DIR}/out/client`;
    for await (const path of walkFiles(client)) {
      if (compressibleFileType(path) && statSync(path).size >= MIN_COMPRESS_BYTES) files.push(`/${relative(client, path).split(sep).join('/')}`);
    }
    shop = await serveSite({ outDir: `${DIR}/out`, port: await freePort(), sandboxUrl: sandbox.url });
  }, 600_000);

  afterAll(async () => {
    await shop?.stop();
    await sandbox?.stop();
    rmSync(DIR, { recursive: true, force: true });
    rmSync(DATA, { recursive: true, force: true });
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
