/** The sandbox backend as one fetch-style handler: routes from the contract, input validation, envelopes, faults and test hooks. Served over HTTP by server.ts and in-process by msw in unit tests. */
import * as v from 'valibot';
import { matchPath, type Endpoint } from '#src/shared/api/contract/core.ts';
import type { Db } from './db.ts';
import type { AuthEvents } from './domains/auth.events.ts';
import type { CompanyEvents } from './domains/company.events.ts';
import type { ContentEvents } from './domains/content.events.ts';
import type { OrderEvents } from './domains/order.events.ts';
import type { PrivacyEvents } from './domains/privacy.events.ts';

// Schema issues without a message of their own still answer in Chinese, naming the field, like the real backend.
v.setGlobalMessage((issue) => {
  const field = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return field ? `参数 ${field} 缺失或格式错误` : '参数格式错误';
});

/** A business failure: answered as HTTP 200 with `{ status, msg, data: null }`, as the real backend does. */
export class Fail extends Error {
  readonly status: number;
  constructor(status: number, msg: string) {
    super(msg);
    this.status = status;
  }
}

export interface Ctx<I = unknown> {
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** The validated query (GET) or JSON body (POST). */
  input: I;
  db: Db;
  /** The member behind the bearer token; set when the endpoint's auth is not `none` and a valid token came. */
  uid: number | null;
  now: () => number;
}

/** What a free hook gets: no database, since it runs outside the request lock. */
export type FreeCtx = Pick<Ctx<unknown>, 'request' | 'url' | 'input' | 'now'>;

/** The context of a route's handler: the endpoint's validated input. */
export type RouteCtx<E extends Endpoint> = Ctx<E['input'] extends v.GenericSchema ? v.InferOutput<E['input']> : undefined>;

type Handler<I> = (ctx: Ctx<I>) => unknown | Promise<unknown>;
interface Route {
  endpoint: Endpoint;
  handler: Handler<unknown>;
}
/** An async handler may await between statements, so it never runs on the reader, whose statements must not interleave with a write's. */
const isAsync = (fn: unknown): boolean => (fn as { constructor?: { name?: string } }).constructor?.name === 'AsyncFunction';
interface HookRoute {
  method: string;
  path: string;
  handler: (ctx: Ctx<unknown>) => unknown | Promise<unknown>;
}

/** Decides who a bearer token belongs to; the auth domain installs it. */
export type Authenticator = (token: string, ctx: Ctx<unknown>) => number | null;

/** What a seed function gets: the database, the clock, and the instant the seed is laid at. */
export interface Seeding {
  db: Db;
  now: () => number;
  at: number;
}

export interface Faults {
  latencyMs: number;
  failRate: number;
  status: number;
  /** How many calls the fault applies to; -1 until reset. */
  remaining: number;
  /** Only calls of this endpoint (its contract name, e.g. `order.create`); any call when null. */
  call: string | null;
}
const NO_FAULTS: Faults = { latencyMs: 0, failRate: 0, status: 500, remaining: 0, call: null };

/**
 * What happened in one domain that another may act on, inside the same transaction (no domain imports another's tables).
 * Each emitting domain declares its events beside it (domains/<domain>.events.ts); the engine only composes them.
 */
export interface SandboxEvents extends AuthEvents, CompanyEvents, OrderEvents, PrivacyEvents, ContentEvents {}
type EventListener<K extends keyof SandboxEvents> = (event: SandboxEvents[K]) => void;

/** Collects routes; each domain module calls `on` for the endpoints it answers. */
export class Sandbox {
  readonly routes: Route[] = [];
  readonly hooks: HookRoute[] = [];
  private authenticator: Authenticator = () => null;
  faults: Faults = { ...NO_FAULTS };
  /** Calls seen per endpoint name, for tests that count them. */
  readonly calls = new Map<string, number>();

  readonly db: Db;
  readonly now: () => number;
  private readonly seeders: { name: string; seed: (s: Seeding) => void }[] = [];
  private readonly starters: ((db: Db) => void)[] = [];
  private readonly listeners: { [K in keyof SandboxEvents]?: EventListener<K>[] } = {};
  private started = false;
  /** Requests run one at a time (a handler that awaits, password hashing, keeps the database to itself); reads and the commit go first. */
  private locked = false;
  private readonly waiting: { first: (() => void)[]; rest: (() => void)[] } = { first: [], rest: [] };

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** A domain's seed: run, in install order, on an empty database and by a reset, inside their one transaction. */
  seed(name: string, fn: (s: Seeding) => void): void {
    this.seeders.push({ name, seed: fn });
  }

  /** Listens to another domain's event; listeners run in install order inside the emitter's transaction, so a throw undoes the whole request. */
  listen<K extends keyof SandboxEvents>(name: K, fn: EventListener<K>): void {
    ((this.listeners[name] ??= []) as EventListener<K>[]).push(fn);
  }

  emit<K extends keyof SandboxEvents>(name: K, event: SandboxEvents[K]): void {
    for (const fn of (this.listeners[name] ?? []) as EventListener<K>[]) fn(event);
  }

