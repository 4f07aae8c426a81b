/** Region picker (docs/product.md §3, §9): four labelled selects, province to town, each level loaded from the API when the one above is chosen. */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { common } from '#src/shared/api/contract/common.ts';
import {
  REGION_LEVELS,
  cachedRegionLoader,
  createRegionPicker,
  shortRegionName,
  type RegionChoice,
  type RegionLevelState,
} from '#src/shared/formats/regions.ts';
import '#src/styles/ui.css';

// One cache per page: every picker on it shares the levels already loaded.
// Not a useFormAction: these are silent loads of each level (a failed one shows 重试 in the picker), not an action a member takes.
const loadRegions = cachedRegionLoader((id) => browserApi.call(common.regions, { params: { id }, silent: true }));

interface Props {
  /** Ids of an existing choice, province first (an address being edited). */
  value?: readonly number[];
  /** Called with the finished choice, or null when the user's change left it unfinished. */
  onChange?: (choice: RegionChoice | null) => void;
  /** For plain form posts: a hidden input of this name carries the choice's `last_id`. */
  name?: string;
  /** The fieldset's legend. */
  legend?: string;
  required?: boolean;
  disabled?: boolean;
}

function placeholder(level: RegionLevelState, label: string): string {
  if (level.status === 'loading') return '加载中…';
  if (level.status === 'error') return '加载失败';
  return `请选择${label}`;
}

export default function RegionPicker({ value, onChange, name, legend = '所在地区', required = false, disabled = false }: Props) {
  const id = useId();
  const [picker] = useState(() => createRegionPicker(loadRegions));
  const state = useSyncExternalStore(picker.subscribe, picker.getState, picker.getState);
  const touched = useRef(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const valueKey = (value ?? []).join(',');
  useEffect(() => {
    // A parent echoing the picker's own choice back as `value` must not restart it.
    const current = picker
      .getState()
      .levels.map((l) => l.selected)
      .filter((s) => s !== null);
    if (current.length > 0 && current.join(',') === valueKey) return;
    void picker.start(valueKey ? valueKey.split(',').map(Number) : []);
    // Restarts only when the value given from outside changes, not on every choice.
  }, [picker, valueKey]);

  useEffect(() => {
    if (touched.current) onChangeRef.current?.(state.choice);
  }, [state.choice]);

  const failed = state.levels.some((l) => l.status === 'error');

  return (
    <fieldset className="ui-region" disabled={disabled}>
      <legend className="ui-region-legend">
        {legend}
        {required && (
          <span className="ui-required" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className="ui-region-levels">
        {REGION_LEVELS.map((lvl, i) => {
          const level = state.levels[i]!;
          if (i > 0 && level.status === 'idle') return null;
          const selected = level.options.find((r) => r.id === level.selected);
          return (
            <div className="ui-region-level" key={lvl.key}>
              <label htmlFor={`${id}-${lvl.key}`}>{lvl.label}</label>
              <select
                id={`${id}-${lvl.key}`}
                value={level.selected ?? ''}
                title={selected?.local_name}
                required={required}
                disabled={level.status !== 'ready'}
                aria-busy={level.status === 'loading'}
                onChange={(e) => {
                  touched.current = true;
                  void picker.choose(i, e.target.value === '' ? null : Number(e.target.value));
                }}
              >
                <option value="">{placeholder(level, lvl.label)}</option>
                {level.options.map((r) => (
                  <option key={r.id} value={r.id} title={r.local_name}>
                    {shortRegionName(r.local_name)}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      {failed && (
        <p className="ui-region-error" role="alert">
          地区加载失败，请检查网络后
          <button type="button" className="ui-link-button" onClick={() => void picker.retry()}>
            重试
          </button>
        </p>
      )}
      {name && <input type="hidden" name={name} value={state.choice?.last_id ?? ''} />}
    </fieldset>
  );
}
