// Publishing on Netlify: the build hook called for rebuild events only, and the deploy notification's JWS checked.
import { describe, expect, it } from 'vitest';
import { netlifySink, signNetlifyNotification, verifyNetlifySignature } from '#src/features/publish/netlify.ts';

describe('netlifySink', () => {
  it('POSTs the build hook with the event id as trigger_title for a rebuild event, not for a goods purge; dedupes ids', async () => {
    const calls: URL[] = [];
    const sink = netlifySink({
      buildHookUrl: 'https://api.netlify.com/build_hooks/abc',
      fetch: (async (url: URL) => (calls.push(url), new Response('', { status: 200 }))) as typeof fetch,
      log: () => undefined,
    });
    expect(await sink.accept('msg_1', { type: 'article.changed', data: { kind: 'news', ids: [1] } }, Date.now())).toBe('accepted');
    expect(await sink.accept('msg_1', { type: 'article.changed', data: { kind: 'news', ids: [1] } }, Date.now())).toBe('duplicate');
    expect(await sink.accept('msg_2', { type: 'goods.changed', data: { ids: [1001] } }, Date.now())).toBe('accepted');
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.searchParams.get('trigger_title')).toBe('publish msg_1 (article.changed)');
  });

  it('accepts without a build hook and says in the status why nothing was built, never logging a hook URL', async () => {
    const logs: string[] = [];
    const sink = netlifySink({ buildHookUrl: undefined, log: (l) => void logs.push(l) });
    await sink.accept('msg_1', { type: 'site.changed', data: {} }, Date.now());
    expect((await sink.status()).lastFailure?.message).toMatch(/NETLIFY_BUILD_HOOK_URL is not set/);
  });
});

describe('verifyNetlifySignature', () => {
  const body = JSON.stringify({ id: 'deploy-1', state: 'ready' });
  it('accepts a notification signed with the secret over this body', () => {
    expect(verifyNetlifySignature(signNetlifyNotification(body, 's3cret'), body, 's3cret')).toBe(true);
  });
  it('rejects another secret, another body, a missing header and an unsigned token', () => {
    const jws = signNetlifyNotification(body, 's3cret');
    expect(verifyNetlifySignature(jws, body, 'other')).toBe(false);
    expect(verifyNetlifySignature(jws, `${body} `, 's3cret')).toBe(false);
    expect(verifyNetlifySignature(null, body, 's3cret')).toBe(false);
    const [h, p] = jws.split('.');
    expect(verifyNetlifySignature(`${h}.${p}.`, body, 's3cret')).toBe(false);
  });
});
