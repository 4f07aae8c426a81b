/**
 * `npm test`: type checks, unit and contract tests, then the e2e run in Chromium and, beside it, the integration tests
 * (whole-site builds, at nice 5 so the e2e run has the cores first when both want them: it keeps them only about a third busy, its browsers
 * mostly wait). Prints each phase's minutes at the end; exits 1 when any phase failed. See docs/testing.md.
 * `npm test -- --from=e2e` starts at the group whose first phase's name starts so (after a fix, the earlier phases are green).
 */
import { phaseTable, runGroup, type PhaseResult } from './lib/phases.ts';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const results: PhaseResult[] = [];
const from = process.argv.find((a) => a.startsWith('--from='))?.slice('--from='.length);
const groups = [
  [{ name: 'check', command: npm, args: ['run', '-s', 'check'] }],
  [{ name: 'unit + contract', command: npm, args: ['run', '-s', 'test:unit'] }],
  [
    { name: 'e2e (Chromium)', command: npm, args: ['run', '-s', 'test:e2e'] },
    { name: 'integration (builds)', command: npm, args: ['run', '-s', 'test:integration'], logFile: '.test-logs/integration.log', nice: 5 },
  ],
];
for (const group of from ? groups.slice(Math.max(0, groups.findIndex((g) => g[0]!.name.startsWith(from)))) : groups) {
  results.push(...(await runGroup(group)));
  // Type errors or failing unit tests stop the run before the long phases (as `a && b && c` did).
  if (results.some((r) => r.code !== 0)) break;
}
console.log(phaseTable(results, (Date.now() - started) / 60_000, 'npm test'));
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
