/**
 * Code cites the repository's documents, not the tracker: a fact a comment leans on lives in docs/*.md (or README.md), which
 * travel with the code, while issue numbers and the old SPEC/DESIGN section marks point at text a reader of the tree cannot
 * open. Markdown is not scanned: the documents may tell their own history.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const FOLDERS = ['src', 'server', 'sandbox', 'build', 'scripts', 'tests', '.ci'];
const SKIP_DIRS = new Set(['node_modules', '.astro', 'dist']);
const TEXT = /\.(astro|[cm]?[jt]sx?|json|css|toml|ya?ml|sh|html|svg)$|^\.env\.example$|^\.jscpd\.json$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP_DIRS.has(name) ? [] : files(path);
    return TEXT.test(name) && !name.endsWith('.md') ? [path] : [];
  });
}

const rootFiles = readdirSync('.').filter((name) => statSync(name).isFile() && TEXT.test(name) && name !== 'package-lock.json');
const sources = [
  ...FOLDERS.flatMap((d) => {
    try {
      return files(d);
    } catch {
      return [];
    }
  }),
  ...rootFiles,
];

// Built from parts so that this file does not match itself.
const TRACKER = new RegExp(`\\b[Ii]ssues? #?\\d+|\\b(?:${['SPEC', 'DESIGN'].join('|')}) \\u00a7`);

it('scans the code folders and the root configuration', () => {
  expect(sources).toContain('astro.config.mjs');
  expect(sources.some((f) => f.startsWith('src'))).toBe(true);
  expect(sources.length).toBeGreaterThan(300);
});

it('cites no tracker issue and no SPEC/DESIGN section in code, tests or configuration', () => {
  const hits = sources.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((line, i) => (TRACKER.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
  );
  expect(hits).toEqual([]);
});
