/**
 * Migration 15 (one SMS log): a database written before it keeps the SMS notices delivery had sent, now in sms_notices
 * with the order's member and sn, and delivery_sms is gone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import { Db, DB_FILE } from '#sandbox/db.ts';
import { migrations } from '#sandbox/migrations.ts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('15 moves delivery’s SMS notices into the one SMS log, after the notices already there, and drops delivery_sms', () => {
  // A database at version 14, as the code before this migration left it.
  const raw = new DatabaseSync(join(dir, DB_FILE));
  raw.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  for (const m of migrations.filter((x) => x.version <= 14)) {
    raw.exec(m.sql);
    raw.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 0)').run(m.version, m.name);
  }
  raw.prepare("INSERT INTO sms_notices (phone, uid, text, sent_at) VALUES ('13800138000', 1, '【华气云商】对账单已出具', 1)").run();
  raw.prepare("INSERT INTO delivery_orders (order_id, uid, sn, data) VALUES (7, 1, 'SN7', '{}')").run();
  raw.prepare("INSERT INTO delivery_sms (phone, sn, text, time) VALUES ('13912345678', 'SN7', '【华气】已装车', 2)").run();
  raw.prepare("INSERT INTO delivery_sms (phone, sn, text, time) VALUES ('13912345678', 'SN7', '【华气】运输中', 3)").run();
  raw.close();

  const db = new Db(dir);
  expect(db.all('SELECT phone, uid, text, sent_at, sn FROM sms_notices ORDER BY id')).toEqual([
    { phone: '13800138000', uid: 1, text: '【华气云商】对账单已出具', sent_at: 1, sn: null },
    // Kept as they were sent: a log does not rewrite what a phone got.
    { phone: '13912345678', uid: 1, text: '【华气】已装车', sent_at: 2, sn: 'SN7' },
    { phone: '13912345678', uid: 1, text: '【华气】运输中', sent_at: 3, sn: 'SN7' },
  ]);
  expect(db.get("SELECT name FROM sqlite_master WHERE name = 'delivery_sms'")).toBeUndefined();
  db.close();
});
