/**
 * Builds the e2e sites ahead of the e2e run (`npm test` runs it beside the type checks, which keep one core busy and leave the
 * other free): the builds `playwright test` would make at its start, each against a fresh sandbox on its ports and with its
 * server's environment (scripts/lib/e2e-sites.ts). The e2e run then starts its servers with `E2E_PREBUILT=1`.
 */
import { spawn } from 'node:child_process';
import { E2E_SITES } from './lib/e2e-sites.ts';

for (const site of E2E_SITES) {
  console.log(`\n=== building the ${site.name} site`);
  const code = await new Promise<number>((done) =>
    spawn(process.execPath, ['server/start.ts', '--fresh', '--build-only'], { stdio: 'inherit', env: { ...process.env, ...site.env } }).on(
      'exit',
      (c) => done(c ?? 1),
    ),
  );
  if (code !== 0) process.exit(code);
}
