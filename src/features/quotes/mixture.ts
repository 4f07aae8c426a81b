/** The mixture configurator's feasibility rules as one pure function: the page runs it on every keystroke and the server runs it again when the request is sent. */
import {
  BALANCE_GASES,
  COMPONENT_GASES,
  CYLINDERS,
  GASES,
  INCOMPATIBLE,
  LFL,
  MAKE_LIMITS,
  REACTIVE,
  SAFE_LFL_FRACTION,
  STORAGE_TEMPERATURES,
  TOLERANCES,
  UNCERTAINTIES,
  VAPOUR_PRESSURE_MPA,
  type CylinderId,
  type GasId,
  type StorageTemperature,
  type ToleranceId,
  type UncertaintyId,
} from './gases.ts';

export const MAX_COMPONENTS = 8;
export const MAX_QUANTITY = 999;
/** One standard atmosphere in MPa: fill pressures are gauge, vapour pressures absolute. */
export const ATMOSPHERE_MPA = 0.101325;

export const UNITS = ['pct', 'ppm', 'ppb'] as const;
export type Unit = (typeof UNITS)[number];
export const UNIT_LABEL: Record<Unit, string> = { pct: '%', ppm: 'ppm', ppb: 'ppb' };
/** Mole fraction of one unit. */
const UNIT_FACTOR: Record<Unit, number> = { pct: 1e-2, ppm: 1e-6, ppb: 1e-9 };

export interface MixtureComponent {
  gas: GasId | '';
  /** As typed: a plain decimal (no sign, no exponent). */
  value: string;
  unit: Unit;
}
export interface MixtureRequest {
  balance: GasId;
  components: MixtureComponent[];
  tolerance: ToleranceId;
  uncertainty: UncertaintyId;
  cylinder: CylinderId;
  /** Fill pressure, MPa gauge, as typed. */
  pressure: string;
  /** The lowest temperature the cylinder will be stored or used at, °C. */
  minTemp: StorageTemperature;
  /** Cylinders, as typed. */
  quantity: string;
}

export const emptyMixture = (): MixtureRequest => ({
  balance: 'n2',
  components: [{ gas: '', value: '', unit: 'ppm' }],
  tolerance: 'T5',
  uncertainty: 'U2',
  cylinder: '8L-AL',
  pressure: '10',
  minTemp: 0,
  quantity: '1',
});

/** The rules, in the order the page lists them. */
export type RuleId = 'input' | 'sum' | 'limits' | 'grade' | 'pairs' | 'lfl' | 'vapour' | 'cylinder';
export const RULES: Record<RuleId, { title: string; source: string }> = {
  input: { title: '数值格式', source: '组分 1–8 个；数值为不带符号和指数的十进制数' },
  sum: { title: '组分合计小于 100%', source: '平衡气须占余量' },
  limits: { title: '可配制与可定值范围', source: '本公司配气能力表（重量法 ISO 6142-1，比对 ISO 6143）' },
  grade: { title: '配制允差与定值不确定度', source: '本公司配气能力表；不确定度按 k=2 表示（ISO 6141）' },
  pairs: { title: '组分相容性', source: 'GESTIS 物质数据库各气体的反应性条目' },
  lfl: {
    title: '可燃组分与氧化性气氛',
    source: `LFL 取自 IEC 60079-20-1（GB/T 3836.11）；多种可燃组分按勒夏特列规则 Σxᵢ/LFLᵢ 合计，不得超过 LFL 的 ${SAFE_LFL_FRACTION * 100}%（参照 EIGA Doc 139 / CGA P-58）`,
  },
  vapour: { title: '可冷凝组分与充装压力', source: '各组分分压须低于最低储存温度下的饱和蒸气压（NIST Chemistry WebBook）' },
  cylinder: { title: '气瓶与数量', source: '充装压力不超过气瓶公称工作压力' },
};

export interface Finding {
  rule: RuleId;
  ok: boolean;
  /** The form field it concerns, e.g. `components.2.value`, `pressure`. */
  field?: string;
  message: string;
}

export interface MixtureCheck {
  ok: boolean;
  findings: Finding[];
  /** Mole fractions of the valid components and of the balance (null while inputs are not numbers). */
  fractions: { gas: GasId; x: number }[] | null;
  balanceFraction: number | null;
  /** The highest fill pressure (MPa gauge) the condensable gases allow at the stated temperature; null when none limits it. */
  maxFillMpa: number | null;
}

