import { describe, expect, it, vi } from 'vitest';
import { isSameOriginPost } from '#src/shared/session/origin.ts';
import { privacyLog } from '#src/features/auth/login-notice.ts';
import { chinaDateTime } from '#src/shared/formats/china-time.ts';
import { parseProfile, profileCookieValue } from '#src/boot/profile.ts';
import { UNREAD_POLL_MS, unreadText } from '#src/boot/unread.ts';
import { startPoller } from '#src/shared/session/poller.ts';
import { loginUrl } from '#src/shared/http/routes.ts';

const url = new URL('https://shop.example/api/session/login');
const origin = url.origin;
const post = (headers: Record<string, string>) => new Request(url, { method: 'POST', headers });

describe('session endpoints refuse cross-site posts', () => {
  it('accepts its own origin and non-browser callers, refuses others', () => {
    expect(isSameOriginPost(post({ origin: 'https://shop.example' }), origin)).toBe(true);
    expect(isSameOriginPost(post({}), origin)).toBe(true);
    expect(isSameOriginPost(post({ 'sec-fetch-site': 'same-origin' }), origin)).toBe(true);
    expect(isSameOriginPost(post({ origin: 'https://evil.example' }), origin)).toBe(false);
    expect(isSameOriginPost(post({ origin: 'null' }), origin)).toBe(false);
    expect(isSameOriginPost(post({ origin: 'http://shop.example' }), origin)).toBe(false);
    expect(isSameOriginPost(post({ 'sec-fetch-site': 'cross-site' }), origin)).toBe(false);
    expect(isSameOriginPost(post({ 'sec-fetch-site': 'same-site' }), origin)).toBe(false);
  });
});

describe('privacy log', () => {
  it('is China time, YYYY-MM-DD HH:mm:ss', () => {
    expect(chinaDateTime(Date.UTC(2026, 10, 22, 16, 30, 5))).toBe('2026-11-23 00:30:05');
  });
  it('needs every item ticked', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(privacyLog([1, 2, 3], new Set([1, 3]), now)).toBeNull();
    expect(privacyLog([1, 2], new Set([1, 2]), now)).toEqual([
      { privacyId: 1, createDate: '2026-01-01 08:00:00' },
      { privacyId: 2, createDate: '2026-01-01 08:00:00' },
    ]);
  });
});

describe('profile cookie', () => {
  it('round-trips and drops what it cannot parse (docs/product.md §4)', () => {
    const p = { uid: 7, phone: '138****8000', username: '华气用户' };
    expect(parseProfile(profileCookieValue(p))).toEqual(p);
    expect(parseProfile('%7Bbroken')).toBeNull();
    expect(parseProfile(encodeURIComponent('{"uid":"7"}'))).toBeNull();
  });
});

describe('unread poller', () => {
  function fakeDoc() {
    const listeners = new Set<() => void>();
    return {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      fire() {
        for (const fn of listeners) fn();
      },
      listeners,
    };
  }

  it('polls every 5 minutes, pauses while hidden, stops for good on logout', () => {
    vi.useFakeTimers();
    const doc = fakeDoc();
    let loggedIn = true;
    const poll = vi.fn();
    startPoller(poll, UNREAD_POLL_MS, () => loggedIn, doc as unknown as Document);
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UNREAD_POLL_MS);
    expect(poll).toHaveBeenCalledTimes(2);

    doc.visibilityState = 'hidden';
    doc.fire();
    vi.advanceTimersByTime(UNREAD_POLL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(2);
    doc.visibilityState = 'visible';
    doc.fire();
    expect(poll).toHaveBeenCalledTimes(3);

    loggedIn = false;
    vi.advanceTimersByTime(UNREAD_POLL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
    expect(doc.listeners.size).toBe(0);
    vi.useRealTimers();
  });

  it('badge text', () => {
    expect(unreadText(0)).toBe('');
    expect(unreadText(3)).toBe('3');
    expect(unreadText(120)).toBe('99+');
  });
});

it('loginUrl carries a return path', () => {
  expect(loginUrl('/Confirmorder?way=BUY_NOW')).toBe('/login?forward=%2FConfirmorder%3Fway%3DBUY_NOW');
  expect(loginUrl()).toBe('/login');
});

it("the login form asks the contract's captcha endpoint", async () => {
  const { CAPTCHA_URL } = await import('#src/features/auth/captcha.ts');
  const { common } = await import('#src/shared/api/contract/common.ts');
  const { proxyUrl } = await import('#src/boot/proxy-path.ts');
  expect(CAPTCHA_URL).toBe(proxyUrl(common.captcha));
});
