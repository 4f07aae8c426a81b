// Closing the site is a publish: the back office's signed `site.changed` webhook (sent by the sandbox's site hook) applies at
// once, even while the API cannot be asked; between events an API that cannot be reached keeps the last known status instead
// of opening the site; GET /healthz tells a load balancer the live release, the publisher and whether the backend answers.
// A serial spec (scripts/lib/e2e-sites.ts): it closes the site every page of its site sees.
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { sandboxGet, sandboxPost, setSite } from './sandbox.ts';

const REASON = '系统升级维护中，预计 1 小时后恢复';
// 500, which the shop's API client does not retry: each request's failed call costs milliseconds, not a retry's back-off.
const faults = (on: boolean) => sandboxPost('/__sandbox/faults', on ? { failRate: 1, status: 500, count: -1 } : { reset: true });
const statusOf = async (page: Page, path: string) => (await page.goto(path))!.status();

/** Polls `path` (the document only) until it answers `status`; the milliseconds it took from `from`. */
async function answersWithin(request: APIRequestContext, path: string, status: number, from: number): Promise<number> {
  await expect.poll(async () => (await request.get(path)).status(), { timeout: 5000, intervals: [50] }).toBe(status);
  return Date.now() - from;
}

test.describe.configure({ mode: 'serial' });
test.afterEach(async () => {
  await faults(false);
  await setSite(1);
});

test('closing and reopening through the webhook apply within about a second, even while the API is down', async ({ page, request }) => {
  expect(await statusOf(page, '/')).toBe(200);
  // Every call of the API fails from here on: the shop can learn of the closing only from the webhook.
  await faults(true);
  expect(await statusOf(page, '/')).toBe(200);
  const closedAt = Date.now();
  await setSite(0, REASON);
  const closing = await answersWithin(request, '/', 503, closedAt);
  expect(await statusOf(page, '/')).toBe(503);
  await expect(page.getByRole('heading', { name: '站点已关闭' })).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
  // The sandbox signed and sent it, and the shop accepted it.
  const deliveries = await sandboxGet<{ type: string; status: number }[]>('/__sandbox/publish/deliveries');
  expect(deliveries.at(-1)).toMatchObject({ type: 'site.changed', status: 202 });
  for (const path of ['/services/policies/172/', '/goods/1001/']) {
    expect(await statusOf(page, path)).toBe(503);
    await expect(page.getByRole('heading', { name: '站点已关闭' })).toBeVisible();
  }
  const openedAt = Date.now();
  await setSite(1);
  const opening = await answersWithin(request, '/', 200, openedAt);
  expect(await statusOf(page, '/')).toBe(200);
  await expect(page.getByRole('heading', { name: '站点已关闭' })).toHaveCount(0);
  console.log(`site.changed: closed page after ${closing} ms, open again after ${opening} ms (API down throughout)`);
  expect(closing).toBeLessThan(1500);
  expect(opening).toBeLessThan(1500);
});

test('with the API down the shop keeps the last known status: a closed site stays closed, an open one open', async ({ page, request }) => {
  await setSite(0, REASON);
  await answersWithin(request, '/', 503, Date.now());
  await faults(true);
  // Each of these asks the API (the e2e site's TTL is 0) and gets no answer: the closed status stays.
  for (const path of ['/', '/shop/1', '/services/policies/172/']) {
    expect(await statusOf(page, path)).toBe(503);
    await expect(page.getByText(REASON)).toBeVisible();
  }
  const health = await request.get('/healthz');
  expect(health.status()).toBe(503);
  expect(await health.json()).toMatchObject({ ok: false, backend: { reachable: false }, site: { open: false } });
  await faults(false);
  await setSite(1);
  await answersWithin(request, '/', 200, Date.now());
  await faults(true);
  expect(await statusOf(page, '/')).toBe(200);
  await expect(page.getByRole('heading', { name: '站点已关闭' })).toHaveCount(0);
});

test('GET /healthz answers a load balancer: the live release, the publisher, the backend; never cached', async ({ request }) => {
  const res = await request.get('/healthz');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-store');
  expect(res.headers()['content-type']).toContain('application/json');
  const body = await res.json();
  expect(body).toMatchObject({
    ok: true,
    release: expect.stringMatching(/^\d+$/),
    code: expect.stringMatching(/^[0-9a-f]{16}$/),
    publisher: { state: expect.stringMatching(/^(idle|waiting|building|failed)$/), pending: expect.any(Number) },
    backend: { reachable: true, ms: expect.any(Number) },
    site: { open: true },
  });
  // One server module however many releases went live (content publishes reuse it), and no listener per release.
  expect(body.memory.serverModules).toBeLessThanOrEqual(2);
  expect(body.memory.listeners).toBeLessThanOrEqual(3);
  expect(JSON.stringify(body)).not.toMatch(/whsec_|token|Bearer/i);
});
