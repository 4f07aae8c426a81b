/** The gas toolbox's state as a query string, so a result can be shared: parsing (junk falls back to defaults) and writing. */
import { CYLINDER_GASES, gasByKey, gasByWikiId, PRESSURE_UNITS, unitById, unitsFor, type CylinderTemperature, type GasKey, type PressureUnit, type UnitId } from './gas-physics.ts';

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
