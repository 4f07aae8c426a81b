/** Sandbox domain: notices to a member by message and SMS (bill reminders, orders waiting for payment the shop placed for them), and the hook listing the SMS notices a phone got. SMS codes stay in the auth domain. */
import { Fail, type Ctx, type Sandbox, type SandboxEvents } from '../app.ts';
import type { Db } from '../db.ts';
import { addMessage, memberContact } from './auth.ts';

/** Puts a notice in the member's messages and sends it by SMS to their phone (recorded: the sandbox sends no real SMS). */
export function notify(db: Db, uid: number, title: string, text: string, now: number): void {
  addMessage(db, uid, title, text, now);
  const phone = memberContact(db, uid)?.phone;
  if (phone) db.insert('sms_notices', { phone, uid, text: `【华气云商】${text}`, sent_at: now });
}

// Test hook: every SMS notice sent to a phone, oldest first (not only the last code, which /sms answers).
function hookSmsNotices(ctx: Ctx<unknown>) {
  const phone = ctx.url.searchParams.get('phone') ?? '';
  if (!/^1[3-9]\d{9}$/.test(phone)) throw new Fail(400, '请输入正确的手机号');
  return ctx.db
    .all<{ text: string; sent_at: number }>('SELECT text, sent_at FROM sms_notices WHERE phone = ? ORDER BY id', phone)
    .map((r) => ({
      text: r.text,
      sentAt: r.sent_at,
    }));
}

// Account deletion: the notices sent to the member go with the account.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  db.run('DELETE FROM sms_notices WHERE uid = ?', uid);
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  sb.hook('GET', '/sms/notices', hookSmsNotices);
}
