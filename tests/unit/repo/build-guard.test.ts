/** A broken API must never publish an empty site: the build fails, naming the endpoint. */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { projectTmpDir } from '#tests/support/tmp.ts';

const outDir = projectTmpDir('build-guard');
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function build(apiBase: string): Promise<{ code: number; output: string }> {
  const bases = Object.fromEntries(['BUYER', 'BASE', 'MODEL', 'SELLER', 'ADMIN'].map((b) => [`API_BASE_${b}`, apiBase]));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      env: { ...process.env, ...bases, ASTRO_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe('build guard', { timeout: 120_000 }, () => {
  it('fails naming the endpoint when the API is unreachable', async () => {
    const { code, output } = await build('http://127.0.0.1:9');
    expect(code).not.toBe(0);
    expect(output).toMatch(/[a-z]+\.\w+ \((GET|POST) [^)]+\): backend unreachable/);
  });

  it('fails naming the endpoint when an answer does not match its schema', async () => {
    // Answers every call with a well-formed envelope whose data is of the wrong shape.
    const server: Server = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 200, msg: 'ok', data: { unexpected: true } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      const { code, output } = await build(`http://127.0.0.1:${port}`);
      expect(code).not.toBe(0);
      expect(output).toMatch(/[a-z]+\.\w+: answer does not match the contract/);
    } finally {
      server.close();
    }
  });
});
