/** docs/architecture.md §7: exactly one place renders raw HTML, and it sanitizes first. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

// JSON-LD is not HTML: JsonLd.astro writes JSON whose '<' is escaped, so it cannot open or close a tag.
const JSON_LD = join('src', 'shared', 'content', 'JsonLd.astro');

it('writes JSON-LD only through the escaping serializer', () => {
  expect(readFileSync(JSON_LD, 'utf8')).toMatch(/set:html=\{json\}/);
  expect(readFileSync(JSON_LD, 'utf8')).toMatch(/const json = scriptJson\(/);
});

it('renders raw HTML only in RichText.astro, through the sanitizer', () => {
  const sources = files('src').filter((f) => /\.(astro|tsx?|jsx?)$/.test(f) && f !== JSON_LD);
  const raw = sources.filter((f) => /set:html|dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML/.test(readFileSync(f, 'utf8')));
  expect(raw).toEqual([join('src', 'shared', 'content', 'RichText.astro')]);
  expect(readFileSync(raw[0]!, 'utf8')).toMatch(/sanitizeRichText\(/);
});
