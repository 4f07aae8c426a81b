/** Finds and reads the CJK font subset the PDFs embed (src/assets/fonts; made by scripts/tools/subset-cjk-font.py, SIL OFL 1.1). */
import { create, type Font } from 'fontkit';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The font's path from the project root: Netlify's function bundle gets it through the adapter's `includeFiles` (astro.config.mjs). */
export const CJK_FONT_FILE = 'src/assets/fonts/NotoSansSC-Subset.ttf';

/**
 * Where the font can be: next to this module when it runs unbundled (tests, scripts), else under the working directory,
 * which is the project root for `npm start` and the function's root on Netlify (included files keep their paths).
 */
const candidates = (): string[] => {
  const places = [join(process.cwd(), CJK_FONT_FILE)];
  // A variable, not a literal: a literal `new URL('…', import.meta.url)` would be rewritten by the bundler into an asset URL.
  const beside = '../../assets/fonts/NotoSansSC-Subset.ttf';
  const url = new URL(beside, import.meta.url);
  if (url.protocol === 'file:') places.unshift(fileURLToPath(url));
  return places;
};

let cached: Promise<Buffer> | undefined;

/** The font's bytes, read once per process. */
export function loadCjkFont(): Promise<Buffer> {
  cached ??= (async () => {
    for (const path of candidates()) {
      try {
        return await readFile(path);
      } catch {
        // try the next place
      }
    }
    cached = undefined;
    throw new Error(`PDF font not found: ${CJK_FONT_FILE} (looked in ${candidates().join(', ')})`);
  })();
  return cached;
}

let parsed: Promise<Font> | undefined;

/**
 * The font parsed once per process: pdfkit would otherwise parse the 1.6 MB file for every document (most of a PDF's
 * generation time); it takes the parsed object instead of bytes, and each document still embeds its own glyph subset.
 */
export function cjkFont(): Promise<Font> {
  parsed ??= loadCjkFont().then(
    (bytes) => create(bytes),
    (e: unknown) => {
      parsed = undefined;
      throw e;
    },
  );
  return parsed;
}
