/** The mixture a visitor typed, kept in sessionStorage so it survives the login it asks for (like the cart's pending add). */
import { BALANCE_GASES, COMPONENT_GASES, CYLINDERS, STORAGE_TEMPERATURES, TOLERANCES, UNCERTAINTIES } from './gases.ts';
import { emptyMixture, MAX_COMPONENTS, UNITS, type MixtureRequest } from './mixture.ts';

export const DRAFT_KEY = 'quote:mixture';

export interface MixtureDraft extends MixtureRequest {
  remark: string;
}

const pick = <T>(list: readonly T[], value: unknown, fallback: T): T => (list.includes(value as T) ? (value as T) : fallback);
const str = (value: unknown, max = 20): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** Reads a stored draft, keeping only known choices and short strings (storage is the visitor's to change). */
export function readDraft(raw: string | null): MixtureDraft | null {
  if (!raw) return null;
  let d: Record<string, unknown>;
  try {
    d = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!d || typeof d !== 'object') return null;
  const base = emptyMixture();
  const components = Array.isArray(d.components)
    ? (d.components as Record<string, unknown>[]).slice(0, MAX_COMPONENTS).map((c) => ({
        gas: pick<MixtureRequest['components'][number]['gas']>(['', ...COMPONENT_GASES], c?.gas, ''),
        value: str(c?.value),
        unit: pick(UNITS, c?.unit, 'ppm'),
      }))
    : base.components;
  return {
    balance: pick(BALANCE_GASES, d.balance, base.balance),
    components: components.length ? components : base.components,
    tolerance: pick(
      TOLERANCES.map((t) => t.id),
      d.tolerance,
      base.tolerance,
    ),
    uncertainty: pick(
      UNCERTAINTIES.map((u) => u.id),
      d.uncertainty,
      base.uncertainty,
    ),
    cylinder: pick(
      CYLINDERS.map((c) => c.id),
      d.cylinder,
      base.cylinder,
    ),
    pressure: str(d.pressure),
    minTemp: pick(STORAGE_TEMPERATURES, d.minTemp, base.minTemp),
    quantity: str(d.quantity),
    remark: str(d.remark, 500),
  };
}
