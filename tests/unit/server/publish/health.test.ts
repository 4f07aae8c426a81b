// GET /healthz's answer: what a load balancer reads, 503 when the backend is down, and nothing secret in it.
import { describe, expect, it } from 'vitest';
import { health } from '#server/publish/health.ts';
import type { PublishStatus } from '#src/features/publish/effects.ts';

const status: PublishStatus = {
  state: 'failed',
  pending: ['msg_1', 'msg_2'],
  builds: 4,
  lastSuccess: { at: '2026-11-27T09:00:00.000Z', release: '7', events: ['msg_0'], seconds: 12.5 },
  lastFailure: {
    at: '2026-11-27T09:05:00.000Z',
    message: 'astro build exited with code 1: GET http://api.internal:8080/site?token=s3cret HTTP 503',
  },
};

describe('health', () => {
  it('answers 200 with the live release, the publisher and the backend', async () => {
    let t = 100;
    const h = await health({
      release: () => ({ n: 7, code: 'abc' }),
      publisher: () => status,
      probe: async () => void (t += 12),
      serverModules: () => 1,
      now: () => t,
    });
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({
      ok: true,
      release: '7',
      code: 'abc',
      publisher: {
        state: 'failed',
        pending: 2,
        builds: 4,
        lastSuccess: { release: '7', seconds: 12.5 },
        lastFailureAt: '2026-11-27T09:05:00.000Z',
      },
      backend: { reachable: true, ms: 12 },
      memory: { serverModules: 1 },
    });
  });

  it('answers 503 when the backend cannot be reached, naming the kind of failure only', async () => {
    const h = await health({
      release: () => ({ n: 3, code: null }),
      publisher: () => status,
      probe: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:8080 token=s3cret'), { kind: 'network' });
      },
    });
    expect(h.status).toBe(503);
    expect(h.body.backend).toEqual({ reachable: false, ms: expect.any(Number), error: 'network' });
    const text = JSON.stringify(h.body);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('api.internal');
    expect(text).not.toContain('msg_1');
  });

  it('works without a publisher (the build folder served directly)', async () => {
    const h = await health({ release: () => ({ n: 0, code: null }), probe: async () => ({}) });
    expect(h.status).toBe(200);
    expect(h.body.publisher).toBeNull();
  });
});
