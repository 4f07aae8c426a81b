/** The physics of the gas toolbox, pure and in one place: molar masses, real-gas densities at the reference conditions,
 * liquid densities, cylinder compressibility, unit and pressure conversions, and the parsing of typed quantities. */

// Every density below was evaluated from the reference equation of state named beside it, the same equations NIST REFPROP
// and the NIST Chemistry WebBook (SRD 69, "Thermophysical Properties of Fluid Systems") use; scripts/tools/gas-physics-data.py
// is the script that evaluated them. They agree with the vendors' published conversion tables (Air Products "Unit conversion
// data", CGA P-6) within 0.3 %: tests/unit/src/features/toolbox/gas-physics.test.ts checks that.

/** The equations of state (and the one correlation) the values come from. */
export const EOS = {
  N2: 'NIST SRD 69 / REFPROP：Span 等，J. Phys. Chem. Ref. Data 29, 1361 (2000)',
  O2: 'NIST SRD 69 / REFPROP：Schmidt & Wagner，Fluid Phase Equilib. 19, 175 (1985)',
  Ar: 'NIST SRD 69 / REFPROP：Tegeler 等，J. Phys. Chem. Ref. Data 28, 779 (1999)',
  CO2: 'NIST SRD 69 / REFPROP：Span & Wagner，J. Phys. Chem. Ref. Data 25, 1509 (1996)',
  H2: 'NIST SRD 69 / REFPROP：Leachman 等，J. Phys. Chem. Ref. Data 38, 721 (2009)，正常氢',
  pH2: 'NIST SRD 69 / REFPROP：Leachman 等，J. Phys. Chem. Ref. Data 38, 721 (2009)，仲氢',
  He: 'NIST REFPROP 10：Ortiz-Vega 等（2019）氦状态方程',
  N2O: 'NIST REFPROP：Lemmon & Span，J. Chem. Eng. Data 51, 785 (2006)',
  CH4: 'NIST SRD 69 / REFPROP：Setzmann & Wagner，J. Phys. Chem. Ref. Data 20, 1061 (1991)',
  Ne: 'NIST REFPROP 10：Thol 等（2019）氖状态方程',
  Kr: 'NIST SRD 69 / REFPROP：Lemmon & Span，J. Chem. Eng. Data 51, 785 (2006)',
  Xe: 'NIST SRD 69 / REFPROP：Lemmon & Span，J. Chem. Eng. Data 51, 785 (2006)',
  C3H8: 'NIST SRD 69 / REFPROP：Lemmon 等，J. Chem. Eng. Data 54, 3141 (2009)',
  NH3: 'NIST REFPROP 10：Gao 等（2020）氨状态方程',
  C2H2: '第二维里系数 Tsonopoulos 关联式（AIChE J. 20, 263 (1974)），临界参数取自 Poling 等《The Properties of Gases and Liquids》第 5 版附录 A',
} as const;

/** Exact unit definitions (NIST SP 811 Appendix B). */
export const LB = 0.45359237; // kg
export const FT3 = 0.028316846592; // m³
export const US_GAL = 3.785411784; // L
export const PSI = 6894.757293168; // Pa
export const KGF_CM2 = 98066.5; // Pa
export const ATM = 101325; // Pa
export const BAR = 100000; // Pa
/** Molar gas constant, CODATA 2018 (exact). */
export const R = 8.314462618;

export type GasKey =
  | 'nitrogen'
  | 'oxygen'
  | 'argon'
  | 'carbon-dioxide'
  | 'hydrogen'
  | 'helium'
  | 'nitrous-oxide'
  | 'methane'
  | 'neon'
  | 'krypton'
  | 'xenon'
  | 'propane'
  | 'acetylene'
  | 'ammonia';

export interface GasData {
  key: GasKey;
  /** The gas's id in the encyclopedia (and SDS) of the back office. */
  wikiId: number;
  name: string;
  formula: string;
  molarMass: number;
  /** Gas density, kg/m³, at 101.325 kPa and 0 ℃ (n), 15 ℃ (s15), 20 ℃ (s20), 70 ℉ (scf). */
  gas: Record<GasStateId, number>;
  gasSource: string;
  /** Liquid density, kg/m³, and the state it is measured at; null when the gas is not handled as a liquid. */
  liquid: { density: number; state: string; source: string } | null;
}

