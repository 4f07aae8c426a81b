/** The sandbox's state: named slices kept in memory and, when a folder is given, persisted to one JSON file with atomic writes. */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class Db {
  private slices = new Map<string, unknown>();
  private loaded: Record<string, unknown> = {};
  private readonly file: string | null;
  private readonly dir: string | null;

  /** `dir` null keeps everything in memory (the in-process msw sandbox of unit tests). */
  constructor(dir: string | null) {
    this.dir = dir;
    this.file = dir ? join(dir, 'state.json') : null;
    if (this.file) {
      try {
        this.loaded = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, unknown>;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`sandbox state ${this.file} is unreadable: ${(e as Error).message}`);
      }
    }
  }

  /** The slice `name`, created from `seed()` the first time it is asked for on a fresh state. */
  slice<T>(name: string, seed: () => T): T {
    if (!this.slices.has(name)) {
      this.slices.set(name, name in this.loaded ? (this.loaded[name] as T) : seed());
    }
    return this.slices.get(name) as T;
  }

  /** Writes all slices: temp file, fsync, rename, fsync folder; a crash leaves the old or the new file, never half of one. */
  commit(): void {
    if (!this.file || !this.dir) return;
    mkdirSync(this.dir, { recursive: true });
    const all = { ...this.loaded, ...Object.fromEntries(this.slices) };
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, JSON.stringify(all));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
    const dirFd = openSync(this.dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  }

  /** Forgets everything, on disk too: the next `slice` call seeds afresh. */
  reset(): void {
    this.slices.clear();
    this.loaded = {};
    if (this.file) rmSync(this.file, { force: true });
  }
}
