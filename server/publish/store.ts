/**
 * The publisher's durable state (node:sqlite, built into Node 22): accepted webhook ids for 24 hours, events not yet
 * published, and the build history. Survives a restart, so a pending edit is still built and a retried id still a duplicate.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DEDUPE_MS } from '#src/features/publish/webhook.ts';

export interface PendingEvent {
  id: string;
  type: string;
  at: number;
}

export interface BuildRecord {
  n: number;
  startedAt: number;
  finishedAt: number;
  ok: boolean;
  release: string | null;
  events: string[];
  seconds: number;
  message: string | null;
}

export class PublishStore {
  private readonly db: DatabaseSync;

  /** `dir` null keeps the state in memory (unit tests). */
  constructor(dir: string | null) {
    if (dir) mkdirSync(dir, { recursive: true });
    this.db = new DatabaseSync(dir ? join(dir, 'publish.db') : ':memory:');
    // WAL: a status read never waits for a write; synchronous NORMAL still survives a process crash.
    this.db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      CREATE TABLE IF NOT EXISTS seen (id TEXT PRIMARY KEY, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS pending (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS builds (n INTEGER PRIMARY KEY AUTOINCREMENT, started_at INTEGER NOT NULL, finished_at INTEGER NOT NULL, ok INTEGER NOT NULL,
        release TEXT, events TEXT NOT NULL, seconds REAL NOT NULL, message TEXT, log_tail TEXT);
    `);
  }

  /**
   * Remembers `id`; false when it was already accepted within DEDUPE_MS. With `pending`, the event is queued in the same
   * transaction, so an accepted rebuild event is never lost between the two writes.
   */
  accept(id: string, atMs: number, pending?: { type: string }): boolean {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.db.prepare('DELETE FROM seen WHERE at < ?').run(atMs - DEDUPE_MS);
      const r = this.db.prepare('INSERT OR IGNORE INTO seen (id, at) VALUES (?, ?)').run(id, atMs);
      const fresh = Number(r.changes) === 1;
      if (fresh && pending) this.db.prepare('INSERT OR IGNORE INTO pending (id, type, at) VALUES (?, ?, ?)').run(id, pending.type, atMs);
      this.db.exec('COMMIT');
      return fresh;
    } catch (e) {
      this.db.exec('ROLLBACK');
      throw e;
    }
  }

  pending(): PendingEvent[] {
    return this.db.prepare('SELECT id, type, at FROM pending ORDER BY seq').all() as unknown as PendingEvent[];
  }

  /** Records a finished build; a successful one takes its events off the pending list. */
  recordBuild(b: Omit<BuildRecord, 'n'> & { logTail: string }): number {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const r = this.db
        .prepare(
          'INSERT INTO builds (started_at, finished_at, ok, release, events, seconds, message, log_tail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(b.startedAt, b.finishedAt, b.ok ? 1 : 0, b.release, JSON.stringify(b.events), b.seconds, b.message, b.logTail);
      if (b.ok) {
        const del = this.db.prepare('DELETE FROM pending WHERE id = ?');
        for (const id of b.events) del.run(id);
      }
      // The history is for editors and for debugging a failure: the last two hundred builds are plenty.
      this.db.prepare('DELETE FROM builds WHERE n <= (SELECT MAX(n) FROM builds) - 200').run();
      this.db.exec('COMMIT');
      return Number(r.lastInsertRowid);
    } catch (e) {
      this.db.exec('ROLLBACK');
      throw e;
    }
  }

  private last(ok: boolean): BuildRecord | null {
    const row = this.db.prepare('SELECT * FROM builds WHERE ok = ? ORDER BY n DESC LIMIT 1').get(ok ? 1 : 0) as
      | Record<string, unknown>
      | undefined;
    if (!row) return null;
    return {
      n: Number(row.n),
      startedAt: Number(row.started_at),
      finishedAt: Number(row.finished_at),
      ok: row.ok === 1,
      release: (row.release as string | null) ?? null,
      events: JSON.parse(row.events as string) as string[],
      seconds: Number(row.seconds),
      message: (row.message as string | null) ?? null,
    };
  }

  lastSuccess(): BuildRecord | null {
    return this.last(true);
  }

  lastFailure(): BuildRecord | null {
    return this.last(false);
  }

  /** The latest build, failed or not. */
  latest(): BuildRecord | null {
    const a = this.last(true);
    const b = this.last(false);
    return !a ? b : !b ? a : a.n > b.n ? a : b;
  }

  /** The end of a build's log, for a failure's post-mortem. */
  logTail(n: number): string | null {
    const row = this.db.prepare('SELECT log_tail FROM builds WHERE n = ?').get(n) as { log_tail: string | null } | undefined;
    return row?.log_tail ?? null;
  }

  close(): void {
    this.db.close();
  }
}
