import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_BOX, imageBox, sanitizeRichText, TABLE_LABEL } from '#src/shared/content/sanitize.ts';

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
  '<video poster="javascript:alert(1)"><track src="javascript:alert(1)" kind="captions"></video>',
  '<table title="</table><script>alert(1)</script>"><tr><td>x</td></tr></table>',
  '<img src="x" width="1 onerror=alert(1)">',
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
    const html =
      '<h2>开票说明</h2><p>支持<strong>增值税专用发票</strong>。</p><ul><li>一</li></ul><table><tr><th>项目</th><td>税率 13%</td></tr></table><img src="/images/a.svg" alt="图"><a href="/services/policies/172">退换政策</a>';
    const out = sanitizeRichText(html);
    for (const piece of [
      '<h2>开票说明</h2>',
      '<strong>增值税专用发票</strong>',
      '<li>一</li>',
      '<th>项目</th>',
      'alt="图"',
      'href="/services/policies/172"',
    ])
      expect(out).toContain(piece);
  });

  it('opens external links in a new tab without handing over the window', () => {
    expect(sanitizeRichText('<a href="https://www.gb688.cn/">标准</a>')).toBe(
      '<a href="https://www.gb688.cn/" target="_blank" rel="noopener noreferrer nofollow">标准</a>',
    );
  });
});

describe('rich text images', () => {
  it('keeps the width and height the back office gave, and loads late off the main thread', () => {
    expect(sanitizeRichText('<img src="/images/a.svg" alt="图" width="320" height="240">')).toBe(
      '<img src="/images/a.svg" alt="图" width="320" height="240" loading="lazy" decoding="async" />',
    );
  });

  it('gives an image without a size the default 16:9 box and an empty alt', () => {
    const out = sanitizeRichText('<img src="/images/missing.png">');
    expect(out).toContain(`width="${DEFAULT_IMAGE_BOX.width}" height="${DEFAULT_IMAGE_BOX.height}"`);
    expect(out).toContain('alt=""');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('decoding="async"');
  });

  it('derives the missing side at 16:9 and ignores junk or absurd sizes', () => {
    expect(imageBox('640', undefined)).toEqual({ width: 640, height: 360 });
    expect(imageBox(undefined, '90')).toEqual({ width: 160, height: 90 });
    expect(imageBox('300px', '200px')).toEqual({ width: 300, height: 200 });
    expect(imageBox('50%', 'auto')).toEqual(DEFAULT_IMAGE_BOX);
    expect(imageBox('0', '-3')).toEqual(DEFAULT_IMAGE_BOX);
    expect(imageBox('99999', '10')).toEqual({ width: 18, height: 10 });
  });

  it('overrides an eager loading attribute', () => {
    expect(sanitizeRichText('<img src="/a.png" loading="eager">')).toContain('loading="lazy"');
  });
});

describe('rich text tables', () => {
  it('wraps every table in a focusable, labelled scroll box', () => {
    const out = sanitizeRichText('<table><tr><td>1</td></tr></table><p>x</p><table><tr><td>2</td></tr></table>');
    expect(out).toBe(
      `<div class="rt-table" role="region" tabindex="0" aria-label="${TABLE_LABEL}"><table><tr><td>1</td></tr></table></div><p>x</p>` +
        `<div class="rt-table" role="region" tabindex="0" aria-label="${TABLE_LABEL}"><table><tr><td>2</td></tr></table></div>`,
    );
  });

  it('closes an unclosed table inside its box and does not wrap table-like text', () => {
    expect(sanitizeRichText('<table><tr><td>x')).toBe(
      `<div class="rt-table" role="region" tabindex="0" aria-label="${TABLE_LABEL}"><table><tr><td>x</td></tr></table></div>`,
    );
    expect(sanitizeRichText('<p>&lt;table&gt; 不是表格</p>')).toBe('<p>&lt;table&gt; 不是表格</p>');
  });

  it('lets no one else bring the scroll box class or role', () => {
    expect(sanitizeRichText('<div class="rt-table" role="region" tabindex="0">x</div>')).toBe('x');
  });
});

describe('rich text video', () => {
  it('keeps caption tracks inside a video', () => {
    const out = sanitizeRichText(
      '<video src="/videos/valve.mp4" poster="/images/p.svg"><track kind="captions" src="/videos/valve.vtt" srclang="zh" label="中文字幕" default></video>',
    );
    expect(out).toBe(
      '<video src="/videos/valve.mp4" poster="/images/p.svg" controls="" preload="none"><track kind="captions" src="/videos/valve.vtt" srclang="zh" label="中文字幕" default="" /></video>',
    );
  });

  it('normalises an unknown track kind and drops script and data URLs', () => {
    const out = sanitizeRichText('<video><track kind="evil" src="data:text/vtt,x" onload="alert(1)"></video>');
    expect(out).toBe('<video controls="" preload="none"><track kind="captions" /></video>');
    expect(sanitizeRichText('<video poster="javascript:alert(1)"></video>')).toBe('<video controls="" preload="none"></video>');
  });
});

describe('rich text links', () => {
  it('gives links to other sites rel=noopener noreferrer and keeps site links as they are', () => {
    expect(sanitizeRichText('<a href="http://www.sac.gov.cn/" target="_self" rel="opener">国标委</a>')).toBe(
      '<a href="http://www.sac.gov.cn/" target="_blank" rel="noopener noreferrer nofollow">国标委</a>',
    );
    expect(sanitizeRichText('<a href="/services/policies/170" target="_blank" rel="opener">政策</a>')).toBe(
      '<a href="/services/policies/170">政策</a>',
    );
  });
});
