/** Every file under a folder, depth first, for the build steps that go over the output (prune, precompress, sitemap, search index). */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export async function* walkFiles(dir: string, skipDir: (name: string) => boolean = () => false): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipDir(entry.name)) yield* walkFiles(path, skipDir);
    } else if (entry.isFile()) yield path;
  }
}

/** The HTML pages of a build's client output: assets (`_astro`) and the search index (`pagefind`) hold none. */
export async function* pageFiles(dir: string): AsyncGenerator<string> {
  for await (const path of walkFiles(dir, (name) => name === '_astro' || name === 'pagefind')) if (path.endsWith('.html')) yield path;
}
