import { describe, expect, it } from 'vitest';
import type { Region } from '#src/shared/api/contract/common.ts';
import { REGION_LEVELS, buildRegionChoice, cachedRegionLoader, createRegionPicker, shortRegionName } from '#src/shared/formats/regions.ts';

const r = (id: number, local_name: string, region_grade: 1 | 2 | 3 | 4, parent_id: number, has_children = true): Region => ({
  id,
  local_name,
  region_grade,
  parent_id,
  has_children,
});

/** A slice of the real tree: a full 4-level chain, a province without children and a city whose towns answer empty. */
const TREE: Record<number, Region[]> = {
  0: [r(110000, '北京', 1, 0), r(440000, '广东省', 1, 0), r(710000, '台湾省', 1, 0, false), r(650000, '新疆维吾尔自治区', 1, 0)],
  110000: [r(110100, '北京市', 2, 110000)],
  110100: [r(110101, '东城区', 3, 110100), r(110102, '西城区', 3, 110100)],
  110101: [r(110101001000, '东华门街道', 4, 110101, false), r(110101002000, '景山街道', 4, 110101, false)],
  440000: [r(440100, '广州市', 2, 440000), r(441900, '东莞市', 2, 440000)],
  441900: [],
  650000: [r(659001, '新疆生产建设兵团第八师石河子市', 2, 650000, false)],
};

