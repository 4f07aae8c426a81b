/** Region choice (docs/product.md §3 Region, §9): four levels loaded one by one, names cut to 8 characters, a cache of loaded levels and the picker's state. */
import type { Region } from '#src/shared/api/contract/common.ts';

/** docs/product.md §9: region names are shown cut to 8 characters. */
export const REGION_NAME_MAX = 8;
/** Parent id of the provinces. */
export const ROOT_REGION_ID = 0;

/** The four levels, province first (docs/product.md §9 region depth 4), with their form labels. */
export const REGION_LEVELS = [
  { key: 'province', label: '省份' },
  { key: 'city', label: '城市' },
  { key: 'region', label: '区县' },
  { key: 'town', label: '乡镇街道' },
] as const;
export type RegionLevelKey = (typeof REGION_LEVELS)[number]['key'];

/** A name as shown in the picker; counts characters, not UTF-16 units, so rare characters are never split. */
export function shortRegionName(name: string): string {
  const chars = Array.from(name);
  return chars.length > REGION_NAME_MAX ? chars.slice(0, REGION_NAME_MAX).join('') : name;
}

export interface RegionRef {
  id: number;
  name: string;
}

/** The picker's result (docs/product.md §3): joined full names, one entry per level (null below where the choice ended) and the deepest id. */
export interface RegionChoice {
  string: string;
  regions: Record<RegionLevelKey, RegionRef | null>;
  last_id: number;
}

/** Builds the result from the chosen regions, province first. */
export function buildRegionChoice(path: readonly Pick<Region, 'id' | 'local_name'>[]): RegionChoice {
  if (path.length === 0 || path.length > REGION_LEVELS.length)
    throw new Error(`a region choice has 1 to ${REGION_LEVELS.length} levels, got ${path.length}`);
  const regions = { province: null, city: null, region: null, town: null } as Record<RegionLevelKey, RegionRef | null>;
  path.forEach((r, i) => (regions[REGION_LEVELS[i]!.key] = { id: r.id, name: r.local_name }));
  return { string: path.map((r) => r.local_name).join(' '), regions, last_id: path[path.length - 1]!.id };
}

export type RegionFetcher = (parentId: number) => Promise<Region[]>;

/** Wraps a fetcher so each level is asked once per page (concurrent asks share one call); a failed ask is forgotten so it can be retried. */
export function cachedRegionLoader(fetch: RegionFetcher): RegionFetcher {
  const cache = new Map<number, Promise<Region[]>>();
  return (parentId) => {
    const hit = cache.get(parentId);
    if (hit) return hit;
    const call = fetch(parentId);
    cache.set(parentId, call);
    call.catch(() => {
      if (cache.get(parentId) === call) cache.delete(parentId);
    });
    return call;
  };
}

export interface RegionLevelState {
  /** `idle`: not reached (or nothing to choose below the choice); `loading`, `ready` with options, `error` when the load failed. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  options: Region[];
  selected: number | null;
}

export interface RegionPickerState {
  levels: RegionLevelState[];
  /** Set once the choice is complete: a region without children, or a town. */
  choice: RegionChoice | null;
}

export interface RegionPicker {
  getState(): RegionPickerState;
  subscribe(listener: () => void): () => void;
  /** Loads the provinces, then walks down `path` (ids province first, e.g. an address being edited) as far as it matches. */
  start(path?: readonly number[]): Promise<void>;
  /** The user picks `id` (null: the empty option) at `level`; lower levels are cleared and the next one loads. */
  choose(level: number, id: number | null): Promise<void>;
  /** Loads the failed level again. */
  retry(): Promise<void>;
}

const idle = (): RegionLevelState => ({ status: 'idle', options: [], selected: null });

/** The chosen regions from the top, stopping at the first level without a choice. */
function chosenPath(levels: RegionLevelState[]): Region[] {
  const path: Region[] = [];
  for (const level of levels) {
    const region = level.selected === null ? undefined : level.options.find((r) => r.id === level.selected);
    if (!region) break;
    path.push(region);
  }
  return path;
}

