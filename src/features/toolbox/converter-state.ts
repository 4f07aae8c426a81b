/** The gas toolbox's state as a query string, so a result can be shared: parsing (junk falls back to defaults) and writing. */
import {
  convertAll,
  CYLINDER_GASES,
  gasByKey,
  gasByWikiId,
  PRESSURE_UNITS,
  unitById,
  unitsFor,
  type CylinderTemperature,
  type GasKey,
  type PressureUnit,
  type UnitId,
} from './gas-physics.ts';

export interface ToolboxState {
  gas: GasKey;
  unit: UnitId;
  /** The quantity typed, as text (it may be invalid while being typed; the URL keeps only valid ones). */
  value: string;
  cylGas: GasKey;
  cylWater: string;
  cylPressure: string;
  cylTemp: CylinderTemperature;
  pUnit: PressureUnit;
  pValue: string;
}

/** What the page shows before anyone types: a standard 40 L nitrogen cylinder and 1,000 L of liquid nitrogen. */
export const DEFAULT_STATE: ToolboxState = {
  gas: 'nitrogen',
  unit: 'L',
  value: '1000',
  cylGas: 'nitrogen',
  cylWater: '40',
  cylPressure: '15',
  cylTemp: 20,
  pUnit: 'MPa',
  pValue: '15',
};

const NUMBER = /^\d{1,13}(\.\d{1,12})?$/;

/** A gas by key or by encyclopedia id (the form other pages link with). */
function gasParam(value: string | null): GasKey | undefined {
  if (!value) return undefined;
  return (/^\d{1,6}$/.test(value) ? gasByWikiId(Number(value)) : gasByKey(value))?.key;
}

export function parseState(search: string): ToolboxState {
  const q = new URLSearchParams(search);
  const s = { ...DEFAULT_STATE };
  const gas = gasParam(q.get('gas'));
  if (gas) s.gas = gas;
  const unit = unitById(q.get('unit') ?? '');
  const value = q.get('v') ?? '';
  if (unit && unitsFor(gasByKey(s.gas)!).includes(unit) && NUMBER.test(value)) {
    s.unit = unit.id;
    s.value = value;
  } else if (gas && !unitsFor(gasByKey(gas)!).some((u) => u.id === s.unit)) {
    s.unit = 'kg';
    s.value = '100';
  }
  const cg = gasParam(q.get('cg'));
  if (cg && CYLINDER_GASES.some((g) => g.key === cg)) s.cylGas = cg;
  if (NUMBER.test(q.get('cw') ?? '')) s.cylWater = q.get('cw')!;
  if (NUMBER.test(q.get('cp') ?? '')) s.cylPressure = q.get('cp')!;
  if (q.get('ct') === '15') s.cylTemp = 15;
  const pu = PRESSURE_UNITS.find((u) => u.id === q.get('pu'));
  if (pu && NUMBER.test(q.get('pv') ?? '')) {
    s.pUnit = pu.id;
    s.pValue = q.get('pv')!;
  }
  return s;
}

/** The query of a state: the converter always, the other tools only where they differ from the defaults. */
export function stateQuery(s: ToolboxState): string {
  const q = new URLSearchParams({ gas: s.gas, unit: s.unit, v: s.value });
  if (s.cylGas !== DEFAULT_STATE.cylGas) q.set('cg', s.cylGas);
  if (s.cylWater !== DEFAULT_STATE.cylWater) q.set('cw', s.cylWater);
  if (s.cylPressure !== DEFAULT_STATE.cylPressure) q.set('cp', s.cylPressure);
  if (s.cylTemp !== DEFAULT_STATE.cylTemp) q.set('ct', String(s.cylTemp));
  if (s.pUnit !== DEFAULT_STATE.pUnit || s.pValue !== DEFAULT_STATE.pValue) {
    q.set('pu', s.pUnit);
    q.set('pv', s.pValue);
  }
  return q.toString();
}

/** The state with another gas chosen; an amount in a unit the new gas lacks (a liquid volume) is carried over as its mass. */
export function withGas(s: ToolboxState, key: GasKey): ToolboxState {
  const next = gasByKey(key);
  if (!next) return s;
  if (unitsFor(next).some((u) => u.id === s.unit)) return { ...s, gas: key };
  const kg = convertAll(gasByKey(s.gas)!, s.unit, Number(s.value)).kg ?? 0;
  return { ...s, gas: key, unit: 'kg', value: String(Number(kg.toPrecision(12))) };
}

/** What the page's selects show, by name: read from the page when the island takes it over. */
export interface SelectChoices {
  gas?: string;
  cg?: string;
  ct?: string;
}

/**
 * A state with the choices a visitor made in the server-rendered selects before the island ran: each select that no longer
 * shows what the page was built with (`shown`) wins over the URL's state. Values that are not options are ignored.
 */
export function withChoices(s: ToolboxState, picked: SelectChoices, shown: ToolboxState): ToolboxState {
  let next = s;
  const gas = gasByKey(picked.gas ?? '')?.key;
  if (gas && gas !== shown.gas) next = withGas(next, gas);
  const cg = CYLINDER_GASES.find((g) => g.key === picked.cg)?.key;
  if (cg && cg !== shown.cylGas) next = { ...next, cylGas: cg };
  const ct = picked.ct === '15' ? 15 : picked.ct === '20' ? 20 : undefined;
  if (ct && ct !== shown.cylTemp) next = { ...next, cylTemp: ct as CylinderTemperature };
  return next;
}
