/**
 * `npm run publish:rollback`: makes the release before the live one live again (the `current` symlink replaced by a rename).
 * A running server reads the symlink per request and moves to it at once; the next successful build supersedes it.
 */
import { resolve } from 'node:path';
import { loadDotEnv } from './sandbox-env.ts';
import { currentRelease, previousRelease, releases, switchTo } from './publish/releases.ts';

loadDotEnv();
const root = resolve(process.env.PUBLISH_RELEASES || '.releases');
const live = currentRelease(root);
const previous = await previousRelease(root);
if (previous === null) {
  console.error(`no release before ${live ?? '(none)'} in ${root} (releases: ${(await releases(root)).join(', ') || 'none'})`);
  process.exit(1);
}
await switchTo(root, previous);
console.log(`rolled back: release ${previous} is live (was ${live}); releases kept: ${(await releases(root)).join(', ')}`);
