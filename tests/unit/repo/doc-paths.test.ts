/**
 * The documents name files that exist: every repository path written in backticks in README.md and docs/*.md,
 * under one of the top folders below and with an extension, is a file or folder of the tree, and a `path:line` citation
 * points inside the file. Placeholders and globs (`<name>`, `*`, `{id}`, `$VAR`) are patterns, not paths, and are skipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const TOP = ['src', 'server', 'sandbox', 'build', 'scripts', 'tests', 'docs', 'public'];
const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

/** A path we check: a known top folder, then segments, the last with an extension; optionally `:line` or `:from-to`. */
const PATH = new RegExp(`^(?:\\./)?((?:${TOP.join('|')})/[^\\s:#?]*\\.[A-Za-z][A-Za-z0-9]*)(?::(\\d+)(?:-(\\d+))?)?(?:#.*)?$`);
/** Signs of a pattern rather than a path. */
const PATTERN = /[<>*{}$|]|\.\.\.(?![^[]*\])/;

interface Cited {
  doc: string;
  line: number;
  path: string;
  from?: number;
  to?: number;
}

/** Inline code spans outside fenced blocks, with the line they are on. */
function codeSpans(text: string): { line: number; code: string }[] {
  const spans: { line: number; code: string }[] = [];
  let fenced = false;
  text.split('\n').forEach((row, i) => {
    if (/^\s*(```|~~~)/.test(row)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const m of row.matchAll(/(`+)([^`]+?)\1/g)) spans.push({ line: i + 1, code: m[2]! });
  });
  return spans;
}

/** Repository paths named in one code span: the span itself, or the words of a command in it. */
function pathsIn(code: string): { path: string; from?: number; to?: number }[] {
  return code
    .split(/\s+/)
    .map((word) => word.replace(/^["'([]+|["'),;.\]]+$/g, ''))
    .filter((word) => !PATTERN.test(word))
    .flatMap((word) => {
      const m = PATH.exec(word);
      if (!m) return [];
      return [{ path: m[1]!, from: m[2] ? Number(m[2]) : undefined, to: m[3] ? Number(m[3]) : undefined }];
    });
}

function cited(): Cited[] {
  return DOCS.flatMap((doc) =>
    codeSpans(readFileSync(doc, 'utf8')).flatMap(({ line, code }) => pathsIn(code).map((p) => ({ doc, line, ...p }))),
  );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const row of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(row)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*)$/.exec(row);
    if (!m) continue;
    const slug = m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** Relative links between the documents, `[text](target.md#anchor)`, outside fenced blocks. */
function links(doc: string): { line: number; file: string; anchor?: string }[] {
  const found: { line: number; file: string; anchor?: string }[] = [];
  let fenced = false;
  readFileSync(doc, 'utf8')
    .split('\n')
    .forEach((row, i) => {
      if (/^\s*(```|~~~)/.test(row)) fenced = !fenced;
      if (fenced) return;
      for (const m of row.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        found.push({ line: i + 1, file: path === '' ? doc : join(dirname(doc), path), anchor });
      }
    });
  return found;
}

describe('paths in the documents', () => {
  it('reads paths, commands, citations and headings, and skips patterns', () => {
    expect(pathsIn('src/shared/api/errors.ts')).toEqual([{ path: 'src/shared/api/errors.ts' }]);
    expect(pathsIn('npx vitest run tests/unit/repo/doc-paths.test.ts -t "x"')).toEqual([{ path: 'tests/unit/repo/doc-paths.test.ts' }]);
    expect(pathsIn('server/serve.ts:12-20')).toEqual([{ path: 'server/serve.ts', from: 12, to: 20 }]);
    expect(pathsIn('docs/figures.md#lighthouse')).toEqual([{ path: 'docs/figures.md' }]);
    expect(pathsIn('src/pages/api/[base]/[...path].ts')).toEqual([{ path: 'src/pages/api/[base]/[...path].ts' }]);
    expect(pathsIn('sandbox/domains/<feature>.ts')).toEqual([]);
    expect(pathsIn('tests/e2e/*.spec.ts')).toEqual([]);
    expect(pathsIn('src/features/')).toEqual([]);
    expect(pathsIn('lib/api/client.ts')).toEqual([]);
    expect(anchors('## §3 Layout\n## The benchmark: `npm run measure:publish [N]`\n## §3 Layout')).toEqual(
      new Set(['3-layout', 'the-benchmark-npm-run-measurepublish-n', '3-layout-1']),
    );
    expect(codeSpans('a `src/x.ts`\n```\n`src/y.ts`\n```\n``src/z.ts``')).toEqual([
      { line: 1, code: 'src/x.ts' },
      { line: 5, code: 'src/z.ts' },
    ]);
  });

  it('names only files and folders that exist', () => {
    const missing = cited()
      .filter((c) => !existsSync(c.path))
      .map((c) => `${c.doc}:${c.line} ${c.path}`);
    expect(missing, 'paths in the documents that are not in the tree: fix the document').toEqual([]);
  });

  it('links to documents and headings that exist', () => {
    const broken = DOCS.flatMap((doc) =>
      links(doc)
        .filter(
          (l) =>
            !existsSync(l.file) ||
            (l.anchor !== undefined && l.file.endsWith('.md') && !anchors(readFileSync(l.file, 'utf8')).has(l.anchor)),
        )
        .map((l) => `${doc}:${l.line} ${l.file}${l.anchor ? `#${l.anchor}` : ''}`),
    );
    expect(broken, 'links between the documents that lead nowhere').toEqual([]);
  });

  it('cites lines inside the file', () => {
    const beyond = cited()
      .filter((c) => c.from !== undefined && existsSync(c.path))
      .filter((c) => {
        const lines = readFileSync(c.path, 'utf8').split('\n').length;
        return (c.to ?? c.from!) > lines;
      })
      .map((c) => `${c.doc}:${c.line} ${c.path}:${c.from}${c.to ? `-${c.to}` : ''}`);
    expect(beyond, 'path:line citations past the end of the file: fix or drop the line number').toEqual([]);
  });
});
