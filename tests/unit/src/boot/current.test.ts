// @vitest-environment happy-dom
// "Who is signed in" has one holder in the browser (src/boot/current.ts): read from the profile cookie when the boot script
// starts, changed by a sign-in or sign-out, re-read where another tab may have changed the cookie; $profile is its store and
// follows it both ways.
import { afterEach, describe, expect, it } from 'vitest';
import { profileCookieValue } from '#src/boot/profile.ts';
import { PROFILE_COOKIE } from '#src/boot/cookies.ts';

const member = { uid: 7, phone: '138****8000', username: '王工' };
const other = { uid: 8, phone: '139****9000', username: '' };
const setCookie = (p: typeof member | null) => {
  document.cookie = p ? `${PROFILE_COOKIE}=${profileCookieValue(p)}; path=/` : `${PROFILE_COOKIE}=; path=/; max-age=0`;
};

// Signed in before the page's scripts run; the store is loaded before the boot script read the cookie (the dev server's order).
setCookie(member);
const { currentProfile, PROFILE_EVENT, recheckProfile, setCurrentProfile } = await import('#src/boot/current.ts');
const { $profile } = await import('#src/shared/session/session.ts');

const events: (typeof member | null)[] = [];
addEventListener(PROFILE_EVENT, (e) => events.push((e as CustomEvent<typeof member | null>).detail));

afterEach(() => {
  events.length = 0;
});

describe('who is signed in', () => {
  it('starts from the profile cookie the boot script reads, and the store follows', () => {
    expect(currentProfile()).toBeNull();
    expect(recheckProfile()).toEqual(member);
    expect(currentProfile()).toEqual(member);
    expect($profile.get()).toBe(currentProfile());
    expect(events).toEqual([member]);
  });

  it('tells of a change of member once, and not of the same member again', () => {
    setCurrentProfile({ ...member });
    setCurrentProfile({ ...member, username: '李工' });
    expect(events).toEqual([]);
    setCurrentProfile(null);
    setCurrentProfile(null);
    expect(events).toEqual([null]);
    expect($profile.get()).toBeNull();
    setCurrentProfile(member);
    expect(events).toEqual([null, member]);
    expect($profile.get()).toEqual(member);
  });

  it('follows a set of the store: a login or a sign-out through $profile is the holder’s too', () => {
    $profile.set(other);
    expect(currentProfile()).toEqual(other);
    expect(events).toEqual([other]);
    $profile.set(member);
    expect(currentProfile()).toEqual(member);
  });

  it('re-reads the cookie when asked (another tab signed out, or in as someone else)', () => {
    setCookie(null);
    // Until asked, the page keeps its answer.
    expect(currentProfile()).toEqual(member);
    expect(recheckProfile()).toBeNull();
    expect($profile.get()).toBeNull();
    setCookie(other);
    expect(recheckProfile()).toEqual(other);
    expect($profile.get()).toEqual(other);
    expect(events).toEqual([null, other]);
    // The same cookie again changes nothing.
    expect(recheckProfile()).toBe(currentProfile());
    expect(events).toHaveLength(2);
  });
});
