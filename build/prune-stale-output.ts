/** First of the build:done steps: the output folder is kept between builds (incremental build), so drop what this build did not produce. */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { pruneStaleOutput } from './prune-output.ts';

export const pruneStale = (): AstroIntegration => {
  /** When this build started: assets older than that were left by an earlier build. */
  let startedAt = 0;
  return {
    name: 'prune-stale-output',
    hooks: {
      'astro:build:start': () => {
        startedAt = Date.now();
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const r = await pruneStaleOutput(fileURLToPath(dir), [...assets.values()].flat(), startedAt);
        if (r.pages || r.files) logger.info(`removed ${r.pages} pages and ${r.files} assets an earlier build left`);
      },
    },
  };
};
