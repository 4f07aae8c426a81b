/**
 * Tests mirror the source layout (docs/testing.md, "Where a test lives"): from a unit test's path you reach the module or
 * folder it tests, and from a module's path its tests. A test whose path leads nowhere (a module renamed or moved without its
 * test, or a test put somewhere by habit) fails here with the path it should have.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = 'tests/unit';
/** Roots a unit test may mirror: the shop's source and the node tools. */
const ROOTS = ['src', 'server', 'sandbox', 'build', 'scripts'];
/** Tests of a property of the whole repository (no inline style, no raw HTML, the build guard), named after the property. */
const REPO = `${UNIT}/repo`;
/** Source files a test's path may name, without their extension. */
const EXTENSIONS = ['.ts', '.tsx', '.astro', '.mjs'];

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

const fileOrFolder = (path: string): string | null => {
  if (existsSync(path) && statSync(path).isDirectory()) return path;
  return EXTENSIONS.map((ext) => path + ext).find((f) => existsSync(f)) ?? null;
};

/**
 * The source a unit test covers: `tests/unit/<root>/<path>[.<topic>].test.ts` -> `<root>/<path>` as a file (any of
 * EXTENSIONS) or a folder. The optional `.<topic>` names one aspect when a module has more than one test file
 * (`db.reader.test.ts`); a module whose own name holds a dot (`x.server.ts`) is found before the topic is dropped.
 */
function sourceOf(testPath: string): string | null {
  const path = testPath.split('\\').join('/');
  const match = /^tests\/unit\/([^/]+)\/(.+)\.test\.tsx?$/.exec(path);
  if (!match || !ROOTS.includes(match[1]!)) return null;
  const base = `${match[1]}/${match[2]}`;
  const found = fileOrFolder(base);
  if (found) return found;
  const withoutTopic = base.replace(/\.[^./]+$/, '');
  return withoutTopic !== base ? fileOrFolder(withoutTopic) : null;
}

describe('test layout', () => {
  it('leads from every unit test to the source file or folder it tests', () => {
    const lost = walk(UNIT)
      .filter(isTest)
      .filter((f) => !f.startsWith(`${REPO}/`) && sourceOf(f) === null);
    expect(lost, 'unit tests whose path names no module or folder: see docs/testing.md').toEqual([]);
  });

  it('keeps repository-wide tests flat in tests/unit/repo and test files out of other folders', () => {
    expect(walk(REPO).filter((f) => f.slice(REPO.length + 1).includes('/'))).toEqual([]);
    const elsewhere = walk('tests')
      .filter(isTest)
      .filter((f) => !f.startsWith(`${UNIT}/`) && !f.startsWith('tests/integration/'));
    expect(elsewhere, 'unit tests live in tests/unit, whole-site builds in tests/integration').toEqual([]);
    const colocated = ROOTS.flatMap((root) => walk(root)).filter(isTest);
    expect(colocated, 'tests mirror the source from tests/unit, not beside it').toEqual([]);
  });

  it('reads the rule as written: a file, a folder, a topic, and nothing else', () => {
    expect(sourceOf('tests/unit/src/features/cylinders/rent.test.ts')).toBe('src/features/cylinders/rent.ts');
    expect(sourceOf('tests/unit/src/features/tanks.test.ts')).toBe('src/features/tanks');
    expect(sourceOf('tests/unit/src/features/toolbox/GasToolbox.test.ts')).toBe('src/features/toolbox/GasToolbox.tsx');
    expect(sourceOf('tests/unit/sandbox/db.reader.test.ts')).toBe('sandbox/db.ts');
    expect(sourceOf('tests/unit/src/features/articles/loader.list-detail.test.ts')).toBe('src/features/articles/loader.ts');
    expect(sourceOf('tests/unit/src/lib/no-such-module.test.ts')).toBeNull();
    expect(sourceOf('tests/unit/lib/cart.test.ts')).toBeNull();
    expect(sourceOf('tests/unit/cart.test.ts')).toBeNull();
  });
});
