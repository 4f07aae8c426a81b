/** The gas data the mixture rules decide by: what each gas is (flammable, oxidizing, condensable), its lower flammability limit, its vapour pressure and what the supplier can make and certify; every table names its source. */

export type GasId =
  | 'n2'
  | 'air'
  | 'ar'
  | 'he'
  | 'o2'
  | 'n2o'
  | 'h2'
  | 'co'
  | 'co2'
  | 'ch4'
  | 'c2h6'
  | 'c3h8'
  | 'c4h10'
  | 'c2h4'
  | 'nh3'
  | 'h2s'
  | 'so2'
  | 'no'
  | 'hcl'
  | 'cl2';

export interface Gas {
  id: GasId;
  /** Chinese name as the catalogue writes it. */
  name: string;
  formula: string;
  /** Supports combustion more than nitrogen does (counts as the oxidant of a fuel-oxidant mixture). */
  oxidizer: boolean;
}

export const GASES: Record<GasId, Gas> = {
  n2: { id: 'n2', name: '氮', formula: 'N₂', oxidizer: false },
  air: { id: 'air', name: '合成空气', formula: 'Air', oxidizer: true },
  ar: { id: 'ar', name: '氩', formula: 'Ar', oxidizer: false },
  he: { id: 'he', name: '氦', formula: 'He', oxidizer: false },
  o2: { id: 'o2', name: '氧', formula: 'O₂', oxidizer: true },
  n2o: { id: 'n2o', name: '一氧化二氮', formula: 'N₂O', oxidizer: true },
  h2: { id: 'h2', name: '氢', formula: 'H₂', oxidizer: false },
  co: { id: 'co', name: '一氧化碳', formula: 'CO', oxidizer: false },
  co2: { id: 'co2', name: '二氧化碳', formula: 'CO₂', oxidizer: false },
  ch4: { id: 'ch4', name: '甲烷', formula: 'CH₄', oxidizer: false },
  c2h6: { id: 'c2h6', name: '乙烷', formula: 'C₂H₆', oxidizer: false },
  c3h8: { id: 'c3h8', name: '丙烷', formula: 'C₃H₈', oxidizer: false },
  c4h10: { id: 'c4h10', name: '正丁烷', formula: 'n-C₄H₁₀', oxidizer: false },
  c2h4: { id: 'c2h4', name: '乙烯', formula: 'C₂H₄', oxidizer: false },
  nh3: { id: 'nh3', name: '氨', formula: 'NH₃', oxidizer: false },
  h2s: { id: 'h2s', name: '硫化氢', formula: 'H₂S', oxidizer: false },
  so2: { id: 'so2', name: '二氧化硫', formula: 'SO₂', oxidizer: false },
  no: { id: 'no', name: '一氧化氮', formula: 'NO', oxidizer: true },
  hcl: { id: 'hcl', name: '氯化氢', formula: 'HCl', oxidizer: false },
  cl2: { id: 'cl2', name: '氯', formula: 'Cl₂', oxidizer: true },
};

/** Balance gases the configurator offers (the bulk of the cylinder). */
export const BALANCE_GASES: GasId[] = ['n2', 'air', 'ar', 'he', 'o2', 'n2o', 'h2', 'co2', 'ch4'];
/** Components the configurator offers. */
export const COMPONENT_GASES: GasId[] = [
  'o2',
  'n2',
  'ar',
  'he',
  'h2',
  'co',
  'co2',
  'ch4',
  'c2h6',
  'c3h8',
  'c4h10',
  'c2h4',
  'nh3',
  'h2s',
  'so2',
  'no',
  'hcl',
  'cl2',
  'n2o',
];

/**
 * Lower flammability limit in air, mole fraction (volume % / 100) at ambient conditions.
 * Source: IEC 60079-20-1:2010 (GB/T 3836.11), Table B.1 "LFL % by volume". Air's LFL is used for oxygen-rich and nitrous
 * oxide balances too: it is about the same in oxygen for these gases, and the safe fraction below gives the margin.
 */
export const LFL: Partial<Record<GasId, number>> = {
  h2: 0.04,
  co: 0.109,
  ch4: 0.044,
  c2h6: 0.024,
  c3h8: 0.017,
  c4h10: 0.014,
  c2h4: 0.023,
  nh3: 0.15,
  h2s: 0.04,
};

/**
 * The supplier's rule for fuel in an oxidant: the fuel content may reach at most this fraction of the LFL (for several fuels,
 * Le Chatelier's sum Σ xᵢ/LFLᵢ ≤ this fraction). The oxidant-fuel mixture codes (EIGA Doc 139 / AIGA 058 / CGA P-58, "Safe
 * preparation of compressed oxidant-fuel gas mixtures in cylinders") require the finished mixture to be non-flammable; 60 % of
 * the IEC LFL keeps that margin and still admits the usual detector calibration gases, e.g. 2.5 % methane in air (57 %).
 */
export const SAFE_LFL_FRACTION = 0.6;

/** Storage temperatures the buyer may state as the lowest (°C); vapour pressures below are tabulated at each. */
export const STORAGE_TEMPERATURES = [-20, -10, 0, 10, 20] as const;
export type StorageTemperature = (typeof STORAGE_TEMPERATURES)[number];

/**
 * Saturation (vapour) pressure, MPa absolute, at -20, -10, 0, 10 and 20 °C.
 * Source: NIST Chemistry WebBook, SRD 69, "Thermophysical properties of fluid systems", saturation properties (temperature
 * increments), rounded to 3 significant figures. CO₂ at 20 °C: 5.73 MPa. Gases whose critical temperature is below -20 °C
 * (N₂, O₂, Ar, He, H₂, CO, CH₄, NO, air) do not condense in a cylinder and have no entry. Ethylene (critical 9.2 °C), H₂S,
 * SO₂, HCl and Cl₂ have no entry because the configurator's upper limits for them (MAKE_LIMITS) keep their partial pressure
 * at 20 MPa below their vapour pressure at -20 °C.
 */
