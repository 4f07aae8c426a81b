/**
 * `npm test`: type checks, unit and contract tests and the e2e site's build side by side (the checks are single-threaded, the
 * build and Vitest take what is left), then the e2e run in Chromium on that build and, beside it, the integration tests (whole-site builds, at nice 5
 * so the e2e run has the cores first when both want them: it keeps them only about a third busy, its browsers mostly wait).
 * Prints each phase's minutes at the end; exits 1 when any phase failed. See docs/testing.md.
 * `npm test -- --from=e2e` starts at the group whose first phase's name starts so (after a fix, the earlier phases are green).
 * First of all it checks what the e2e phase needs from the machine (a Chromium, the CJK fonts: scripts/lib/e2e-prereqs.ts) and
 * installs it as .ci/run does when it may, else stops at once, naming the command: not after minutes of checks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { e2ePrereqs } from './lib/e2e-prereqs.ts';
import { phaseTable, runGroup, type Phase, type PhaseResult } from './lib/phases.ts';

/** Whether a command succeeds (false when it is not there at all). */
const succeeds = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
/** fonts-noto-cjk as .ci/run asks dpkg; without dpkg (not Debian), whether fontconfig knows any Chinese font. */
function cjkFonts(): boolean {
  const dpkg = spawnSync('dpkg', ['-s', 'fonts-noto-cjk'], { encoding: 'utf8' });
  if (!dpkg.error) return dpkg.status === 0 && dpkg.stdout.includes('Status: install ok installed');
  return spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).stdout?.trim().length > 0;
}
const prereqs = e2ePrereqs({
  env: process.env,
  exists: existsSync,
  cjkFonts: cjkFonts(),
  root: process.getuid?.() === 0,
  aptGet: succeeds('sh', ['-c', 'command -v apt-get']),
});
if (prereqs.action === 'stop') {
  console.error(prereqs.message);
  process.exit(1);
}
if (prereqs.action === 'ok' && prereqs.note) console.log(prereqs.note);
if (prereqs.action === 'install') {
  console.log(prereqs.message);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', ...prereqs.packages], { stdio: 'inherit', env }).status === 0;
  if (!ok) {
    console.error(`npm test: apt-get could not install ${prereqs.packages.join(' ')}; the e2e phase would fail without them`);
    process.exit(1);
  }
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const results: PhaseResult[] = [];
const from = process.argv.find((a) => a.startsWith('--from='))?.slice('--from='.length);
const groups: Phase[][] = [
  // The unit and contract tests beside the checks and the build: alone after them they kept the two cores about half busy for
  // 3 minutes (28 Nov 2026: check 1.3 min + unit 3.0 in sequence); a failure in any of the three still stops the run here.
  [
    { name: 'check', command: npm, args: ['run', '-s', 'check'] },
    { name: 'e2e site build', command: process.execPath, args: ['scripts/build-e2e-site.ts'], logFile: '.test-logs/e2e-site-build.log' },
    { name: 'unit + contract', command: npm, args: ['run', '-s', 'test:unit'], logFile: '.test-logs/unit.log' },
  ],
  [
    // The e2e run serves the site built ahead; when that group did not run (`--from=e2e`), it builds its own.
    { name: 'e2e (Chromium)', command: npm, args: ['run', '-s', 'test:e2e'], env: {} },
    { name: 'integration (builds)', command: npm, args: ['run', '-s', 'test:integration'], logFile: '.test-logs/integration.log', nice: 5 },
  ],
];
for (const group of from
  ? groups.slice(
      Math.max(
        0,
        groups.findIndex((g) => g[0]!.name.startsWith(from)),
      ),
    )
  : groups) {
  const builtAhead = results.some((r) => r.name === 'e2e site build' && r.code === 0);
  for (const phase of group) if (phase.name === 'e2e (Chromium)' && builtAhead) phase.env = { E2E_PREBUILT: '1' };
  results.push(...(await runGroup(group)));
  // Type errors or failing unit tests stop the run before the long phases (as `a && b && c` did).
  if (results.some((r) => r.code !== 0)) break;
}
console.log(phaseTable(results, (Date.now() - started) / 60_000, 'npm test'));
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
