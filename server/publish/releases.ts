/**
 * Release folders of the Node server: each successful build is copied out of the build folder into `<releases>/<n>/`, and
 * the `current` symlink is replaced by a rename (atomic: a reader sees the old or the new target, never none). The build
 * folder keeps Astro's incremental behaviour (pages left in place, the digest store's inodes unchanged); a release is never
 * written after it is made, so the running server's files never change under it. Unchanged files are hard links to the
 * previous release's (which is just as immutable), so a release of ten thousand pages costs a stat per file, not a copy.
 */
import { copyFile, link, lstat, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';

/** The marker of a fast publish's layer release (server/publish/layers.ts, which imports this module's neighbours). */
const LAYER = 'LAYER.json';
import { join, relative } from 'node:path';

export const CURRENT = 'current';
/** Releases kept: the live one and two to roll back to. */
export const KEEP = 3;

/** Release numbers present in `root`, ascending. */
export async function releases(root: string): Promise<number[]> {
  let names: string[] = [];
  try {
    names = await readdir(root);
  } catch {
    return [];
  }
  return names
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .sort((a, b) => a - b);
}

/** The live release's number, or null when there is none. */
export function currentRelease(root: string): number | null {
  try {
    const target = readlinkSync(join(root, CURRENT));
    return /^\d+$/.test(target) ? Number(target) : null;
  } catch {
    return null;
  }
}

/**
 * Equal modification times, allowing for utimes' float seconds (a copy's time may be off by a fraction of a millisecond). A
 * page the build rewrote was written seconds after the last release was made, far outside that.
 */
const sameTime = (a: bigint, b: bigint) => (a > b ? a - b : b - a) < 2_000_000n;

/**
 * Pagefind's fragments, index chunks, metadata and filters are named by a hash of their content: when one page of ten
 * thousand changed, a re-index writes the other files again with the same names and bytes. Such a file is linked when its
 * bytes equal the previous release's (compared, not trusted to the name: the hash in a name is shortened).
 */
export const CONTENT_NAMED = /\.pf_(fragment|index|meta|filter)$/;

/** Files a snapshot works on at once (libuv's file-system threads stay busy; the event loop stays free to serve). */
const SNAPSHOT_CONCURRENCY = 32;

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([readFile(a), readFile(b)]);
  return x.equals(y);
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* files(path);
    else if (e.isFile()) yield path;
  }
}

/**
 * Copies the build folder `from` into a new release folder (the next number) and returns its number. A file equal in size
 * and modification time to the latest release's (or a content-named Pagefind file equal in bytes) is linked to it; any
 * other is copied with its times. Nothing is linked to
 * the build folder itself: the next build rewrites its files in place.
 */
export async function snapshot(
  from: string,
  root: string,
  options: { searchPending?: boolean } = {},
): Promise<{ n: number; dir: string; copied: number; linked: number }> {
  const existing = await releases(root);
  // Files are linked to the newest full release (a fast publish's layer release holds only the pages it changed).
  const full = existing.filter((x) => !existsSync(join(root, String(x), LAYER)));
  const base = full.length ? join(root, String(full.at(-1))) : null;
  const n = (existing.at(-1) ?? 0) + 1;
  const dir = join(root, String(n));
  const staging = join(root, `.staging-${n}`);
  await rm(staging, { recursive: true, force: true });
  let copied = 0;
  let linked = 0;
  // Each folder is made once, before the files in it (a folder's promise is shared by its files).
  const made = new Map<string, Promise<unknown>>();
  const folder = (dir: string) => {
    let p = made.get(dir);
    if (!p) made.set(dir, (p = mkdir(dir, { recursive: true })));
    return p;
  };
  const one = async (rel: string) => {
    const src = join(from, rel);
    const dst = join(staging, rel);
    await folder(join(dst, '..'));
    const s = await stat(src, { bigint: true });
    if (base) {
      const prev = await stat(join(base, rel), { bigint: true }).catch(() => null);
      if (
        prev &&
        prev.size === s.size &&
        (sameTime(prev.mtimeNs, s.mtimeNs) || (CONTENT_NAMED.test(rel) && (await sameBytes(src, join(base, rel)))))
      ) {
        try {
          await link(join(base, rel), dst);
          linked++;
          return;
        } catch {
          // another file system: copied below
        }
      }
    }
    await copyFile(src, dst);
    // The times travel with the copy (utimes takes seconds as a float: within a millisecond), for the comparison above.
    await utimes(dst, s.atime, s.mtime);
    copied++;
  };
  // Tens of thousands of files, each a few file-system calls: SNAPSHOT_CONCURRENCY of them in flight at once instead of one
  // after another (measured at 10,000 articles on the idle machine: 19.4 s for 45,764 files one at a time).
  const list: string[] = [];
  for await (const src of files(from)) list.push(relative(from, src));
  let next = 0;
  await Promise.all(
    Array.from({ length: SNAPSHOT_CONCURRENCY }, async () => {
      while (next < list.length) await one(list[next++]!);
    }),
  );
  if (options.searchPending) await writeFile(join(staging, SEARCH_PENDING), 'the next release holds the search index of these pages\n');
  // The whole folder appears under its number at once: a half-made release is never listed.
  await rename(staging, dir);
  return { n, dir, copied, linked };
}

