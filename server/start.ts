/**
 * `npm start`: starts the sandbox API (unless API_BASE_* point elsewhere), builds the site against it and serves it on PORT
 * (4321) as the first release of the publisher, which rebuilds when the back office's webhook says content changed.
 * `--fresh` starts from empty sandbox and publisher data; `--no-build` serves the live release as it is; `--build-only` builds
 * and stops (the e2e site built ahead by `npm test`); `--prebuilt` serves that build as the first release without building.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_BASE_VARS, backendConfigured, devPublishDefaults, loadDotEnv, sandboxEnv } from './sandbox-env.ts';

loadDotEnv();

const args = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? 4321);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const children: ChildProcess[] = [];
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

function run(command: string, argv: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(command, argv, { stdio: 'inherit', env });
  children.push(child);
  return child;
}

function stopAll(code = 0): never {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

/** Polls a URL until it answers (any HTTP status) or the time is up. */
async function waitFor(url: string, what: string, ms = 30000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  console.error(`${what} did not answer at ${url} within ${ms / 1000} s`);
  stopAll(1);
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

process.env.PUBLISH_RELEASES ||= '.releases';
if (!backendConfigured(process.env)) {
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  // The sandbox plays the back office: its edit hooks sign and send the publishing webhook to this shop.
  const dev = devPublishDefaults(process.env);
  if (dev.length) console.log(`publishing: using the development ${dev.join(' and ')} from .env.example (the sandbox backs the shop)`);
  process.env.SANDBOX_PUBLISH_URL ||= `http://127.0.0.1:${port}/api/publish`;
  if (args.has('--fresh')) {
    rmSync(resolve(process.env.SANDBOX_DATA ?? '.sandbox-data'), { recursive: true, force: true });
    rmSync(resolve(process.env.PUBLISH_DATA ?? '.publish-data'), { recursive: true, force: true });
  }
  if (await answers(`${sandboxUrl}/site`)) {
    console.log(`using the sandbox API already running at ${sandboxUrl}`);
  } else {
    const sandbox = run(process.execPath, ['sandbox/main.ts']);
    sandbox.on('exit', (code) => code && stopAll(code));
    await waitFor(`${sandboxUrl}/site`, 'the sandbox API');
  }
  Object.assign(process.env, sandboxEnv(sandboxUrl, process.env));
} else {
  console.log(`using the configured backend (${API_BASE_VARS.filter((k) => process.env[k]).join(', ')}); the sandbox is not started`);
  if (!process.env.PUBLISH_WEBHOOK_SECRETS) console.log('publishing: PUBLISH_WEBHOOK_SECRETS is not set; POST /api/publish answers 503');
}

if (!args.has('--no-build') && !args.has('--prebuilt')) {
  const code = await new Promise<number>((done) =>
    run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build']).on('exit', (c) => done(c ?? 1)),
  );
  if (code !== 0) {
    console.error('the build failed; see the messages above');
    stopAll(code);
  }
}

if (args.has('--build-only')) stopAll(0);

// The build just made becomes the first release (server/publish/releases.ts); without a build the live release is kept.
const server = run(process.execPath, ['server/serve.ts'], {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  ASTRO_NODE_LOGGING: 'disabled',
  PUBLISH_FROM_BUILD: args.has('--no-build') ? '' : '1',
  // (--prebuilt: the build made ahead is in the output folder, as after a build here.)
});
server.on('exit', (code) => stopAll(code ?? 0));
await waitFor(`http://127.0.0.1:${port}/`, 'the shop');
console.log(`\n  The shop is ready: http://localhost:${port}\n`);
