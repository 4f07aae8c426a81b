import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { legacyRedirect } from '../../../src/lib/legacy-redirects.ts';
import { bypassesClosedCheck, siteStatusChecker, statusOf } from '../../../src/lib/site-status.ts';
import { useSandbox } from '../../support/sandbox.ts';

const u = (path: string) => new URL(path, 'http://shop.test');
const { client, raw } = useSandbox();

describe('legacy redirects', () => {
  it('maps the old addresses of SPEC §2', () => {
    expect(legacyRedirect(u('/classification?sid=103&pid=1'))).toBe('/goods?sid=103&pid=1');
    expect(legacyRedirect(u('/generalPage?id=1001'))).toBe('/goods/1001');
    expect(legacyRedirect(u('/about'))).toBe('/about/my-about');
    expect(legacyRedirect(u('/about/'))).toBe('/about/my-about');
    expect(legacyRedirect(u('/license'))).toBe('/about/certificate?pid=-1&id=2');
    expect(legacyRedirect(u('/services/policies/info?id=172&pid=17&articleId=381'))).toBe('/services/policies/381');
    expect(legacyRedirect(u('/services/privacy/info?articleId=426'))).toBe('/services/privacy/426');
    expect(legacyRedirect(u('/goods'))).toBeNull();
  });

  it('never carries anything but numeric ids along', () => {
    expect(legacyRedirect(u('/generalPage?id=//evil.com'))).toBe('/goods');
    expect(legacyRedirect(u('/classification?sid=1%26x=//evil.com'))).toBe('/goods');
  });

  it('is mirrored by the Netlify rules', () => {
    const toml = readFileSync('netlify.toml', 'utf8');
    for (const from of ['/classification', '/generalPage', '/about', '/license', '/services/policies/info', '/services/privacy/info']) expect(toml).toContain(`from = "${from}"`);
  });
});

describe('site status', () => {
  it('uses the closing reason or the default text', () => {
    expect(statusOf({ siteon: 0, close_reson: '系统升级中' })).toEqual({ open: false, reason: '系统升级中' });
    expect(statusOf({ siteon: 0, close_reson: ' ' })).toEqual({ open: false, reason: '站点已关闭' });
    expect(statusOf({ siteon: 1, close_reson: '' }).open).toBe(true);
  });

  it('asks the API once per TTL and follows the site switch', async () => {
    let now = 0;
    const check = siteStatusChecker(client(), 1000, () => now);
    expect((await check()).open).toBe(true);
    await raw('/__sandbox/site', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ siteon: 0, close_reson: '年度检修' }) });
    expect((await check()).open).toBe(true);
    now = 1500;
    expect(await check()).toEqual({ open: false, reason: '年度检修' });
  });

  it('lets assets and error pages through', () => {
    expect(bypassesClosedCheck('/_astro/x.js')).toBe(true);
    expect(bypassesClosedCheck('/503')).toBe(true);
    expect(bypassesClosedCheck('/logo.svg')).toBe(true);
    expect(bypassesClosedCheck('/goods/1001')).toBe(false);
    expect(bypassesClosedCheck('/')).toBe(false);
  });
});
