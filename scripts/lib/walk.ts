/** Every file under a folder, depth first, for the build steps that go over the output (prune, precompress). */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export async function* walkFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkFiles(path);
    else if (entry.isFile()) yield path;
  }
}
