/**
 * Who is browsing, as a store: `$profile` is the store of the one answer to "who is signed in" (src/boot/current.ts, which the
 * header's boot script reads without loading nanostores). It is set by a login and cleared by `signOut()`; the stores that depend
 * on the member (the cart) listen to it, and their reactions to a sign-in are waited for through `signInSettled()`.
 *
 * On the server it is null, as is the first client render of an island, so the two agree (no hydration mismatch): an island
 * reads it in handlers and effects, or through `useStore` after it mounted, never while hydrating.
 */
import { atom } from 'nanostores';
import { currentProfile, PROFILE_EVENT, recheckProfile, setCurrentProfile } from '#src/boot/current.ts';
import { SELLER_KEYS } from './seller.ts';
import type { Profile } from '#src/boot/profile.ts';

export const $profile = atom<Profile | null>(currentProfile());
// The store and the holder stay one answer: a set of the store changes the holder (which tells the header), and a change the
// boot script made (its first read of the cookie, another tab seen when this one is shown again) reaches the store.
if (typeof window !== 'undefined') {
  $profile.listen((p) => setCurrentProfile(p));
  window.addEventListener(PROFILE_EVENT, () => $profile.set(currentProfile()));
}

/**
 * Whether the member is still signed in, for a long-lived task (the unread poll): a logout in another tab removes the
 * profile cookie, and this page follows it.
 */
export const stillSignedIn = (): boolean => recheckProfile() !== null;

/** Whether a member is signed in, for a handler deciding between acting and asking to log in. */
export const signedIn = (): boolean => $profile.get() !== null;

/** The same-origin endpoint that drops the HttpOnly tokens and the profile cookie. */
export const LOGOUT_PATH = '/api/session/logout';

function forgetMember(): void {
  $profile.set(null);
  try {
    // Seller-side values a seller login may have left in this origin's storage (docs/product.md §4).
    for (const key of SELLER_KEYS) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}

/**
 * Signs this browser out: the endpoint drops the session's cookies, then the member is forgotten here (the stores that depend
 * on the member clear themselves). Answers whether the endpoint confirmed; a member who asked to sign out stays signed in when
 * it did not. `ended`: the session is already over on the server (expired, account closed), so the member is forgotten at
 * once, whatever the endpoint answers.
 */
export async function signOut({ ended = false }: { ended?: boolean } = {}): Promise<boolean> {
  if (ended) forgetMember();
  const res = await fetch(LOGOUT_PATH, { method: 'POST', headers: { accept: 'application/json' }, credentials: 'same-origin' }).catch(
    () => null,
  );
  if (!res?.ok) return false;
  forgetMember();
  return true;
}

const settling = new Set<Promise<unknown>>();

/**
 * Work a store started in reaction to a sign-in (the cart finishing a visitor's adds). The login waits for it before the page
 * reloads or moves on, or the next page would be rendered without it.
 */
export function signInWork(work: Promise<unknown>): void {
  settling.add(work);
  const done = () => void settling.delete(work);
  work.then(done, done);
}

/** Resolves once every reaction to the sign-in has finished, including work started by that work. */
export async function signInSettled(): Promise<void> {
  while (settling.size > 0) await Promise.allSettled([...settling]);
}
