/**
 * Sandbox domain: notices to a member by message and SMS (bill reminders, orders waiting for payment the shop placed for
 * them, delivery steps), and the one SMS log with the hook listing the SMS notices a phone got. SMS codes stay in the auth
 * domain.
 */
import { Fail, type Ctx, type Sandbox, type SandboxEvents } from '../app.ts';
import type { Db } from '../db.ts';
import { addMessage, memberContact } from './auth.ts';

/** The one brand signature every SMS notice starts with (China's SMS rules want the sender's signature in 【】). */
export const SMS_BRAND = '【华气云商】';

export interface Sms {
  /** The phone the SMS goes to: the member's own, or an order's consignee. */
  phone: string;
  /** The member it is about: it is erased with their account. */
  uid: number;
  text: string;
  /** The order it is about, when there is one (the delivery steps). */
  sn?: string;
}

/** Sends an SMS notice: recorded in the one SMS log (the sandbox sends no real SMS), signed with the brand. */
export function sendSms(db: Db, { phone, uid, text, sn }: Sms, now: number): void {
  db.insert('sms_notices', { phone, uid, text: `${SMS_BRAND}${text}`, sent_at: now, sn: sn ?? null });
}

/** Puts a notice in the member's messages and sends it by SMS to their phone. */
export function notify(db: Db, uid: number, title: string, text: string, now: number): void {
  addMessage(db, uid, title, text, now);
  const phone = memberContact(db, uid)?.phone;
  if (phone) sendSms(db, { phone, uid, text }, now);
}

// Test hook: every SMS notice sent to a phone, oldest first (not only the last code, which /sms answers); `sn` names the
// order a delivery notice is about, so a test can pick its own among the phone's other notices.
function hookSmsNotices(ctx: Ctx<unknown>) {
  const phone = ctx.url.searchParams.get('phone') ?? '';
  if (!/^1[3-9]\d{9}$/.test(phone)) throw new Fail(400, '请输入正确的手机号');
  return ctx.db
    .all<{ text: string; sent_at: number; sn: string | null }>(
      'SELECT text, sent_at, sn FROM sms_notices WHERE phone = ? ORDER BY id',
      phone,
    )
    .map((r) => ({ text: r.text, sentAt: r.sent_at, sn: r.sn }));
}

// Account deletion: the notices sent about the member (to them or to their orders' consignees) go with the account.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  db.run('DELETE FROM sms_notices WHERE uid = ?', uid);
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  sb.hook('GET', '/sms/notices', hookSmsNotices);
}