  /** Work at every start, after the seed (SANDBOX_SCALE's synthetic articles); runs in its own transaction. */
  onStart(fn: (db: Db) => void): void {
    this.starters.push(fn);
  }

  /** Seeds an empty database and runs the start work; the first request does it when the caller did not. */
  ready(): void {
    if (this.started) return;
    this.started = true;
    this.db.tx(() => {
      if (this.db.meta('seededAt') === null) this.loadSeed();
    });
    for (const fn of this.starters) this.db.tx(() => fn(this.db));
  }

  /** Empties the database and lays the seed again (and the start work), in one transaction. */
  reset(): void {
    this.started = true;
    this.db.tx(() => {
      this.db.clear();
      this.loadSeed();
      for (const fn of this.starters) fn(this.db);
    });
  }

  private loadSeed(): void {
    const at = this.now();
    this.db.setMeta('seededAt', String(at));
    const s: Seeding = { db: this.db, now: this.now, at };
    for (const { seed } of this.seeders) seed(s);
  }

  on<E extends Endpoint>(endpoint: E, handler: (ctx: RouteCtx<E>) => unknown | Promise<unknown>): void {
    this.routes.push({ endpoint, handler: handler as Handler<unknown> });
  }

  /** Test pages that call other servers which call back into the sandbox (the punchout tester): run outside the request lock, touching no database. */
  readonly freeHooks: { method: string; path: string; handler: (ctx: FreeCtx) => Promise<Response> }[] = [];
  freeHook(method: string, path: string, handler: (ctx: FreeCtx) => Promise<Response>): void {
    this.freeHooks.push({ method, path: `/__sandbox${path}`, handler });
  }

  /** A test hook under /__sandbox/; answered with the same envelope. */
  hook(method: string, path: string, handler: HookRoute['handler']): void {
    this.hooks.push({ method, path: `/__sandbox${path}`, handler });
  }

  authenticate(fn: Authenticator): void {
    this.authenticator = fn;
  }

  resetFaults(): void {
    this.faults = { ...NO_FAULTS };
  }

  /** Answers one request: the heart of the sandbox. */
  async handle(request: Request): Promise<Response> {
    this.ready();
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/{2,}/g, '/');
    if (request.method === 'OPTIONS') return new Response(null, { status: 204 });

    for (const free of this.freeHooks)
      if (free.method === request.method && matchPath(free.path, path)) {
        const body = await readBody(request);
        return free.handler({ request, url, input: body === BAD_JSON ? {} : body, now: () => Date.now() });
      }
    for (const hook of this.hooks) {
      const params = hook.method === request.method ? matchPath(hook.path, path) : null;
      if (!params) continue;
      const body = await readBody(request);
      if (body === BAD_JSON) return json({ status: 400, msg: '请求体不是合法的 JSON', data: null });
      return this.run(() => hook.handler(this.ctx(request, url, params, body)), request.method === 'GET', !isAsync(hook.handler));
    }

    const route = this.find(request.method, path);
    if (!route) {
      const other = this.routes.some((r) => matchPath(r.endpoint.path, path));
      return json({ status: other ? 405 : 404, msg: other ? '请求方法不被允许' : '接口不存在', data: null }, other ? 405 : 404);
    }
    const { endpoint, params } = route;
    this.calls.set(endpoint.name, (this.calls.get(endpoint.name) ?? 0) + 1);

    const fault = this.takeFault(endpoint.name);
    if (fault.latencyMs > 0) await new Promise((r) => setTimeout(r, fault.latencyMs));
    if (fault.fail) return json({ status: fault.status, msg: '服务器繁忙，请稍后再试', data: null }, fault.status);

