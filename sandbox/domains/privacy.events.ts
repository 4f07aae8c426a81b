/** The events the privacy domain (privacy.ts) emits; app.ts composes every domain's events into `SandboxEvents`. */
import type { ClosingFacts } from '#src/features/privacy/rules.ts';
import type { Db } from '../db.ts';

export interface PrivacyEvents {
  /**
   * A member asks to delete their account (the privacy domain): each domain adds what the member still holds or owes to
   * `facts` (src/features/privacy/rules.ts ClosingFacts; only its own part), from which the blockers are named.
   */
  'member.closing': { db: Db; now: number; uid: number; facts: ClosingFacts };
  /**
   * A member's deletion is due (the privacy domain): each domain deletes the member's rows in its tables, or de-identifies
   * those the law keeps (src/features/privacy/deidentify.ts, rules.ts RETENTION_RULES). `phone`, `email` and `name` are the
   * member's literals, read before the account itself is erased (the privacy domain calls the auth domain's `eraseMember`
   * after every listener has run).
   */
  'member.erasing': { db: Db; now: number; uid: number; phone: string; email: string; name: string };
}
