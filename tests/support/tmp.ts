/** A scratch folder inside the project (git-ignored under node_modules), so built servers there still resolve node_modules. */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';

export function projectTmpDir(prefix: string): string {
  mkdirSync('node_modules/.cache', { recursive: true });
  return mkdtempSync(join('node_modules/.cache', `${prefix}-`));
}
