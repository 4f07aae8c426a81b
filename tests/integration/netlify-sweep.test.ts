// The Netlify build served the way the platform serves it: netlify-cli `serve --offline --context local-sweep` runs the
// project's build command with the Netlify adapter into its own folder (.builds/netlify-sweep, netlify.toml) against a
// sandbox of its own, then serves static files, `_redirects` and the SSR function as the platform does. The sweep asks
// what only that path decides: the old addresses (docs/product.md §2, docs/architecture.md §4), CDN cache headers and tags, private member pages,
// security headers on function responses, and the publishing webhook.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Running } from '#build/site-build.ts';
import { sandboxEnv } from '#server/sandbox-env.ts';
import { legacyRedirect } from '#src/shared/http/legacy-redirects.ts';
import { freePort } from '../support/ports.ts';

const DIR = '.builds/netlify-sweep';
const DATA = '.sandbox-data/netlify-sweep';
/** The dev secret of the publishing webhook (Standard Webhooks, `whsec_` + base64); never a production value. */
const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Waits until `url` answers, or fails with the tail of what the process printed. */
async function waitFor(url: string, child: ChildProcess, log: () => string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`netlify serve exited with code ${child.exitCode}:\n${log().slice(-4000)}`);
    try {
      await (await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' })).arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`netlify serve did not answer at ${url} within ${ms / 1000} s:\n${log().slice(-4000)}`);
}

/** Standard Webhooks headers for `body`: `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` with the secret's key. */
function signed(body: string, secret: string): Record<string, string> {
  const id = `msg_sweep_${Date.now()}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

describe('the Netlify build served by netlify-cli', { timeout: 600_000 }, () => {
  let sandbox: Running;
  let netlify: ChildProcess;
  let base: string;
  let output = '';
  /** `.netlify/` (the adapter's function, netlify-cli's serving state) is removed afterwards unless it was there before. */
  const hadNetlifyDir = existsSync('.netlify');
  let seconds = 0;

  beforeAll(async () => {
    const started = performance.now();
    // NETLIFY_SWEEP_PORT / NETLIFY_SWEEP_SANDBOX_PORT pin the ports (a shared machine); free ones otherwise.
    sandbox = await startSandbox({ port: Number(process.env.NETLIFY_SWEEP_SANDBOX_PORT) || (await freePort()), dataDir: DATA });
    const port = Number(process.env.NETLIFY_SWEEP_PORT) || (await freePort());
    base = `http://127.0.0.1:${port}`;
    // netlify-cli's own settings in a folder of the sweep: telemetry off, nothing written to the user's ~/.config.
    const config = resolve(DIR, 'config');
    mkdirSync(join(config, 'netlify'), { recursive: true });
    writeFileSync(join(config, 'netlify', 'config.json'), JSON.stringify({ telemetryDisabled: true }));
    const env = {
      ...process.env,
      ...sandboxEnv(sandbox.url, {}),
      NETLIFY: 'true',
      XDG_CONFIG_HOME: config,
      NO_UPDATE_NOTIFIER: '1',
      BROWSER: 'none',
      ASTRO_TELEMETRY_DISABLED: '1',
      // The build command (`npm run build`) runs the project's pinned Node.
      PATH: `${resolve('node_modules/.bin')}:${process.env.PATH ?? ''}`,
      PUBLISH_WEBHOOK_SECRETS: WEBHOOK_SECRET,
    };
    // Its own process group, so stopping it stops the build and the servers it started.
    netlify = spawn(
      process.execPath,
      ['node_modules/netlify-cli/bin/run.js', 'serve', '--offline', '--context', 'local-sweep', '--port', String(port)],
      {
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    netlify.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    netlify.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor(`${base}/`, netlify, () => output, 540_000);
    seconds = (performance.now() - started) / 1000;
    console.log(`netlify sweep: built and serving in ${seconds.toFixed(0)} s`);
  }, 600_000);

  afterAll(async () => {
    if (netlify?.pid && netlify.exitCode === null) {
      const gone = new Promise((r) => netlify.once('exit', r));
      process.kill(-netlify.pid, 'SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await sandbox?.stop();
    rmSync(DIR, { recursive: true, force: true });
    rmSync(DATA, { recursive: true, force: true });
    if (!hadNetlifyDir) rmSync('.netlify', { recursive: true, force: true });
  });

  /** A response read to its end (an unread body left on a closing socket trips undici), redirects not followed. */
  async function get(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: string }> {
    const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
    return { status: res.status, headers: res.headers, body: await res.text() };
  }

  /** The security headers of docs/architecture.md §7 (netlify.toml for static files, the middleware for function responses). */
  function expectSecurityHeaders(res: { headers: Headers }, what: string): void {
    expect(res.headers.get('x-frame-options'), what).toBe('DENY');
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('strict-transport-security'), what).toContain('max-age=31536000');
    expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  }

  it('serves the pre-rendered home page with the security headers', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.body.includes('<html lang="zh-CN"')).toBe(true);
    expectSecurityHeaders(res, '/');
  });

  it('renders a goods page in the function with CDN cache rules, cache tags and the security headers', async () => {
    const res = await get('/goods/1001');
    expect(res.status).toBe(200);
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/^public, durable, max-age=\d+/);
    const tags = res.headers.get('netlify-cache-tag')?.split(',') ?? [];
    expect(tags).toContain('goods-1001');
    expect(tags).toContain('astro-path:/goods/1001');
    expectSecurityHeaders(res, '/goods/1001');
    // The function's own CSP (hashes of the page's scripts) stays, with the frame policy beside it.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
  });

  it('keeps member pages out of every cache', async () => {
    const res = await get('/member');
    expect(res.headers.get('cache-control')).toMatch(/private/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
    expectSecurityHeaders(res, '/member');
  });

  it('answers the old addresses of docs/product.md §2 with 301 to where they live now, as on Node', async () => {
    const expected: Record<string, string> = {
      '/classification?sid=3&pid=1': '/goods?sid=3&pid=1',
      '/generalPage?id=7': '/goods/7',
      '/about': '/about/my-about',
      '/license': '/about/certificate?pid=-1&id=2',
      '/case/details?id=1': '/case/details/1',
      '/classification': '/goods',
      '/about/': '/about/my-about',
      '/services/policies/info?id=172&pid=17&articleId=381': '/services/policies/381',
      '/services/privacy/info?articleId=426': '/services/privacy/426',
      '/gases/details?id=5': '/gases/details/5',
      '/about/news/details?id=7': '/about/news/7',
      '/services/common_problem/info?articleId=201': '/services/common_problem/201',
      '/services/common_problem/list?id=182&pid=18': '/services/common_problem/list/182',
      '/generalPage?id=//evil.com': '/goods',
    };
    // Side by side: each is a function invocation, about a second apiece on a busy 2-core machine.
    const answers = await Promise.all(Object.keys(expected).map((from) => get(from)));
    Object.entries(expected).forEach(([from, to], i) => {
      // The expectation is the Node server's answer too (the one table).
      expect(legacyRedirect(new URL(from, base)), from).toBe(to);
      expect(answers[i]!.status, from).toBe(301);
      const location = new URL(answers[i]!.headers.get('location')!, base);
      expect(`${location.pathname}${location.search}`, from).toBe(to);
      expect(location.origin, from).toBe(base);
    });
    // Answered by the function (its middleware), with the security headers like every function response.
    expectSecurityHeaders(answers[0]!, 'a redirect from the function');
  });

  it('answers the query forms of pre-rendered list pages with 301 to their path URLs (the platform keeps the query string)', async () => {
    const forms = [
      '/case/list?categoryId=2',
      '/case/list?categoryId=2&pageNumber=3',
      '/about/news?id=7',
      '/about/news?categoryId=2',
      '/services/operation_video?articleId=301',
    ];
    const answers = await Promise.all(forms.map((from) => get(from)));
    forms.forEach((from, i) => {
      expect(answers[i]!.status, from).toBe(301);
      expect(new URL(answers[i]!.headers.get('location')!, base).pathname, from).toBe(legacyRedirect(new URL(from, base)));
    });
    // The pages themselves are no redirects, and an unknown path is still a 404.
    const pages = ['/case/list', '/about/news', '/services/operation_video'];
    const statuses = await Promise.all([...pages, '/no-such-page'].map(async (p) => (await get(p)).status));
    expect(statuses).toEqual([200, 200, 200, 404]);
  });

  // The publishing webhook: on Netlify the function verifies it as on Node (no build hook is configured offline: nothing leaves the machine).
  it('publishing webhook POST /api/publish: 401 unsigned, 401 wrong secret, 202 signed (Standard Webhooks)', async () => {
    const body = JSON.stringify({ type: 'goods.changed', data: { ids: [1001] } });
    const unsigned = await get('/api/publish', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(401);
    const wrong = await get('/api/publish', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signed(body, 'whsec_' + Buffer.from('not the secret, 24+ bytes long').toString('base64')),
      },
      body,
    });
    expect(wrong.status).toBe(401);
    const ok = await get('/api/publish', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signed(body, WEBHOOK_SECRET) },
      body,
    });
    expect(ok.status).toBe(202);
  });
});
