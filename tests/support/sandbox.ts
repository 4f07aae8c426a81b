/** An in-process sandbox served by msw at SANDBOX_ORIGIN, plus the real API client pointed at it. */
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createApi, type Api } from '#src/shared/api/client.ts';
import { API_BASES, type ApiBase } from '#src/shared/api/contract/core.ts';
import type { Sandbox } from '#sandbox/app.ts';
import { createSandbox } from '#sandbox/index.ts';

export const SANDBOX_ORIGIN = 'http://sandbox.test';

/** Starts msw around the test file; `sandbox()` is a fresh in-memory backend for each test; `now` injects a clock for time-driven rules. */
export function useSandbox(now?: () => number) {
  let sb: Sandbox = createSandbox({ dataDir: null, now });
  const server = setupServer(http.all(`${SANDBOX_ORIGIN}/*`, ({ request }) => sb.handle(request)));
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    sb = createSandbox({ dataDir: null, now });
  });
  afterAll(() => server.close());

  const bases = Object.fromEntries(API_BASES.map((b) => [b, SANDBOX_ORIGIN])) as Record<ApiBase, string>;
  return {
    sandbox: () => sb,
    /** The real client against the in-process sandbox; pass a token to act as a member. */
    client: (token?: () => string | undefined): Api => createApi({ bases, timeoutMs: 2000, token }),
    /** POST to a test hook under /__sandbox with a JSON body. */
    hook: async (path: string, body: unknown = {}) => {
      const res = await fetch(`${SANDBOX_ORIGIN}/__sandbox${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { http: res.status, body: (await res.json()) as { status: number; msg: string; data: unknown } };
    },
    /** Raw call of a sandbox URL path (test hooks, malformed input). */
    raw: async (path: string, init?: RequestInit) => {
      const res = await fetch(`${SANDBOX_ORIGIN}${path}`, init);
      return { http: res.status, body: (await res.json()) as { status: number; msg: string; data: unknown } };
    },
  };
}

/** The message of a call that must fail; fails the test when the call succeeds. */
export function failure(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => expect.fail('the call should have failed'),
    (e: unknown) => (e as Error).message,
  );
}
