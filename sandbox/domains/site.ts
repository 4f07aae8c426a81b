/** Site-wide calls and the site and fault hooks. */
import * as v from 'valibot';
import { site as contract, type Site, type ViewControl } from '#src/shared/api/contract/site.ts';
import { parseOrFail, type Sandbox, type Seeding, type RouteCtx, type Ctx } from '../app.ts';
import type { Db } from '../db.ts';
import * as seed from '../seed/site.ts';
import { deliveries, notifyShop, setPublishing } from '../publish-notify.ts';

const PublishNotifyHook = v.object({ on: v.boolean('on 只能是 true 或 false') });

const SiteHook = v.object({
  siteon: v.picklist([0, 1], 'siteon 只能是 0 或 1'),
  close_reson: v.optional(v.string(), ''),
});
const ViewControlHook = v.object({
  viewName: v.pipe(v.string('请输入 viewName'), v.regex(/^[a-z_]{1,40}$/, 'viewName 格式错误')),
  isShow: v.picklist([0, 1], 'isShow 只能是 0 或 1'),
});
const FaultsHook = v.object({
  latencyMs: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(60000)), 0),
  failRate: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1)), 0),
  status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)), 503),
  /** How many calls to affect; -1 (default) until reset. */
  count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-1)), -1),
  /** Only calls of this endpoint, by its contract name (`order.create`): a test's fault is not taken by a background read. */
  call: v.optional(v.pipe(v.string(), v.regex(/^[a-z][\w.]*$/i, 'call 须为接口名，如 order.create')), undefined),
  reset: v.optional(v.boolean(), false),
});

function siteData(db: Db): Site {
  const row = db.get<{ siteon: 0 | 1; close_reson: string; data: string }>('SELECT siteon, close_reson, data FROM site_info WHERE id = 1')!;
  return { ...(JSON.parse(row.data) as Site), siteon: row.siteon, close_reson: row.close_reson };
}
const viewControl = (db: Db): ViewControl[] =>
  db
    .all<{ view_name: string; is_show: 0 | 1 }>('SELECT view_name, is_show FROM view_control ORDER BY pos')
    .map((r) => ({ viewName: r.view_name, isShow: r.is_show }));

/** Whether a view-control entry is on, for domains whose feature follows it (a gas feature switched off behaves as if absent). */
export const viewOn = (db: Db, name: string): boolean =>
  db.get<{ is_show: number }>('SELECT is_show FROM view_control WHERE view_name = ?', name)?.is_show === 1;

/** Merges fields into the site data, as the back office's site settings do (the hazmat domain's licences hook), and tells the shop. */
export function patchSiteData(db: Db, patch: Partial<Omit<Site, 'siteon' | 'close_reson'>>): Site {
  const { siteon: _on, close_reson: _reason, ...rest } = siteData(db);
  db.run('UPDATE site_info SET data = ? WHERE id = 1', JSON.stringify({ ...rest, ...patch }));
  notifyShop({ type: 'site.changed', data: {} });
  return siteData(db);
}

function seedSite({ db }: Seeding) {
  const { siteon, close_reson, ...rest } = seed.site;
  db.insert('site_info', { id: 1, siteon, close_reson, data: JSON.stringify(rest) });
  seed.viewControl.forEach((v, pos) => db.insert('view_control', { view_name: v.viewName, is_show: v.isShow, pos }));
}

function info({ db }: RouteCtx<typeof contract.info>) {
  return siteData(db);
}

function viewControlRoute({ db }: RouteCtx<typeof contract.viewControl>) {
  return viewControl(db);
}

function navTree() {
  return seed.navTree;
}

function hotKeywords() {
  return seed.hotKeywords;
}

function banners() {
  return [...seed.banners].sort((a, b) => a.sort - b.sort);
}

function ads({ input }: RouteCtx<typeof contract.ads>) {
  return seed.ads.filter((ad) => !input.position || ad.position === input.position);
}

function hookSite(ctx: Ctx<unknown>) {
  const { siteon, close_reson } = parseOrFail(SiteHook, ctx.input);
  // The back office's `site.changed` with the site-status call's own fields: the shop applies it at once, no rebuild.
  notifyShop({ type: 'site.changed', data: { siteon, close_reson } }, process.env, { evenPaused: true });
  ctx.db.run('UPDATE site_info SET siteon = ?, close_reson = ? WHERE id = 1', siteon, close_reson);
  return siteData(ctx.db);
}

// Switches a feature of docs/product.md §6 (cancel_part, refund_part) on or off; an unknown name is added.
function hookViewControl(ctx: Ctx<unknown>) {
  const { viewName, isShow } = parseOrFail(ViewControlHook, ctx.input);
  ctx.db.run(
    'INSERT INTO view_control (view_name, is_show, pos) VALUES (?, ?, (SELECT COALESCE(MAX(pos), -1) + 1 FROM view_control)) ON CONFLICT (view_name) DO UPDATE SET is_show = excluded.is_show',
    viewName,
    isShow,
  );
  notifyShop({ type: 'site.changed', data: { viewName } });
  return viewControl(ctx.db);
}

// The publishing webhooks the sandbox sent to the shop and how the shop answered, newest last.
function hookPublishDeliveries() {
  return deliveries;
}

// Switches the sending of publishing webhooks on or off (the e2e server starts with it off; see publish-notify.ts).
function hookPublishNotify(ctx: Ctx<unknown>) {
  const { on } = parseOrFail(PublishNotifyHook, ctx.input);
  setPublishing(on);
  return { on };
}

function hookFaults(sb: Sandbox) {
  return (ctx: Ctx<unknown>) => {
    const f = parseOrFail(FaultsHook, ctx.input);
    if (f.reset) sb.resetFaults();
    else sb.faults = { latencyMs: f.latencyMs, failRate: f.failRate, status: f.status, remaining: f.count, call: f.call ?? null };
    return sb.faults;
  };
}

export function install(sb: Sandbox): void {
  sb.seed('site', seedSite);
  sb.on(contract.info, info);
  sb.on(contract.viewControl, viewControlRoute);
  sb.on(contract.navTree, navTree);
  sb.on(contract.hotKeywords, hotKeywords);
  sb.on(contract.banners, banners);
  sb.on(contract.ads, ads);
  sb.hook('POST', '/site', hookSite);
  sb.hook('POST', '/view-control', hookViewControl);
  sb.hook('GET', '/publish/deliveries', hookPublishDeliveries);
  sb.hook('POST', '/publish/notify', hookPublishNotify);
  sb.hook('POST', '/faults', hookFaults(sb));
}
