import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../../src/lib/sanitize.ts';

const payloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<object data="x.swf"></object>',
  '<form action="https://evil.example"><input name=a></form>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="//evil.example">x</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

describe('rich text sanitizer', () => {
  it.each(payloads)('neutralises %s', (payload) => {
    const out = sanitizeRichText(payload);
    expect(out).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<object|<form|<svg|style=|data:|href="\/\//i);
  });

  it('is idempotent', () => {
    for (const p of payloads) expect(sanitizeRichText(sanitizeRichText(p))).toBe(sanitizeRichText(p));
  });

  it('keeps what the back office writes: headings, lists, tables, images, links', () => {
    const html = '<h2>开票说明</h2><p>支持<strong>增值税专用发票</strong>。</p><ul><li>一</li></ul><table><tr><th>项目</th><td>税率 13%</td></tr></table><img src="/images/a.svg" alt="图"><a href="/services/policies/172">退换政策</a>';
    const out = sanitizeRichText(html);
    for (const piece of ['<h2>开票说明</h2>', '<strong>增值税专用发票</strong>', '<li>一</li>', '<th>项目</th>', 'alt="图"', 'href="/services/policies/172"']) expect(out).toContain(piece);
  });

  it('opens external links in a new tab without handing over the window', () => {
    expect(sanitizeRichText('<a href="https://www.gb688.cn/">标准</a>')).toBe('<a href="https://www.gb688.cn/" target="_blank" rel="noopener noreferrer nofollow">标准</a>');
  });
});