const DECIMAL = /^(?:\d{1,9})(?:\.\d{1,9})?$/;

/** A plain positive decimal as typed, or the reason it is not one (negative, exponent forms, NaN, empty, zero). */
export function parseDecimal(raw: string, opts: { allowZero?: boolean } = {}): { value: number } | { error: string } {
  const s = raw.trim();
  if (s === '') return { error: '请输入数值' };
  if (s.startsWith('-')) return { error: '不能为负数' };
  if (/e/i.test(s)) return { error: '请直接填写数值，不支持科学计数法' };
  if (!DECIMAL.test(s)) return { error: '请输入数字' };
  const value = Number(s);
  if (!Number.isFinite(value)) return { error: '请输入数字' };
  if (value === 0 && !opts.allowZero) return { error: '必须大于 0' };
  return { value };
}

/** Shows a mole fraction in the unit a chemist would write it in. */
export function formatFraction(x: number): string {
  if (x >= 1e-2) return `${+(x * 100).toPrecision(4)}%`;
  if (x >= 1e-6) return `${+(x * 1e6).toPrecision(4)} ppm`;
  return `${+(x * 1e9).toPrecision(4)} ppb`;
}
const pct = (f: number) => `${Math.round(f * 1000) / 10}%`;
const mpa = (p: number) => `${+p.toPrecision(3)} MPa`;
const gasName = (id: GasId) => `${GASES[id].name}（${GASES[id].formula}）`;

