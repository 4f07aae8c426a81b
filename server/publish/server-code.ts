/**
 * The server code of a release, by digest. Node cannot unload an ES module, so importing every release's `server/entry.mjs`
 * kept every release's code (and its route cache, and one `unhandledRejection` listener each) in memory: 290 -> 728 MB over
 * 57 publishes. A content-only publish changes the pre-rendered HTML, not the server code, so the server is loaded once per
 * code digest and reused by every release with the same digest.
 *
 * The digest is over the bytes of every file in `server/`, with the parts of the manifest in entry.mjs that follow the
 * pages rather than the code left out: `assets` (the list of static files: a new article adds one), `key` (the server
 * islands' key, random per build unless ASTRO_KEY is set; this site has no server island) and each route's `distURL` (the
 * pages a pre-rendered route made). The code is loaded from `<releases>/.server/<digest>/server/` (hard links), whose
 * `client` is a symlink to `<releases>/current-full/client`: the handler's files (the pre-rendered 404 and 500 pages,
 * pictures, Pagefind's binary files) are always the live complete release's, whichever release first brought the code (a
 * fast publish's layer release is served over its full release, which `current-full` names).
 */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CURRENT_FULL, ensureCurrentFull } from './releases.ts';

/** The folder under the releases root holding one copy of each server code loaded, by digest. */
export const SERVER_CODE_DIR = '.server';

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* files(path);
    else if (e.isFile()) yield path;
  }
}

/** The call that embeds the serialized manifest (the function's own definition, earlier in the file, takes a name). */
const MANIFEST_CALL = 'deserializeManifest({';

/** The end (exclusive) of the JSON object starting at `start`, respecting strings. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** entry.mjs with the page-dependent parts of its serialized manifest left out (see above); unchanged when it has none. */
export function normalizeEntry(text: string): string {
  const at = text.indexOf(MANIFEST_CALL);
  if (at < 0) return text;
  const start = at + MANIFEST_CALL.length - 1;
  const end = objectEnd(text, start);
  if (end < 0) return text;
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text.slice(start, end)) as Record<string, unknown>;
  } catch {
    return text;
  }
  delete manifest.assets;
  delete manifest.key;
  if (Array.isArray(manifest.routes)) {
    for (const r of manifest.routes as { routeData?: { distURL?: unknown } }[]) if (r.routeData) delete r.routeData.distURL;
  }
  return text.slice(0, start) + JSON.stringify(manifest) + text.slice(end);
}

/** The digest of a release's server code (`<release>/server`). */
export async function codeDigest(serverDir: string): Promise<string> {
  const h = createHash('sha256');
  for await (const path of files(serverDir)) {
    const rel = relative(serverDir, path);
    const bytes = await readFile(path);
    h.update(`${rel}\0`);
    h.update(rel === 'entry.mjs' ? normalizeEntry(bytes.toString('utf8')) : bytes);
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * The entry module to import for a release's server code: `<root>/.server/<digest>/server/entry.mjs`, made from the release
 * the first time that digest is seen (hard links to the release's files, which are never written again; copies across file
 * systems), with `client` pointing at the live release.
 */
export async function serverEntry(root: string, releaseDir: string): Promise<{ digest: string; entry: string }> {
  const serverDir = join(releaseDir, 'server');
  const digest = await codeDigest(serverDir);
  const home = join(root, SERVER_CODE_DIR, digest);
  const entry = join(home, 'server', 'entry.mjs');
  if (!existsSync(entry)) {
    const staging = join(root, SERVER_CODE_DIR, `.staging-${digest}-${process.pid}`);
    await rm(staging, { recursive: true, force: true });
    for await (const path of files(serverDir)) {
      const dst = join(staging, 'server', relative(serverDir, path));
      await mkdir(join(dst, '..'), { recursive: true });
      await link(path, dst).catch(() => copyFile(path, dst));
    }
    // resolveClientDir of @astrojs/node finds `../client` beside the server folder it runs from: the newest complete release's
    // (a fast publish's layer release holds only its changed files; releases.ts CURRENT_FULL).
    await ensureCurrentFull(root);
    await symlink(join('..', '..', CURRENT_FULL, 'client'), join(staging, 'client'));
    await rm(home, { recursive: true, force: true });
    await rename(staging, home);
  }
  return { digest, entry };
}

/**
 * Removes server code folders other than `keep` (the digests loaded in this process: a loaded module imports its chunks
 * lazily, so its files must stay while it runs). Called at start, before anything is loaded.
 */
export async function pruneServerCode(root: string, keep: ReadonlySet<string>): Promise<string[]> {
  const dir = join(root, SERVER_CODE_DIR);
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const drop = names.filter((n) => !keep.has(n));
  for (const n of drop) await rm(join(dir, n), { recursive: true, force: true });
  return drop;
}
