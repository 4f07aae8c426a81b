/** The sandbox's store: one SQLite database through node:sqlite (a file under SANDBOX_DATA, or in memory for unit tests), its versioned migrations, cached prepared statements, one transaction per request and a per-transaction cache of loaded records that are written back when they changed; read-only requests on a second connection, and WAL checkpoints in a worker thread. */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type FunctionOptions, type SQLInputValue, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { migrations } from './migrations.ts';
import { SQLITE_WARNING } from '#server/quiet-sqlite.ts';

export const DB_FILE = 'sandbox.sqlite';

type Row = Record<string, SQLInputValue>;
type SqlFunction = (...args: SQLOutputValue[]) => SQLInputValue;

interface Unit {
  value: unknown;
  /** JSON of the value as loaded; the value is saved when it differs at commit. */
  before: string;
  save: (value: unknown, before: unknown) => void;
}

/** SQLite's answer to a change on a read-only connection (SQLITE_READONLY). */
const READONLY = 8;

/**
 * Per connection: 16 MB of page cache (the default 2 MB holds little of a year of orders, and every miss is a read of the file)
 * and the file mapped into memory for reads (no copy through a system call per page).
 */
const TUNING = 'PRAGMA cache_size = -16000; PRAGMA mmap_size = 268435456;';