/** Points `current` at release `n`: a new symlink renamed over the old one. */
/**
 * The newest complete release: the live one, or the full release a live layer release (server/publish/layers.ts) is served
 * over. The loaded server code's `client` folder points here (server/publish/server-code.ts): the pictures, fonts and
 * Pagefind files Astro's handler serves must all be there, and a layer holds only what one fast publish changed.
 */
export const CURRENT_FULL = 'current-full';

async function pointAt(root: string, name: string, n: number): Promise<void> {
  const tmp = join(root, `.${name}.${process.pid}.tmp`);
  await rm(tmp, { force: true });
  await symlink(String(n), tmp);
  await rename(tmp, join(root, name));
}

/** The full release of release `n`: itself, or the base of a layer release. */
export function fullReleaseOf(root: string, n: number): number {
  const layer = join(root, String(n), LAYER);
  return existsSync(layer) ? (JSON.parse(readFileSync(layer, 'utf8')).base as number) : n;
}

/** Makes `current-full` follow `current` when it is missing (a releases folder from before it existed). */
export async function ensureCurrentFull(root: string): Promise<void> {
  const live = currentRelease(root);
  if (live !== null && !existsSync(join(root, CURRENT_FULL))) await pointAt(root, CURRENT_FULL, fullReleaseOf(root, live));
}

export async function switchTo(root: string, n: number): Promise<void> {
  // The complete release first, so the handler never looks for a base file in a layer.
  await pointAt(root, CURRENT_FULL, fullReleaseOf(root, n));
  await pointAt(root, CURRENT, n);
}

/** Removes releases beyond the newest KEEP, never the live one. */
export async function prune(root: string): Promise<number[]> {
  const all = await releases(root);
  const live = currentRelease(root);
  const kept = all.slice(Math.max(0, all.length - KEEP));
  // A kept layer release needs its full release (server/publish/layers.ts).
  const bases = new Set(
    kept.flatMap((n) =>
      existsSync(join(root, String(n), LAYER)) ? [JSON.parse(readFileSync(join(root, String(n), LAYER), 'utf8')).base as number] : [],
    ),
  );
  const drop = all.slice(0, Math.max(0, all.length - KEEP)).filter((n) => n !== live && !bases.has(n));
  for (const n of drop) await discard(root, String(n));
  // Leftovers of an interrupted snapshot, and of a removal a stopped server did not finish.
  for (const name of await readdir(root)) {
    if (name.startsWith('.staging-')) await discard(root, name);
    else if (name.startsWith(TRASH) && !removing.has(join(root, name))) removeInBackground(join(root, name));
  }
  return drop;
}

/**
 * Removes a release folder without holding the server: renamed out of the way at once (it is no longer a release), then
 * deleted by an `rm -rf` of its own. A full release at 50,000 articles is 220,000 links; deleting them in this process took
 * its file-system threads for about 15 s, during which the live pages and the next fast publish waited (an edit went live
 * in 17 s instead of 1).
 */
const TRASH = '.trash-';
const removing = new Set<string>();
async function discard(root: string, name: string): Promise<void> {
  const trash = join(root, `${TRASH}${name}-${process.pid}-${Date.now()}`);
  await rename(join(root, name), trash);
  removeInBackground(trash);
}
function removeInBackground(path: string): void {
  removing.add(path);
  const done = () => removing.delete(path);
  const child = spawn('rm', ['-rf', '--', path], { stdio: 'ignore' });
  child.on('exit', done);
  // No `rm` (another system): this process removes it.
  child.on('error', () => void rm(path, { recursive: true, force: true }).finally(done));
  child.unref();
}

/**
 * Marks a release made before its search index (the publisher's first release of a build): the next release has the same
 * pages and their index, so a rollback passes over it.
 */
export const SEARCH_PENDING = 'SEARCH_PENDING';

/** The release before the live one, or null; one whose search index came in the next release is passed over while an older one exists. */
export async function previousRelease(root: string): Promise<number | null> {
  const live = currentRelease(root);
  const older = (await releases(root)).filter((n) => live === null || n < live);
  const complete = older.filter((n) => !existsSync(join(root, String(n), SEARCH_PENDING)));
  return complete.at(-1) ?? older.at(-1) ?? null;
}

/** True when `root/current` is a symlink (and not, say, a folder someone made by hand). */
export async function hasCurrent(root: string): Promise<boolean> {
  try {
    return (await lstat(join(root, CURRENT))).isSymbolicLink() && (await readlink(join(root, CURRENT))).length > 0;
  } catch {
    return false;
  }
}