function completeChoice(levels: RegionLevelState[]): RegionChoice | null {
  const path = chosenPath(levels);
  if (path.length === 0) return null;
  // A level below the deepest choice that is loading, offering options or failed means the choice is not finished.
  const next = levels[path.length];
  if (next && next.status !== 'idle') return null;
  return buildRegionChoice(path);
}

/**
 * The picker's state machine, free of any UI. Every choice bumps a generation; an answer that arrives after a newer
 * choice is dropped, so a quick change of province never shows the cities of the one before.
 */
export function createRegionPicker(load: RegionFetcher): RegionPicker {
  let state: RegionPickerState = { levels: [{ ...idle(), status: 'loading' }, idle(), idle(), idle()], choice: null };
  const listeners = new Set<() => void>();
  let generation = 0;

  function commit(levels: RegionLevelState[]): void {
    const choice = completeChoice(levels);
    // Keeps the same object while the result is unchanged, so subscribers can compare by identity.
    const same = choice && state.choice && choice.last_id === state.choice.last_id && choice.string === state.choice.string;
    state = { levels, choice: same ? state.choice : choice };
    for (const l of listeners) l();
  }

  function withLevel(index: number, level: RegionLevelState): RegionLevelState[] {
    return state.levels.map((l, i) => (i === index ? level : l));
  }

  /** Loads the children of `parentId` into level `index`; false when the answer was stale or failed. */
  async function fill(index: number, parentId: number, gen: number): Promise<boolean> {
    let options: Region[];
    try {
      options = await load(parentId);
    } catch {
      if (gen === generation) commit(withLevel(index, { ...idle(), status: 'error' }));
      return false;
    }
    if (gen !== generation) return false;
    // An empty answer ends the choice one level up, just as has_children false does.
    commit(withLevel(index, options.length > 0 ? { status: 'ready', options, selected: null } : idle()));
    return options.length > 0;
  }

  /** Level `index` gets `id` selected, everything below is reset, and the next level is marked loading when it will be. */
  function select(index: number, id: number | null): Region | undefined {
    const current = state.levels[index]!;
    const region = id === null ? undefined : current.options.find((r) => r.id === id);
    const opensNext = Boolean(region?.has_children) && index + 1 < REGION_LEVELS.length;
    commit(
      state.levels.map((l, i) => {
        if (i < index) return l;
        if (i === index) return { ...l, selected: region ? region.id : null };
        if (i === index + 1 && opensNext) return { ...idle(), status: 'loading' };
        return idle();
      }),
    );
    return opensNext ? region : undefined;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start(path = []) {
      const gen = ++generation;
      commit([{ ...idle(), status: 'loading' }, idle(), idle(), idle()]);
      if (!(await fill(0, ROOT_REGION_ID, gen))) return;
      for (let i = 0; i < path.length && i < REGION_LEVELS.length; i++) {
        if (!state.levels[i]!.options.some((r) => r.id === path[i])) return;
        const parent = select(i, path[i]!);
        if (!parent || !(await fill(i + 1, parent.id, gen))) return;
      }
    },
    async choose(level, id) {
      if (level < 0 || level >= REGION_LEVELS.length || state.levels[level]!.status !== 'ready') return;
      const gen = ++generation;
      const parent = select(level, id);
      if (parent) await fill(level + 1, parent.id, gen);
    },
    async retry() {
      const index = state.levels.findIndex((l) => l.status === 'error');
      if (index < 0) return;
      const gen = ++generation;
      const parentId = index === 0 ? ROOT_REGION_ID : state.levels[index - 1]!.selected;
      if (parentId === null) return;
      commit(withLevel(index, { ...idle(), status: 'loading' }));
      await fill(index, parentId, gen);
    },
  };
}
