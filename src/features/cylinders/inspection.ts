/** When a cylinder is due for its periodic inspection (定期检验), by the gas it holds: the periods of TSG 23-2021 and GB/T 13004-2016. */
import { dayOfDate } from './rent.ts';

/**
 * Gas classes of the periodic-inspection rule. Source: TSG 23-2021《气瓶安全技术规程》, chapter 9 定期检验 (检验周期), and
 * GB/T 13004-2016《钢质无缝气瓶定期检验与评定》, 检验周期 (the same periods for seamless steel cylinders):
 *  - cylinders for nitrogen, sulphur hexafluoride, inert gases, and non-corrosive high-purity gases of purity >= 99.999 %:
 *    every 5 years (`inert`; `general` gases at >= 99.999 % also take 5 years);
 *  - cylinders for gases corrosive to the cylinder material (and diving cylinders, cylinders in contact with sea water):
 *    every 2 years (`corrosive`);
 *  - cylinders for every other gas: every 3 years (`general`);
 *  - a mixture takes the shortest period of the gases in it;
 *  - a cylinder stored or out of use for longer than one period is inspected again before use.
 * Dissolved-acetylene, LPG, cryogenic and composite cylinders have rules of their own and are not in the supplier's fleet here.
 */
export type GasClass = 'inert' | 'corrosive' | 'general';

export const INSPECTION_SOURCE = 'TSG 23-2021《气瓶安全技术规程》第 9 章定期检验；GB/T 13004-2016《钢质无缝气瓶定期检验与评定》检验周期';

/** Years between inspections for one gas; `purity` in percent (e.g. 99.999), when known. */
export function periodYears(cls: GasClass, purity?: number | null): 2 | 3 | 5 {
  if (cls === 'corrosive') return 2;
  if (cls === 'inert') return 5;
  return purity !== undefined && purity !== null && purity >= 99.999 ? 5 : 3;
}

/** Years between inspections for a cylinder's contents: a mixture takes the shortest period of its gases. */
export function periodOf(classes: readonly GasClass[], purity?: number | null): 2 | 3 | 5 {
  if (classes.length === 0) return 3;
  // The purity exemption is for a pure gas only: a mixture is not a high-purity gas.
  if (classes.length > 1) return Math.min(...classes.map((c) => periodYears(c, null))) as 2 | 3 | 5;
  return periodYears(classes[0]!, purity);
}

/** The next inspection date: the last one plus the period, same month and day (29 February falls to 28 February). */
export function nextInspection(last: string, years: number): string {
  const [y, m, d] = last.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** Days before the due date from which the shop warns (the member arranges the swap before it). */
export const DUE_SOON_DAYS = 30;

export type InspectionState = 'ok' | 'due' | 'overdue';

/** `overdue` from the day after the due date (do not fill or use it; return it), `due` within 30 days before it. */
export function inspectionState(next: string, today: string): InspectionState {
  const left = dayOfDate(next) - dayOfDate(today);
  if (left < 0) return 'overdue';
  return left <= DUE_SOON_DAYS ? 'due' : 'ok';
}

/** Days until the due date (negative when overdue). */
export const daysUntil = (next: string, today: string): number => dayOfDate(next) - dayOfDate(today);

export const INSPECTION_LABEL: Record<InspectionState, string> = { ok: '在检验期内', due: '即将到期', overdue: '已超期' };
