import { describe, expect, it } from 'vitest';
import { cartBadgeText, isChunkLoadError, shouldReloadForChunk, showCookieBar } from '#src/boot/chrome-rules.ts';
import { homeUuidAction } from '#src/features/shell/home-uuid.ts';
import { cookieString, readCookie } from '#src/boot/readable-cookies.ts';
import { greetingName, parseProfile } from '#src/boot/profile.ts';

describe('chrome rules', () => {
  it('caps the cart badge at 99+', () => {
    expect(cartBadgeText(0)).toBe('');
    expect(cartBadgeText(1)).toBe('1');
    expect(cartBadgeText(99)).toBe('99');
    expect(cartBadgeText(100)).toBe('99+');
    expect(cartBadgeText(Number.NaN)).toBe('');
  });

  it('shows the cookie bar until accepted, and not again in a session once closed', () => {
    expect(showCookieBar(null, false)).toBe(true);
    expect(showCookieBar('1', false)).toBe(false);
    expect(showCookieBar(null, true)).toBe(false);
  });

  it('takes a uuid from the home query and reloads home without it', () => {
    expect(homeUuidAction(new URL('http://x/?uuid=abc-12345678'))).toEqual({ store: 'abc-12345678', reloadTo: '/' });
    expect(homeUuidAction(new URL('http://x/?uuid=abc-12345678&from=ad'))).toEqual({ store: 'abc-12345678', reloadTo: '/?from=ad' });
    expect(homeUuidAction(new URL('http://x/goods?uuid=abc-12345678'))).toBeNull();
    expect(homeUuidAction(new URL('http://x/?uuid=<script>'))).toBeNull();
  });

  it('reloads for a failed chunk at most once a minute', () => {
    expect(shouldReloadForChunk(null, 1000)).toBe(true);
    expect(shouldReloadForChunk(1000, 30_000)).toBe(false);
    expect(shouldReloadForChunk(1000, 61_000)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reads and writes cookies', () => {
    expect(readCookie('a=1; visitor_uuid=x-y; b=2', 'visitor_uuid')).toBe('x-y');
    expect(readCookie('a=1', 'b')).toBeNull();
    expect(cookieString('c', 'v w', { expires: new Date(Date.UTC(2099, 11, 31)) }, true)).toBe(
      'c=v%20w; path=/; SameSite=Lax; expires=Thu, 31 Dec 2099 00:00:00 GMT; Secure',
    );
  });

  it('parses the profile cookie and treats garbage as no profile', () => {
    const raw = encodeURIComponent(JSON.stringify({ uid: 1, phone: '138****8000', username: '' }));
    expect(parseProfile(raw)).toEqual({ uid: 1, phone: '138****8000', username: '' });
    expect(greetingName(parseProfile(raw)!)).toBe('138****8000');
    expect(parseProfile('%7Bnot json')).toBeNull();
    expect(parseProfile(encodeURIComponent('{"uid":"1"}'))).toBeNull();
  });
});