/**
 * The checkpointer's thread (CommonJS source, so it runs the same under node and vitest): it copies committed WAL frames into
 * the database file every `intervalMs`. A PASSIVE checkpoint never waits for the writer or a reader, and the writer goes on
 * appending to the WAL meanwhile.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
// A worker has its own process object: the filter of server/quiet-sqlite.ts is set here too, before node:sqlite loads.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = (warning, ...rest) => String(warning && warning.message || warning).startsWith(${JSON.stringify(SQLITE_WARNING)}) ? undefined : emitWarning(warning, ...rest);
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA synchronous = FULL');
const timer = setInterval(() => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.once('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

export class Db {
  /** The writer: the one connection that changes the database. */
  readonly sql: DatabaseSync;
  readonly file: string | null;
  private readonly statements = new Map<string, StatementSync>();
  /** The second connection, read-only, opened on the first `read` (file databases only). */
  private reader: DatabaseSync | null = null;
  private readonly readerStatements = new Map<string, StatementSync>();
  /** True while `read` runs: statements go to the reader. */
  private reading = false;
  /** Set when a statement run by `read` tried to change something. */
  private readBlocked = false;
  private readonly functions: [string, FunctionOptions, SqlFunction][] = [];
  private checkpointer: Worker | null = null;
  private units = new Map<string, Unit>();
  private depth = 0;

  /** `dir` null keeps the database in memory (the in-process msw sandbox of unit tests). */
  constructor(dir: string | null) {
    this.file = dir ? join(dir, DB_FILE) : null;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      if (existsSync(join(dir, 'state.json')))
        console.log(`sandbox: ignoring the old ${join(dir, 'state.json')} (the state now lives in ${this.file})`);
    }
    this.sql = new DatabaseSync(this.file ?? ':memory:');
    // WAL lets readers of another connection (sqlite3 CLI) look while the sandbox writes; FULL syncs every commit, so an acknowledged write survives a kill or a power cut.
    this.sql.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; ${TUNING}`);
    this.migrate();
  }

  /** Applies the migrations the database lacks, each in its own transaction; refuses a database written by newer code. */
  private migrate(): void {
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
    );
    const current = (this.sql.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations').get() as { v: number }).v;
    const latest = migrations.at(-1)?.version ?? 0;
    if (current > latest) {
      throw new Error(
        `sandbox database ${this.file ?? ':memory:'} is at schema version ${current}, newer than this code (${latest}); update the code or run npm run sandbox:reset after removing the file`,
      );
    }
    for (const m of migrations) {
      if (m.version <= current) continue;
      this.sql.exec('BEGIN IMMEDIATE');
      try {
        this.sql.exec(m.sql);
        this.sql.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
        this.sql.exec('COMMIT');
      } catch (e) {
        this.sql.exec('ROLLBACK');
        throw e;
      }
    }
  }

  /** The prepared statement of a query on the connection in use, prepared once per connection. */
  q(query: string): StatementSync {
    const [conn, cache] = this.reading ? [this.reader!, this.readerStatements] : [this.sql, this.statements];
    let s = cache.get(query);
    if (!s) {
      s = conn.prepare(query);
      cache.set(query, s);
    }
    return s;
  }
  all<T>(query: string, ...params: SQLInputValue[]): T[] {
    try {
      return this.q(query).all(...params) as T[];
    } catch (e) {
      throw this.noted(e);
    }
  }
  get<T>(query: string, ...params: SQLInputValue[]): T | undefined {
    try {
      return this.q(query).get(...params) as T | undefined;
    } catch (e) {
      throw this.noted(e);
    }
  }
  run(query: string, ...params: SQLInputValue[]): { changes: number; lastInsertRowid: number } {
    try {
      const r = this.q(query).run(...params);
      return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) };
    } catch (e) {
      throw this.noted(e);
    }
  }
  /** Notes a change tried on the reader, even when the caller catches the error: the request then runs again as a write. */
  private noted(e: unknown): unknown {
    if (this.reading && (e as { errcode?: number }).errcode === READONLY) this.readBlocked = true;
    return e;
  }
  /** A SQL function, on every connection. */
  function(name: string, options: FunctionOptions, fn: SqlFunction): void {
    this.functions.push([name, options, fn]);
    this.sql.function(name, options, fn);
    this.reader?.function(name, options, fn);
  }
  /** Inserts a row given as an object; the column names come from code, never from input. */
  insert(table: string, row: Row, mode: 'INSERT' | 'INSERT OR REPLACE' | 'INSERT OR IGNORE' = 'INSERT'): number {
    const cols = Object.keys(row);
    return this.run(`${mode} INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, ...cols.map((c) => row[c]!))
      .lastInsertRowid;
  }

  /**
   * Inserts a row or, when its key exists, updates only the columns whose value changed. SQLite rewrites an index entry for
   * every indexed column an UPDATE sets, even to the same value (an article edit through `ON CONFLICT DO UPDATE` of all its
   * columns wrote 3 pages instead of 1), and every page written is WAL the commit must sync.
   */
  upsert(table: string, row: Row, key: string[]): void {
    const cols = Object.keys(row);
    const where = key.map((k) => `${k} = ?`).join(' AND ');
    const keyValues = key.map((k) => row[k]!);
    const current = this.get<Record<string, SQLOutputValue>>(`SELECT ${cols.join(', ')} FROM ${table} WHERE ${where}`, ...keyValues);
    if (!current) {
      this.insert(table, row);
      return;
    }
    const changed = cols.filter((c) => !key.includes(c) && !sameValue(current[c], row[c]));
    if (changed.length === 0) return;
    this.run(
      `UPDATE ${table} SET ${changed.map((c) => `${c} = ?`).join(', ')} WHERE ${where}`,
      ...changed.map((c) => row[c]!),
      ...keyValues,
    );
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }
  /** Opens the transaction (or joins the open one). */
  begin(): void {
    if (this.depth++ === 0) this.sql.exec('BEGIN IMMEDIATE');
  }
  /** Leaves the transaction; the outermost leave writes back the changed records and commits. */
  commit(): void {
    if (this.depth === 0) return;
    if (--this.depth > 0) return;
    try {
      this.flush();
      this.sql.exec('COMMIT');
    } catch (e) {
      this.rollback();
      throw e;
    }
  }
  rollback(): void {
    this.depth = 0;
    this.units.clear();
    if (this.sql.isTransaction) this.sql.exec('ROLLBACK');
  }
  /** Runs `fn` in its own transaction, or as part of the open one. */
  tx<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.begin();
    let out: T;
    try {
      out = fn();
    } catch (e) {
      this.rollback();
      throw e;
    }
    this.commit();
    return out;
  }

  /** One request's part of the open transaction: kept by `release`, undone alone by `undo`. */
  savepoint(): void {
    this.sql.exec('SAVEPOINT request');
  }
  release(): void {
    this.flush();
    this.sql.exec('RELEASE request');
  }
  undo(): void {
    this.units.clear();
    this.sql.exec('ROLLBACK TO request; RELEASE request');
  }

  /**
   * Runs `fn` as one unit inside the request: a throw (a business `Fail` too) undoes its statements alone, so rows other
   * domains wrote for an order that is then refused do not outlive the refusal. Records cached by `unit` are not rewound:
   * write with statements inside it.
   */
  nested<T>(fn: () => T): T {
    this.sql.exec('SAVEPOINT nested');
    try {
      const out = fn();
      this.sql.exec('RELEASE nested');
      return out;
    } catch (e) {
      this.sql.exec('ROLLBACK TO nested; RELEASE nested');
      throw e;
    }
  }

  /**
   * A record loaded once per transaction: the handler changes the object as it likes, and at commit it is saved when its JSON
   * differs from what was loaded. Outside a transaction it is just loaded.
   */
  unit<T>(key: string, load: () => T, save: (value: T, before: T) => void): T {
    if (this.depth === 0) return load();
    const known = this.units.get(key);
    if (known) return known.value as T;
    const value = load();
    this.units.set(key, { value, before: JSON.stringify(value), save: save as Unit['save'] });
    return value;
  }

  /** Whether this database has a second connection for `read` (a file; an in-memory database has only the writer). */
  get readable(): boolean {
    return this.file !== null;
  }

  /**
   * Runs a request that only reads on the read-only connection, in a read transaction of its own: it sees the last committed
   * state (never a change not yet acknowledged) and waits neither for the writer's turn nor for its commit, which WAL allows.
   * Answers `{ value }`, or null when the request turned out to change something (a statement refused by the read-only
   * connection, or a loaded record changed): nothing was stored, and the caller runs it again as a write. `fn` must be
   * synchronous, so no other request runs while statements go to the reader.
   */
  read<T>(fn: () => T): { value: T } | null {
    if (!this.file) throw new Error('an in-memory database has no reader');
    if (!this.reader) {
      this.reader = new DatabaseSync(this.file, { readOnly: true, timeout: 5000 });
      this.reader.exec(TUNING);
      for (const [name, options, f] of this.functions) this.reader.function(name, options, f);
    }
    // The writer's open batch keeps its own depth and records; the read gets a fresh set.
    const writer = { depth: this.depth, units: this.units };
    this.depth = 1;
    this.units = new Map();
    this.reading = true;
    this.readBlocked = false;
    this.reader.exec('BEGIN');
    try {
      const value = fn();
      if (value instanceof Promise) throw new Error('a read-only request must answer synchronously');
      return this.readBlocked || this.unitsChanged() ? null : { value };
    } catch (e) {
      if (this.readBlocked || this.unitsChanged()) return null;
      throw e;
    } finally {
      this.reader.exec('ROLLBACK');
      this.reading = false;
      this.depth = writer.depth;
      this.units = writer.units;
    }
  }

  private unitsChanged(): boolean {
    for (const u of this.units.values()) if (JSON.stringify(u.value) !== u.before) return true;
    return false;
  }

  /**
   * Moves WAL checkpoints off the request path (the server calls it): a worker thread checkpoints every `intervalMs`, and the
   * writer's own automatic checkpoint, which would copy pages and fsync inside a commit, only steps in past 16,000 pages.
   */
  checkpointInBackground(intervalMs = 100): void {
    if (!this.file || this.checkpointer) return;
    this.sql.exec('PRAGMA wal_autocheckpoint = 16000');
    this.checkpointer = new Worker(CHECKPOINTER, { eval: true, workerData: { file: this.file, intervalMs } });
    this.checkpointer.unref();
  }

  private flush(): void {
    // A save may load further records (never in practice); loop until nothing is left.
    while (this.units.size > 0) {
      const units = this.units;
      this.units = new Map();
      for (const u of units.values()) {
        const after = JSON.stringify(u.value);
        if (after !== u.before) u.save(u.value, JSON.parse(u.before));
      }
    }
  }

  /** A value of the `meta` table (seed time, scale). */
  meta(key: string): string | null {
    return this.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', key)?.value ?? null;
  }
  setMeta(key: string, value: string): void {
    this.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value);
  }
  /** The next value of a named counter (ids handed out across tables). */
  next(name: string): number {
    return this.get<{ value: number }>(
      'INSERT INTO sequences (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value',
      name,
    )!.value;
  }
  setSequence(name: string, value: number): void {
    this.run('INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value', name, value);
  }

  /** Empties every table but the migration record (for a reset, inside its transaction); records loaded before are forgotten. */
  clear(): void {
    this.units.clear();
    const tables = this.all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'",
    );
    this.sql.exec('PRAGMA defer_foreign_keys = ON');
    for (const { name } of tables) this.sql.exec(`DELETE FROM "${name.replace(/"/g, '""')}"`);
  }

  close(): void {
    this.checkpointer?.postMessage('stop');
    this.checkpointer = null;
    this.reader?.close();
    this.reader = null;
    this.sql.close();
  }
}

/** JSON column helpers. */
export const toJson = (value: unknown): string => JSON.stringify(value);
export const fromJson = <T>(text: unknown): T => JSON.parse(String(text)) as T;

/** Whether a stored value equals the one about to be written (numbers of either kind by value, bytes byte by byte). */
function sameValue(stored: SQLOutputValue | undefined, next: SQLInputValue | undefined): boolean {
  if (stored === next) return true;
  if ((typeof stored === 'number' || typeof stored === 'bigint') && (typeof next === 'number' || typeof next === 'bigint')) {
    const integral = (v: number | bigint) => typeof v === 'bigint' || Number.isInteger(v);
    return integral(stored) && integral(next) ? BigInt(stored) === BigInt(next) : Number(stored) === Number(next);
  }
  if (stored instanceof Uint8Array && next instanceof Uint8Array)
    return stored.length === next.length && stored.every((b, i) => b === next[i]);
  return false;
}
