/**
 * The sandbox's handlers stay short: no function in sandbox is longer than 80 lines (docs/sandbox.md, "Handlers"),
 * so a domain reads as a table of named handlers in `install()` and each route, hook, seed or listener fits on a screen.
 * Lines are counted with the TypeScript compiler from a function's first token to its closing brace, comments above it excluded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SANDBOX = join(ROOT, 'sandbox');
const MAX_LINES = 80;

interface Measured {
  where: string;
  name: string;
  lines: number;
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every function-like node in a file with its length in lines. */
function measure(file: string): Measured[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = sf.getLineAndCharacterOfPosition(fn.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(fn.getEnd()).line;
      out.push({ where: `${relative(ROOT, file)}:${first + 1}`, name: nameOf(fn), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('sandbox handler length', () => {
  const all = sources(SANDBOX).flatMap(measure);

  it('finds the functions it measures (the walk is not empty)', () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all.some((m) => m.name === 'install')).toBe(true);
  });

  it(`has no function in sandbox longer than ${MAX_LINES} lines`, () => {
    const long = all.filter((m) => m.lines > MAX_LINES).map((m) => `${m.where} ${m.name}: ${m.lines} lines`);
    expect(long).toEqual([]);
  });
});
