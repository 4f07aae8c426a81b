/** The real sandbox process: state survives a stop and a kill in the middle of concurrent writes (every acknowledged write is there, the database intact); sandbox:reset restores the seed. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptCredential } from '#sandbox/rsa.ts';
import { projectTmpDir } from '#tests/support/tmp.ts';
import { freePort } from '#tests/support/ports.ts';

const dataDir = projectTmpDir('sandbox-state');
const crashDir = projectTmpDir('sandbox-crash');
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(crashDir, { recursive: true, force: true });
});

async function start(port: number, dir = dataDir): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['sandbox/main.ts'], {
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DATA: dir },
    stdio: 'pipe',
  });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/site`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('sandbox did not start');
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

async function post<T>(port: number, path: string, body: unknown): Promise<{ status: number; msg: string; data: T }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; msg: string; data: T };
}
async function get<T>(port: number, path: string): Promise<T> {
  return ((await (await fetch(`http://127.0.0.1:${port}${path}`)).json()) as { data: T }).data;
}

const phone = '13712345678';
const registered = async (port: number) =>
  (await post<{ registered: boolean }>(port, '/register/verify', { account: encryptCredential(phone) })).data.registered;

describe('sandbox persistence', { timeout: 60_000 }, () => {
  it('keeps a registered user across restarts and a kill, and forgets it after sandbox:reset', async () => {
    const port = await freePort();
    let sandbox = await start(port);
    expect(await registered(port)).toBe(false);

    expect((await post(port, '/sms/send', { phone, type: 'register' })).status).toBe(200);
    const { code } = await get<{ code: string }>(port, `/__sandbox/sms?phone=${phone}`);
    const privacy = await get<{ id: number }[]>(port, '/wsPrivacy?isDisplay=1&sort=sort,desc');
    const reg = await post<{ uid: number }>(port, '/register', {
      account: encryptCredential(phone),
      password: encryptCredential('Cylinder#2026'),
      captcha: code,
      wsPrivacyLogList: privacy.map((p) => ({ privacyId: p.id, createDate: '2026-11-22 10:00:00' })),
    });
    expect(reg.status).toBe(200);

    // Killed without a chance to flush: the acknowledged registration is already on disk.
    await stop(sandbox, 'SIGKILL');
    sandbox = await start(port);
    expect(await registered(port)).toBe(true);

    await stop(sandbox, 'SIGTERM');
    sandbox = await start(port);
    expect(await registered(port)).toBe(true);
    await stop(sandbox, 'SIGTERM');

    const reset = spawnSync(process.execPath, ['sandbox/main.ts', '--reset'], { env: { ...process.env, SANDBOX_DATA: dataDir } });
    expect(reset.status).toBe(0);
    sandbox = await start(port);
    expect(await registered(port)).toBe(false);
    // The demo members are back as seeded.
    expect(await post<{ registered: boolean }>(port, '/register/verify', { account: encryptCredential('13800138000') })).toMatchObject({
      data: { registered: true },
    });
    await stop(sandbox, 'SIGTERM');
  });

  it('keeps every acknowledged write of 20 concurrent writers through a SIGKILL mid-run, with the database intact', async () => {
    const port = await freePort();
    // An old JSON state file is ignored, not read.
    rmSync(crashDir, { recursive: true, force: true });
    spawnSync('mkdir', ['-p', crashDir]);
    writeFileSync(join(crashDir, 'state.json'), '{"not":"read"}');
    let sandbox = await start(port, crashDir);
    const acknowledged: number[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const id = 500_000 + w * 10_000 + i;
        try {
          const r = await post(port, '/__sandbox/articles', {
            kind: 'news',
            id,
            categoryId: 1,
            title: `写入 ${id}`,
            content: `<p>${id}</p>`,
          });
          if (r.status === 200) acknowledged.push(id);
        } catch {
          return; // the connection died with the process: this write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 20 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 1500));
    killed = true;
    await stop(sandbox, 'SIGKILL');
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(20);

    sandbox = await start(port, crashDir);
    const last = acknowledged.at(-1)!;
    expect(await get<{ title: string }>(port, `/info/detail/${last}`)).toMatchObject({ title: `写入 ${last}` });
    await stop(sandbox, 'SIGTERM');

    const db = new DatabaseSync(join(crashDir, 'sandbox.sqlite'), { readOnly: true });
    try {
      expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
      const stored = new Set((db.prepare('SELECT id FROM news WHERE id >= 500000').all() as { id: number }[]).map((r) => r.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
    } finally {
      db.close();
    }
  });
});
