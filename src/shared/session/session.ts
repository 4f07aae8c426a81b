/**
 * Who is browsing: the one answer in the browser to "who is signed in". It starts from the readable profile cookie (the
 * display profile; tokens stay HttpOnly) when the page's scripts load, is set by a login and cleared by a logout or an expired
 * session; every script and island asks it, and stores that depend on the member (the cart) listen to it.
 *
 * On the server it is null, as is the first client render of an island, so the two agree (no hydration mismatch): an island
 * reads it in handlers and effects, or through `useStore` after it mounted, never while hydrating.
 */
import { atom } from 'nanostores';
import { PROFILE_EVENT, profileOf } from '#src/boot/current.ts';
import type { Profile } from '#src/boot/profile.ts';

// The rule itself lives apart, so the header's boot script reads the same source without loading nanostores.
export { profileOf };

export const $profile = atom<Profile | null>(typeof document === 'undefined' ? null : profileOf(document.cookie));
// The header follows a login, a logout or an expired session at once: its boot script listens without loading this store.
$profile.listen((p) => {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(PROFILE_EVENT, { detail: p }));
});

/**
 * Whether the member is still signed in, for a long-lived task (the unread poll): a logout in another tab removes the
 * profile cookie, and this page's store follows it.
 */
export function stillSignedIn(): boolean {
  if ($profile.get() !== null && profileOf(document.cookie) === null) $profile.set(null);
  return $profile.get() !== null;
}

/** Whether a member is signed in, for a handler deciding between acting and asking to log in. */
export const signedIn = (): boolean => $profile.get() !== null;
