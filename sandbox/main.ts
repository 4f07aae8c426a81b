/** `npm run sandbox`: the sandbox API on 127.0.0.1:SANDBOX_PORT (4010), its SQLite database in SANDBOX_DATA (.sandbox-data); `--reset` restores the seed. */
import { resolve } from 'node:path';
import { quietSqliteWarning } from '#server/quiet-sqlite.ts';

// The store loads node:sqlite, so it is imported after the filter (server/quiet-sqlite.ts says why).
quietSqliteWarning();
const { createSandbox } = await import('./index.ts');
const { serve } = await import('./server.ts');

const port = Number(process.env.SANDBOX_PORT ?? 4010);
const dataDir = resolve(process.env.SANDBOX_DATA ?? '.sandbox-data');
const sb = createSandbox({ dataDir });

if (process.argv.includes('--reset')) {
  sb.reset();
  sb.db.close();
  console.log(`sandbox database ${sb.db.file} reset to the seed`);
} else {
  sb.ready();
  sb.db.checkpointInBackground();
  const server = await serve(sb, port);
  // Standing orders: due occurrences are ordered within a minute of their cut-off.
  const { startTimer } = await import('./domains/standing.ts');
  startTimer(sb);
  console.log(`sandbox API listening on http://127.0.0.1:${port} (database: ${sb.db.file})`);
  const stop = () =>
    server.close(() => {
      sb.db.close();
      process.exit(0);
    });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
