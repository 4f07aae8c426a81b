import { describe, expect, it } from 'vitest';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { endpoint } from '#src/shared/api/contract/core.ts';
import { toSearchParams } from '#src/shared/api/client.ts';
import { ApiError, reactTo } from '#src/shared/api/errors.ts';
import * as v from 'valibot';
import { SANDBOX_ORIGIN, useSandbox } from '#tests/support/sandbox.ts';

const { client, sandbox, raw } = useSandbox();

describe('API client against the sandbox', () => {
  it('returns schema-checked data of a call', async () => {
    const cats = await client().call(catalog.categories);
    expect(cats.map((c) => c.cateName)).toContain('特种气体');
  });

  it('turns a body status other than 200 into a business error with the server msg', async () => {
    const err = await client()
      .call(catalog.goodsDetail, { params: { id: 999999 } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('business');
    expect((err as ApiError).message).toBe('商品不存在');
    expect(reactTo(err as ApiError)).toEqual({ type: 'toast', toast: '商品不存在' });
  });

  it('names the endpoint when the answer does not match the schema', async () => {
    const wrong = endpoint({ name: 'test.wrongShape', method: 'GET', path: '/site', base: 'base', data: v.array(v.string()) });
    const err = (await client()
      .call(wrong)
      .catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('schema');
    expect(err.describe()).toContain('[test.wrongShape]');
  });

  it('sends a member token only to endpoints that take one', async () => {
    const seen: (string | null)[] = [];
    const sb = sandbox();
    const original = sb.handle.bind(sb);
    sb.handle = (req: Request) => {
      seen.push(req.headers.get('authorization'));
      return original(req);
    };
    await client(() => 'tok').call(site.info);
    expect(seen).toEqual([null]);
  });

  it('maps an HTTP failure to the error page and a 401 body to session expiry', async () => {
    await raw('/__sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failRate: 1, status: 503, count: 2 }),
    });
    const err = (await client()
      .call(site.info)
      .catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('http');
    expect(reactTo(err)).toEqual({ type: 'error-page', path: '/error' });
    expect(reactTo(new ApiError('business', 'x', 401, '登录过期，请重新登录'))).toEqual({ type: 'session-expired', toast: '登录过期' });
  });

  it('a fault aimed at one call leaves the others alone and is taken by that call only', async () => {
    await raw('/__sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failRate: 1, status: 503, count: 2, call: 'catalog.categories' }),
    });
    // (two: the client tries a failed read once more)
    expect((await client().call(site.info)).site_name).toBeTruthy();
    expect(
      (
        (await client()
          .call(catalog.categories)
          .catch((e: unknown) => e)) as ApiError
      ).kind,
    ).toBe('http');
    expect((await client().call(catalog.categories)).length).toBeGreaterThan(0);
  });

  it('repeats array params as repeated keys and drops empty values', () => {
    expect(toSearchParams({ ids: [1, 2], keyword: '', page: 1 }).toString()).toBe('ids=1&ids=2&page=1');
  });

  it('rejects malformed input with a Chinese message and unknown paths with 404', async () => {
    expect((await raw('/goods/list?pageSize=abc')).body).toMatchObject({ status: 400, msg: '分页参数必须是数字' });
    expect(await raw('/no/such/path')).toMatchObject({ http: 404, body: { status: 404, msg: '接口不存在' } });
    const bad = await raw('/__sandbox/site', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(bad.body).toMatchObject({ status: 400, msg: '请求体不是合法的 JSON' });
  });
});

describe('browser client', () => {
  it('shows the loading overlay for calls unless they are silent, and closes it 200 ms after the last', async () => {
    const { createApi } = await import('#src/shared/api/client.ts');
    const { track, $loadingOverlay, resetLoading } = await import('#src/shared/ui/loading.ts');
    resetLoading();
    const api = createApi({
      bases: { buyer: SANDBOX_ORIGIN, base: SANDBOX_ORIGIN, model: SANDBOX_ORIGIN, seller: SANDBOX_ORIGIN, admin: SANDBOX_ORIGIN },
      timeoutMs: 2000,
      wrap: (p, o) => track(p, { silent: o.silent }),
    });
    const seen: boolean[] = [];
    const off = $loadingOverlay.listen((v) => seen.push(v));
    await api.call(site.info, { silent: true });
    expect(seen).toEqual([]);
    const pending = api.call(site.info);
    expect($loadingOverlay.get()).toBe(true);
    await pending;
    expect($loadingOverlay.get()).toBe(true);
    await new Promise((r) => setTimeout(r, 250));
    expect($loadingOverlay.get()).toBe(false);
    off();
  });
});
