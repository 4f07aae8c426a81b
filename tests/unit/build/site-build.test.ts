// The build log reader the incremental test and the build benchmark rely on: it must read Astro's page lines with or without colour.
import { describe, expect, it } from 'vitest';
import { renderedPages } from '#build/site-build.ts';

const line = (mark: string, path: string, tail: string) => `  ${mark} ${path} ${tail}\n`;

describe('renderedPages', () => {
  it('reads plain lines: rendered (any time format), restored and cached pages', () => {
    const log =
      line('├─', '/a/index.html', '(+12ms)') +
      line('├─', '/b/index.html', '(restored)') +
      line('└─', '/c/index.html', '(+1.05s)') +
      line('├─', '/d/index.html', '(cached)') +
      line('├─', '/e/index.html', '(+1m 5s)');
    expect(renderedPages(log)).toEqual({
      rendered: ['/a/index.html', '/c/index.html', '/e/index.html'],
      restored: ['/b/index.html', '/d/index.html'],
    });
  });

  it('reads the same lines when Astro colours them (FORCE_COLOR)', () => {
    const log =
      '  \x1b[34m├─\x1b[39m \x1b[2m/a/index.html\x1b[22m \x1b[2m(+12ms)\x1b[22m \n' +
      '  \x1b[32m├─\x1b[39m \x1b[2m/b/index.html\x1b[22m \x1b[32m(restored)\x1b[39m\n';
    expect(renderedPages(log)).toEqual({ rendered: ['/a/index.html'], restored: ['/b/index.html'] });
  });
});

describe('renderedPages with concurrent rendering', () => {
  it('counts a page whose time lands after other pages’ marks as rendered, and a kept page as kept', () => {
    const log =
      '  ├─ /a/index.html  ├─ /b/index.html (restored)\n (+31ms)\n  ├─ /c/index.html  ├─ /d/index.html (+9ms)\n (+12ms)\n  ├─ /e/index.html (cached)\n';
    expect(renderedPages(log)).toEqual({
      rendered: ['/a/index.html', '/c/index.html', '/d/index.html'],
      restored: ['/b/index.html', '/e/index.html'],
    });
  });
});
