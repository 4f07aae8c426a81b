import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_SKEW_S,
  newPreviewLink,
  parsePreviewSecrets,
  PREVIEW_TTL_S,
  previewPath,
  signPreview,
  verifyPreview,
  type PreviewLink,
  type RawPreviewLink,
} from '#src/features/preview/link.ts';

const SECRET = 'dev-preview-secret-for-the-sandbox-only-7d2c9a41';
const [KEY] = parsePreviewSecrets(SECRET) as [Buffer];
const OTHER = Buffer.from('another-secret-of-the-right-length-0000000', 'utf8');
const NOW = 1_795_000_000 - 1800;
const LINK: PreviewLink = { kind: 'news', id: 5, version: 2, exp: 1_795_000_000 };

/** A link's raw parts as the page reads them from its URL. */
function rawOf(path: string): RawPreviewLink {
  const url = new URL(path, 'https://shop.example');
  const [, , kind, id] = url.pathname.split('/');
  return { kind, id, v: url.searchParams.get('v'), exp: url.searchParams.get('exp'), sig: url.searchParams.get('sig') };
}

describe('preview links: signing', () => {
  it('is HMAC-SHA256 as RFC 4231 defines it (test case 2)', () => {
    expect(createHmac('sha256', 'Jefe').update('what do ya want for nothing?').digest('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('signs "preview.v1|kind|id|version|exp" as openssl does (the back office can check its own implementation against this)', () => {
    // printf '%s' 'preview.v1|news|5|2|1795000000' | openssl dgst -sha256 -hmac "$SECRET" -binary | base64 | tr '+/' '-_' | tr -d '='
    expect(signPreview(KEY, LINK)).toBe('EyzZG9wutEX_n5Q2_UY8iSdeuHH80FG75bfRdSk5wlA');
    expect(previewPath(KEY, LINK)).toBe('/preview/news/5?v=2&exp=1795000000&sig=EyzZG9wutEX_n5Q2_UY8iSdeuHH80FG75bfRdSk5wlA');
  });

  it('makes links that expire within an hour, never later', () => {
    expect(newPreviewLink('case', 3, 1, NOW)).toEqual({ kind: 'case', id: 3, version: 1, exp: NOW + 3600 });
    expect(newPreviewLink('case', 3, 1, NOW, 60).exp).toBe(NOW + 60);
    expect(newPreviewLink('case', 3, 1, NOW, 86_400).exp).toBe(NOW + PREVIEW_TTL_S);
  });

  it('takes comma-separated secrets of at least 32 characters; none means previews are off', () => {
    expect(parsePreviewSecrets(undefined)).toEqual([]);
    expect(parsePreviewSecrets(' , ')).toEqual([]);
    expect(parsePreviewSecrets(`${SECRET}, ${'x'.repeat(32)}`)).toHaveLength(2);
    expect(() => parsePreviewSecrets('short-secret')).toThrow(/shorter than 32/);
  });
});

describe('preview links: verification', () => {
  const good = rawOf(previewPath(KEY, LINK));

  it('accepts the link it signed, before its expiry', () => {
    expect(verifyPreview([KEY], good, NOW)).toEqual({ ok: true, link: LINK });
    expect(verifyPreview([OTHER, KEY], good, LINK.exp - 1)).toEqual({ ok: true, link: LINK });
  });

  it.each([
    ['kind', { kind: 'case' }],
    ['id', { id: '6' }],
    ['version', { v: '3' }],
    ['expiry', { exp: String(LINK.exp + 600) }],
    ['signature', { sig: `${good.sig!.slice(0, -1)}${good.sig!.endsWith('A') ? 'B' : 'A'}` }],
  ])('refuses a link whose %s was changed', (_, change) => {
    expect(verifyPreview([KEY], { ...good, ...change }, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a link signed with another secret', () => {
    expect(verifyPreview([OTHER], good, NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyPreview([], good, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses an expired link, from its expiry second on', () => {
    expect(verifyPreview([KEY], good, LINK.exp)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyPreview([KEY], good, LINK.exp + 86_400)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a correctly signed link meant to live longer than an hour (plus clock skew)', () => {
    const long = { ...LINK, exp: NOW + PREVIEW_TTL_S + CLOCK_SKEW_S + 1 };
    expect(verifyPreview([KEY], rawOf(previewPath(KEY, long)), NOW)).toEqual({ ok: false, reason: 'too-long' });
    const skewed = { ...LINK, exp: NOW + PREVIEW_TTL_S + CLOCK_SKEW_S };
    expect(verifyPreview([KEY], rawOf(previewPath(KEY, skewed)), NOW).ok).toBe(true);
  });

  it.each([
    ['an unknown kind', { kind: 'community' }],
    ['a kind with a separator', { kind: 'news|5' }],
    ['a non-numeric id', { id: '5a' }],
    ['a zero id', { id: '0' }],
    ['a missing version', { v: null }],
    ['a negative expiry', { exp: '-1' }],
    ['a padded signature', { sig: `${good.sig}=` }],
    ['a short signature', { sig: good.sig!.slice(1) }],
    ['a hex signature', { sig: 'ab'.repeat(32) }],
    ['no signature', { sig: undefined }],
  ])('refuses %s as malformed', (_, change) => {
    expect(verifyPreview([KEY], { ...good, ...change }, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });
});
