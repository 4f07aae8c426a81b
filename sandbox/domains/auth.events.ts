/** The events the auth domain (auth.ts) emits; app.ts composes every domain's events into `SandboxEvents`. */
import type { Db } from '../db.ts';

export interface AuthEvents {
  /** A member signed in (the auth domain): `sid` is the new session, `way` how, `userAgent` and `ip` as the shop forwarded them. */
  'member.signedIn': { db: Db; now: number; uid: number; sid: string; way: 'PASSWORD' | 'SMS'; userAgent: string; ip: string };
}
