/**
 * Layer releases of the fast path. A full build's release holds every file; making one costs a stat and a link per file,
 * which grows with the site (cp -al of 60,000 files took 9.5 s on the shared test machine). A fast publish instead makes a
 * release of the pages changed since the last full release only: `<n>/LAYER.json` names that full release (its base) and the
 * page files removed since, and `<n>/client/` holds the files written since (each fast release carries all of them, so a
 * layer never stacks on another and any release can be made live again by itself). The server answers a layer release's
 * requests from its files, then the base's; a removed page answers 404; the on-demand pages are the base's server.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { resolveFile, staticTextServer } from '../http-serving.ts';

export const LAYER = 'LAYER.json';

export interface Layer {
  /** The full release the layer's files sit on. */
  base: number;
  /** Files of the base's client folder that are gone (deleted pages and their compressed siblings), relative to it. */
  removed: string[];
}

/** The layer of release folder `dir`, or null for a full release. */
export function readLayer(dir: string): Layer | null {
  if (!existsSync(join(dir, LAYER))) return null;
  return JSON.parse(readFileSync(join(dir, LAYER), 'utf8')) as Layer;
}

type Serve = (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;

/**
 * The static files of a layer release: the layer's own first (any type: Pagefind's fragments too), a removed page as 404 with
 * the site's 404 page, else the base's static server (`base`), which hands what it does not have to the base's handler.
 */
export function layeredStatic(layerClient: string, baseClient: string, removed: readonly string[], base: Serve): Serve {
  const own = staticTextServer(layerClient);
  const gone = new Set(removed);
  const notFound = () => {
    for (const dir of [layerClient, baseClient]) if (existsSync(join(dir, '404.html'))) return readFileSync(join(dir, '404.html'));
    return Buffer.from('404');
  };
  return (req, res, pathname) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const inBase = resolveFile(baseClient, pathname);
    if (inBase && gone.has(relative(baseClient, inBase)) && !resolveFile(layerClient, pathname)) {
      const body = notFound();
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    if (own(req, res, pathname)) return true;
    // Files the text server does not take (Pagefind's binary fragments and index chunks of the recent bundle).
    const file = resolveFile(layerClient, pathname);
    if (file) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(file).size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return true;
    }
    return base(req, res, pathname);
  };
}
