// The site's CSP (astro.config.mjs: hashes for <style> elements, no 'unsafe-inline') blocks every style attribute in server
// HTML: the browser reports "Applying inline style violates ... style-src" and shows the element unstyled. A literal style
// attribute in an .astro template, or a style prop of a React island (rendered on the server too), is that attribute.
// Styles set from data at run time in the browser (element.style, React updates after hydration) go through the CSSOM,
// which the policy allows: ImageZoom's lens and turn are only ever set that way (nothing of them is rendered on the server).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const RUNTIME_ONLY = new Set(['src/shared/ui/ImageZoom.tsx']);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(astro|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('no inline style attributes in server HTML', () => {
  it('no .astro template or island writes a style attribute (the CSP blocks it)', () => {
    const found = files('src')
      .filter((f) => !RUNTIME_ONLY.has(f))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\sstyle=["{]/.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 100)}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it('every utility class used exists in utilities.css', () => {
    const css = readFileSync('src/styles/utilities.css', 'utf8');
    const defined = new Set([...css.matchAll(/^\.(u-[\w-]+) \{/gm)].map((m) => m[1]));
    const used = new Set(
      files('src').flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/class(?:Name)?="([^"]*)"/g)].flatMap((m) =>
          m[1]!.split(/\s+/).filter((c) => c.startsWith('u-')),
        ),
      ),
    );
    expect([...used].filter((c) => !defined.has(c))).toEqual([]);
    expect(used.size).toBeGreaterThan(0);
  });
});