export type GasStateId = 'n' | 's15' | 's20' | 'scf';

/** The reference conditions of the gas volumes, as shown on screen. */
export const GAS_STATES: readonly { id: GasStateId; label: string; temperatureC: number; pressure: string }[] = [
  { id: 'n', label: '标准状态（Nm³）', temperatureC: 0, pressure: '101.325 kPa' },
  { id: 's15', label: '15 ℃ 基准', temperatureC: 15, pressure: '101.325 kPa' },
  { id: 's20', label: '20 ℃ 基准', temperatureC: 20, pressure: '101.325 kPa' },
  { id: 'scf', label: '美制标准立方英尺（scf）', temperatureC: (70 - 32) / 1.8, pressure: '14.696 psia（101.325 kPa）' },
];

export const GASES: readonly GasData[] = [
  {
    key: 'nitrogen',
    wikiId: 1,
    name: '氮气',
    formula: 'N₂',
    molarMass: 28.0135, // g/mol, CIAAW standard atomic weights
    gas: { n: 1.25039, s15: 1.1851, s20: 1.16483, scf: 1.16042 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.N2
    gasSource: EOS.N2,
    liquid: { density: 806.08, state: '饱和液体，101.325 kPa，−195.8 ℃（正常沸点）', source: EOS.N2 },
  },
  {
    key: 'oxygen',
    wikiId: 2,
    name: '氧气',
    formula: 'O₂',
    molarMass: 31.9988, // g/mol, CIAAW standard atomic weights
    gas: { n: 1.42903, s15: 1.35436, s20: 1.33118, scf: 1.32614 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.O2
    gasSource: EOS.O2,
    liquid: { density: 1141.17, state: '饱和液体，101.325 kPa，−182.96 ℃（正常沸点）', source: EOS.O2 },
  },
  {
    key: 'argon',
    wikiId: 3,
    name: '氩气',
    formula: 'Ar',
    molarMass: 39.948, // g/mol, CIAAW standard atomic weights
    gas: { n: 1.78396, s15: 1.69075, s20: 1.66182, scf: 1.65553 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.Ar
    gasSource: EOS.Ar,
    liquid: { density: 1395.4, state: '饱和液体，101.325 kPa，−185.85 ℃（正常沸点）', source: EOS.Ar },
  },
  {
    key: 'carbon-dioxide',
    wikiId: 6,
    name: '二氧化碳',
    formula: 'CO₂',
    molarMass: 44.0098, // g/mol, CIAAW standard atomic weights
    gas: { n: 1.97681, s15: 1.87185, s20: 1.83934, scf: 1.83228 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.CO2
    gasSource: EOS.CO2,
    liquid: { density: 1016.75, state: '饱和液体，2.17 MPa（表压，300 psig），−16.8 ℃', source: EOS.CO2 },
  },
  {
    key: 'hydrogen',
    wikiId: 5,
    name: '氢气',
    formula: 'H₂',
    molarMass: 2.0159, // g/mol, CIAAW standard atomic weights
    gas: { n: 0.08988, s15: 0.0852, s20: 0.08375, scf: 0.08344 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.H2
    gasSource: EOS.H2,
    liquid: { density: 70.83, state: '饱和液体（仲氢），101.325 kPa，−252.88 ℃（正常沸点）', source: EOS.pH2 },
  },
  {
    key: 'helium',
    wikiId: 4,
    name: '氦气',
    formula: 'He',
    molarMass: 4.0026, // g/mol, CIAAW standard atomic weights
    gas: { n: 0.17848, s15: 0.1692, s20: 0.16631, scf: 0.16568 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.He
    gasSource: EOS.He,
    liquid: { density: 124.67, state: '饱和液体，101.325 kPa，−268.93 ℃（正常沸点）', source: EOS.He },
  },
  {
    key: 'nitrous-oxide',
    wikiId: 12,
    name: '一氧化二氮',
    formula: 'N₂O',
    molarMass: 44.0128, // g/mol, CIAAW standard atomic weights
    gas: { n: 1.97787, s15: 1.87281, s20: 1.84028, scf: 1.8332 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.N2O
    gasSource: EOS.N2O,
    liquid: { density: 1230.45, state: '饱和液体，101.325 kPa，−88.47 ℃（正常沸点）', source: EOS.N2O },
  },
  {
    key: 'methane',
    wikiId: 9,
    name: '甲烷',
    formula: 'CH₄',
    molarMass: 16.0428, // g/mol, CIAAW standard atomic weights
    gas: { n: 0.71746, s15: 0.67983, s20: 0.66816, scf: 0.66562 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.CH4
    gasSource: EOS.CH4,
    liquid: { density: 422.36, state: '饱和液体，101.325 kPa，−161.48 ℃（正常沸点）', source: EOS.CH4 },
  },
  {
    key: 'neon',
    wikiId: 22,
    name: '氖气',
    formula: 'Ne',
    molarMass: 20.179, // g/mol, CIAAW standard atomic weights
    gas: { n: 0.89985, s15: 0.85301, s20: 0.83847, scf: 0.8353 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.Ne
    gasSource: EOS.Ne,
    liquid: { density: 1205.87, state: '饱和液体，101.325 kPa，−246.05 ℃（正常沸点）', source: EOS.Ne },
  },
  {
    key: 'krypton',
    wikiId: 20,
    name: '氪气',
    formula: 'Kr',
    molarMass: 83.798, // g/mol, CIAAW standard atomic weights
    gas: { n: 3.74897, s15: 3.55227, s20: 3.49123, scf: 3.47796 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.Kr
    gasSource: EOS.Kr,
    liquid: { density: 2416.61, state: '饱和液体，101.325 kPa，−153.42 ℃（正常沸点）', source: EOS.Kr },
  },
  {
    key: 'xenon',
    wikiId: 21,
    name: '氙气',
    formula: 'Xe',
    molarMass: 131.293, // g/mol, CIAAW standard atomic weights
    gas: { n: 5.898, s15: 5.58538, s20: 5.48851, scf: 5.46745 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.Xe
    gasSource: EOS.Xe,
    liquid: { density: 2942.0, state: '饱和液体，101.325 kPa，−108.1 ℃（正常沸点）', source: EOS.Xe },
  },
  {
    key: 'propane',
    wikiId: 10,
    name: '丙烷',
    formula: 'C₃H₈',
    molarMass: 44.0956, // g/mol, CIAAW standard atomic weights
    gas: { n: 2.0105, s15: 1.89923, s20: 1.86499, scf: 1.85756 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.C3H8
    gasSource: EOS.C3H8,
    liquid: { density: 580.88, state: '饱和液体，101.325 kPa，−42.11 ℃（正常沸点）', source: EOS.C3H8 },
  },
  {
    key: 'acetylene',
    wikiId: 7,
    name: '乙炔',
    formula: 'C₂H₂',
    molarMass: 26.0373, // g/mol, CIAAW standard atomic weights
    gas: { n: 1.17149, s15: 1.10902, s20: 1.08968, scf: 1.08548 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.C2H2
    gasSource: EOS.C2H2,
    liquid: null,
  },
  {
    key: 'ammonia',
    wikiId: 8,
    name: '氨',
    formula: 'NH₃',
    molarMass: 17.0305, // g/mol, CIAAW standard atomic weights
    gas: { n: 0.77155, s15: 0.7291, s20: 0.71606, scf: 0.71323 }, // kg/m³ at 101.325 kPa and 0 ℃, 15 ℃, 20 ℃, 70 ℉: EOS.NH3
    gasSource: EOS.NH3,
    liquid: { density: 681.63, state: '饱和液体，101.325 kPa，−33.32 ℃（正常沸点）', source: EOS.NH3 },
  },
];

export const gasByKey = (key: string): GasData | undefined => GASES.find((g) => g.key === key);
export const gasByWikiId = (id: number): GasData | undefined => GASES.find((g) => g.wikiId === id);

// ---------------------------------------------------------------- quantities

export type UnitId = 'kg' | 't' | 'lb' | 'Nm3' | 'm3_15' | 'm3_20' | 'scf' | 'L' | 'm3_liquid' | 'gal';
export type UnitKind = 'mass' | 'gas' | 'liquid';

export interface UnitInfo {
  id: UnitId;
  kind: UnitKind;
  /** The field's label, with its unit in `unit`. */
  label: string;
  unit: string;
}

export const UNITS: readonly UnitInfo[] = [
  { id: 'kg', kind: 'mass', label: '质量', unit: 'kg' },
  { id: 't', kind: 'mass', label: '质量', unit: 't' },
  { id: 'lb', kind: 'mass', label: '质量', unit: 'lb' },
  { id: 'Nm3', kind: 'gas', label: '气体体积（0 ℃，101.325 kPa）', unit: 'Nm³' },
  { id: 'm3_15', kind: 'gas', label: '气体体积（15 ℃，101.325 kPa）', unit: 'm³' },
  { id: 'm3_20', kind: 'gas', label: '气体体积（20 ℃，101.325 kPa）', unit: 'm³' },
  { id: 'scf', kind: 'gas', label: '气体体积（70 ℉，14.696 psia）', unit: 'scf' },
  { id: 'L', kind: 'liquid', label: '液体体积', unit: 'L' },
  { id: 'm3_liquid', kind: 'liquid', label: '液体体积', unit: 'm³' },
  { id: 'gal', kind: 'liquid', label: '液体体积', unit: 'US gal' },
];

export const unitById = (id: string): UnitInfo | undefined => UNITS.find((u) => u.id === id);

/** The units a gas can be converted in: liquid units only where it is handled as a liquid. */
export const unitsFor = (gas: GasData): UnitInfo[] => UNITS.filter((u) => u.kind !== 'liquid' || gas.liquid !== null);

/** Kilograms in one `unit` of `gas`; NaN for a liquid unit of a gas without liquid data. */
export function kgPerUnit(gas: GasData, unit: UnitId): number {
  const liquid = gas.liquid?.density ?? NaN;
  switch (unit) {
    case 'kg':
      return 1;
    case 't':
      return 1000;
    case 'lb':
      return LB;
    case 'Nm3':
      return gas.gas.n;
    case 'm3_15':
      return gas.gas.s15;
    case 'm3_20':
      return gas.gas.s20;
    case 'scf':
      return gas.gas.scf * FT3;
    case 'L':
      return liquid / 1000;
    case 'm3_liquid':
      return liquid;
    case 'gal':
      return (liquid * US_GAL) / 1000;
  }
}

export const toKg = (gas: GasData, unit: UnitId, value: number): number => value * kgPerUnit(gas, unit);
export const fromKg = (gas: GasData, unit: UnitId, kg: number): number => kg / kgPerUnit(gas, unit);

/** A quantity in one unit expressed in every unit of the gas. */
export function convertAll(gas: GasData, unit: UnitId, value: number): Partial<Record<UnitId, number>> {
  const kg = toKg(gas, unit, value);
  return Object.fromEntries(unitsFor(gas).map((u) => [u.id, u.id === unit ? value : fromKg(gas, u.id, kg)]));
}

/** Volumes of gas from one volume of liquid (the expansion ratio) at a gas reference state. */
export const expansionRatio = (gas: GasData, state: GasStateId = 'n'): number => (gas.liquid ? gas.liquid.density / gas.gas[state] : NaN);

// ---------------------------------------------------------------- cylinder contents

/**
 * Compressibility factor Z = pV/(nRT) of the compressed cylinder gases at 15 ℃ and 20 ℃, at absolute pressures of
 * 0, 1, 2 … 30 MPa (index = MPa), from the same reference equations of state as the densities (EOS above).
 * Linear interpolation between the 1 MPa steps stays within 0.05 % of the equation of state.
 */
export const Z_TABLES: Partial<Record<GasKey, Record<CylinderTemperature, readonly number[]>>> = {
  nitrogen: {
    15: [
      1, 0.99735, 0.9952, 0.99356, 0.99244, 0.99186, 0.99182, 0.99234, 0.99342, 0.99505, 0.99725, 1, 1.0033, 1.00714, 1.0115, 1.01637,
      1.02174, 1.02759, 1.03389, 1.04063, 1.04779, 1.05534, 1.06327, 1.07155, 1.08016, 1.08909, 1.09831, 1.1078, 1.11755, 1.12753, 1.13774,
    ],
    20: [
      1, 0.99782, 0.99611, 0.99489, 0.99418, 0.99397, 0.99428, 0.99512, 0.99648, 0.99837, 1.00079, 1.00372, 1.00718, 1.01113, 1.01559,
      1.02052, 1.02591, 1.03176, 1.03803, 1.04472, 1.05179, 1.05925, 1.06706, 1.0752, 1.08366, 1.09241, 1.10145, 1.11075, 1.12029, 1.13006,
      1.14005,
    ],
  },
  oxygen: {
    15: [
      1, 0.99258, 0.98542, 0.97854, 0.97199, 0.96578, 0.95996, 0.95455, 0.94958, 0.94508, 0.94107, 0.93758, 0.93462, 0.9322, 0.93034,
      0.92906, 0.92834, 0.9282, 0.92862, 0.92961, 0.93115, 0.93323, 0.93584, 0.93895, 0.94255, 0.94661, 0.95113, 0.95606, 0.9614, 0.96712,
      0.97319,
    ],
    20: [
      1, 0.99317, 0.98659, 0.9803, 0.97432, 0.96868, 0.9634, 0.95852, 0.95406, 0.95004, 0.94649, 0.94341, 0.94084, 0.93878, 0.93724,
      0.93622, 0.93574, 0.93579, 0.93637, 0.93747, 0.93909, 0.94121, 0.94382, 0.9469, 0.95044, 0.95441, 0.95881, 0.96361, 0.96879, 0.97433,
      0.98021,
    ],
  },
  argon: {
    15: [
      1, 0.99276, 0.98582, 0.9792, 0.97292, 0.96701, 0.9615, 0.95641, 0.95176, 0.94758, 0.9439, 0.94072, 0.93806, 0.93595, 0.93439, 0.93338,
      0.93294, 0.93306, 0.93375, 0.93498, 0.93677, 0.93908, 0.94191, 0.94523, 0.94904, 0.95331, 0.95802, 0.96314, 0.96866, 0.97455, 0.98079,
    ],
    20: [
      1, 0.99333, 0.98695, 0.98089, 0.97516, 0.96979, 0.9648, 0.96021, 0.95604, 0.95232, 0.94906, 0.94628, 0.944, 0.94221, 0.94094, 0.9402,
      0.93997, 0.94027, 0.94109, 0.94242, 0.94426, 0.9466, 0.94942, 0.95271, 0.95644, 0.96061, 0.96519, 0.97017, 0.97552, 0.98123, 0.98727,
    ],
  },
  hydrogen: {
    15: [
      1, 1.006, 1.01202, 1.01808, 1.02418, 1.03031, 1.03648, 1.04269, 1.04893, 1.05521, 1.06153, 1.06788, 1.07427, 1.08069, 1.08714,
      1.09362, 1.10012, 1.10666, 1.11322, 1.1198, 1.1264, 1.13303, 1.13968, 1.14634, 1.15302, 1.15972, 1.16643, 1.17316, 1.17989, 1.18664,
      1.1934,
    ],
    20: [
      1, 1.00594, 1.0119, 1.0179, 1.02392, 1.02999, 1.03608, 1.04221, 1.04838, 1.05458, 1.06081, 1.06708, 1.07338, 1.0797, 1.08606, 1.09245,
      1.09886, 1.10529, 1.11175, 1.11823, 1.12473, 1.13125, 1.13779, 1.14435, 1.15092, 1.15751, 1.16411, 1.17073, 1.17735, 1.18399, 1.19063,
    ],
  },
  helium: {
    15: [
      1, 1.00496, 1.0099, 1.01483, 1.01975, 1.02466, 1.02956, 1.03444, 1.03932, 1.04418, 1.04903, 1.05387, 1.0587, 1.06352, 1.06833,
      1.07313, 1.07792, 1.0827, 1.08747, 1.09223, 1.09698, 1.10172, 1.10645, 1.11117, 1.11588, 1.12059, 1.12528, 1.12997, 1.13465, 1.13932,
      1.14398,
    ],
    20: [
      1, 1.00486, 1.00971, 1.01455, 1.01938, 1.0242, 1.029, 1.0338, 1.03858, 1.04335, 1.04811, 1.05287, 1.05761, 1.06234, 1.06705, 1.07176,
      1.07646, 1.08115, 1.08584, 1.09051, 1.09517, 1.09982, 1.10447, 1.1091, 1.11373, 1.11834, 1.12295, 1.12755, 1.13214, 1.13673, 1.1413,
    ],
  },
  methane: {
    15: [
      1, 0.98051, 0.96123, 0.94223, 0.92361, 0.90548, 0.88799, 0.87132, 0.85566, 0.8412, 0.82816, 0.81672, 0.80706, 0.79929, 0.7935,
      0.78972, 0.7879, 0.78799, 0.78985, 0.79335, 0.79833, 0.80464, 0.81211, 0.8206, 0.82999, 0.84016, 0.851, 0.86242, 0.87434, 0.8867,
      0.89944,
    ],
    20: [
      1, 0.9817, 0.96364, 0.94589, 0.92855, 0.91172, 0.89553, 0.88014, 0.8657, 0.85238, 0.84036, 0.82981, 0.82085, 0.8136, 0.80813, 0.80446,
      0.80258, 0.80243, 0.80392, 0.80694, 0.81137, 0.81707, 0.8239, 0.83173, 0.84046, 0.84997, 0.86016, 0.87094, 0.88225, 0.89401, 0.90616,
    ],
  },
  neon: {
    15: [
      1, 1.00474, 1.0095, 1.01429, 1.0191, 1.02393, 1.02879, 1.03367, 1.03857, 1.0435, 1.04846, 1.05344, 1.05844, 1.06347, 1.06853, 1.07361,
      1.07871, 1.08384, 1.08899, 1.09417, 1.09936, 1.10458, 1.10981, 1.11506, 1.12033, 1.12561, 1.13091, 1.13623, 1.14155, 1.14689, 1.15223,
    ],
    20: [
      1, 1.0047, 1.00942, 1.01417, 1.01894, 1.02373, 1.02854, 1.03337, 1.03822, 1.0431, 1.048, 1.05293, 1.05788, 1.06285, 1.06785, 1.07286,
      1.07791, 1.08297, 1.08806, 1.09316, 1.09829, 1.10343, 1.1086, 1.11377, 1.11897, 1.12418, 1.1294, 1.13464, 1.13989, 1.14515, 1.15042,
    ],
  },
  krypton: {
    15: [
      1, 0.97703, 0.9539, 0.93064, 0.90732, 0.88401, 0.86086, 0.83804, 0.81578, 0.79436, 0.77411, 0.7554, 0.73861, 0.72407, 0.71206,
      0.70277, 0.69624, 0.69241, 0.69113, 0.69216, 0.69523, 0.70008, 0.70644, 0.71409, 0.72281, 0.73243, 0.74281, 0.75382, 0.76536, 0.77734,
      0.7897,
    ],
    20: [
      1, 0.97832, 0.95655, 0.93473, 0.91292, 0.89121, 0.86971, 0.84857, 0.82801, 0.80825, 0.78956, 0.77225, 0.75662, 0.74294, 0.73145,
      0.72231, 0.71561, 0.71131, 0.70934, 0.70951, 0.71163, 0.71548, 0.72084, 0.72749, 0.73527, 0.74398, 0.7535, 0.7637, 0.77448, 0.78574,
      0.79742,
    ],
  },
};

export type CylinderTemperature = 15 | 20;
/** Highest absolute pressure of the tables, MPa. */
export const Z_MAX_MPA = 30;

/** Gases the cylinder calculator covers: compressed (permanent) gases with a Z table. */
export const CYLINDER_GASES: readonly GasData[] = GASES.filter((g) => Z_TABLES[g.key]);

/** Z at an absolute pressure (MPa) and temperature, interpolated in the table; NaN outside it or without a table. */
export function compressibility(key: GasKey, pressureMPaAbs: number, temperature: CylinderTemperature): number {
  const table = Z_TABLES[key]?.[temperature];
  if (!table || !(pressureMPaAbs >= 0) || pressureMPaAbs > Z_MAX_MPA) return NaN;
  const i = Math.min(Math.floor(pressureMPaAbs), Z_MAX_MPA - 1);
  const f = pressureMPaAbs - i;
  return table[i]! + (table[i + 1]! - table[i]!) * f;
}

export interface CylinderContents {
  /** Z used. */
  z: number;
  kg: number;
  /** The same amount as an ideal gas would give, kg, to show the size of the real-gas correction. */
  idealKg: number;
}

/**
 * What a cylinder holds: water capacity in litres, fill pressure in MPa gauge (Chinese cylinders state the nominal
 * working pressure as a gauge pressure at 20 ℃, TSG 23-2021), at the given gas temperature.
 */
export function cylinderContents(
  gas: GasData,
  waterLitres: number,
  fillMPaGauge: number,
  temperature: CylinderTemperature,
): CylinderContents {
  const pAbs = fillMPaGauge + ATM / 1e6;
  const z = compressibility(gas.key, pAbs, temperature);
  const T = temperature + 273.15;
  const idealMol = (pAbs * 1e6 * (waterLitres / 1000)) / (R * T);
  const idealKg = (idealMol * gas.molarMass) / 1000;
  return { z, kg: idealKg / z, idealKg };
}

// ---------------------------------------------------------------- pressure

export type PressureUnit = 'MPa' | 'bar' | 'psi' | 'kgf/cm²' | 'atm';
export const PRESSURE_UNITS: readonly { id: PressureUnit; pa: number; label: string }[] = [
  { id: 'MPa', pa: 1e6, label: '兆帕' },
  { id: 'bar', pa: BAR, label: '巴' },
  { id: 'psi', pa: PSI, label: '磅力每平方英寸' },
  { id: 'kgf/cm²', pa: KGF_CM2, label: '千克力每平方厘米' },
  { id: 'atm', pa: ATM, label: '标准大气压' },
];

export function convertPressure(value: number, from: PressureUnit, to: PressureUnit): number {
  const a = PRESSURE_UNITS.find((u) => u.id === from)!;
  const b = PRESSURE_UNITS.find((u) => u.id === to)!;
  return (value * a.pa) / b.pa;
}

// ---------------------------------------------------------------- typed input

/** Largest quantity accepted in a field: beyond this a typo is far likelier than a real order. */
export const MAX_QUANTITY = 1e12;

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

/** Reads a typed number: grouping commas and spaces allowed (as the fields show them), one decimal point, no sign. */
export function parseQuantity(text: string, max = MAX_QUANTITY): Parsed {
  const clean = text.replace(/[,，\s]/g, '').replace(/。/g, '.');
  if (clean === '') return { ok: false, error: '请输入数值' };
  if (/^-/.test(clean)) return { ok: false, error: '不能为负数' };
  if (!/^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(clean)) return { ok: false, error: '只能输入数字（可含小数点）' };
  const value = Number(clean);
  if (!Number.isFinite(value) || value > max) return { ok: false, error: `数值过大，上限为 ${formatNumber(max)}` };
  return { ok: true, value };
}

const FORMAT = new Intl.NumberFormat('zh-CN', { maximumSignificantDigits: 6 });
const FORMAT_SMALL = new Intl.NumberFormat('zh-CN', { maximumSignificantDigits: 4 });

/** Chinese number formatting with 6 significant digits (4 for tiny values), no exponent for everyday sizes. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value !== 0 && Math.abs(value) < 1e-3) return FORMAT_SMALL.format(value);
  return FORMAT.format(value);
}
