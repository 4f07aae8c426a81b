/**
 * The punchout session in the shop (docs/punchout.md): the cookie naming it, what the shop remembers of it (the
 * organisation's name, system and allowed origins, for the bar and `frame-ancestors`), and the cookie attributes that let
 * it work inside the procurement system's frame.
 */
import type { AstroCookies } from 'astro';
import { ACCESS_COOKIE, ASIDE_COOKIE, PUNCHOUT_COOKIE } from '#src/boot/cookies.ts';
import { takeSessionBack } from '#src/shared/session/cookie-jar.ts';
import { punchout, type Session } from '#src/shared/api/contract/punchout.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { api, apiFor } from '#src/shared/api/server.ts';
import { featureShown } from '#src/shared/view-control.ts';

/**
 * Cookie attributes for a punchout: `SameSite=None; Secure` over https, so the cookies travel inside a procurement system's
 * frame on another site; plain-http development (no Secure possible) keeps Lax, which works in a window or tab of its own
 * but not in a cross-site frame (docs/punchout.md, "Cookies").
 */
export const punchoutCookieBase = (secure: boolean) => ({
  path: '/',
  httpOnly: true,
  secure,
  sameSite: secure ? ('none' as const) : ('lax' as const),
});

export interface PunchoutView {
  id: string;
  system: string;
  organisation: string;
  operation: Session['operation'];
  origins: string[];
  expiresAt: number;
}

// What the shop knows of live sessions, so a page of the shop does not ask the backend again for the bar and the frame
// policy. Bounded; a restart or another instance asks the backend once.
const known = new Map<string, PunchoutView>();
const KNOWN_MAX = 5000;

export function rememberSession(s: Session): PunchoutView {
  const view: PunchoutView = {
    id: s.id,
    system: s.organisation.system,
    organisation: s.organisation.name,
    operation: s.operation,
    origins: s.organisation.origins,
    expiresAt: s.expiresAt,
  };
  if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
  known.set(s.id, view);
  return view;
}

export const forgetSession = (id: string): boolean => known.delete(id);

/** The browser's punchout session, or null (no cookie, expired, not this member's). */
export async function punchoutOf(cookies: AstroCookies): Promise<PunchoutView | null> {
  const id = cookies.get(PUNCHOUT_COOKIE)?.value ?? '';
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const have = known.get(id);
  if (have) return have.expiresAt > Date.now() ? have : null;
  const token = cookies.get(ACCESS_COOKIE)?.value;
  if (!token) return null;
  try {
    const r = await apiFor(token).call(punchout.cart, { input: { session: id } });
    return rememberSession(r.session);
  } catch {
    return null;
  }
}

/**
 * Gives the browser back the shop session a punchout put aside once that punchout is over without 返回采购系统: its cookie
 * expired with the session (2 hours), or a failed renewal of its member's tokens ended it. Answers whether it did.
 */
export function restoreAfterPunchout(cookies: AstroCookies, secure: boolean, now = Date.now()): boolean {
  if (!cookies.has(ASIDE_COOKIE) || cookies.has(PUNCHOUT_COOKIE)) return false;
  return takeSessionBack(cookies, secure, now);
}

/** Whether the backend has punchout on (the shop's `/punchout/*` answer 404 otherwise). */
export async function punchoutOn(): Promise<boolean> {
  const views = await api.call(site.viewControl).catch(() => []);
  return featureShown(views, 'punchout_part');
}
