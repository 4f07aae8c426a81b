/** Build step: writes brotli and gzip siblings (`file.br`, `file.gz`) of every compressible static file, so the Node server sends them without compressing per request. */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { compressibleFileType, MIN_COMPRESS_BYTES } from '../../src/lib/http-cache.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every compressible file of `dir` over MIN_COMPRESS_BYTES; a variant not smaller than the original is not written. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brBytes: number }> {
  const todo: string[] = [];
  for await (const path of walk(dir)) if (compressibleFileType(path) && (await stat(path)).size >= MIN_COMPRESS_BYTES) todo.push(path);
  let bytes = 0;
  let brBytes = 0;
  // A few at a time: brotli at quality 11 is CPU-bound and the machine may be small.
  const queue = [...todo];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        const body = await readFile(path);
        const [b, g] = await Promise.all([
          br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gz(body, { level: 9 }),
        ]);
        if (b.length < body.length) await writeFile(`${path}.br`, b);
        if (g.length < body.length) await writeFile(`${path}.gz`, g);
        bytes += body.length;
        brBytes += Math.min(b.length, body.length);
      }
    }),
  );
  return { files: todo.length, bytes, brBytes };
}

// `node scripts/lib/precompress.ts [dir]`: the same step by hand (dist/client by default).
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist/client';
  const r = await precompressDir(dir);
  console.log(`precompressed ${r.files} files in ${dir}: ${(r.bytes / 1024).toFixed(0)} KiB -> ${(r.brBytes / 1024).toFixed(0)} KiB brotli`);
}
