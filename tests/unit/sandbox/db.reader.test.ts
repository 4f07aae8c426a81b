/** The file-backed sandbox's read path: reads answer from the read-only connection without waiting for queued writes or their commit, never see a change before it is committed, and run again as writes when they change something; WAL checkpoints happen in a worker thread. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '#sandbox/db.ts';
import { createSandbox } from '#sandbox/index.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-reader-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

type Sb = ReturnType<typeof createSandbox>;
const call = async (sb: Sb, method: string, path: string, body?: unknown) => {
  const res = await sb.handle(
    new Request(`http://sandbox.test${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return (await res.json()) as { status: number; msg: string; data: unknown };
};
/** The answer of `p`, or 'waiting' when it has none after `ms`. */
const within = <T>(p: Promise<T>, ms = 1000): Promise<T | 'waiting'> =>
  Promise.race([p, new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms))]);

/** A write that changes the site's closing notice, then holds the writer's turn until `go` is called (as a slow handler would). */
function slowWrite(sb: Sb) {
  let go!: () => void;
  const held = new Promise<void>((r) => (go = r));
  sb.hook('POST', '/test/slow', async (ctx) => {
    ctx.db.run('UPDATE site_info SET close_reson = ? WHERE id = 1', '写入未提交');
    await held;
    return null;
  });
  return { go };
}

describe('sandbox reads on the read-only connection', () => {
  it('answers a read while a write holds the writer, and shows the change only once it is committed', async () => {
    const sb = createSandbox({ dataDir: tempDir() });
    const { go } = slowWrite(sb);
    const write = call(sb, 'POST', '/__sandbox/test/slow', {});
    await new Promise((r) => setTimeout(r, 20));

    const site = await within(call(sb, 'GET', '/site'));
    expect(site).not.toBe('waiting');
    expect((site as { data: { close_reson: string } }).data.close_reson).toBe('');
    const goods = await within(call(sb, 'GET', '/goods/list?pageNumber=1&pageSize=4'));
    expect(goods).toMatchObject({ status: 200, data: { pageNumber: 1 } });

    go();
    expect(await write).toMatchObject({ status: 200 });
    expect(((await call(sb, 'GET', '/site')).data as { close_reson: string }).close_reson).toBe('写入未提交');
    sb.db.close();
  });

  it('runs a read that stores something again as a write: a captcha issued by GET can be answered', async () => {
    const sb = createSandbox({ dataDir: tempDir() });
    const before = sb.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM captchas')!.n;
    const captcha = await call(sb, 'GET', '/code');
    expect(captcha.status).toBe(200);
    const { uuid } = captcha.data as { uuid: string };
    expect(await call(sb, 'GET', `/__sandbox/captcha/${uuid}`)).toMatchObject({ status: 200, data: { answer: expect.any(String) } });
    expect(sb.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM captchas')!.n).toBe(before + 1);
    sb.db.close();
  });

  it('runs it as a write too when it changed a loaded record, or swallowed the refusal of a change', async () => {
    const sb = createSandbox({ dataDir: tempDir() });
    sb.hook('GET', '/test/touch', (ctx) => {
      const site = ctx.db.unit(
        'site',
        () => ({ note: ctx.db.get<{ close_reson: string }>('SELECT close_reson FROM site_info WHERE id = 1')!.close_reson }),
        (v) => ctx.db.run('UPDATE site_info SET close_reson = ? WHERE id = 1', v.note),
      );
      site.note = '记录已改';
      return site;
    });
    sb.hook('GET', '/test/swallow', (ctx) => {
      try {
        ctx.db.run('UPDATE view_control SET pos = pos + 100');
      } catch {
        // A handler that ignores a failed change must not answer as if it had made it.
      }
      return ctx.db.get<{ pos: number }>('SELECT MIN(pos) AS pos FROM view_control');
    });
    expect(await call(sb, 'GET', '/__sandbox/test/touch')).toMatchObject({ status: 200, data: { note: '记录已改' } });
    expect(sb.db.get<{ close_reson: string }>('SELECT close_reson FROM site_info WHERE id = 1')!.close_reson).toBe('记录已改');
    const swallowed = await call(sb, 'GET', '/__sandbox/test/swallow');
    expect((swallowed.data as { pos: number }).pos).toBeGreaterThanOrEqual(100);
    sb.db.close();
  });

  it('checkpoints the WAL into the database file from a worker thread, off the commit', async () => {
    const dir = tempDir();
    const sb = createSandbox({ dataDir: dir });
    sb.ready();
    sb.db.checkpointInBackground(20);
    const file = join(dir, DB_FILE);
    const size = statSync(file).size;
    sb.hook('POST', '/test/bulk', (ctx) => {
      for (let i = 0; i < 300; i++) ctx.db.insert('embed_clicks', { at: i, body: 'x'.repeat(4000) });
      return null;
    });
    expect(await call(sb, 'POST', '/__sandbox/test/bulk', {})).toMatchObject({ status: 200 });
    // The writer alone would leave these pages in the WAL (its own checkpoint waits for 16,000 pages).
    let grown = false;
    for (let i = 0; i < 100 && !grown; i++) {
      await new Promise((r) => setTimeout(r, 20));
      grown = statSync(file).size >= size + 300 * 4000;
    }
    expect(grown).toBe(true);
    sb.db.close();
  });
});