/** Every rule over a request: the page shows the findings beside the fields; the server refuses when `ok` is false. */
export function checkMixture(req: MixtureRequest): MixtureCheck {
  const findings: Finding[] = [];
  const fail = (rule: RuleId, message: string, field?: string) => findings.push({ rule, ok: false, message, ...(field ? { field } : {}) });
  const pass = (rule: RuleId, message: string) => findings.push({ rule, ok: true, message });
  const failed = (rule: RuleId) => findings.some((f) => f.rule === rule && !f.ok);

  // ---- input: the numbers and the choices
  if (!BALANCE_GASES.includes(req.balance)) fail('input', '请选择平衡气', 'balance');
  if (req.components.length === 0) fail('input', '请至少添加 1 个组分', 'components');
  if (req.components.length > MAX_COMPONENTS) fail('input', `组分最多 ${MAX_COMPONENTS} 个`, 'components');
  const fractions: { gas: GasId; x: number }[] = [];
  const seen = new Set<string>();
  req.components.slice(0, MAX_COMPONENTS).forEach((c, i) => {
    const at = `components.${i}`;
    if (!c.gas || !COMPONENT_GASES.includes(c.gas)) return fail('input', `第 ${i + 1} 个组分：请选择气体`, `${at}.gas`);
    if (c.gas === req.balance) return fail('input', `第 ${i + 1} 个组分与平衡气相同`, `${at}.gas`);
    if (seen.has(c.gas)) return fail('input', `${gasName(c.gas)} 重复添加`, `${at}.gas`);
    seen.add(c.gas);
    if (!UNITS.includes(c.unit)) return fail('input', `第 ${i + 1} 个组分：单位只能是 %、ppm 或 ppb`, `${at}.unit`);
    const n = parseDecimal(c.value);
    if ('error' in n) return fail('input', `${gasName(c.gas)}：${n.error}`, `${at}.value`);
    // A value that belongs in the next unit up is most likely the wrong unit picked.
    if (c.unit === 'pct' && n.value > 100) return fail('input', `${gasName(c.gas)}：百分含量不能超过 100%`, `${at}.value`);
    if (c.unit === 'ppm' && n.value >= 10_000)
      return fail('input', `${gasName(c.gas)}：${c.value} ppm 已达 1% 以上，请改用 % 填写`, `${at}.unit`);
    if (c.unit === 'ppb' && n.value >= 1_000)
      return fail('input', `${gasName(c.gas)}：${c.value} ppb 已达 1 ppm 以上，请改用 ppm 填写`, `${at}.unit`);
    fractions.push({ gas: c.gas, x: n.value * UNIT_FACTOR[c.unit] });
  });
  const pressure = parseDecimal(req.pressure);
  if ('error' in pressure) fail('input', `充装压力：${pressure.error}`, 'pressure');
  const quantity = parseDecimal(req.quantity);
  if ('error' in quantity) fail('input', `数量：${quantity.error}`, 'quantity');
  else if (!Number.isInteger(quantity.value) || quantity.value > MAX_QUANTITY)
    fail('input', `数量须为 1–${MAX_QUANTITY} 的整数`, 'quantity');
  if (!TOLERANCES.some((t) => t.id === req.tolerance)) fail('input', '请选择配制允差', 'tolerance');
  if (!UNCERTAINTIES.some((u) => u.id === req.uncertainty)) fail('input', '请选择定值不确定度', 'uncertainty');
  if (!STORAGE_TEMPERATURES.includes(req.minTemp)) fail('input', '请选择最低储存温度', 'minTemp');
  const cylinder = CYLINDERS.find((c) => c.id === req.cylinder);
  if (!cylinder) fail('input', '请选择气瓶规格', 'cylinder');

  const complete = !failed('input');
  if (!complete) return { ok: false, findings, fractions: null, balanceFraction: null, maxFillMpa: null };
  pass('input', `${fractions.length} 个组分，数值格式正确`);

  // ---- the sum: the balance must remain
  const total = fractions.reduce((a, f) => a + f.x, 0);
  const balanceFraction = 1 - total;
  if (balanceFraction <= 1e-12) fail('sum', `组分合计 ${formatFraction(total)}，须小于 100%，为平衡气留出余量`, 'components');
  else pass('sum', `组分合计 ${formatFraction(total)}，平衡气${gasName(req.balance)}约 ${formatFraction(balanceFraction)}`);

  // ---- what can be made and certified
  fractions.forEach((f) => {
    const lim = MAKE_LIMITS[f.gas];
    if (f.x < lim.min)
      fail(
        'limits',
        `${gasName(f.gas)} 最低可定值 ${formatFraction(lim.min)}，当前 ${formatFraction(f.x)}`,
        `components.${idx(req, f.gas)}.value`,
      );
    else if (f.x > lim.max)
      fail(
        'limits',
        `${gasName(f.gas)} 最高可配制 ${formatFraction(lim.max)}，当前 ${formatFraction(f.x)}`,
        `components.${idx(req, f.gas)}.value`,
      );
  });
  if (!failed('limits')) pass('limits', '各组分均在可配制、可定值范围内');

  // ---- grades: tight tolerances and uncertainties only where the content allows
  const tol = TOLERANCES.find((t) => t.id === req.tolerance)!;
  const unc = UNCERTAINTIES.find((u) => u.id === req.uncertainty)!;
  for (const f of fractions) {
    const field = `components.${idx(req, f.gas)}.value`;
    if (unc.rel < 0.02 && (f.x < 1e-4 || REACTIVE.includes(f.gas))) {
      fail('grade', `${gasName(f.gas)}：1% 不确定度仅适用于 100 ppm 以上的非反应性组分，请选 2% 或 5%`, field);
    } else if (unc.rel < 0.05 && f.x < 1e-6) fail('grade', `${gasName(f.gas)}：低于 1 ppm 的组分不确定度为 5%（k=2）`, field);
    if (tol.rel < 0.05 && f.x < 1e-4) fail('grade', `${gasName(f.gas)}：±2% 配制允差仅适用于 100 ppm 以上，请选 ±5% 或 ±10%`, field);
    else if (tol.rel < 0.1 && f.x < 1e-5) fail('grade', `${gasName(f.gas)}：低于 10 ppm 的组分配制允差为 ±10%`, field);
  }
  if (!failed('grade')) pass('grade', `配制允差 ${tol.label}，定值不确定度 ${unc.label}`);

  // ---- pairs that react in the cylinder (balance included)
  const present = new Set<GasId>([req.balance, ...fractions.map((f) => f.gas)]);
  for (const { pair, why } of INCOMPATIBLE) {
    if (present.has(pair[0]) && present.has(pair[1]))
      fail('pairs', `${gasName(pair[0])}与${gasName(pair[1])}不能共存：${why}`, 'components');
  }
  if (!failed('pairs')) pass('pairs', '未发现相互反应的组分');

  // ---- fuel in an oxidant: Le Chatelier's sum against the safe fraction of the LFL
  const all = [...fractions, { gas: req.balance, x: balanceFraction }];
  const oxidants = all.filter((f) => f.x > 0 && GASES[f.gas].oxidizer);
  const fuels = all.filter((f) => f.x > 0 && LFL[f.gas] !== undefined);
  if (fuels.length === 0) pass('lfl', '不含可燃组分');
  else if (oxidants.length === 0) pass('lfl', '可燃组分处于惰性气氛中（不含氧化性组分）');
  else {
    const share = fuels.reduce((a, f) => a + f.x / LFL[f.gas]!, 0);
    const names = fuels.map((f) => `${gasName(f.gas)} ${formatFraction(f.x)}（LFL ${formatFraction(LFL[f.gas]!)}）`).join('、');
    const ox = oxidants.map((f) => gasName(f.gas)).join('、');
    const how = fuels.length > 1 ? '按勒夏特列规则合计' : '';
    if (share > SAFE_LFL_FRACTION) {
      fail('lfl', `含${ox}的混合气中，${names}${how}达 LFL 的 ${pct(share)}，超过 ${pct(SAFE_LFL_FRACTION)} 的限值`, 'components');
    } else pass('lfl', `含${ox}：可燃组分${how}为 LFL 的 ${pct(share)}，不超过 ${pct(SAFE_LFL_FRACTION)}`);
  }

  // ---- condensable gases: partial pressure at fill below the vapour pressure at the lowest storage temperature
  let maxFillMpa: number | null = null;
  const p = 'value' in pressure ? pressure.value : 0;
  for (const f of all) {
    const vp = VAPOUR_PRESSURE_MPA[f.gas]?.[req.minTemp];
    if (vp === undefined || f.x <= 0) continue;
    const limit = vp / f.x - ATMOSPHERE_MPA;
    maxFillMpa = maxFillMpa === null ? limit : Math.min(maxFillMpa, limit);
    const partial = f.x * (p + ATMOSPHERE_MPA);
    if (partial >= vp) {
      fail(
        'vapour',
        `${gasName(f.gas)}在 ${p} MPa 充装时分压约 ${mpa(partial)}，高于其 ${req.minTemp} ℃ 饱和蒸气压 ${mpa(vp)}，会液化；最高可充 ${limit > 0 ? mpa(limit) : '0 MPa'}`,
        'pressure',
      );
    }
  }
  if (!failed('vapour'))
    pass('vapour', maxFillMpa === null ? '不含在储存温度下会液化的组分' : `可冷凝组分的分压低于饱和蒸气压（最高可充 ${mpa(maxFillMpa)}）`);

  if (cylinder && p > cylinder.maxMpa) fail('cylinder', `${cylinder.label}最高充装 ${cylinder.maxMpa} MPa`, 'pressure');
  else if (cylinder) pass('cylinder', `${cylinder.label}，充装 ${p} MPa，${'value' in quantity ? quantity.value : ''} 瓶`);

  return { ok: findings.every((f) => f.ok), findings, fractions, balanceFraction, maxFillMpa };
}

