/** The axe check shared by the e2e specs: serious and critical violations of the page as it is now, as readable lines. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical violations, one line each (`label` prefixes them, `include` limits the check to a part such as an open
 * modal). Only violations are collected in full: passes and incomplete results, which nobody reads, cost a third of axe's time.
 */
export async function seriousViolations(page: Page, { include, label }: { include?: string; label?: string } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label ? `${label}: ` : ''}${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
