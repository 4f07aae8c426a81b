/** `npm run dev`: the sandbox API (unless API_BASE_* point elsewhere) and `astro dev` with hot reload. */
import { spawn, type ChildProcess } from 'node:child_process';
import { backendConfigured, loadDotEnv, sandboxEnv } from './sandbox-env.ts';

loadDotEnv();

const sandboxUrl = `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 4010}`;
const children: ChildProcess[] = [];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

if (!backendConfigured(process.env)) {
  const running = await fetch(`${sandboxUrl}/site`).then(
    () => true,
    () => false,
  );
  if (!running) children.push(spawn(process.execPath, ['sandbox/main.ts'], { stdio: 'inherit' }));
  Object.assign(process.env, sandboxEnv(sandboxUrl, process.env));
}
children.push(
  spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', process.env.PORT ?? '4321'], {
    stdio: 'inherit',
    env: process.env,
  }),
);