export const VAPOUR_PRESSURE_MPA: Partial<Record<GasId, Record<StorageTemperature, number>>> = {
  co2: { [-20]: 1.97, [-10]: 2.65, 0: 3.49, 10: 4.5, 20: 5.73 },
  n2o: { [-20]: 1.82, [-10]: 2.42, 0: 3.13, 10: 4.0, 20: 5.15 },
  c3h8: { [-20]: 0.245, [-10]: 0.345, 0: 0.475, 10: 0.637, 20: 0.836 },
  c4h10: { [-20]: 0.0448, [-10]: 0.0692, 0: 0.104, 10: 0.148, 20: 0.208 },
  nh3: { [-20]: 0.19, [-10]: 0.291, 0: 0.429, 10: 0.615, 20: 0.857 },
};

/**
 * What the supplier can make and certify, as mole fractions: the lowest content it certifies by gravimetric preparation
 * (ISO 6142-1) with verification against its reference standards (ISO 6143), and the highest it prepares. Source: the
 * supplier's production capability sheet for calibration mixtures (the sales team's table, to be kept in step with the lab).
 */
export const MAKE_LIMITS: Record<GasId, { min: number; max: number }> = {
  o2: { min: 1e-6, max: 0.5 },
  n2: { min: 1e-5, max: 0.5 },
  ar: { min: 1e-5, max: 0.5 },
  he: { min: 1e-5, max: 0.5 },
  air: { min: 1e-3, max: 0.5 },
  n2o: { min: 1e-5, max: 0.5 },
  h2: { min: 1e-6, max: 0.5 },
  co: { min: 1e-7, max: 0.1 },
  co2: { min: 1e-7, max: 0.5 },
  ch4: { min: 1e-7, max: 0.5 },
  c2h6: { min: 1e-6, max: 0.1 },
  c3h8: { min: 1e-6, max: 0.1 },
  c4h10: { min: 1e-6, max: 0.05 },
  c2h4: { min: 1e-6, max: 0.05 },
  nh3: { min: 1e-6, max: 0.05 },
  h2s: { min: 1e-6, max: 0.01 },
  so2: { min: 1e-6, max: 0.001 },
  no: { min: 1e-6, max: 0.01 },
  hcl: { min: 1e-5, max: 0.001 },
  cl2: { min: 1e-5, max: 0.001 },
};

/** Reactive gases: certified at 2 % relative uncertainty or wider (adsorption on the cylinder wall drifts their content). */
export const REACTIVE: GasId[] = ['nh3', 'h2s', 'so2', 'no', 'hcl', 'cl2'];

/**
 * Pairs that react with each other in the cylinder, refused at any content. Source: the reactivity sections of the GESTIS
 * substance database (IFA) entries of each gas, as ISO 10156-style mixture design asks: ammonia with hydrogen chloride or
 * chlorine forms ammonium chloride (a solid) and with carbon dioxide ammonium carbamate; nitric oxide with oxygen forms
 * nitrogen dioxide; chlorine with ammonia also forms explosive nitrogen trichloride; hydrogen sulfide with sulfur dioxide
 * forms sulfur and water (Claus reaction). Fuel with an oxidant is not listed: the LFL rule decides it.
 */
export const INCOMPATIBLE: { pair: [GasId, GasId]; why: string }[] = [
  { pair: ['nh3', 'hcl'], why: '生成氯化铵固体' },
  { pair: ['nh3', 'cl2'], why: '生成氯化铵和易爆的三氯化氮' },
  { pair: ['nh3', 'co2'], why: '生成氨基甲酸铵固体' },
  { pair: ['nh3', 'so2'], why: '生成亚硫酸铵盐' },
  { pair: ['no', 'o2'], why: '一氧化氮被氧化为二氧化氮' },
  { pair: ['no', 'air'], why: '一氧化氮被氧化为二氧化氮' },
  { pair: ['h2s', 'so2'], why: '发生克劳斯反应生成硫和水' },
  { pair: ['h2s', 'cl2'], why: '氯将硫化氢氧化' },
];

/** Cylinders the configurator offers, with their working (maximum fill) pressure in MPa (gauge). */
export const CYLINDERS = [
  { id: '4L-AL', label: '4L 铝合金瓶', maxMpa: 12 },
  { id: '8L-AL', label: '8L 铝合金瓶', maxMpa: 12 },
  { id: '40L-ST', label: '40L 钢瓶', maxMpa: 15 },
  { id: '47L-ST', label: '47L 钢瓶', maxMpa: 20 },
] as const;
export type CylinderId = (typeof CYLINDERS)[number]['id'];

/** Preparation tolerance: how far the made content may lie from the target, relative. */
export const TOLERANCES = [
  { id: 'T2', label: '±2%（相对）', rel: 0.02 },
  { id: 'T5', label: '±5%（相对）', rel: 0.05 },
  { id: 'T10', label: '±10%（相对）', rel: 0.1 },
] as const;
/** Certification uncertainty grade, relative expanded uncertainty at k = 2 (as certificates state it, ISO 6141). */
export const UNCERTAINTIES = [
  { id: 'U1', label: '1%（k=2）', rel: 0.01 },
  { id: 'U2', label: '2%（k=2）', rel: 0.02 },
  { id: 'U5', label: '5%（k=2）', rel: 0.05 },
] as const;
export type ToleranceId = (typeof TOLERANCES)[number]['id'];
export type UncertaintyId = (typeof UNCERTAINTIES)[number]['id'];
