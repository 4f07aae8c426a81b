/**
 * How the Node server delivers bodies: static text files from their build-time .br/.gz siblings with ETag/304; on-demand pages
 * of the route cache compressed once per version and encoding (a store keyed by the body's digest); every other handler
 * response compressed on the fly. Rules live in src/shared/http/cache.ts.
 */
import { createHash, hash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip, type BrotliCompress, type Gzip } from 'node:zlib';
import {
  compressibleFileType,
  etagFor,
  etagMatches,
  mayKeepCompressed,
  mayReplay,
  pickEncoding,
  shouldCompressResponse,
  staticCacheControl,
  withVaryAcceptEncoding,
  type Encoding,
} from '#src/shared/http/cache.ts';
import type { SentPage } from './response-cache.ts';

interface StaticFile {
  path: string;
  type: string;
  hash: string;
  size: number;
  variants: Partial<Record<Encoding, number>>;
}

/** Maps a URL path to a file in `root` the way Astro's static handler does (`/a` and `/a/` both find `a/index.html`); null outside root. */
export function resolveFile(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.') && part !== '')) return null;
  const base = resolve(root, `.${decoded}`);
  if (base !== root && !base.startsWith(root + sep)) return null;
  for (const candidate of decoded.endsWith('/') ? [join(base, 'index.html')] : [base, join(base, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/**
 * A static file server for the compressible files of `root` (HTML, CSS, JS, SVG, JSON...). Returns false when the request is
 * not for one of them, so the caller hands it on; it sets the cache rules of every other static file before handing on.
 */
export function staticTextServer(rootDir: string) {
  const root = resolve(rootDir);
  // Each file is hashed once per version (mtime and size): a rebuild under a running server is picked up.
  const known = new Map<string, StaticFile & { mtimeMs: number }>();
  const describe = (path: string): StaticFile => {
    const st = statSync(path);
    let file = known.get(path);
    if (!file || file.mtimeMs !== st.mtimeMs || file.size !== st.size) {
      const body = readFileSync(path);
      file = {
        path,
        type: compressibleFileType(path)!,
        hash: createHash('sha256').update(body).digest('base64url').slice(0, 22),
        size: body.length,
        variants: {},
        mtimeMs: st.mtimeMs,
      };
      known.set(path, file);
    }
    const variants: Partial<Record<Encoding, number>> = {};
    for (const [enc, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      // A sibling older than its original is stale (an interrupted build): not used.
      const v = statSync(path + ext, { throwIfNoEntry: false });
      if (v && v.mtimeMs >= st.mtimeMs) variants[enc] = v.size;
    }
    return { ...file, variants };
  };

  return function serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = resolveFile(root, pathname);
    if (!path) return false;
    res.setHeader('cache-control', staticCacheControl(pathname));
    // Pictures, videos and fonts go to Astro's handler (ranges, its own validators) with our Cache-Control already set.
    if (!compressibleFileType(path)) return false;
    const file = describe(path);
    const encoding = pickEncoding(
      req.headers['accept-encoding'],
      (['br', 'gzip'] as const).filter((e) => file.variants[e] !== undefined),
    );
    const etag = etagFor(file.hash, encoding);
    res.setHeader('content-type', file.type);
    res.setHeader('vary', withVaryAcceptEncoding(res.getHeader('vary')));
    res.setHeader('etag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304);
      res.end();
      return true;
    }
    if (encoding) res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', encoding ? file.variants[encoding]! : file.size);
    res.writeHead(200);
    if (req.method === 'HEAD') res.end();
    else createReadStream(encoding ? `${path}.${encoding === 'br' ? 'br' : 'gz'}` : path).pipe(res);
    return true;
  };
}

function headerNumber(value: number | string | string[] | undefined): number | null {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return value === undefined || !Number.isFinite(n) ? null : n;
}

/*
 * Compression settings, timed on /goods/1001 (73.7 KB of HTML; Node 22, this 2-core VM, 28 Nov 2026):
 * - per request (streams: member pages, the cart, 404s, anything the route cache does not hold): brotli quality 4 with a 256 KB
 *   window, 0.88 ms and 16.5 KB a response, where quality 5 took 1.5-1.6 ms for 15.2 KB (quality 5 was the old setting, 440
 *   req/s on goods detail) and gzip 6 0.87 ms for 17.2 KB: as cheap as gzip 6 and smaller. The default 4 MB window gives the
 *   same bytes on pages this size and only costs the encoder's set-up (1.08 ms at quality 4). gzip (clients without brotli)
 *   stays at 6: level 4 saves 0.15 ms for 2 % more bytes.
 * - kept versions (compressed once, served many times): brotli quality 7, 1.75 ms for 14.5 KB; quality 9 takes 15 ms for 14.4 KB
 *   and 11 takes 74 ms for 13.4 KB, which a crawler walking the catalogue would pay on every page. gzip 9, 1.3 ms for 17.0 KB.
 */
const STREAM_BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 };
const STREAM_GZIP_LEVEL = 6;
const KEPT_BROTLI_QUALITY = 7;
const KEPT_GZIP_LEVEL = 9;

const brotliOnce = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

/** Compresses a whole body at the kept versions' settings (zlib's thread pool, off the event loop). */
export function compressKept(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliOnce(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipOnce(body, { level: KEPT_GZIP_LEVEL });
}

/**
 * Compressed bodies of on-demand pages, keyed by the digest of the uncompressed body and the encoding, so a page's new version
 * is a new key and a purge of the route cache needs nothing here: an old version is never asked for again and ages out. Bounded
 * in bytes, least recently served first out; requests for a version being compressed wait for that one compression.
 */
export class CompressedPages {
  readonly #entries = new Map<string, Buffer>();
  readonly #pending = new Map<string, Promise<Buffer>>();
  #bytes = 0;
  /** Served from the store (or from a compression already under way), and compressions made. */
  hits = 0;
  compressions = 0;

  readonly maxBytes: number;
  readonly #compress: (body: Buffer, encoding: Encoding) => Promise<Buffer>;

  constructor(maxBytes: number, compress: (body: Buffer, encoding: Encoding) => Promise<Buffer> = compressKept) {
    this.maxBytes = maxBytes;
    this.#compress = compress;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The body compressed in `encoding`: kept (at once, no promise to wait on), being compressed, or compressed now and kept. */
  get(body: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
    // SHA-256 runs on the CPU's SHA instructions: 41 µs for a 74 KB page, as fast as SHA-1 and faster than MD5 (91 µs) here.
    const key = `${encoding}:${hash('sha256', body, 'base64url')}`;
    const kept = this.#entries.get(key);
    if (kept) {
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      this.hits++;
      return kept;
    }
    const pending = this.#pending.get(key);
    if (pending) {
      this.hits++;
      return pending;
    }
    this.compressions++;
    const made = this.#compress(body, encoding).then(
      (out) => {
        this.#pending.delete(key);
        this.#keep(key, out);
        return out;
      },
      (e: unknown) => {
        this.#pending.delete(key);
        throw e;
      },
    );
    this.#pending.set(key, made);
    return made;
  }

  #keep(key: string, out: Buffer): void {
    // One body over an eighth of the store would push out many pages for one: served, not kept.
    if (out.length > this.maxBytes / 8) return;
    this.#entries.set(key, out);
    this.#bytes += out.length;
    for (const [oldest, b] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= b.length;
    }
  }
}

/** The server's store of compressed on-demand pages (every release's handler shares it: it is keyed by content). */
export const compressedPages = new CompressedPages(32 * 1024 * 1024);

/**
 * Makes `res` compress what a handler writes to it (brotli or gzip, by Accept-Encoding) when the response is a text type over
 * 1 KB. A public page of Astro's route cache (`mayKeepCompressed`) is buffered and answered from `pages` with its length; every
 * other response is compressed as it streams. `onSent` is handed such a page as it went out (status, every header, the
 * compressed body) when `mayReplay` allows answering it again (server/response-cache.ts).
 */
export function compressOnTheFly(
  req: IncomingMessage,
  res: ServerResponse,
  pages: CompressedPages = compressedPages,
  onSent?: (page: SentPage) => void,
): void {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...rest: unknown[]) => ServerResponse;
  let zip: BrotliCompress | Gzip | null = null;
  /** The body of a page to answer from `pages`, with the status line held back until it is whole. */
  let kept: { chunks: Buffer[]; status: number; reason: string | undefined; replay: boolean } | null = null;
  // Not res.headersSent: a kept page's head is written only at the end.
  let headDone = false;
  const toBuffer = (chunk: unknown, encodingArg: unknown): Buffer => {
    if (typeof chunk === 'string') return Buffer.from(chunk, typeof encodingArg === 'string' ? (encodingArg as BufferEncoding) : undefined);
    const bytes = chunk as Uint8Array;
    // A view, not a copy (Astro writes Uint8Arrays).
    return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    headDone = true;
    // Fold the headers argument (object or flat array) into res, so the decision below sees them all.
    const headers = rest.find((r) => typeof r === 'object' && r !== null) as OutgoingHttpHeaders | string[] | undefined;
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.appendHeader(headers[i]!, headers[i + 1]!);
    else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v);
    const reason = rest.find((r) => typeof r === 'string') as string | undefined;
    const type = res.getHeader('content-type') as string | undefined;
    const facts = {
      method: req.method ?? 'GET',
      status,
      contentType: type,
      contentEncoding: res.getHeader('content-encoding') as string | undefined,
      contentLength: headerNumber(res.getHeader('content-length')),
      cacheControl: res.getHeader('cache-control') as string | undefined,
    };
    const compress = encoding !== null && shouldCompressResponse(facts);
    if (
      compress ||
      (type &&
        shouldCompressResponse({
          method: 'GET',
          status: 200,
          contentType: type,
          contentEncoding: null,
          contentLength: null,
          cacheControl: null,
        }))
    ) {
      res.setHeader('vary', withVaryAcceptEncoding(res.getHeader('vary')));
    }
    if (compress) {
      res.setHeader('content-encoding', encoding);
      res.removeHeader('content-length');
      const keepFacts = {
        ...facts,
        routeCache: res.getHeader('x-astro-cache') as string | undefined,
        setsCookie: res.hasHeader('set-cookie'),
        vary: res.getHeader('vary'),
      };
      if (mayKeepCompressed(keepFacts)) {
        kept = { chunks: [], status, reason, replay: onSent !== undefined && mayReplay(keepFacts) };
        return res;
      }
      zip = encoding === 'br' ? createBrotliCompress({ params: STREAM_BROTLI }) : createGzip({ level: STREAM_GZIP_LEVEL });
      zip.on('data', (chunk: Buffer) => write(chunk));
      zip.on('end', () => end());
      zip.on('error', () => res.destroy());
    }
    return reason ? writeHead(status, reason) : writeHead(status);
  }) as typeof res.writeHead;

  /** Answers a kept page once its body is whole: the stored compressed bytes, or the plain body if compressing failed. */
  const answerKept = (page: NonNullable<typeof kept>, callback: (() => void) | undefined) => {
    // A page from the route cache comes in one chunk: no copy then.
    const body = page.chunks.length === 1 ? page.chunks[0]! : Buffer.concat(page.chunks);
    const send = (out: Buffer, encoded: boolean) => {
      if (res.destroyed) return;
      if (!encoded) res.removeHeader('content-encoding');
      res.setHeader('content-length', out.length);
      // The reason phrase is not kept: a page of the route cache is a 200 with the standard one.
      if (encoded && page.replay) onSent!({ status: page.status, headers: res.getHeaders(), body: out });
      if (page.reason) writeHead(page.status, page.reason);
      else writeHead(page.status);
      end(out, callback);
    };
    let out: Buffer | Promise<Buffer>;
    try {
      out = pages.get(body, encoding!);
    } catch {
      out = Promise.reject(new Error('compression failed'));
    }
    if (Buffer.isBuffer(out)) send(out, true);
    else
      out.then(
        (bytes) => send(bytes, true),
        () => send(body, false),
      );
  };

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!headDone) res.writeHead(res.statusCode);
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (kept) {
      kept.chunks.push(toBuffer(chunk, rest[0]));
      if (callback) process.nextTick(callback);
      return true;
    }
    if (!zip) return write(chunk, ...rest);
    return zip.write(toBuffer(chunk, rest[0]), callback);
  }) as typeof res.write;

  res.end = ((...rest: unknown[]) => {
    const chunk = typeof rest[0] === 'function' ? undefined : rest[0];
    if (!headDone) {
      // A whole body given at once: its length decides whether compressing is worth it.
      if (chunk !== undefined && chunk !== null && !res.hasHeader('content-length'))
        res.setHeader('content-length', Buffer.byteLength(chunk as string | Buffer));
      res.writeHead(res.statusCode);
    }
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (kept) {
      if (chunk !== undefined && chunk !== null) kept.chunks.push(toBuffer(chunk, rest[1]));
      answerKept(kept, callback);
      kept = null;
      return res;
    }
    if (!zip) return end(...rest);
    if (chunk !== undefined && chunk !== null) zip.end(toBuffer(chunk, rest[1]));
    else zip.end();
    return res;
  }) as typeof res.end;
}
