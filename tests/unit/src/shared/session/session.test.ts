// @vitest-environment happy-dom
// One way to sign out (signOut) and one way to wait for what the stores do when a member signs in (signInWork,
// signInSettled); and the places that must not grow a second way again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELLER_KEYS } from '#src/shared/session/seller.ts';

const { $profile, LOGOUT_PATH, signInSettled, signInWork, signOut } = await import('#src/shared/session/session.ts');

const member = { uid: 7, phone: '138****8000', username: '王工' };
const posts: string[] = [];
const answer = (ok: boolean | 'network') =>
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posts.push(`${init.method} ${url}`);
    if (ok === 'network') throw new TypeError('Failed to fetch');
    return new Response('{}', { status: ok ? 200 : 500 });
  });

afterEach(() => {
  vi.unstubAllGlobals();
  posts.length = 0;
});

describe('signOut', () => {
  it('posts to the logout endpoint, then forgets the member and the seller-side values', async () => {
    $profile.set(member);
    for (const key of SELLER_KEYS) localStorage.setItem(key, 'x');
    localStorage.setItem('remember_account', '13800138000');
    answer(true);
    expect(await signOut()).toBe(true);
    expect(posts).toEqual([`POST ${LOGOUT_PATH}`]);
    expect($profile.get()).toBeNull();
    for (const key of SELLER_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('remember_account')).toBe('13800138000');
  });

  it('keeps the member signed in when the endpoint did not confirm', async () => {
    $profile.set(member);
    answer(false);
    expect(await signOut()).toBe(false);
    expect($profile.get()).toEqual(member);
    answer('network');
    expect(await signOut()).toBe(false);
    expect($profile.get()).toEqual(member);
  });

  it('forgets at once a session already over (expired, account closed), whatever the endpoint answers', async () => {
    $profile.set(member);
    answer('network');
    const done = signOut({ ended: true });
    expect($profile.get()).toBeNull();
    expect(await done).toBe(false);
  });
});

describe('signInSettled', () => {
  it('waits for every reaction to the sign-in, including work started by that work, and survives a failure', async () => {
    const order: string[] = [];
    const later = (ms: number, what: string) => new Promise<void>((r) => setTimeout(() => (order.push(what), r()), ms));
    signInWork(
      later(5, 'first').then(() => {
        signInWork(later(5, 'chained'));
      }),
    );
    signInWork(Promise.reject(new Error('refused')));
    await signInSettled();
    expect(order).toEqual(['first', 'chained']);
    // Nothing left: it answers at once.
    await signInSettled();
  });
});

describe('one source per fact', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx|astro)$/.test(name) ? [path] : [];
    });
  const sources = files('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const where = (pattern: RegExp) => sources.filter((s) => pattern.test(s.text)).map((s) => s.path.replaceAll('\\', '/'));

  it('signs out in one place (the logout form without JavaScript posts itself)', () => {
    expect(where(/fetch\([^)]*(LOGOUT_PATH|session\/logout)/)).toEqual(['src/shared/session/session.ts']);
  });

  it('reads the profile cookie in the browser in one place, and on the server in the middleware', () => {
    expect(where(/PROFILE_COOKIE\)/)).toEqual(['src/boot/current.ts', 'src/middleware.ts']);
  });

  it('completes a visitor’s wishes in one reaction of the cart store', () => {
    expect(where(/finishPendingAdds/)).toEqual(['src/features/cart/cart.ts']);
    const cart = sources.find((s) => s.path.replaceAll('\\', '/') === 'src/features/cart/cart.ts')!.text;
    expect(cart.match(/(?<!function )finishPendingAdds\(\)/g)).toHaveLength(1);
    expect(cart).not.toMatch(/export (async )?function finishPendingAdds/);
  });
});
