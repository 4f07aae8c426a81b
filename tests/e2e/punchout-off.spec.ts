/**
 * Punchout switched off (docs/punchout.md): with the backend's `punchout_part` off, every one of the shop's `/punchout/*`
 * routes answers the shop's own 404, even a StartPage whose one-time key is valid; switched back on, the routes answer
 * again. Serial (playwright.config.ts): switching a feature off changes what every page of the site sees.
 * No key is spent, so the sandbox makes no organisation member (a new buyer in the demo company, which member-company sees).
 */
import { expect, test } from './fixtures.ts';
import { sandboxPost, sandboxUrl } from './sandbox.ts';

const setPunchout = (isShow: 0 | 1) => sandboxPost('/__sandbox/view-control', { viewName: 'punchout_part', isShow });

test("with punchout_part off the shop's /punchout/* routes answer 404, a valid StartPage too", async ({ request, baseURL }) => {
  // A real StartPage key, asked for while the feature is on (the tester sends the demo organisation's PunchOutSetupRequest).
  const setup = await request.post(`${sandboxUrl()}/__sandbox/punchout/setup`, {
    form: { shop: baseURL!, operation: 'create' },
    maxRedirects: 0,
  });
  expect(setup.status()).toBe(303);
  const start = new URL(setup.headers().location!);
  expect(start.pathname).toBe('/punchout/start');

  await setPunchout(0);
  try {
    // The shop's gate answers before any call to the backend: its plain 404, not a cXML Response nor the session texts the
    // routes give with the feature on (a cXML 400 for this document, 403 for a bad key, 404 采购会话不存在 without a session).
    const gated = [
      await request.post('/punchout/cxml', { data: '<cXML/>', headers: { 'content-type': 'text/xml' } }),
      await request.get('/punchout/oci?HOOK_URL=http%3A%2F%2F127.0.0.1%3A1%2F&~OkCode=ADDI&USERNAME=oci-demo&PASSWORD=oci-demo-pass'),
      await request.get(`/punchout/start${start.search}`, { maxRedirects: 0 }),
      await request.post('/punchout/return', { form: {}, headers: { origin: baseURL! } }),
    ];
    for (const res of gated) {
      expect(res.status(), res.url()).toBe(404);
      expect(await res.text(), res.url()).toBe('Not Found');
    }
    // The cart page renders the shop's 404 page (with the feature on and no session it is a 200 saying the session is gone).
    const cart = await request.get('/punchout/cart');
    expect(cart.status()).toBe(404);
    expect(await cart.text()).not.toContain('采购会话不存在');
  } finally {
    await setPunchout(1);
  }
  // Back on, the start answers again (a bad key: 403), so the 404s above were the switch's.
  expect((await request.get('/punchout/start?key=x', { maxRedirects: 0 })).status()).toBe(403);
});
