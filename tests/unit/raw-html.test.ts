/** DESIGN §7: exactly one place renders raw HTML, and it sanitizes first. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

it('renders raw HTML only in RichText.astro, through the sanitizer', () => {
  const sources = files('src').filter((f) => /\.(astro|tsx?|jsx?)$/.test(f));
  const raw = sources.filter((f) => /set:html|dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML/.test(readFileSync(f, 'utf8')));
  expect(raw).toEqual([join('src', 'components', 'content', 'RichText.astro')]);
  expect(readFileSync(raw[0]!, 'utf8')).toMatch(/sanitizeRichText\(/);
});
