// The lazy-url modules' code is part of every page's incremental-build hash (build/light-chrome.ts): it must name the
// chunk in Rolldown's spelling, which Astro resolves to the chunk's file name before hashing. Rollup's spelling stayed as the
// reference id, which changed with the order the lazy modules loaded in, and an edit of one article rendered every page.
import { describe, expect, it } from 'vitest';
import { lightChromePlugin } from '#build/light-chrome.ts';

type Hook = (this: unknown, ...args: unknown[]) => unknown;

describe('the lazy-url plugin', () => {
  it('answers a built chunk URL as import.meta.ROLLDOWN_FILE_URL_<ref>', async () => {
    const plugin = lightChromePlugin();
    (plugin.configResolved as Hook).call({}, { command: 'build' });
    const ctx = {
      emitFile: (f: { type: string; id: string }) => (f.type === 'chunk' && f.id === '/src/boot/chrome-intent.ts' ? 'REF123' : 'wrong'),
    };
    const code = await (plugin.load as Hook).call(ctx, '\0lazy-url:/src/boot/chrome-intent.ts');
    expect(code).toBe('export default import.meta.ROLLDOWN_FILE_URL_REF123;');
  });

  it('answers the dev server path when serving', async () => {
    const plugin = lightChromePlugin();
    (plugin.configResolved as Hook).call({}, { command: 'serve' });
    expect(await (plugin.load as Hook).call({}, '\0lazy-url:/src/boot/adopt-uuid.ts')).toBe(
      'export default "/@fs/src/boot/adopt-uuid.ts";',
    );
  });

  it('leaves other modules alone', async () => {
    const plugin = lightChromePlugin();
    (plugin.configResolved as Hook).call({}, { command: 'build' });
    expect(await (plugin.load as Hook).call({}, '/src/boot/chrome.ts')).toBeNull();
  });
});