    let raw: unknown;
    if (request.method === 'GET') raw = queryObject(url.searchParams);
    else {
      raw = await readBody(request);
      if (raw === BAD_JSON) return json({ status: 400, msg: '请求体不是合法的 JSON', data: null });
    }
    let input: unknown = raw;
    if (endpoint.input) {
      const parsed = v.safeParse(endpoint.input, raw ?? {});
      if (!parsed.success) return json({ status: 400, msg: parsed.issues[0]?.message ?? '参数错误', data: null });
      input = parsed.output;
    }
    const ctx = this.ctx(request, url, params, input);
    if (endpoint.auth !== 'none') {
      const token = request.headers
        .get('authorization')
        ?.replace(/^Bearer\s+/i, '')
        .trim();
      ctx.uid = token ? this.authenticator(token, ctx) : null;
      if (endpoint.auth === 'required' && ctx.uid === null) return json({ status: 401, msg: '登录过期，请重新登录', data: null });
    }
    return this.run(() => route.handler(ctx), request.method === 'GET', !isAsync(route.handler));
  }

  private ctx(request: Request, url: URL, params: Record<string, string>, input: unknown): Ctx<unknown> {
    return { request, url, params, input, db: this.db, uid: null, now: this.now };
  }

  private readonly found = new Map<string, { endpoint: Endpoint; handler: Handler<unknown>; params: Record<string, string> } | null>();

  /** The route of a request, remembered per method and path (a bounded cache: ids in paths make many). */
  private find(method: string, path: string) {
    const key = `${method} ${path}`;
    const known = this.found.get(key);
    if (known !== undefined) return known && { ...known, params: { ...known.params } };
    const route = this.match(method, path);
    if (this.found.size >= 10_000) this.found.clear();
    this.found.set(key, route);
    return route;
  }

  private match(method: string, path: string) {
    for (const r of this.routes) {
      if (r.endpoint.method !== method) continue;
      const params = matchPath(r.endpoint.path, path);
      if (params) return { ...r, params };
    }
    return null;
  }

  private takeFault(name: string): { latencyMs: number; fail: boolean; status: number } {
    const f = this.faults;
    if (f.remaining === 0 || (f.call !== null && f.call !== name)) return { latencyMs: 0, fail: false, status: 200 };
    if (f.remaining > 0) f.remaining--;
    return { latencyMs: f.latencyMs, fail: f.failRate > 0 && Math.random() < f.failRate, status: f.status };
  }

  /**
   * Waits for the lock; resolves with the function that hands it on. Reads (`first`) pass waiting writes, so they are not
   * stuck behind a burst of them. A write starts in the event loop's check phase at the earliest: the requests read from the
   * sockets with it go first, and the reads among them answer at once from the read connection instead of waiting behind
   * the writes that happened to arrive before them in the same turn (read p50 6 -> 4.5 ms on the idle machine, docs/figures.md "Sandbox store"). The writes of
   * one turn still run back to back and share one commit.
   */
  private lock(first = false): Promise<() => void> {
    const release = () => {
      const next = this.waiting.first.shift() ?? this.waiting.rest.shift();
      if (next) next();
      else this.locked = false;
    };
    const take = (resolve: (r: () => void) => void) => {
      if (!this.locked) {
        this.locked = true;
        resolve(release);
      } else (first ? this.waiting.first : this.waiting.rest).push(() => resolve(release));
    };
    return new Promise((resolve) => (first ? take(resolve) : setImmediate(() => take(resolve))));
  }

  /** The transaction requests of one turn of the event loop share; committed once they are done (group commit). */
  private batch: Promise<void> | null = null;

  /** Joins the open transaction, or opens one and commits it, holding the lock, once the requests that came with it are done. */
  private joinBatch(): Promise<void> {
    if (this.batch) return this.batch;
    this.db.begin();
    const batch = new Promise<void>((resolve, reject) => {
      setImmediate(async () => {
        const release = await this.lock(true);
        this.batch = null;
        try {
          this.db.commit();
          resolve();
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        } finally {
          release();
        }
      });
    });
    this.batch = batch;
    return batch;
  }

  /**
   * Runs a handler as its own savepoint of the open transaction and answers once that transaction has committed: a change is
   * acknowledged only when it is on disk, and the requests of one moment share one fsync. A business failure (Fail) keeps what
   * the handler did before failing (a wrong SMS code counts, a clamped quantity stays), as the real backend does; any other
   * error undoes the request alone and answers 500 (a constraint the checks missed answers 400).
   *
   * A read (a synchronous GET handler) first runs on the database's read-only connection, at once: it neither waits for the
   * writes queued before it nor for their commit. Only when it turns out to change something (a captcha issued, an unpaid
   * order timed out) does it run again here, as a write.
   */
  private async run(fn: () => unknown, read = false, sync = true): Promise<Response> {
    if (read && sync && this.db.readable) {
      try {
        const done = this.db.read(fn);
        if (done) return done.value instanceof Response ? done.value : json({ status: 200, msg: 'ok', data: done.value ?? null });
      } catch (e) {
        return e instanceof Fail ? json({ status: e.status, msg: e.message, data: null }) : failure(e);
      }
    }
    const release = await this.lock(read);
    let response: Response;
    let committed: Promise<void>;
    try {
      committed = this.joinBatch();
      this.db.savepoint();
      try {
        const data = await fn();
        this.db.release();
        response = data instanceof Response ? data : json({ status: 200, msg: 'ok', data: data ?? null });
      } catch (e) {
        if (e instanceof Fail) {
          this.db.release();
          response = json({ status: e.status, msg: e.message, data: null });
        } else {
          this.db.undo();
          response = failure(e);
        }
      }
    } finally {
      release();
    }
    try {
      await committed;
    } catch (e) {
      return failure(e);
    }
    return response;
  }
}

function failure(e: unknown): Response {
  if (e instanceof Error && /constraint failed/i.test(e.message)) {
    console.error('[sandbox]', e.message);
    return json({ status: 400, msg: '数据冲突，请刷新后重试', data: null });
  }
  console.error('[sandbox]', e);
  return json({ status: 500, msg: '服务器内部错误', data: null }, 500);
}

const BAD_JSON = Symbol('bad json');
async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return {};
  if (type.includes('application/x-www-form-urlencoded')) return queryObject(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return BAD_JSON;
  }
}

/** Query string to object; a repeated key becomes an array (docs/product.md §7 "array params repeated"). */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** Validates a hook's body with a schema, failing with its first message. */
export function parseOrFail<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, value);
  if (!r.success) throw new Fail(400, r.issues[0]?.message ?? '参数错误');
  return r.output;
}
