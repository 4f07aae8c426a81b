import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { LEGACY_PATHS, legacyRedirect } from '#src/shared/http/legacy-redirects.ts';
import { netlifyRedirectRules } from '#build/netlify-redirects.ts';
import { bypassesClosedCheck, siteStatusChecker, statusOf } from '#src/features/shell/status.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const u = (path: string) => new URL(path, 'http://shop.test');
const { client, raw } = useSandbox();

describe('legacy redirects', () => {
  it('maps the old addresses of docs/product.md §2', () => {
    expect(legacyRedirect(u('/classification?sid=103&pid=1'))).toBe('/goods?sid=103&pid=1');
    expect(legacyRedirect(u('/generalPage?id=1001'))).toBe('/goods/1001');
    expect(legacyRedirect(u('/about'))).toBe('/about/my-about');
    expect(legacyRedirect(u('/about/'))).toBe('/about/my-about');
    expect(legacyRedirect(u('/license'))).toBe('/about/certificate?pid=-1&id=2');
    expect(legacyRedirect(u('/services/policies/info?id=172&pid=17&articleId=381'))).toBe('/services/policies/381');
    expect(legacyRedirect(u('/services/privacy/info?articleId=426'))).toBe('/services/privacy/426');
    expect(legacyRedirect(u('/goods'))).toBeNull();
  });

  it('sends /-index to the home page with its query', () => {
    expect(legacyRedirect(u('/-index'))).toBe('/');
    expect(legacyRedirect(u('/-index/'))).toBe('/');
    expect(legacyRedirect(u('/-index?uuid=abc-123'))).toBe('/?uuid=abc-123');
    expect(legacyRedirect(u('/-indexx'))).toBeNull();
  });

  it('never carries anything but numeric ids along', () => {
    expect(legacyRedirect(u('/generalPage?id=//evil.com'))).toBe('/goods');
    expect(legacyRedirect(u('/classification?sid=1%26x=//evil.com'))).toBe('/goods');
  });

  it('has one source: netlify.toml holds no redirect rules, the build makes them from the table', () => {
    expect(readFileSync('netlify.toml', 'utf8')).not.toMatch(/^\s*\[\[redirects\]\]/m);
    // Every old address with no page gets an on-demand route (injected from LEGACY_PATHS by the integration astro.config.mjs uses).
    expect(readFileSync('astro.config.mjs', 'utf8')).toContain('legacyRedirects({ onNetlify })');
    expect(readFileSync('build/legacy-redirects.ts', 'utf8')).toContain('for (const pattern of LEGACY_PATHS) injectRoute(');
    for (const path of [
      '/-index',
      '/classification',
      '/generalPage',
      '/about',
      '/license',
      '/services/policies/info',
      '/services/privacy/info',
      '/case/details',
      '/gases/details',
    ]) {
      expect(LEGACY_PATHS, path).toContain(path);
      // Each of them redirects whatever its query.
      expect(legacyRedirect(u(path)), path).not.toBeNull();
    }
  });

  it('sends the query forms of knowledge detail pages to their path URLs', () => {
    expect(legacyRedirect(u('/gases/details?id=1'))).toBe('/gases/details/1');
    expect(legacyRedirect(u('/case/details?id=12&pid=3'))).toBe('/case/details/12');
    expect(legacyRedirect(u('/case/list?categoryId=2'))).toBe('/case/list/2');
    expect(legacyRedirect(u('/case/list?categoryId=2&pageNumber=3'))).toBe('/case/list/2/3');
    expect(legacyRedirect(u('/about/news/details?id=7'))).toBe('/about/news/7');
    expect(legacyRedirect(u('/about/news?id=7'))).toBe('/about/news/7');
    expect(legacyRedirect(u('/services/common_problem/info?id=18&pid=16&articleId=201'))).toBe('/services/common_problem/201');
    expect(legacyRedirect(u('/services/common_problem/info?id=204'))).toBe('/services/common_problem/204');
    expect(legacyRedirect(u('/services/common_problem/list?id=182&pid=18'))).toBe('/services/common_problem/list/182');
    expect(legacyRedirect(u('/services/operation_video?articleId=301'))).toBe('/services/operation_video/301');
  });

  it('leaves the real list pages alone and sends junk to the list page', () => {
    for (const page of [
      '/case/list',
      '/about/news',
      '/services/operation_video',
      '/services/operation_video?id=19&pid=16',
      '/services/common_problem',
      '/gases',
      '/case/list/2',
    ]) {
      expect(legacyRedirect(u(page)), page).toBeNull();
    }
    expect(legacyRedirect(u('/gases/details?id=abc'))).toBe('/gases');
    expect(legacyRedirect(u('/gases/details'))).toBe('/gases');
    expect(legacyRedirect(u('/case/details?id=-1'))).toBe('/case/list');
    expect(legacyRedirect(u('/case/list?categoryId=x&pageNumber=99999999999999'))).toBe('/case/list');
    expect(legacyRedirect(u('/about/news/details?id=//evil.com'))).toBe('/about/news');
    expect(legacyRedirect(u('/services/common_problem/info?articleId=%2F%2Fevil.com'))).toBe('/services/common_problem');
    expect(legacyRedirect(u('/services/common_problem/list?id=0'))).toBe('/services/common_problem');
    expect(legacyRedirect(u('/services/operation_video?articleId=1e3'))).toBe('/services/operation_video');
    for (const url of ['/gases/details?id=http://evil.com', '/case/details?id=%0d%0aSet-Cookie:x', '/about/news?id=\\\\evil.com']) {
      const target = legacyRedirect(u(url))!;
      expect(target.startsWith('/') && !target.startsWith('//') && !target.includes('\\'), url).toBe(true);
    }
  });

  it('is the same redirect on Netlify for the query forms of pre-rendered pages (_redirects, first matching rule)', () => {
    const rules = netlifyRedirects(netlifyRedirectRules());
    const samples = [
      '/case/list?categoryId=2',
      '/case/list?categoryId=2&pageNumber=3',
      '/case/list?pageNumber=3',
      '/about/news?id=7',
      '/about/news?categoryId=2&pageNumber=2',
      '/about/news?categoryId=2',
      '/about/news?pageNumber=4',
      '/services/operation_video?articleId=301',
      '/services/operation_video?articleId=301&pid=16',
    ];
    for (const sample of samples) expect(netlifyTarget(rules, u(sample)), sample).toBe(legacyRedirect(u(sample)));
    // Pages that are no redirects on Node are none on Netlify either.
    for (const page of ['/case/list', '/about/news', '/services/operation_video', '/gases'])
      expect(netlifyTarget(rules, u(page)), page).toBeNull();
  });
});

interface NetlifyRule {
  from: string;
  query: Record<string, string>;
  to: string;
}

/** `_redirects` lines of the shape the build writes: `from name=:name ... to 301!`. */
function netlifyRedirects(lines: readonly string[]): NetlifyRule[] {
  return lines.map((line) => {
    const parts = line.split(/\s+/);
    expect(parts.at(-1), line).toBe('301!');
    const query = Object.fromEntries(parts.slice(1, -2).map((p) => p.split('=') as [string, string]));
    return { from: parts[0]!, query, to: parts.at(-2)! };
  });
}

/** What Netlify answers: the first rule whose path matches and whose query parameters are all present, placeholders filled in. */
function netlifyTarget(rules: readonly NetlifyRule[], url: URL): string | null {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  for (const rule of rules) {
    if (rule.from !== path) continue;
    if (!Object.keys(rule.query).every((k) => url.searchParams.has(k))) continue;
    let to = rule.to;
    for (const [k, placeholder] of Object.entries(rule.query)) to = to.replaceAll(placeholder, url.searchParams.get(k)!);
    return to;
  }
  return null;
}

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
    await raw('/__sandbox/site', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteon: 0, close_reson: '年度检修' }),
    });
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
