/**
 * Sandbox domain: one clock for every time-driven job. `POST /__sandbox/run-due` `{ at }` runs, as of `at` (default now): the
 * unpaid-order timeouts and automatic completions (order domain), the credit reminders and holds (credit domain; a hold is
 * computed from the bills' due dates, so it needs no job of its own), the 72-hour lapse of red-letter 确认单 (e-invoice domain),
 * the tank checks, and the standing-order and privacy
 * jobs through their own run-due hooks, which stay. Installed last, so every other hook is registered.
 */
import * as v from 'valibot';
import { parseOrFail, type Ctx, type Sandbox } from '../app.ts';
import type { State } from '../commerce.ts';
import { memberUidOf } from './auth.ts';
import { companyPlaceOf } from './company.ts';
import { runDue as creditRunDue } from './credit.ts';
import { lapseConfirmations } from './einvoice.ts';
import { settleDue } from './order.ts';
import { checkTanks } from './tanks.ts';

const RunDue = v.object({
  at: v.optional(v.pipe(v.number('at 必须是毫秒时间戳'), v.integer('at 必须是毫秒时间戳'), v.minValue(0))),
  /**
   * Only this member's jobs (phone or uid): their orders, tanks, their company's bills and invoices; the standing-order and
   * privacy jobs are left out. A test moving the clock days ahead then leaves every other member's state alone.
   */
  member: v.optional(v.string()),
});
/** The other domains' run-due hooks, run with the same `at`. */
const DELEGATED = ['/__sandbox/standing-orders/run-due', '/__sandbox/privacy/run-due'];

function hookRunDue(sb: Sandbox) {
  return async (ctx: Ctx<unknown>) => {
    const { at = ctx.now(), member } = parseOrFail(RunDue, ctx.input ?? {});
    const s: State = { db: ctx.db, now: () => at };
    const uid = member === undefined ? undefined : memberUidOf(ctx.db, member);
    const place = uid === undefined ? null : companyPlaceOf(s, uid);
    const orders = settleDue(s, uid);
    const reminders = creditRunDue(ctx.db, at, uid === undefined ? undefined : (place?.ownerUid ?? uid));
    const tanks = checkTanks(sb, s, uid);
    const lapsed = lapseConfirmations(ctx.db, at, uid, place?.id);
    const delegated: Record<string, unknown> = {};
    for (const path of uid === undefined ? DELEGATED : []) {
      const hook = sb.hooks.find((h) => h.method === 'POST' && h.path === path);
      if (hook) delegated[path.split('/')[2]!] = await hook.handler({ ...ctx, now: () => at, input: { at } });
    }
    return { at, orders, reminders, tanks, invoices: { lapsed }, ...delegated };
  };
}

export function install(sb: Sandbox): void {
  sb.hook('POST', '/run-due', hookRunDue(sb));
}
