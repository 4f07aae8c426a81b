// Release folders: a release links what did not change since the previous one, copies the rest, and never shares a file
// with the build folder (the next build rewrites its files in place); `current` moves by rename; three are kept.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentRelease, previousRelease, prune, releases, snapshot, switchTo } from '#server/publish/releases.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'releases-'));
  dirs.push(root);
  const build = join(root, 'build');
  mkdirSync(join(build, 'client/a'), { recursive: true });
  writeFileSync(join(build, 'client/a/index.html'), 'A1');
  writeFileSync(join(build, 'client/b.html'), 'B1');
  return { build, rel: join(root, 'releases') };
}

describe('release folders', () => {
  it('links unchanged files to the previous release, copies changed ones, and shares nothing with the build folder', async () => {
    const { build, rel } = setup();
    const first = await snapshot(build, rel);
    expect(first).toMatchObject({ n: 1, copied: 2, linked: 0 });
    await new Promise((r) => setTimeout(r, 20));
    // The build rewrites one page in place, as Astro does.
    writeFileSync(join(build, 'client/b.html'), 'B2');
    const second = await snapshot(build, rel);
    expect(second).toMatchObject({ n: 2, copied: 1, linked: 1 });
    expect(readFileSync(join(rel, '1/client/b.html'), 'utf8')).toBe('B1');
    expect(readFileSync(join(rel, '2/client/b.html'), 'utf8')).toBe('B2');
    expect(statSync(join(rel, '2/client/a/index.html')).ino).toBe(statSync(join(rel, '1/client/a/index.html')).ino);
    expect(statSync(join(rel, '2/client/a/index.html')).ino).not.toBe(statSync(join(build, 'client/a/index.html')).ino);
    // A third release of an unchanged build links everything, copies made by the previous release included.
    expect(await snapshot(build, rel)).toMatchObject({ n: 3, copied: 0, linked: 2 });
  });

  it("links Pagefind's content-named files a re-index wrote again with the same bytes, and copies one whose bytes differ", async () => {
    const { build, rel } = setup();
    mkdirSync(join(build, 'client/pagefind/news/fragment'), { recursive: true });
    writeFileSync(join(build, 'client/pagefind/news/fragment/zh-cn_abc.pf_fragment'), 'F1');
    writeFileSync(join(build, 'client/pagefind/news/fragment/zh-cn_def.pf_fragment'), 'G1');
    await snapshot(build, rel);
    await new Promise((r) => setTimeout(r, 20));
    // Written again (new time): one with the same bytes, one with different bytes under a repeated (shortened) hash.
    writeFileSync(join(build, 'client/pagefind/news/fragment/zh-cn_abc.pf_fragment'), 'F1');
    writeFileSync(join(build, 'client/pagefind/news/fragment/zh-cn_def.pf_fragment'), 'G2');
    expect(await snapshot(build, rel)).toMatchObject({ n: 2, copied: 1, linked: 3 });
    expect(statSync(join(rel, '2/client/pagefind/news/fragment/zh-cn_abc.pf_fragment')).ino).toBe(
      statSync(join(rel, '1/client/pagefind/news/fragment/zh-cn_abc.pf_fragment')).ino,
    );
    expect(readFileSync(join(rel, '2/client/pagefind/news/fragment/zh-cn_def.pf_fragment'), 'utf8')).toBe('G2');
  });

  it('rolls back past a release whose search index came in the next one', async () => {
    const { build, rel } = setup();
    await switchTo(rel, (await snapshot(build, rel)).n);
    await switchTo(rel, (await snapshot(build, rel, { searchPending: true })).n);
    await switchTo(rel, (await snapshot(build, rel)).n);
    expect(await previousRelease(rel)).toBe(1);
    await switchTo(rel, 2);
    expect(await previousRelease(rel)).toBe(1);
  });

  it('switches by symlink, rolls back to the previous release and keeps three', async () => {
    const { build, rel } = setup();
    for (let i = 0; i < 4; i++) await switchTo(rel, (await snapshot(build, rel)).n);
    expect(readlinkSync(join(rel, 'current'))).toBe('4');
    expect(await prune(rel)).toEqual([1]);
    expect(await releases(rel)).toEqual([2, 3, 4]);
    // The dropped release is renamed away at once and removed by a process of its own (the server's threads stay free).
    expect(existsSync(join(rel, '1'))).toBe(false);
    await vi.waitFor(() => expect(readdirSync(rel).filter((n) => n.startsWith('.trash-'))).toEqual([]), { timeout: 5000 });
    expect(await previousRelease(rel)).toBe(3);
    await switchTo(rel, 3);
    expect(currentRelease(rel)).toBe(3);
  });
});
