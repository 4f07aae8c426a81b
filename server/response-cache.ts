/**
 * A short-lived cache of whole answers in front of Astro's handler. A public page of Astro's route cache still cost about twice
 * a static file's server time per request (Astro looks for a static file of the path first, the 9 KB CSP header goes through
 * undici's Headers checks, the route cache copies its entry, the compressed-page store hashes the body), so for
 * RESPONSE_CACHE_TTL_MS after Astro answered one, the same URL and encoding are answered here: status, headers and the
 * compressed body as they were sent, without entering Astro. Which answers qualify and which requests may be answered are
 * rules of src/shared/http/cache.ts (`mayReplay`, `mustReachMiddleware`); purges reach it through `onPurgeResponses`.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { mustReachMiddleware, pickEncoding, RESPONSE_CACHE_TTL_MS, type Encoding } from '#src/shared/http/cache.ts';

/** A compressed answer as it went out (server/http-serving.ts hands it over once it is sent). */
export interface SentPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

interface Entry extends SentPage {
  expires: number;
  bytes: number;
  /** Past its TTL, one request is getting the next version from Astro. */
  refreshing: boolean;
}

/** What an entry holds in memory, roughly: its body and its headers' text (the CSP alone is 9 KB). */
function sizeOf(page: SentPage): number {
  let n = page.body.length;
  for (const [name, value] of Object.entries(page.headers)) n += name.length + String(value).length;
  return n;
}

export class ResponseCache {
  /** By key, in order of storing, so the oldest (and soonest expired) come first. */
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  /** Bumped by clear(): an answer Astro gave before a purge is not stored after it. */
  #generation = 0;
  /** The request getting an expired entry's next version, with that entry. */
  readonly #refreshers = new WeakMap<IncomingMessage, Entry>();
  /** Requests answered here, and answers stored. */
  hits = 0;
  stores = 0;

  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly #now: () => number;

  constructor(options: { maxBytes: number; ttlMs?: number; now?: () => number }) {
    this.maxBytes = options.maxBytes;
    this.ttlMs = options.ttlMs ?? RESPONSE_CACHE_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Empties the cache (a purge, a release switch); answers on their way from Astro are not stored either. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  /**
   * Answers `req` from the cache when it may be and an entry is there; false hands it on. HEAD gets the GET's head
   * (Content-Length included) without the body. Past its TTL, the first GET goes on to Astro for the next version and, while
   * it does, the others are still answered from the entry: without that, every open connection's next request goes through
   * Astro at once each second (under measure:ssr 25 of them, each about 0.7 ms of CPU, while nothing else is answered). An
   * entry whose refresh ended without a new version is dropped, and none is answered past twice its TTL.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const key = this.#keyOf(req);
    if (key === null) return false;
    const entry = this.#entries.get(key);
    if (!entry) return false;
    const now = this.#now();
    if (now >= entry.expires) {
      if (now >= entry.expires + this.ttlMs) {
        this.#drop(key, entry);
        return false;
      }
      if (!entry.refreshing) {
        if (req.method !== 'GET') return false;
        entry.refreshing = true;
        this.#refreshers.set(req, entry);
        return false;
      }
    }
    this.hits++;
    res.writeHead(entry.status, entry.headers);
    if (req.method === 'HEAD') res.end();
    else res.end(entry.body);
    return true;
  }

  /**
   * For a request going to Astro: a function that stores its answer when server/http-serving.ts hands one over (a page
   * `mayReplay` allows, compressed); undefined when this request's answer may not be stored.
   */
  recorder(req: IncomingMessage, res: ServerResponse): ((page: SentPage) => void) | undefined {
    if (req.method !== 'GET') return undefined;
    const key = this.#keyOf(req);
    if (key === null) return undefined;
    const generation = this.#generation;
    const refreshed = this.#refreshers.get(req);
    // A refresh that stored nothing (the page is now private, gone, or an error): its old version is not answered again.
    if (refreshed)
      res.once('close', () => {
        if (this.#entries.get(key) === refreshed) this.#drop(key, refreshed);
      });
    return (page) => {
      if (generation === this.#generation) this.#store(key, page);
    };
  }

  /**
   * The key of a request, or null when it may not be answered from the cache: URL, encoding and what Astro builds the
   * request's origin from (Host, and X-Forwarded-Host/-Proto for the trusted hosts), since pages may show it.
   */
  #keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (mustReachMiddleware(req.headers.cookie)) return null;
    const encoding: Encoding | null = pickEncoding(req.headers['accept-encoding']);
    if (encoding === null) return null;
    const h = req.headers;
    return `${encoding}\0${h.host ?? ''}\0${h['x-forwarded-host'] ?? ''}\0${h['x-forwarded-proto'] ?? ''}\0${req.url ?? '/'}`;
  }

  #store(key: string, page: SentPage): void {
    const bytes = sizeOf(page);
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    // One answer over an eighth of the cache would push out many for one: served, not kept.
    if (bytes > this.maxBytes / 8) return;
    const now = this.#now();
    // Stored after Astro's route cache took (MISS) or served it, it is by now a hit of that cache's version.
    const headers = page.headers['x-astro-cache'] === 'MISS' ? { ...page.headers, 'x-astro-cache': 'HIT' } : page.headers;
    this.#entries.set(key, { status: page.status, headers, body: page.body, expires: now + this.ttlMs, bytes, refreshing: false });
    this.#bytes += bytes;
    this.stores++;
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.maxBytes && e.expires + this.ttlMs > now) break;
      this.#drop(k, e);
    }
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/**
 * The server's response cache. 8 MB holds a second's worth of distinct pages even for a crawler at several hundred pages a
 * second (an entry is its ~14 KB brotli body and ~10 KB of headers).
 */
export const responseCache = new ResponseCache({ maxBytes: 8 * 1024 * 1024 });
