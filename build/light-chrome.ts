/**
 * Keeps the page chrome's boot script to one small file (docs/light-pages.md: a content page loads <= 6 KB of JavaScript in
 * <= 4 scripts before any interaction).
 *
 * - `import url from './x.ts?lazy-url'` gives the built URL of x.ts as a chunk of its own, to be loaded with `import(url)`:
 *   Vite's dynamic `import('./x.ts')` would add its preload helper (0.9 KB, one more request) and the list of every chunk the
 *   lazy module may need to every page, for a module most readers never load.
 * - The small modules the boot script shares with the stores and islands (cookie and profile rules, badge texts, the proxy path)
 *   go into the boot script's own chunk instead of one chunk each: it is on every page, so the islands that need them find
 *   them already loaded.
 */
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

const SUFFIX = '?lazy-url';
const PREFIX = '\0lazy-url:';
/**
 * Everything in src/boot/ (PageServices.astro's script and the modules it shares): one chunk, the one the page's script tag
 * loads. src/boot/lazy/ holds what the boot script loads later by URL: each is a chunk of its own, with the stores it needs.
 */
const BOOT_CHUNK = 'chrome';
const BOOT_MODULES = /\/src\/boot\/[^/?]*\.ts$|\/src\/boot\/PageServices\.astro\?astro&type=script/;

export function lightChromePlugin(): Plugin {
  let serve = false;
  return {
    name: 'light-chrome',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const target = await this.resolve(source.slice(0, -SUFFIX.length), importer);
      return target ? `${PREFIX}${target.id}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      // The dev server serves the module itself; a build emits it as a chunk and answers its final URL.
      if (serve) return `export default ${JSON.stringify(`/@fs${file}`)};`;
      const ref = this.emitFile({ type: 'chunk', id: file });
      // Rolldown's own spelling, not Rollup's: Astro's incremental build hashes a page's modules with ROLLDOWN_FILE_URL_
      // references resolved to the chunk's file name. A ROLLUP_FILE_URL_ reference stayed as its reference id, which depends on
      // the order the two lazy modules were loaded in: when that order changed, every page's hash changed and an edit of one
      // article rendered the whole site again (tests/integration/site-rebuilds.test.ts, publish.spec.ts). Resolved, the
      // hash also follows the lazy chunk's content, so a change of it renders the pages again instead of restoring ones that
      // point at the old boot chunk.
      return `export default import.meta.ROLLDOWN_FILE_URL_${ref};`;
    },
    outputOptions(options) {
      if (this.environment?.name !== 'client') return null;
      const previous = typeof options.manualChunks === 'function' ? options.manualChunks : undefined;
      return {
        ...options,
        manualChunks(id, meta) {
          if (BOOT_MODULES.test(id.replaceAll('\\', '/'))) return BOOT_CHUNK;
          return previous?.(id, meta);
        },
      };
    },
  };
}

export const lightChrome = (): AstroIntegration => ({
  name: 'light-chrome',
  hooks: {
    'astro:config:setup': ({ updateConfig }) => {
      updateConfig({ vite: { plugins: [lightChromePlugin()] } });
    },
  },
});
