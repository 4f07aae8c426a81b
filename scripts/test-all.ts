/**
 * `npm test`: type checks with the e2e site's build beside them (the checks keep one core busy, the build the other), unit and
 * contract tests, then the e2e run in Chromium on that build and, beside it, the integration tests (whole-site builds, at nice 5
 * so the e2e run has the cores first when both want them: it keeps them only about a third busy, its browsers mostly wait).
 * Prints each phase's minutes at the end; exits 1 when any phase failed. See docs/testing.md.
 * `npm test -- --from=e2e` starts at the group whose first phase's name starts so (after a fix, the earlier phases are green).
 */
import { phaseTable, runGroup, type Phase, type PhaseResult } from './lib/phases.ts';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const results: PhaseResult[] = [];
const from = process.argv.find((a) => a.startsWith('--from='))?.slice('--from='.length);
const groups: Phase[][] = [
  [
    { name: 'check', command: npm, args: ['run', '-s', 'check'] },
    { name: 'e2e site build', command: process.execPath, args: ['scripts/build-e2e-site.ts'], logFile: '.test-logs/e2e-site-build.log' },
  ],
  [{ name: 'unit + contract', command: npm, args: ['run', '-s', 'test:unit'] }],
  [
    // The e2e run serves the site built ahead; when that group did not run (`--from=unit`, `--from=e2e`), it builds its own.
    { name: 'e2e (Chromium)', command: npm, args: ['run', '-s', 'test:e2e'], env: {} },
    { name: 'integration (builds)', command: npm, args: ['run', '-s', 'test:integration'], logFile: '.test-logs/integration.log', nice: 5 },
  ],
];
for (const group of from ? groups.slice(Math.max(0, groups.findIndex((g) => g[0]!.name.startsWith(from)))) : groups) {
  const builtAhead = results.some((r) => r.name === 'e2e site build' && r.code === 0);
  for (const phase of group) if (phase.name === 'e2e (Chromium)' && builtAhead) phase.env = { E2E_PREBUILT: '1' };
  results.push(...(await runGroup(group)));
  // Type errors or failing unit tests stop the run before the long phases (as `a && b && c` did).
  if (results.some((r) => r.code !== 0)) break;
}
console.log(phaseTable(results, (Date.now() - started) / 60_000, 'npm test'));
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
