/**
 * Contract samples of the personal-information calls (an extension of the supplier's API, privacy_part). The sandbox is
 * fresh for each sample (tests/support/sandbox.ts) and every `as` member signs in anew, so ending sessions or asking for
 * deletion here touches no other sample.
 */
import { expect } from 'vitest';
import { privacy } from '#src/shared/api/contract/privacy.ts';
import { DEMO_MEMBER, DEMO_MEMBER_NO_COMPANY } from '#tests/support/member.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

const DAY = 24 * 3600_000;

/** The SMS code the sandbox sent to a phone, read through its test hook. */
const smsCode = async (h: Harness, phone: string) => ((await h.raw(`/__sandbox/sms?phone=${phone}`)).body.data as { code: string }).code;

/**
 * Puts a deletion record for a member straight into the sandbox. A request ends every session of the member and a sign-in
 * inside the cooling-off cancels it, so a signed-in member with a pending (or just cancelled) request cannot be reached
 * through calls made after the sample's own sign-in; the record is what the request (or that sign-in) would have left.
 */
function deletionRecord(h: Harness, uid: number, status: 'PENDING' | 'CANCELLED', notice: string | null = null) {
  const now = Date.now();
  h.sandbox().db.insert('privacy_deletions', {
    uid,
    status,
    requested_at: now - DAY,
    due_at: now + 14 * DAY,
    ended_at: status === 'PENDING' ? null : now,
    note: notice ?? '',
    notice,
  });
}

export const samples: Sample[] = [
  sample({
    endpoint: privacy.signIns,
    as: 'member',
    check: (d) => expect(d[0]).toMatchObject({ way: 'PASSWORD', current: true, active: true, ip: expect.any(String) }),
  }),
  sample({
    endpoint: privacy.signOutOthers,
    as: 'member',
    // A second sign-in of the demo member (another device) for the call to end.
    prepare: async (h) => (await h.client('member'), {}),
    check: (d) => expect(d.ended).toBeGreaterThanOrEqual(1),
  }),
  sample({
    endpoint: privacy.status,
    as: 'member',
    check: (d) =>
      expect(d).toMatchObject({ policy: { acceptedAt: expect.any(Number) }, marketing: { optIn: false }, deletion: { status: 'NONE' } }),
  }),
  sample({
    endpoint: privacy.marketing,
    as: 'member',
    prepare: () => ({ input: { optIn: true } }),
    check: (d) => expect(d.marketing).toEqual({ optIn: true, time: expect.any(Number) }),
  }),
  sample({
    endpoint: privacy.cookieChoice,
    prepare: () => ({ input: { choice: 'DISMISS' as const } }),
    check: (d) => expect(d.recorded).toBe(true),
  }),
  sample({
    endpoint: privacy.exportLink,
    as: 'member',
    check: (d) => {
      expect(d.token.length).toBeGreaterThanOrEqual(32);
      expect(d.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    },
  }),
  sample({
    endpoint: privacy.exportData,
    as: 'member',
    // The link asked for from another session of the same member: the token belongs to the member, not the session.
    prepare: async (h) => ({ params: { token: (await (await h.client('member')).call(privacy.exportLink)).token } }),
    check: (d) => {
      expect(d.profile.phone).toBe(DEMO_MEMBER.phone);
      expect(d.sections.find((s) => s.key === 'orders')!.rows.length).toBeGreaterThan(0);
      expect(d.sections.find((s) => s.key === 'signIns')!.rows.length).toBeGreaterThanOrEqual(2);
    },
  }),
  sample({
    endpoint: privacy.deletionCheck,
    as: 'member',
    check: (d) => {
      expect(d.blockers.map((b) => b.kind)).toEqual(expect.arrayContaining(['CYLINDERS', 'ORDERS']));
      expect(d).toMatchObject({ coolingOffDays: 15, phone: '138****8000', deletion: { status: 'NONE' } });
    },
  }),
  sample({ endpoint: privacy.deletionCode, as: 'member', check: (d) => expect(d).toEqual({ phone: '138****8000', expiresIn: 300 }) }),
  sample({
    endpoint: privacy.requestDeletion,
    // The seeded member without a company holds nothing that blocks deletion (the demo member's cylinders and orders do).
    as: 'member2',
    prepare: async (h) => {
      await (await h.client('member2')).call(privacy.deletionCode);
      return { input: { code: await smsCode(h, DEMO_MEMBER_NO_COMPANY.phone) } };
    },
    check: (d) => {
      expect(d.status).toBe('PENDING');
      expect(d.dueAt! - d.requestedAt!).toBe(15 * DAY);
    },
  }),
  sample({
    endpoint: privacy.cancelDeletion,
    as: 'member2',
    prepare: (h) => (deletionRecord(h, DEMO_MEMBER_NO_COMPANY.uid, 'PENDING'), {}),
    check: (d) => expect(d).toMatchObject({ status: 'CANCELLED', endedAt: expect.any(Number), note: '您已撤销注销申请' }),
  }),
  sample({
    endpoint: privacy.takeNotice,
    as: 'member2',
    prepare: (h) => (
      deletionRecord(h, DEMO_MEMBER_NO_COMPANY.uid, 'CANCELLED', '您于 2026-11-27 10:00 重新登录，注销申请已撤销，账户恢复正常使用。'), {}
    ),
    check: (d) => expect(d.message).toMatch(/注销申请已撤销/),
  }),
];
