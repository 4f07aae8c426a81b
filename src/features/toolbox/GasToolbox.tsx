/** The gas toolbox island: unit converter, cylinder contents and pressure converter; all data in the bundle, state in the URL. */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_STATE, parseState, stateQuery, withChoices, withGas, type ToolboxState } from './converter-state.ts';
import {
  CYLINDER_GASES,
  convertAll,
  convertPressure,
  cylinderContents,
  formatNumber,
  fromKg,
  GAS_STATES,
  gasByKey,
  GASES,
  parseQuantity,
  PRESSURE_UNITS,
  unitsFor,
  Z_MAX_MPA,
  type CylinderTemperature,
  type GasKey,
  type PressureUnit,
  type UnitId,
} from './gas-physics.ts';

interface NumberFieldProps {
  id: string;
  name: string;
  label: string;
  unit: string;
  value: string;
  error?: string | null;
  spellCheck?: boolean;
  onChange: (text: string) => void;
  /** A copy button beside the input (the converters' fields), copying the value with its unit. */
  onCopy?: () => void;
}

/** One number field of the toolbox: the label with its unit, the input (with its copy button), and its message under it. */
function NumberField({ id, name, label, unit, value, error, spellCheck, onChange, onCopy }: NumberFieldProps) {
  const input = (
    <input
      id={id}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={spellCheck}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-err` : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  return (
    <div className="tb-field">
      <label htmlFor={id}>
        {label}
        <span className="tb-unit">{` ${unit}`}</span>
      </label>
      {onCopy ? (
        <div className="tb-input">
          {input}
          <button type="button" className="tb-copy" aria-label={`复制${label} ${unit}`} onClick={onCopy}>
            复制
          </button>
        </div>
      ) : (
        input
      )}
      {error ? (
        <p className="tb-error" id={`${id}-err`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const KIND_TITLES = { mass: '质量', gas: '气体体积', liquid: '液体体积' } as const;

/** Copies text, falling back to a hidden text area where the Clipboard API is missing (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** The converter's field texts for a valid quantity: the typed field as typed, the others formatted. */
function fieldTexts(gas: GasKey, unit: UnitId, text: string): Partial<Record<UnitId, string>> {
  const parsed = parseQuantity(text);
  const g = gasByKey(gas)!;
  if (!parsed.ok) return { [unit]: text };
  const all = convertAll(g, unit, parsed.value);
  return Object.fromEntries(unitsFor(g).map((u) => [u.id, u.id === unit ? text : formatNumber(all[u.id]!)]));
}

function pressureTexts(unit: PressureUnit, text: string): Partial<Record<PressureUnit, string>> {
  const parsed = parseQuantity(text);
  if (!parsed.ok) return { [unit]: text };
  return Object.fromEntries(
    PRESSURE_UNITS.map((u) => [u.id, u.id === unit ? text : formatNumber(convertPressure(parsed.value, unit, u.id))]),
  );
}

interface Props {
  /** The state the static HTML shows; the URL's state replaces it once the island runs. */
  initial?: ToolboxState;
}

export default function GasToolbox({ initial = DEFAULT_STATE }: Props) {
  const id = useId();
  const [state, setState] = useState<ToolboxState>(initial);
  const [texts, setTexts] = useState(() => fieldTexts(initial.gas, initial.unit, initial.value));
  const [errors, setErrors] = useState<Partial<Record<UnitId, string>>>({});
  const [pTexts, setPTexts] = useState(() => pressureTexts(initial.pUnit, initial.pValue));
  const [pErrors, setPErrors] = useState<Partial<Record<PressureUnit, string>>>({});
  const [status, setStatus] = useState('');
  const statusTimer = useRef<number | undefined>(undefined);
  const loaded = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);

  // The URL's state (a shared link) arrives after hydration, so the static HTML and the first render agree. On top of it go
  // what the visitor did before React took over: a choice in a select (the page's select still shows it, React leaves it
  // there while hydrating) and the last edit of a field (the page script keeps it on the root). A layout effect, so it is
  // done within the hydrating commit: no event can fall between hydration and it, and a replayed change finds it done.
  useLayoutEffect(() => {
    const root = rootRef.current;
    const picked = (name: string) => root?.querySelector<HTMLSelectElement>(`select[name="${name}"]`)?.value;
    const start = withChoices(parseState(location.search), { gas: picked('gas'), cg: picked('cg'), ct: picked('ct') }, initial);
    setState(start);
    setTexts(fieldTexts(start.gas, start.unit, start.value));
    setPTexts(pressureTexts(start.pUnit, start.pValue));
    loaded.current = true;
    const name = root?.dataset.pendingName;
    const text = root?.dataset.pendingValue ?? '';
    delete root?.dataset.pendingName;
    delete root?.dataset.pendingValue;
    if (!name) return;
    if (name === 'cw') setState((s) => ({ ...s, cylWater: text }));
    else if (name === 'cp') setState((s) => ({ ...s, cylPressure: text }));
    else if (name.startsWith('p:')) onPressureRef.current(name.slice(2) as PressureUnit, text);
    else if (unitsFor(gasByKey(start.gas)!).some((u) => u.id === name)) onFieldRef.current(name as UnitId, text, start.gas);
    // Once, as the island takes the page over.
  }, []);

  useEffect(() => {
    if (!loaded.current) return;
    const query = stateQuery(state);
    if (location.search.slice(1) !== query) history.replaceState(history.state, '', `${location.pathname}?${query}`);
  }, [state]);

  const gas = gasByKey(state.gas)!;
  const units = unitsFor(gas);

  const say = (text: string) => {
    setStatus(text);
    window.clearTimeout(statusTimer.current);
    statusTimer.current = window.setTimeout(() => setStatus(''), 2500);
  };
  const copy = async (text: string, what: string) => say((await copyText(text)) ? `已复制：${what}` : '复制失败，请手动选择文本复制');

  const onField = (unit: UnitId, text: string, gasKey: GasKey = state.gas) => {
    const parsed = parseQuantity(text);
    if (!parsed.ok) {
      setTexts((t) => ({ ...t, [unit]: text }));
      setErrors({ [unit]: parsed.error });
      return;
    }
    setErrors({});
    setTexts(fieldTexts(gasKey, unit, text));
    setState((s) => ({ ...s, unit, value: String(parsed.value) }));
  };
  const onFieldRef = useRef(onField);
  onFieldRef.current = onField;

  const onGas = (key: GasKey) => {
    const next = withGas(state, key);
    setErrors({});
    setTexts(fieldTexts(next.gas, next.unit, next.value));
    setState(next);
  };

  const onPressure = (unit: PressureUnit, text: string) => {
    const parsed = parseQuantity(text);
    if (!parsed.ok) {
      setPTexts((t) => ({ ...t, [unit]: text }));
      setPErrors({ [unit]: parsed.error });
      return;
    }
    setPErrors({});
    setPTexts(pressureTexts(unit, text));
    setState((s) => ({ ...s, pUnit: unit, pValue: String(parsed.value) }));
  };
  const onPressureRef = useRef(onPressure);
  onPressureRef.current = onPressure;

  // Cylinder contents.
  const cylGas = gasByKey(state.cylGas)!;
  const water = parseQuantity(state.cylWater, 100000);
  const fill = parseQuantity(state.cylPressure, Z_MAX_MPA - 0.2);
  const waterError = water.ok ? (water.value === 0 ? '水容积须大于 0' : '') : water.error.replace('数值过大', '水容积过大');
  const fillError = fill.ok
    ? ''
    : fill.error.startsWith('数值过大')
      ? `超出数据范围：充装压力须在 0～${Z_MAX_MPA - 0.2} MPa（表压）之间`
      : fill.error;
  const cylinder = useMemo(
    () => (water.ok && fill.ok && !waterError ? cylinderContents(cylGas, water.value, fill.value, state.cylTemp) : null),
    [cylGas, water.ok, fill.ok, waterError, state.cylTemp, state.cylWater, state.cylPressure],
  );
  const cylinderRows: [string, string, number][] = cylinder
    ? [
        ['质量', 'kg', cylinder.kg],
        ['气体体积（0 ℃，101.325 kPa）', 'Nm³', fromKg(cylGas, 'Nm3', cylinder.kg)],
        ['气体体积（15 ℃，101.325 kPa）', 'm³', fromKg(cylGas, 'm3_15', cylinder.kg)],
        ['气体体积（20 ℃，101.325 kPa）', 'm³', fromKg(cylGas, 'm3_20', cylinder.kg)],
        ['气体体积（70 ℉，14.696 psia）', 'scf', fromKg(cylGas, 'scf', cylinder.kg)],
      ]
    : [];

  const shareLink = () => copy(`${location.origin}${location.pathname}?${stateQuery(state)}`, '分享链接');

  return (
    <div className="tb" ref={rootRef} data-toolbox-root>
      <p className="tb-status" role="status" aria-live="polite">
        {status}
      </p>

      <section className="tb-card" aria-labelledby={`${id}-conv`}>
        <div className="tb-head">
          <h2 id={`${id}-conv`}>单位换算</h2>
          <button type="button" className="btn tb-share" onClick={shareLink}>
            复制分享链接
          </button>
        </div>
        <div className="tb-gas">
          <label htmlFor={`${id}-gas`}>气体</label>
          <select id={`${id}-gas`} name="gas" value={state.gas} onChange={(e) => onGas(e.target.value as GasKey)}>
            {GASES.map((g) => (
              <option key={g.key} value={g.key}>
                {g.name}（{g.formula}）
              </option>
            ))}
          </select>
        </div>
        {(['mass', 'gas', 'liquid'] as const).map((kind) => {
          const group = units.filter((u) => u.kind === kind);
          if (group.length === 0)
            return kind === 'liquid' ? (
              <p key={kind} className="tb-note">
                {gas.name}以溶解气体或压缩气体供应，不按液体计量，故不提供液体体积换算。
              </p>
            ) : null;
          return (
            <fieldset key={kind} className="tb-group">
              <legend>
                {KIND_TITLES[kind]}
                {kind === 'liquid' && gas.liquid ? <span className="tb-cond">{gas.liquid.state}</span> : null}
              </legend>
              <div className="tb-fields">
                {group.map((u) => {
                  const text = `${texts[u.id] ?? ''} ${u.unit}`;
                  return (
                    <NumberField
                      key={u.id}
                      id={`${id}-${u.id}`}
                      name={u.id}
                      label={u.label}
                      unit={u.unit}
                      value={texts[u.id] ?? ''}
                      error={errors[u.id]}
                      spellCheck={false}
                      onChange={(t) => onField(u.id, t)}
                      onCopy={() => copy(text, text)}
                    />
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <p className="tb-note">
          气体体积的基准状态：
          {GAS_STATES.map((s) => `${s.label} ${s.id === 'scf' ? '70 ℉（21.11 ℃）' : `${s.temperatureC} ℃`}，${s.pressure}`).join('；')}
          。按真实气体密度计算（含压缩因子修正）。
        </p>
      </section>

      <section className="tb-card" aria-labelledby={`${id}-cyl`}>
        <h2 id={`${id}-cyl`}>气瓶装气量</h2>
        <div className="tb-fields tb-cyl">
          <div className="tb-field">
            <label htmlFor={`${id}-cg`}>气瓶内的气体</label>
            <select
              id={`${id}-cg`}
              name="cg"
              value={state.cylGas}
              onChange={(e) => setState((s) => ({ ...s, cylGas: e.target.value as GasKey }))}
            >
              {CYLINDER_GASES.map((g) => (
                <option key={g.key} value={g.key}>
                  {g.name}（{g.formula}）
                </option>
              ))}
            </select>
          </div>
          <NumberField
            id={`${id}-cw`}
            name="cw"
            label="气瓶水容积"
            unit="L"
            value={state.cylWater}
            error={waterError}
            onChange={(t) => setState((s) => ({ ...s, cylWater: t }))}
          />
          <NumberField
            id={`${id}-cp`}
            name="cp"
            label="充装压力（表压）"
            unit="MPa"
            value={state.cylPressure}
            error={fillError}
            onChange={(t) => setState((s) => ({ ...s, cylPressure: t }))}
          />
          <div className="tb-field">
            <label htmlFor={`${id}-ct`}>
              瓶内气体温度<span className="tb-unit"> ℃</span>
            </label>
            <select
              id={`${id}-ct`}
              name="ct"
              value={state.cylTemp}
              onChange={(e) => setState((s) => ({ ...s, cylTemp: Number(e.target.value) as CylinderTemperature }))}
            >
              <option value={20}>20 ℃（公称工作压力基准）</option>
              <option value={15}>15 ℃</option>
            </select>
          </div>
        </div>
        <table className="tb-table">
          <caption className="visually-hidden">气瓶装气量计算结果</caption>
          <tbody>
            {cylinder ? (
              <>
                {cylinderRows.map(([label, unit, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td className="num">{formatNumber(value)}</td>
                    <td className="unit">{unit}</td>
                    <td className="act">
                      <button
                        type="button"
                        className="tb-copy"
                        aria-label={`复制${label} ${unit}`}
                        onClick={() => copy(`${formatNumber(value)} ${unit}`, `${formatNumber(value)} ${unit}`)}
                      >
                        复制
                      </button>
                    </td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">
                    压缩因子 Z（{state.cylTemp} ℃，{formatNumber(Number(state.cylPressure) + 0.101325)} MPa 绝压）
                  </th>
                  <td className="num">{cylinder.z.toFixed(4)}</td>
                  <td className="unit">—</td>
                  <td className="act" />
                </tr>
                <tr>
                  <th scope="row">按理想气体估算的质量（对比）</th>
                  <td className="num">{formatNumber(cylinder.idealKg)}</td>
                  <td className="unit">kg</td>
                  <td className="act" />
                </tr>
              </>
            ) : (
              <tr>
                <td colSpan={4}>请修正上方输入后查看结果。</td>
              </tr>
            )}
          </tbody>
        </table>
        <p className="tb-note">
          真实气体压缩因子取自 NIST REFPROP
          所用参考状态方程。二氧化碳、一氧化二氮、丙烷、氨等液化气体及溶解乙炔的瓶内量按充装质量（称重）计，不按压力计算，请在上方用质量换算。
        </p>
      </section>

      <section className="tb-card" aria-labelledby={`${id}-pres`}>
        <h2 id={`${id}-pres`}>压力单位换算</h2>
        <div className="tb-fields tb-pressure">
          {PRESSURE_UNITS.map((u) => {
            const text = `${pTexts[u.id] ?? ''} ${u.id}`;
            return (
              <NumberField
                key={u.id}
                id={`${id}-p-${PRESSURE_UNITS.indexOf(u)}`}
                name={`p:${u.id}`}
                label={u.label}
                unit={u.id}
                value={pTexts[u.id] ?? ''}
                error={pErrors[u.id]}
                onChange={(t) => onPressure(u.id, t)}
                onCopy={() => copy(text, text)}
              />
            );
          })}
        </div>
        <p className="tb-note">表压与绝压相差一个大气压（0.101325 MPa）；本换算不区分表压或绝压，输入什么压力就换算什么压力。</p>
      </section>
    </div>
  );
}
