/** How the Node server delivers bodies: static text files from their build-time .br/.gz siblings with ETag/304, every other handler response compressed on the fly. Rules live in src/lib/http/cache.ts. */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import {
  compressibleFileType,
  etagFor,
  etagMatches,
  pickEncoding,
  shouldCompressResponse,
  staticCacheControl,
  withVaryAcceptEncoding,
  type Encoding,
} from '../../src/lib/http/cache.ts';

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
      file = { path, type: compressibleFileType(path)!, hash: createHash('sha256').update(body).digest('base64url').slice(0, 22), size: body.length, variants: {}, mtimeMs: st.mtimeMs };
      known.set(path, file);
    }
    const variants: Partial<Record<Encoding, number>> = {};
    for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
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
    const encoding = pickEncoding(req.headers['accept-encoding'], (['br', 'gzip'] as const).filter((e) => file.variants[e] !== undefined));
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

/** Makes `res` compress what a handler writes to it (brotli or gzip, by Accept-Encoding) when the response is a text type over 1 KB. */
export function compressOnTheFly(req: IncomingMessage, res: ServerResponse): void {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...rest: unknown[]) => ServerResponse;
  let zip: BrotliCompress | Gzip | null = null;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    // Fold the headers argument (object or flat array) into res, so the decision below sees them all.
    const headers = rest.find((r) => typeof r === 'object' && r !== null) as OutgoingHttpHeaders | string[] | undefined;
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.appendHeader(headers[i]!, headers[i + 1]!);
    else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v);
    const reason = rest.find((r) => typeof r === 'string') as string | undefined;
    const type = res.getHeader('content-type') as string | undefined;
    const compress =
      encoding !== null &&
      shouldCompressResponse({
        method: req.method ?? 'GET',
        status,
        contentType: type,
        contentEncoding: res.getHeader('content-encoding') as string | undefined,
        contentLength: headerNumber(res.getHeader('content-length')),
        cacheControl: res.getHeader('cache-control') as string | undefined,
      });
    if (compress || (type && shouldCompressResponse({ method: 'GET', status: 200, contentType: type, contentEncoding: null, contentLength: null, cacheControl: null }))) {
      res.setHeader('vary', withVaryAcceptEncoding(res.getHeader('vary')));
    }
    if (compress) {
      res.setHeader('content-encoding', encoding);
      res.removeHeader('content-length');
      // Fast settings: this runs per request, unlike the build's maximum-quality files.
      zip = encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip({ level: 6 });
      zip.on('data', (chunk: Buffer) => write(chunk));
      zip.on('end', () => end());
      zip.on('error', () => res.destroy());
    }
    return reason ? writeHead(status, reason) : writeHead(status);
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!zip) return write(chunk, ...rest);
    const encodingArg = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    return zip.write(typeof chunk === 'string' ? Buffer.from(chunk, encodingArg) : (chunk as Buffer), callback);
  }) as typeof res.write;

  res.end = ((...rest: unknown[]) => {
    const chunk = typeof rest[0] === 'function' ? undefined : rest[0];
    if (!res.headersSent) {
      // A whole body given at once: its length decides whether compressing is worth it.
      if (chunk !== undefined && chunk !== null && !res.hasHeader('content-length')) res.setHeader('content-length', Buffer.byteLength(chunk as string | Buffer));
      res.writeHead(res.statusCode);
    }
    if (!zip) return end(...rest);
    const encodingArg = typeof rest[1] === 'string' ? (rest[1] as BufferEncoding) : undefined;
    if (chunk !== undefined && chunk !== null) zip.end(typeof chunk === 'string' ? Buffer.from(chunk, encodingArg) : (chunk as Buffer));
    else zip.end();
    return res;
  }) as typeof res.end;
}
