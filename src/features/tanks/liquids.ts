/**
 * The liquefied gases a bulk tank holds, with the liquid density that turns a level (% of the tank's geometric volume) into
 * a mass. Densities are of the saturated liquid at the tank's usual storage state, from the NIST Chemistry WebBook, SRD 69
 * (Lemmon, McLinden, Friend, "Thermophysical Properties of Fluid Systems", saturation properties at 0.101325 MPa; for CO2 at
 * -20 °C, the usual storage state of a low-temperature CO2 tank), rounded to 1 kg/m³:
 * N2 806.1 kg/m³ at 77.36 K, Ar 1395.4 kg/m³ at 87.30 K, O2 1141.2 kg/m³ at 90.19 K, CO2 1032.0 kg/m³ at 253.15 K (1.97 MPa).
 * The goods pages' "约 0.81 / 1.39 / 1.14 kg/L" are the same figures rounded.
 */
export const LIQUIDS = {
  LIN: { name: '液氮', formula: 'N₂', densityKgM3: 806, state: '常压沸点 −195.8 ℃' },
  LAR: { name: '液氩', formula: 'Ar', densityKgM3: 1395, state: '常压沸点 −185.8 ℃' },
  LOX: { name: '液氧', formula: 'O₂', densityKgM3: 1141, state: '常压沸点 −183.0 ℃' },
  LCO2: { name: '液态二氧化碳', formula: 'CO₂', densityKgM3: 1032, state: '−20 ℃、1.97 MPa 饱和液体' },
} as const;
export type Liquid = keyof typeof LIQUIDS;
export const LIQUID_KEYS = Object.keys(LIQUIDS) as Liquid[];
export const DENSITY_SOURCE = 'NIST Chemistry WebBook, SRD 69（饱和液体密度）';

/** Litres of liquid at a level: the level is a share of the tank's geometric (water) volume. */
export const liquidM3 = (levelPct: number, capacityM3: number): number => (levelPct / 100) * capacityM3;
/** Kilograms of liquid at a level. */
export const liquidKg = (levelPct: number, capacityM3: number, liquid: Liquid): number =>
  liquidM3(levelPct, capacityM3) * LIQUIDS[liquid].densityKgM3;
