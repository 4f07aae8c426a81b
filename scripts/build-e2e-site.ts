/**
 * Builds the e2e site ahead of the e2e run (`npm test` runs it beside the type checks, which keep one core busy and leave the
 * other free): the same build `playwright test` would make at its start, against a fresh sandbox on the e2e ports and with the
 * e2e server's environment (tests/e2e/server-env.ts). The e2e run then starts its server with `E2E_PREBUILT=1`.
 */
import { spawn } from 'node:child_process';
import { e2eServerEnv } from '../tests/e2e/server-env.ts';

const code = await new Promise<number>((done) =>
  spawn(process.execPath, ['scripts/start.ts', '--fresh', '--build-only'], { stdio: 'inherit', env: { ...process.env, ...e2eServerEnv } }).on('exit', (c) => done(c ?? 1)),
);
process.exit(code);
