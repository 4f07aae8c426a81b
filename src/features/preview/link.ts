/**
 * Signed preview links (docs/preview.md): the back office saves an article as a draft and hands the editor a link to the shop that
 * shows that draft, and only that draft version, for at most an hour. The link is
 *
 *   /preview/{kind}/{id}?v={draft version}&exp={unix seconds}&sig={base64url HMAC-SHA256}
 *
 * signed over `preview.v1|{kind}|{id}|{version}|{exp}` with a key both sides hold (`PREVIEW_SECRET`). HMAC-SHA256 is RFC 2104
 * with SHA-256 (FIPS 180-4); the signature travels unpadded base64url (RFC 4648 §5) so the query needs no escaping.
 * Pure: the shop's preview page, the sandbox (which plays the back office and checks links again before it hands out a
 * draft) and the tests all use this module.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The kinds an editor drafts in the back office; community posts are members' own and have no drafts. */
export const PREVIEW_KINDS = ['wiki', 'case', 'news', 'article'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** How long a link lives at most: the "expiring within an hour". */
export const PREVIEW_TTL_S = 3600;
/** Clock difference between the back office and the shop tolerated on a link's expiry (a link never lives longer than TTL + this). */
export const CLOCK_SKEW_S = 60;
/** The shortest secret accepted: 32 characters, so a random one carries at least 128 bits even as hex. */
export const MIN_SECRET_LENGTH = 32;

export interface PreviewLink {
  kind: PreviewKind;
  id: number;
  /** The draft's version: a newer draft of the same article needs a new link. */
  version: number;
  /** Expiry, Unix seconds. */
  exp: number;
}

/**
 * The keys of `PREVIEW_SECRET`: comma-separated secrets of at least 32 characters; the first signs, any verifies (so a new
 * secret can be rolled out to the shop before the back office signs with it). Throws on a short one, so a typo stops the
 * caller instead of refusing every link. Empty or unset: no keys (previews are off).
 */
export function parsePreviewSecrets(raw: string | undefined): Buffer[] {
  const secrets = (raw ?? '').split(',').flatMap((part) => (part.trim() ? [part.trim()] : []));
  for (const [i, secret] of secrets.entries()) {
    if (secret.length < MIN_SECRET_LENGTH)
      throw new Error(`PREVIEW_SECRET: value ${i + 1} is shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  return secrets.map((secret) => Buffer.from(secret, 'utf8'));
}

/** What is signed: every field, in order, with a separator none of them can contain (kinds are words, the rest digits). */
const message = (l: PreviewLink): string => `preview.v1|${l.kind}|${l.id}|${l.version}|${l.exp}`;

/** The signature of a link, base64url without padding (43 characters). */
export function signPreview(key: Buffer, link: PreviewLink): string {
  return createHmac('sha256', key).update(message(link)).digest('base64url');
}

/** The shop path of a signed link (the back office puts the shop's origin in front). */
export function previewPath(key: Buffer, link: PreviewLink): string {
  const q = new URLSearchParams({ v: String(link.version), exp: String(link.exp), sig: signPreview(key, link) });
  return `/preview/${link.kind}/${link.id}?${q}`;
}

/** A link for a draft version, expiring `ttlS` seconds (at most an hour) after `nowS`. */
export function newPreviewLink(kind: PreviewKind, id: number, version: number, nowS: number, ttlS = PREVIEW_TTL_S): PreviewLink {
  return { kind, id, version, exp: Math.floor(nowS) + Math.min(Math.max(1, Math.floor(ttlS)), PREVIEW_TTL_S) };
}

/** The raw parts of a link as they arrive (path parameters and query), before anything is trusted. */
export interface RawPreviewLink {
  kind: string | undefined;
  id: string | undefined;
  v: string | null | undefined;
  exp: string | null | undefined;
  sig: string | null | undefined;
}

export type PreviewVerdict =
  | { ok: true; link: PreviewLink }
  /** `malformed`: not a link's shape; `signature`: no key signed it (tampered, or another secret); `expired`: past its time; `too-long`: signed to live longer than an hour. */
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'too-long' };

const DIGITS = /^[1-9]\d{0,11}$/;
const SIG = /^[A-Za-z0-9_-]{43}$/;

/** The link's parts as numbers, or null when any is not in its form. */
export function parsePreviewLink(raw: RawPreviewLink): { link: PreviewLink; sig: string } | null {
  const kind = PREVIEW_KINDS.find((k) => k === raw.kind);
  if (!kind || !DIGITS.test(raw.id ?? '') || !DIGITS.test(raw.v ?? '') || !/^\d{1,12}$/.test(raw.exp ?? '') || !SIG.test(raw.sig ?? ''))
    return null;
  return { link: { kind, id: Number(raw.id), version: Number(raw.v), exp: Number(raw.exp) }, sig: raw.sig! };
}

/**
 * Checks a link: its shape, then its signature against every key in constant time, then its expiry. The signature comes
 * first, so a tampered link is refused as such whatever its time; nothing about the draft is looked up before this passes.
 */
export function verifyPreview(keys: readonly Buffer[], raw: RawPreviewLink, nowS: number): PreviewVerdict {
  const parsed = parsePreviewLink(raw);
  if (!parsed) return { ok: false, reason: 'malformed' };
  // The texts are compared, not the decoded bytes: the last of 43 characters has two unused bits, so decoding would accept
  // four spellings of one signature. Every key is tried (no early exit), so the time taken does not tell which matched.
  const given = Buffer.from(parsed.sig, 'latin1');
  let signed = false;
  for (const key of keys) {
    const expected = Buffer.from(signPreview(key, parsed.link), 'latin1');
    if (expected.length === given.length && timingSafeEqual(expected, given)) signed = true;
  }
  if (!signed) return { ok: false, reason: 'signature' };
  if (parsed.link.exp <= nowS) return { ok: false, reason: 'expired' };
  if (parsed.link.exp > nowS + PREVIEW_TTL_S + CLOCK_SKEW_S) return { ok: false, reason: 'too-long' };
  return { ok: true, link: parsed.link };
}

/** What an editor reads on a refused link: what happened and how to go on. */
export const REFUSED_MESSAGE = {
  malformed: '预览链接无效：链接不完整或已被修改。请回到后台重新打开预览。',
  signature: '预览链接无效：链接不完整或已被修改。请回到后台重新打开预览。',
  'too-long': '预览链接无效：有效期超过 1 小时。请回到后台重新打开预览。',
  expired: '预览链接已过期（有效期 1 小时）。请回到后台重新打开预览。',
} as const satisfies Record<Exclude<PreviewVerdict, { ok: true }>['reason'], string>;