interface Pending {
  parentId: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

/** A fetcher whose answers the test releases by hand, in any order. */
function manualFetcher() {
  const pending: Pending[] = [];
  const calls: number[] = [];
  const fetch = (parentId: number) =>
    new Promise<Region[]>((resolve, reject) => {
      calls.push(parentId);
      pending.push({ parentId, resolve: () => resolve(TREE[parentId] ?? []), reject });
    });
  const take = (parentId: number): Pending => {
    const i = pending.findIndex((p) => p.parentId === parentId);
    if (i < 0) throw new Error(`no pending load of ${parentId}`);
    return pending.splice(i, 1)[0]!;
  };
  return { fetch, calls, pending, take };
}

const instant = (parentId: number) => Promise.resolve(TREE[parentId] ?? []);
const settle = () => new Promise((res) => setTimeout(res, 0));

describe('region names and results', () => {
  it('cuts names to 8 characters, counting characters rather than UTF-16 units', () => {
    expect(shortRegionName('新疆维吾尔自治区')).toBe('新疆维吾尔自治区');
    expect(shortRegionName('新疆生产建设兵团第八师石河子市')).toBe('新疆生产建设兵团');
    expect(shortRegionName('东城区')).toBe('东城区');
    const rare = '𠀀'.repeat(9);
    expect(shortRegionName(rare)).toBe('𠀀'.repeat(8));
  });

  it('builds the result string, the four levels and last_id', () => {
    const choice = buildRegionChoice([TREE[0]![0]!, TREE[110000]![0]!, TREE[110100]![0]!, TREE[110101]![1]!]);
    expect(choice).toEqual({
      string: '北京 北京市 东城区 景山街道',
      regions: {
        province: { id: 110000, name: '北京' },
        city: { id: 110100, name: '北京市' },
        region: { id: 110101, name: '东城区' },
        town: { id: 110101002000, name: '景山街道' },
      },
      last_id: 110101002000,
    });
  });

  it('leaves the levels below a shorter choice empty, with full names in the string', () => {
    const choice = buildRegionChoice([TREE[0]![3]!, TREE[650000]![0]!]);
    expect(choice.string).toBe('新疆维吾尔自治区 新疆生产建设兵团第八师石河子市');
    expect(choice.regions.region).toBeNull();
    expect(choice.regions.town).toBeNull();
    expect(choice.last_id).toBe(659001);
    expect(() => buildRegionChoice([])).toThrow();
  });

  it('labels the four levels', () => {
    expect(REGION_LEVELS.map((l) => l.label)).toEqual(['省份', '城市', '区县', '乡镇街道']);
  });
});

describe('region cache', () => {
  it('asks once per level, sharing a call in flight', async () => {
    const m = manualFetcher();
    const load = cachedRegionLoader(m.fetch);
    const a = load(0);
    const b = load(0);
    expect(m.calls).toEqual([0]);
    m.take(0).resolve();
    expect(await a).toBe(await b);
    await load(0);
    expect(m.calls).toEqual([0]);
    void load(110000);
    expect(m.calls).toEqual([0, 110000]);
  });

  it('forgets a failed load so that it can be retried', async () => {
    const m = manualFetcher();
    const load = cachedRegionLoader(m.fetch);
    const first = load(440000);
    m.take(440000).reject(new Error('网络异常'));
    await expect(first).rejects.toThrow('网络异常');
    const second = load(440000);
    expect(m.calls).toEqual([440000, 440000]);
    m.take(440000).resolve();
    expect((await second).map((x) => x.local_name)).toEqual(['广州市', '东莞市']);
  });
});

describe('region picker', () => {
  const names = (p: ReturnType<typeof createRegionPicker>, level: number) => p.getState().levels[level]!.options.map((x) => x.local_name);
  const statuses = (p: ReturnType<typeof createRegionPicker>) => p.getState().levels.map((l) => l.status);

  it('walks down level by level and finishes at the town', async () => {
    const p = createRegionPicker(instant);
    expect(statuses(p)).toEqual(['loading', 'idle', 'idle', 'idle']);
    await p.start();
    expect(names(p, 0)).toEqual(['北京', '广东省', '台湾省', '新疆维吾尔自治区']);
    const choosing = p.choose(0, 110000);
    expect(statuses(p)).toEqual(['ready', 'loading', 'idle', 'idle']);
    expect(p.getState().choice).toBeNull();
    await choosing;
    await p.choose(1, 110100);
    await p.choose(2, 110101);
    expect(statuses(p)).toEqual(['ready', 'ready', 'ready', 'ready']);
    expect(p.getState().choice).toBeNull();
    await p.choose(3, 110101001000);
    expect(p.getState().choice).toMatchObject({ string: '北京 北京市 东城区 东华门街道', last_id: 110101001000 });
  });

  it('ends the choice at a region without children, without asking for them', async () => {
    const m = manualFetcher();
    const p = createRegionPicker(m.fetch);
    const started = p.start();
    m.take(0).resolve();
    await started;
    await p.choose(0, 710000);
    expect(m.calls).toEqual([0]);
    expect(statuses(p)).toEqual(['ready', 'idle', 'idle', 'idle']);
    expect(p.getState().choice).toMatchObject({
      string: '台湾省',
      last_id: 710000,
      regions: { province: { id: 710000, name: '台湾省' }, city: null },
    });
  });

  it('ends the choice when a level answers empty', async () => {
    const p = createRegionPicker(instant);
    await p.start();
    await p.choose(0, 440000);
    await p.choose(1, 441900);
    expect(statuses(p)).toEqual(['ready', 'ready', 'idle', 'idle']);
    expect(p.getState().choice?.string).toBe('广东省 东莞市');
  });

  it('drops the cities of a province the user already left, whatever order the answers come in', async () => {
    for (const order of [
      [440000, 110000],
      [110000, 440000],
    ]) {
      const m = manualFetcher();
      const p = createRegionPicker(m.fetch);
      const started = p.start();
      m.take(0).resolve();
      await started;
      const first = p.choose(0, 110000);
      const second = p.choose(0, 440000);
      for (const id of order) m.take(id).resolve();
      await Promise.all([first, second]);
      expect(p.getState().levels[0]!.selected).toBe(440000);
      expect(names(p, 1)).toEqual(['广州市', '东莞市']);
      expect(statuses(p)).toEqual(['ready', 'ready', 'idle', 'idle']);
    }
  });

  it('a stale failure does not mark the newer level as failed', async () => {
    const m = manualFetcher();
    const p = createRegionPicker(m.fetch);
    const started = p.start();
    m.take(0).resolve();
    await started;
    const first = p.choose(0, 110000);
    const second = p.choose(0, 440000);
    m.take(110000).reject(new Error('超时'));
    m.take(440000).resolve();
    await Promise.all([first, second]);
    expect(statuses(p)).toEqual(['ready', 'ready', 'idle', 'idle']);
  });

  it('changing a higher level clears the levels below and the result', async () => {
    const p = createRegionPicker(instant);
    await p.start([110000, 110100, 110101, 110101002000]);
    expect(p.getState().choice?.last_id).toBe(110101002000);
    await p.choose(1, 110100);
    expect(p.getState().levels[2]!.selected).toBeNull();
    expect(statuses(p)).toEqual(['ready', 'ready', 'ready', 'idle']);
    expect(p.getState().choice).toBeNull();
    await p.choose(0, null);
    expect(statuses(p)).toEqual(['ready', 'idle', 'idle', 'idle']);
    expect(p.getState().levels[0]!.selected).toBeNull();
    expect(p.getState().choice).toBeNull();
  });

  it('shows a failed level and loads it again on retry', async () => {
    let fail = true;
    const p = createRegionPicker((id) => (fail && id === 110000 ? Promise.reject(new Error('网络异常')) : instant(id)));
    await p.start();
    await p.choose(0, 110000);
    expect(statuses(p)).toEqual(['ready', 'error', 'idle', 'idle']);
    expect(p.getState().choice).toBeNull();
    fail = false;
    await p.retry();
    expect(statuses(p)).toEqual(['ready', 'ready', 'idle', 'idle']);
    expect(names(p, 1)).toEqual(['北京市']);
  });

  it('starts from an existing value, stopping where it no longer matches', async () => {
    const p = createRegionPicker(instant);
    await p.start([440000, 441900]);
    expect(p.getState().choice?.string).toBe('广东省 东莞市');
    await p.start([110000, 999999]);
    expect(p.getState().levels[0]!.selected).toBe(110000);
    expect(p.getState().levels[1]!.selected).toBeNull();
    expect(p.getState().choice).toBeNull();
  });

  it('a user choice made while the value is still loading wins over the value', async () => {
    const m = manualFetcher();
    const p = createRegionPicker(m.fetch);
    const started = p.start([110000, 110100]);
    m.take(0).resolve();
    await settle();
    expect(m.calls).toEqual([0, 110000]);
    const chosen = p.choose(0, 440000);
    m.take(440000).resolve();
    m.take(110000).resolve();
    await Promise.all([started, chosen]);
    expect(p.getState().levels[0]!.selected).toBe(440000);
    expect(names(p, 1)).toEqual(['广州市', '东莞市']);
    expect(m.calls).toEqual([0, 110000, 440000]);
  });

  it('tells subscribers and keeps the result object while it does not change', async () => {
    const p = createRegionPicker(instant);
    let notified = 0;
    const stop = p.subscribe(() => notified++);
    await p.start([710000]);
    const choice = p.getState().choice;
    expect(choice?.string).toBe('台湾省');
    expect(notified).toBeGreaterThan(0);
    await p.choose(0, 710000);
    expect(p.getState().choice).toBe(choice);
    stop();
    const before = notified;
    await p.choose(0, null);
    expect(notified).toBe(before);
  });
});
