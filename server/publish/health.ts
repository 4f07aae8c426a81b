/**
 * GET /healthz of the Node server, for a load balancer: 200 while the shop can serve (a live release, the backend answering),
 * 503 when the backend (the API) cannot be reached, since every on-demand page then fails. Cheap: one call of the API's site
 * data (the smallest call every page makes anyway) and in-memory state, no build work; answered `no-store`. It names no
 * secret, no event body and no error text (a build's failure message may quote the API's addresses): states, numbers, times.
 */
import type { PublishStatus } from '#src/features/publish/effects.ts';
import type { SiteStatusChecker } from '#src/features/shell/status.ts';

export interface HealthDeps {
  /** The live release: its number (0 when the build folder is served directly) and its server code's digest. */
  release: () => { n: number; code: string | null };
  /** The publisher's status, or undefined when the server runs without one. */
  publisher?: () => PublishStatus;
  /** One call of the backend; rejects when it cannot be had (network, timeout, a 5xx). */
  probe: () => Promise<unknown>;
  /** The process's site-status memo. */
  site?: SiteStatusChecker;
  /** Server code modules loaded since start (flat over content-only publishes: docs/publishing.md "Memory over many publishes"). */
  serverModules?: () => number;
  now?: () => number;
}

export interface HealthBody {
  ok: boolean;
  release: string;
  code: string | null;
  publisher: {
    state: PublishStatus['state'];
    pending: number;
    builds: number;
    lastSuccess: { at: string; release: string; seconds: number } | null;
    lastFailureAt: string | null;
  } | null;
  backend: { reachable: boolean; ms: number; error?: string };
  site: { open: boolean; source: string } | null;
  /** `listeners`: the process's unhandledRejection listeners (Astro's node entry adds one per module loaded). */
  memory: { rssMiB: number; heapMiB: number; serverModules: number | null; listeners: number };
  /** CPU seconds the server process used since it started (user + system), for throughput per CPU second on a shared machine. */
  cpuSeconds: number;
}

export async function health(deps: HealthDeps): Promise<{ status: 200 | 503; body: HealthBody }> {
  const now = deps.now ?? (() => performance.now());
  const t0 = now();
  let error: string | undefined;
  try {
    await deps.probe();
  } catch (e) {
    // The kind of failure only (network, http, timeout...), never its message.
    error = (e as { kind?: string }).kind ?? (e as Error).name ?? 'error';
  }
  const ms = Math.round(now() - t0);
  const p = deps.publisher?.();
  const r = deps.release();
  const site = deps.site?.known();
  const mem = process.memoryUsage();
  const body: HealthBody = {
    ok: error === undefined,
    release: String(r.n),
    code: r.code,
    publisher: p
      ? {
          state: p.state,
          pending: p.pending.length,
          builds: p.builds,
          lastSuccess: p.lastSuccess ? { at: p.lastSuccess.at, release: p.lastSuccess.release, seconds: p.lastSuccess.seconds } : null,
          lastFailureAt: p.lastFailure?.at ?? null,
        }
      : null,
    backend: error === undefined ? { reachable: true, ms } : { reachable: false, ms, error },
    site: site ? { open: site.status.open, source: site.source } : null,
    memory: {
      rssMiB: Math.round(mem.rss / 2 ** 20),
      heapMiB: Math.round(mem.heapUsed / 2 ** 20),
      serverModules: deps.serverModules?.() ?? null,
      listeners: process.listenerCount('unhandledRejection'),
    },
    cpuSeconds: (() => {
      const c = process.cpuUsage();
      return Math.round((c.user + c.system) / 1000) / 1000;
    })(),
  };
  return { status: body.ok ? 200 : 503, body };
}

/** The answer's headers: JSON, never stored by a proxy or the browser. */
export const HEALTH_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } as const;
