/** Site-wide SEO files and tags: sitemap.xml of every pre-rendered page, robots.txt, canonical + Open Graph + Twitter card on an article, Organization JSON-LD on the home page. */
import { expect, test } from './fixtures.ts';
import { sandboxGet } from './sandbox.ts';

// Its tests share no state (each opens its own pages and changes nothing a sibling reads): both workers take them (docs/testing.md).
test.describe.configure({ mode: 'parallel' });

test('sitemap.xml is valid XML listing every pre-rendered page with absolute URLs, and no error or private page', async ({
  page,
  request,
  baseURL,
}) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/xml/);
  const xml = await res.text();
  await page.goto('/');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      root: doc.documentElement.localName,
      ns: doc.documentElement.namespaceURI,
      locs: [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((l) => l.textContent ?? ''),
    };
  }, xml);
  expect(parsed.error).toBe(false);
  expect(parsed.root).toBe('urlset');
  expect(parsed.ns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  for (const loc of parsed.locs) expect(loc, loc).toMatch(/^https?:\/\/[^/]+\/[^?#]*$/);
  const paths = parsed.locs.map((l) => new URL(l).pathname.replace(/(.)\/$/, '$1'));
  expect(new Set(paths).size).toBe(paths.length);
  // The home page, a policy article, the policies list, a privacy article and the static tools are all there.
  for (const p of ['/', '/services/policies/381', '/services/policies', '/services/privacy', '/services/toolbox/gas'])
    expect(paths, p).toContain(p);
  for (const p of paths)
    expect(p, p).not.toMatch(/^\/(404|500|503|error)$|^\/(member|api|shopping-cart|Confirmorder|checkout|order)(\/|$)/);

  // Every listed page answers 200 on this server (none is an error page or a leftover).
  const status = new Map<string, number>();
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let p = queue.shift(); p !== undefined; p = queue.shift())
        status.set(p, (await request.get(new URL(p, baseURL).href, { maxRedirects: 0 })).status());
    }),
  );
  expect([...status].filter(([, s]) => s !== 200)).toEqual([]);
});

test('robots.txt allows the site, keeps crawlers out of private paths and points at the sitemap', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await res.text()).split('\n');
  expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
  for (const p of ['/member', '/api', '/shopping-cart', '/Confirmorder', '/checkout', '/order']) expect(lines).toContain(`Disallow: ${p}`);
  const sitemap = lines.find((l) => l.startsWith('Sitemap: '));
  expect(sitemap).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/);
});

test('an article page has an absolute canonical URL without its query, and matching Open Graph and Twitter tags', async ({ page }) => {
  const article = await sandboxGet<{ title: string }>('/article?articleCode=381').catch(() => null);
  await page.goto('/services/policies/381?utm_source=test&id=1#top');
  const head = await page.evaluate(() => {
    const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute('content') ?? null;
    return {
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      canonicals: document.head.querySelectorAll('link[rel="canonical"]').length,
      ogUrl: meta('meta[property="og:url"]'),
      ogTitle: meta('meta[property="og:title"]'),
      ogDescription: meta('meta[property="og:description"]'),
      ogType: meta('meta[property="og:type"]'),
      ogSiteName: meta('meta[property="og:site_name"]'),
      ogLocale: meta('meta[property="og:locale"]'),
      twitterCard: meta('meta[name="twitter:card"]'),
      twitterTitle: meta('meta[name="twitter:title"]'),
      description: meta('meta[name="description"]'),
      h1: document.querySelector('main h1')?.textContent ?? null,
      title: document.title,
    };
  });
  expect(head.canonicals).toBe(1);
  expect(head.canonical).toMatch(/^https?:\/\/[^/]+\/services\/policies\/381\/?$/);
  expect(head.ogUrl).toBe(head.canonical);
  expect(head.ogTitle).toBe(head.h1);
  if (article) expect(head.ogTitle).toBe(article.title);
  expect(head.title.startsWith(`${head.h1} - `)).toBe(true);
  expect(head.ogDescription).toBe(head.description);
  expect(head.description?.length).toBeGreaterThan(0);
  expect(head.ogSiteName?.length).toBeGreaterThan(0);
  expect(head.ogLocale).toBe('zh_CN');
  expect(head.ogType).toMatch(/^(article|website)$/);
  expect(head.twitterCard).toMatch(/^summary(_large_image)?$/);
  expect(head.twitterTitle).toBe(head.ogTitle);
});

test('the home page carries the Organization JSON-LD: site name, absolute logo, hotline contact point', async ({ page }) => {
  const site = await sandboxGet<{ site_name: string; hotline: string }>('/site');
  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const parsed = blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
  const org = parsed.find((d) => d['@type'] === 'Organization') as
    | { name: string; url: string; logo: string; contactPoint: { '@type': string; telephone: string; contactType: string }[] }
    | undefined;
  expect(org).toBeDefined();
  expect(org!.name).toBe(site.site_name);
  expect(org!.url).toMatch(/^https?:\/\/[^/]+\/$/);
  expect(org!.logo).toMatch(/^https?:\/\/[^/]+\/logo\.svg$/);
  expect(org!.contactPoint[0]).toMatchObject({ '@type': 'ContactPoint', telephone: site.hotline, contactType: 'customer service' });
  // The logo it names exists.
  const logo = await page.request.get(new URL('/logo.svg', page.url()).href);
  expect(logo.status()).toBe(200);
});
