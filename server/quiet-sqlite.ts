/** Drops Node 22's "SQLite is an experimental feature" warning, and only that one, from the processes that use node:sqlite. */

/** How the warning begins; the sandbox's checkpoint worker filters on it too. */
export const SQLITE_WARNING = 'SQLite is an experimental feature';

/**
 * Installs the filter. The project pins Node 22 and its tests cover the part of node:sqlite it uses, so the warning says
 * nothing to a newcomer running `npm start` or to the CI log. Node emits it while linking a module graph that imports
 * node:sqlite, before any of that graph runs: call this first, then load the modules that use SQLite with a dynamic import.
 */
export function quietSqliteWarning(): void {
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: never[]) => {
    if (String(typeof warning === 'string' ? warning : warning.message).startsWith(SQLITE_WARNING)) return;
    emitWarning(warning, ...rest);
  }) as typeof process.emitWarning;
}
