// The site-status memo: asked once per TTL, a `site.changed` event applied at once, an unreachable API keeps the last known status.
import { describe, expect, it } from 'vitest';
import type { Api } from '#src/shared/api/client.ts';
import type { Site } from '#src/shared/api/contract/site.ts';
import { sharedSiteStatus, siteStatusChecker, statusOfEvent } from '#src/features/shell/status.ts';

/** An API whose site call answers from `state` (or fails while `down`), counting calls; `hold` keeps the next answer back. */
function fakeApi(state: { siteon: 0 | 1; close_reson: string; down?: boolean }) {
  let calls = 0;
  let held: (() => void) | null = null;
  let holdNext = false;
  const api = {
    call: async () => {
      calls++;
      const answer = { ...state };
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((r) => (held = r));
      }
      if (answer.down) throw Object.assign(new Error('fetch failed'), { kind: 'network' });
      return answer as unknown as Site;
    },
  } as unknown as Api;
  return { api, calls: () => calls, hold: () => (holdNext = true), release: () => held?.() };
}

describe('site status memo', () => {
  it('asks the API once per TTL; concurrent checks share one call', async () => {
    let now = 0;
    const f = fakeApi({ siteon: 1, close_reson: '' });
    const check = siteStatusChecker(f.api, 1000, () => now);
    const [a, b] = await Promise.all([check(), check()]);
    expect(a).toEqual({ open: true, reason: '' });
    expect(b).toBe(a);
    expect(f.calls()).toBe(1);
    now = 999;
    await check();
    expect(f.calls()).toBe(1);
    now = 1000;
    await check();
    expect(f.calls()).toBe(2);
  });

  it('applies a site.changed event at once, whatever the TTL', async () => {
    const f = fakeApi({ siteon: 1, close_reson: '' });
    const check = siteStatusChecker(f.api, 60_000, () => 0);
    expect((await check()).open).toBe(true);
    check.set({ open: false, reason: '年度检修' });
    expect(await check()).toEqual({ open: false, reason: '年度检修' });
    expect(check.known()).toMatchObject({ source: 'event' });
    check.set({ open: false, reason: ' ' });
    expect(await check()).toEqual({ open: false, reason: '站点已关闭' });
    check.set({ open: true, reason: 'ignored' });
    expect(await check()).toEqual({ open: true, reason: '' });
    expect(f.calls()).toBe(1);
  });

  it('keeps a closed site closed while the API cannot be reached (it used to open), and asks again only after the TTL', async () => {
    let now = 0;
    const state: { siteon: 0 | 1; close_reson: string; down?: boolean } = { siteon: 0, close_reson: '系统升级' };
    const f = fakeApi(state);
    const check = siteStatusChecker(f.api, 1000, () => now);
    expect(await check()).toEqual({ open: false, reason: '系统升级' });
    state.down = true;
    now = 5000;
    expect(await check()).toEqual({ open: false, reason: '系统升级' });
    expect(check.known().lastCallFailed).toBe(true);
    // A failing API is not asked by every request: the failure is remembered for a TTL too.
    expect(f.calls()).toBe(2);
    now = 5500;
    await check();
    expect(f.calls()).toBe(2);
    // An open site stays open through the outage, and the event still closes it at once.
    check.set({ open: true, reason: '' });
    now = 9000;
    expect((await check()).open).toBe(true);
    check.set({ open: false, reason: '停机' });
    expect(await check()).toEqual({ open: false, reason: '停机' });
    state.down = false;
    state.siteon = 1;
    now = 20_000;
    expect((await check()).open).toBe(true);
    expect(check.known()).toMatchObject({ source: 'api', lastCallFailed: false });
  });

  it('counts the site open when nothing is known yet and the API is down', async () => {
    const check = siteStatusChecker(fakeApi({ siteon: 0, close_reson: '', down: true }).api, 1000, () => 0);
    expect(await check()).toEqual({ open: true, reason: '' });
    expect(check.known().source).toBe('none');
  });

  it('drops an API answer asked for before an event (the event is newer)', async () => {
    const f = fakeApi({ siteon: 1, close_reson: '' });
    const check = siteStatusChecker(f.api, 0, () => 0);
    f.hold();
    const early = check();
    check.set({ open: false, reason: '临时关闭' });
    f.release();
    // The held answer (open) comes after the event: the event's status stays.
    expect(await early).toEqual({ open: false, reason: '临时关闭' });
    expect(check.known()).toMatchObject({ status: { open: false, reason: '临时关闭' }, source: 'event' });
  });

  it('reads the status of a site.changed event in either shape, and none from other site data', () => {
    expect(statusOfEvent({ open: false, reason: '维护' })).toEqual({ open: false, reason: '维护' });
    expect(statusOfEvent({ open: true })).toEqual({ open: true, reason: '' });
    expect(statusOfEvent({ siteon: 0, close_reson: '' })).toEqual({ open: false, reason: '站点已关闭' });
    expect(statusOfEvent({ siteon: 1 })).toEqual({ open: true, reason: '' });
    expect(statusOfEvent({})).toBeNull();
    expect(statusOfEvent({ viewName: 'coa' })).toBeNull();
    expect(statusOfEvent({ open: 'no' })).toBeNull();
  });

  it('is one memo per process: the server makes it, every release module finds the same one', () => {
    const key = Symbol.for('gas-storefront.site-status');
    const g = globalThis as Record<symbol, unknown>;
    const before = g[key];
    delete g[key];
    try {
      const first = sharedSiteStatus(() => siteStatusChecker(fakeApi({ siteon: 1, close_reson: '' }).api, 1000));
      const second = sharedSiteStatus(() => {
        throw new Error('not made twice');
      });
      expect(second).toBe(first);
    } finally {
      g[key] = before;
    }
  });
});
