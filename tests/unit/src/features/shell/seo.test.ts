/** robots.txt, sitemap.xml, the Organization JSON-LD and meta descriptions (src/features/shell/seo.ts). */
import { describe, expect, it } from 'vitest';
import {
  isSitemapPath,
  metaDescription,
  organizationLd,
  pathOfHtmlFile,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapFiles,
  sitemapXml,
} from '#src/features/shell/seo.ts';

const ORIGIN = 'https://www.example.cn';

describe('robots.txt', () => {
  it('allows everything public, disallows private and API paths and names the sitemap', () => {
    const txt = robotsTxt(ORIGIN);
    expect(txt).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const p of ['/member', '/api', '/shopping-cart', '/Confirmorder', '/checkout', '/order'])
      expect(txt).toContain(`\nDisallow: ${p}\n`);
    expect(txt).toContain('\nSitemap: https://www.example.cn/sitemap.xml\n');
  });
});

describe('sitemap', () => {
  it('maps built HTML files to page paths', () => {
    expect(pathOfHtmlFile('index.html')).toBe('/');
    expect(pathOfHtmlFile('services/policies/381/index.html')).toBe('/services/policies/381');
    expect(pathOfHtmlFile('404.html')).toBe('/404');
  });

  it('leaves out error pages, private pages, account forms and asset folders', () => {
    for (const p of [
      '/login/',
      '/login-kd123',
      '/register-by-email/',
      '/find-password',
      '/404',
      '/500',
      '/503/',
      '/error',
      '/member',
      '/member/my-order/',
      '/api/buyer/x',
      '/shopping-cart',
      '/Confirmorder/payment',
      '/checkout/cashier',
      '/order',
      '/_astro/x',
      '/pagefind/x',
    ])
      expect(isSitemapPath(p), p).toBe(false);
    for (const p of ['/', '/services/policies/381/', '/gases/details/1/', '/orders-help', '/members-right/', '/logins-guide'])
      expect(isSitemapPath(p), p).toBe(true);
  });

  it('writes absolute, sorted, unique, escaped URLs as a valid urlset', () => {
    const [file] = sitemapFiles(['/b/', '/a/', '/a/', '/404', '/member/', '/q&a/', '/气体/'], ORIGIN);
    expect(file!.name).toBe('sitemap.xml');
    expect(file!.xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://www.example.cn/a/</loc></url>\n  <url><loc>https://www.example.cn/b/</loc></url>\n' +
        '  <url><loc>https://www.example.cn/q&amp;a/</loc></url>\n  <url><loc>https://www.example.cn/%E6%B0%94%E4%BD%93/</loc></url>\n</urlset>\n',
    );
  });

  it('splits over 50,000 URLs into parts under a sitemap index', () => {
    const paths = Array.from({ length: SITEMAP_MAX_URLS + 5 }, (_, i) => `/about/news/${i}/`);
    const files = sitemapFiles(paths, ORIGIN);
    expect(files.map((f) => f.name)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    expect(files[0]!.xml).toContain('<sitemapindex');
    expect(files[0]!.xml).toContain('<loc>https://www.example.cn/sitemap-2.xml</loc>');
    expect(files[2]!.xml.match(/<url>/g)).toHaveLength(5);
  });

  it('writes an empty urlset when there is nothing to list', () => {
    expect(sitemapXml([])).toContain('<urlset');
  });
});

describe('Organization JSON-LD', () => {
  it('names the company with its logo and hotline, all URLs absolute', () => {
    expect(organizationLd({ name: '华气云商', origin: ORIGIN, logo: '/logo.svg', hotline: '400-820-6688' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://www.example.cn/#organization',
      name: '华气云商',
      url: 'https://www.example.cn/',
      logo: 'https://www.example.cn/logo.svg',
      contactPoint: [
        {
          '@type': 'ContactPoint',
          telephone: '400-820-6688',
          contactType: 'customer service',
          areaServed: 'CN',
          availableLanguage: ['zh-CN'],
        },
      ],
    });
  });
});

describe('meta description', () => {
  it('uses the summary with its white space collapsed, cut at 150 characters, and nothing when blank', () => {
    expect(metaDescription('  高纯氮气\n\n 的用途 ')).toBe('高纯氮气 的用途');
    expect(metaDescription('气'.repeat(200))).toBe(`${'气'.repeat(149)}…`);
    expect(metaDescription('   ')).toBeUndefined();
    expect(metaDescription(undefined)).toBeUndefined();
  });
});
