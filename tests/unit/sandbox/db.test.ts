/** The SQLite layer: migrations recorded and a newer database refused, a constraint violation answered 400 and undone alone, and a reset back to the seed in one go. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { Db, DB_FILE } from '#sandbox/db.ts';
import { createSandbox } from '#sandbox/index.ts';
import { migrations } from '#sandbox/migrations.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const call = async (sb: ReturnType<typeof createSandbox>, method: string, path: string, body?: unknown) => {
  const res = await sb.handle(
    new Request(`http://sandbox.test${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { http: res.status, body: (await res.json()) as { status: number; msg: string; data: unknown } };
};

describe('sandbox database', () => {
  it('records each migration once and refuses a database written by newer code', () => {
    const dir = tempDir();
    new Db(dir).close();
    const again = new Db(dir);
    expect(again.all<{ version: number }>('SELECT version FROM schema_migrations').map((r) => r.version)).toEqual(
      migrations.map((m) => m.version),
    );
    again.close();

    const raw = new DatabaseSync(join(dir, DB_FILE));
    raw.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(9999, 'from the future', 0);
    raw.close();
    expect(() => new Db(dir)).toThrow(/newer than this code/);
  });

  it('runs in WAL mode with full syncs', () => {
    const db = new Db(tempDir());
    expect(db.get<{ journal_mode: string }>('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(db.get<{ synchronous: number }>('PRAGMA synchronous')).toEqual({ synchronous: 2 });
    db.close();
  });

  it('answers a constraint violation with 400 and a Chinese message, and undoes only that request', async () => {
    const sb = createSandbox({ dataDir: null });
    // A hook that changes one row, then breaks a constraint: a stand-in for a check a domain forgot.
    sb.hook('POST', '/test/duplicate', (ctx) => {
      ctx.db.run('UPDATE site_info SET close_reson = ? WHERE id = 1', '不应保存');
      ctx.db.insert('view_control', { view_name: 'cancel_part', is_show: 1, pos: 9 });
      return null;
    });
    const r = await call(sb, 'POST', '/__sandbox/test/duplicate', {});
    expect(r).toMatchObject({ http: 200, body: { status: 400, msg: '数据冲突，请刷新后重试' } });
    const site = await call(sb, 'GET', '/site');
    expect((site.body.data as { close_reson: string }).close_reson).toBe('');
  });

  it('answers malformed input with 400 and a Chinese message', async () => {
    const sb = createSandbox({ dataDir: null });
    const r = await sb.handle(
      new Request('http://sandbox.test/__sandbox/stock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"skuId":',
      }),
    );
    expect(await r.json()).toMatchObject({ status: 400, msg: '请求体不是合法的 JSON' });
    expect((await call(sb, 'POST', '/__sandbox/stock', { skuId: 'x', stock: 1 })).body).toMatchObject({
      status: 400,
      msg: 'skuId 必须是数字',
    });
  });

  it('resets to the seed: changes are gone, the seed is back', async () => {
    const sb = createSandbox({ dataDir: tempDir() });
    await call(sb, 'POST', '/__sandbox/site', { siteon: 0, close_reson: '系统维护' });
    await call(sb, 'POST', '/__sandbox/stock', { skuId: 100101, stock: 3 });
    expect((await call(sb, 'POST', '/__sandbox/reset', {})).body).toMatchObject({ status: 200, data: { reset: true } });
    expect((await call(sb, 'GET', '/site')).body.data).toMatchObject({ siteon: 1, close_reson: '' });
    expect(sb.db.get<{ stock: number }>('SELECT stock FROM skus WHERE sku_id = 100101')!.stock).toBeGreaterThan(3);
    // The two nitrogen orders, the certificate seed's standard-gas order and the quick-order seed's past order of the second
    // company's lab member (docs/quick-order.md: the one 再次购买 finds a delisted line in).
    expect(sb.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders')!.n).toBe(4);
    sb.db.close();
  });

  it('upserts by writing only the columns that changed, so an edit that keeps indexed values writes one page', () => {
    const dir = tempDir();
    const db = new Db(dir);
    db.sql.exec(
      'PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (id INTEGER PRIMARY KEY, day TEXT NOT NULL, kind INTEGER NOT NULL, title TEXT NOT NULL)',
    );
    db.sql.exec('CREATE INDEX t_day ON t (day, id); CREATE INDEX t_kind ON t (kind, day)');
    db.tx(() => {
      for (let id = 1; id <= 5000; id++)
        db.insert('t', { id, day: `2025-${String((id % 12) + 1).padStart(2, '0')}-01`, kind: id % 7, title: `第 ${id} 条` });
    });
    db.sql.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    // WAL frames: a 32-byte header, then per page written a 24-byte frame header and the page.
    const pages = () => Math.max(0, (statSync(join(dir, `${DB_FILE}-wal`)).size - 32) / (4096 + 24));
    const written = (fn: () => void) => {
      const before = pages();
      db.tx(fn);
      return pages() - before;
    };

    expect(written(() => db.upsert('t', { id: 4321, day: '2025-02-01', kind: 2, title: '改过的标题' }, ['id']))).toBe(1);
    expect(db.get('SELECT day, kind, title FROM t WHERE id = 4321')).toEqual({ day: '2025-02-01', kind: 2, title: '改过的标题' });
    expect(written(() => db.upsert('t', { id: 4321, day: '2025-02-01', kind: 2, title: '改过的标题' }, ['id']))).toBe(0);
    expect(written(() => db.upsert('t', { id: 4321, day: '2026-06-01', kind: 2, title: '改过的标题' }, ['id']))).toBeGreaterThan(1);
    expect(db.get('SELECT day FROM t WHERE id = 4321')).toEqual({ day: '2026-06-01' });
    db.upsert('t', { id: 9001, day: '2026-01-01', kind: 1, title: '新的一条' }, ['id']);
    expect(db.get('SELECT COUNT(*) AS n FROM t')).toEqual({ n: 5001 });
    db.close();
  });
});
