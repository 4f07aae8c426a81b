/** `npm run dev`: the sandbox API (unless API_BASE_* point elsewhere) and `astro dev` with hot reload. */
import { spawn, type ChildProcess } from 'node:child_process';

const API_BASES = ['API_BASE_BUYER', 'API_BASE_BASE', 'API_BASE_MODEL', 'API_BASE_SELLER', 'API_BASE_ADMIN'];
const sandboxUrl = `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 4010}`;
const children: ChildProcess[] = [];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

if (!API_BASES.some((k) => process.env[k])) {
  const running = await fetch(`${sandboxUrl}/site`).then(
    () => true,
    () => false,
  );
  if (!running) children.push(spawn(process.execPath, ['scripts/sandbox/main.ts'], { stdio: 'inherit' }));
  for (const k of API_BASES) process.env[k] = sandboxUrl;
}
children.push(spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', process.env.PORT ?? '4321'], { stdio: 'inherit', env: process.env }));
