// The phase table `npm test` prints at its end: every phase with its result and minutes, CPU minutes of a group marked, the total.
import { describe, expect, it } from 'vitest';
import { phaseTable } from '#scripts/lib/phases.ts';

describe('phaseTable', () => {
  it('lists each phase and the total, green when every phase passed', () => {
    const out = phaseTable(
      [
        { name: 'check', code: 0, minutes: 1.24, cpuMinutes: 2.01, together: false },
        { name: 'e2e (Chromium)', code: 0, minutes: 9.5, cpuMinutes: 12.3, together: true },
        { name: 'integration (builds)', code: 0, minutes: 6.1, cpuMinutes: 12.3, together: true },
      ],
      10.8,
      'npm test',
    );
    expect(out).toMatch(/check\s+ok\s+1\.2\s+2\.0/);
    expect(out).toMatch(/integration \(builds\)\s+ok\s+6\.1\s+12\.3 \(group\)/);
    expect(out).toMatch(/total\s+green\s+10\.8/);
  });
  it('says which phase failed, with its exit code, and marks the run red', () => {
    const out = phaseTable([{ name: 'unit + contract', code: 1, minutes: 3, cpuMinutes: 4, together: false }], 4, 'npm test');
    expect(out).toMatch(/unit \+ contract\s+FAILED \(exit 1\)/);
    expect(out).toMatch(/total\s+RED/);
  });
});
