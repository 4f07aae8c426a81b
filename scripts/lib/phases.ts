/**
 * Phases of a test run (`npm test`, `.ci/run`): each phase is a command; phases run one after another, or a group side by side.
 * Each phase's wall minutes and, for what ran alone, the CPU minutes (user + sys) its processes used are printed at the end,
 * so a run on a busy shared host can still be compared with a quiet one (CPU time moves far less than wall time).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';

export interface Phase {
  name: string;
  command: string;
  args: string[];
  /** Output goes to this file instead of the terminal (a phase run beside another), and is printed when the group ends. */
  logFile?: string;
  /** `nice` level: a phase beside the e2e run gives way to it when both want a core. */
  nice?: number;
  /** Extra environment for the phase's command. */
  env?: Record<string, string>;
}

export interface PhaseResult {
  name: string;
  code: number;
  minutes: number;
  /** User + sys CPU minutes of the phase's processes (of its whole group when it ran beside others: they cannot be told apart). */
  cpuMinutes: number;
  together: boolean;
}

/** CPU seconds (user + sys) of this process's finished, waited-for descendants (/proc/self/stat cutime + cstime). */
function childrenCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command name: field 3 is index 0, so cutime (16) and cstime (17) are indexes 13 and 14; clock ticks of 1/100 s.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

function run(phase: Phase): Promise<number> {
  const [command, args] = phase.nice ? ['nice', ['-n', String(phase.nice), phase.command, ...phase.args]] : [phase.command, phase.args];
  return new Promise((resolveCode) => {
    let out: ReturnType<typeof createWriteStream> | null = null;
    if (phase.logFile) {
      mkdirSync(phase.logFile.replace(/\/[^/]*$/, ''), { recursive: true });
      out = createWriteStream(phase.logFile);
    }
    const child = spawn(command, args, {
      stdio: out ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: phase.env ? { ...process.env, ...phase.env } : process.env,
    });
    if (out) {
      child.stdout!.pipe(out, { end: false });
      child.stderr!.pipe(out, { end: false });
    }
    child.on('close', (code, signal) => {
      out?.end();
      resolveCode(code ?? (signal ? 128 : 1));
    });
    child.on('error', () => resolveCode(127));
  });
}

/** Runs the phases of a group side by side (one phase: alone); resolves with each one's result. */
export async function runGroup(group: Phase[]): Promise<PhaseResult[]> {
  const cpuBefore = childrenCpuSeconds();
  const results = await Promise.all(
    group.map(async (phase) => {
      const started = Date.now();
      console.log(
        `\n=== ${phase.name}: ${[phase.command, ...phase.args].join(' ')}${phase.logFile ? ` (output in ${phase.logFile})` : ''}${group.length > 1 ? ', beside the others of its group' : ''}`,
      );
      const code = await run(phase);
      return { name: phase.name, code, minutes: (Date.now() - started) / 60_000 };
    }),
  );
  for (const phase of group) {
    if (!phase.logFile) continue;
    console.log(`\n=== ${phase.name} (output of ${phase.logFile}):`);
    try {
      process.stdout.write(readFileSync(phase.logFile, 'utf8'));
    } catch {
      console.log('(no output)');
    }
  }
  const cpu = (childrenCpuSeconds() - cpuBefore) / 60;
  return results.map((r) => ({ ...r, cpuMinutes: cpu, together: group.length > 1 }));
}

/** The table printed at the end of a run: phase, status, wall minutes, CPU minutes, and the total. */
export function phaseTable(results: PhaseResult[], totalMinutes: number, title: string): string {
  const rows = results.map((r) => [
    r.name,
    r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`,
    r.minutes.toFixed(1),
    r.together ? `${r.cpuMinutes.toFixed(1)} (group)` : r.cpuMinutes.toFixed(1),
  ]);
  rows.push(['total', results.every((r) => r.code === 0) ? 'green' : 'RED', totalMinutes.toFixed(1), '']);
  const head = ['phase', 'result', 'minutes', 'CPU min'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [`\n${title} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`, line(head), ...rows.map(line)].join('\n');
}
