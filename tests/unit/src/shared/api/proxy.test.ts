import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoint } from '#src/shared/api/contract/core.ts';
import { allEndpoints } from '#src/shared/api/contract/registry.ts';
import { forward, resolveTarget } from '#src/shared/api/proxy.ts';
import { SANDBOX_ORIGIN, useSandbox } from '#tests/support/sandbox.ts';

const { sandbox } = useSandbox();
const member = endpoint({ name: 'test.member', method: 'GET', path: '/test/me', data: v.number(), auth: 'required' });

describe('same-origin proxy', () => {
  it('passes only contract endpoints on their own base and method', () => {
    expect(resolveTarget(allEndpoints, 'buyer', 'GET', 'product/detail/1001')?.endpoint.name).toBe('catalog.goodsDetail');
    expect(resolveTarget(allEndpoints, 'buyer', 'POST', 'product/detail/1001')).toBeNull();
    expect(resolveTarget(allEndpoints, 'base', 'GET', 'product/detail/1001')).toBeNull();
    expect(resolveTarget(allEndpoints, 'evil', 'GET', 'site')).toBeNull();
    expect(resolveTarget(allEndpoints, 'buyer', 'GET', '__sandbox/site')).toBeNull();
  });

  it('adds the bearer token for member endpoints only and drops cookies', async () => {
    const seen: { auth: string | null; cookie: string | null }[] = [];
    const sb = sandbox();
    sb.on(member, (ctx) => ctx.uid);
    sb.authenticate((t) => (t === 'tok' ? 7 : null));
    const original = sb.handle.bind(sb);
    sb.handle = (req: Request) => {
      seen.push({ auth: req.headers.get('authorization'), cookie: req.headers.get('cookie') });
      return original(req);
    };
    const req = (path: string) => new Request(`http://shop.test/api/buyer${path}`, { headers: { cookie: 'gas_at=tok' } });
    const me = await forward(req('/test/me'), undefined, { endpoint: member, path: '/test/me' }, SANDBOX_ORIGIN, 'tok', 2000);
    expect(await me.json()).toMatchObject({ status: 200, data: 7 });
    const pub = resolveTarget(allEndpoints, 'buyer', 'GET', 'index/productCategory')!;
    await forward(req('/index/productCategory'), undefined, pub, SANDBOX_ORIGIN, 'tok', 2000);
    expect(seen).toEqual([
      { auth: 'Bearer tok', cookie: null },
      { auth: null, cookie: null },
    ]);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers 502 with a Chinese message when the backend is unreachable', async () => {
    const target = resolveTarget(allEndpoints, 'base', 'GET', 'site')!;
    const res = await forward(new Request('http://shop.test/api/base/site'), undefined, target, 'http://127.0.0.1:9', undefined, 1000);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ status: 502, msg: '服务暂时不可用，请稍后再试' });
  });
});