const idx = (req: MixtureRequest, gas: GasId) => req.components.findIndex((c) => c.gas === gas);

/** A catalogue goods the page compares with: its name and the range of its SKU prices (yuan per cylinder). */
export interface Comparable {
  id: number;
  name: string;
  low: number;
  high: number;
}

const mentions = (name: string, gas: GasId) =>
  name.includes(GASES[gas].formula) || name.includes(GASES[gas].name) || (gas === 'air' && name.includes('空气'));

/**
 * An indicative price range from the catalogue's standard gases that name every component (and the balance): the lowest and
 * highest SKU price among them, times the quantity; null when none is comparable. The sales team's quote is what counts.
 */
export function indicativePrice(
  req: MixtureRequest,
  catalogue: Comparable[],
  quantity: number,
): { low: number; high: number; basis: Comparable[] } | null {
  const gases = req.components.map((c) => c.gas).filter((g): g is GasId => g !== '');
  if (gases.length === 0 || !Number.isInteger(quantity) || quantity < 1) return null;
  const basis = catalogue.filter((g) => gases.every((gas) => mentions(g.name, gas)) && mentions(g.name, req.balance));
  if (basis.length === 0) return null;
  const low = Math.min(...basis.map((b) => b.low));
  const high = Math.max(...basis.map((b) => b.high));
  return { low: low * quantity, high: high * quantity, basis };
}
