/** Accounts and sessions: SMS codes, login with lockout, rotating refresh tokens, register, password and phone changes, user info, privacy consent, protocols. */
import { chinaDay } from '#src/shared/formats/china-time.ts';
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import {
  auth as contract,
  Password,
  Phone,
  type LoginResult,
  type PrivacyLogEntry,
  type SmsType,
  type User,
} from '#src/shared/api/contract/auth.ts';
import { Email } from '#src/shared/validation/rules.ts';
import { Fail, parseOrFail, type Ctx, type Sandbox, type Seeding, type RouteCtx } from '../app.ts';
import { takeCaptcha } from '../captcha.ts';
import type { Db } from '../db.ts';
import { viewOn } from './site.ts';
import { decryptCredential } from '../rsa.ts';
import { privacyItems, protocols } from '../seed/protocols.ts';
import * as seed from '../seed/users.ts';

const MINUTE = 60 * 1000;
const SMS_TTL_MS = 5 * MINUTE;
const SMS_WINDOW_MS = MINUTE;
const SMS_DAILY_LIMIT = 10;
const SMS_MAX_TRIES = 5;
const LOGIN_MAX_FAILURES = 5;
const LOGIN_LOCK_MS = 15 * MINUTE;
/**
 * How long the refresh token a rotation just spent still answers, for the session's own visitor, with the pair that rotation
 * gave instead of ending the session: a browser's parallel tabs (or several shop servers) renew with the one cookie they
 * share at the same moment, and all but the first would otherwise look like a stolen token replayed.
 */
const REFRESH_REUSE_GRACE_MS = 10 * 1000;

export interface UserRecord extends Omit<seed.SeedUser, 'password'> {
  /** Set for members registered by e-mail (their phone is empty); they log in with it. */
  email?: string;
  /** `scrypt$salt$hash`, both base64; the password itself is never stored. */
  passwordHash: string;
  privacyLog: PrivacyLogEntry[];
  /** Epoch milliseconds. */
  createdAt: number;
}

/** The public SMS types, and `close_account`: the code that confirms an account deletion (privacy domain). */
type CodeType = SmsType | 'close_account';

// ---- password hashing ----

const SCRYPT = { N: 16384, r: 8, p: 1 };
const KEY_LEN = 32;
const derive = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, KEY_LEN, SCRYPT, (e, key) => (e ? reject(e) : resolve(key))));
const encodeHash = (salt: Buffer, key: Buffer) => `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encodeHash(salt, await derive(password, salt));
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  return timingSafeEqual(await derive(password, Buffer.from(salt, 'base64')), expected);
}

// Seeding happens on every fresh state (each unit test); hashing each demo password once per process keeps that fast.
const seedHashes = new Map<string, string>();
function seedHash(password: string): string {
  let hash = seedHashes.get(password);
  if (!hash) {
    const salt = randomBytes(16);
    hash = encodeHash(salt, scryptSync(password, salt, KEY_LEN, SCRYPT));
    seedHashes.set(password, hash);
  }
  return hash;
}

// ---- state ----

const SEEDED_AT = Date.UTC(2025, 8, 1, 1, 0, 0);

interface UserRow {
  uid: number;
  phone: string;
  email: string | null;
  username: string;
  have_shop: 0 | 1;
  birthday: number | null;
  avatar: string;
  company_verified: 0 | 1;
  privacy_state: 'y' | 'n';
  password_hash: string;
  privacy_log: string;
  created_at: number;
}

function userOf(r: UserRow): UserRecord {
  return {
    uid: r.uid,
    phone: r.phone,
    ...(r.email !== null ? { email: r.email } : {}),
    username: r.username,
    have_shop: r.have_shop,
    birthday: r.birthday,
    avatar: r.avatar,
    companyVerified: r.company_verified,
    privacyState: r.privacy_state,
    passwordHash: r.password_hash,
    privacyLog: JSON.parse(r.privacy_log) as PrivacyLogEntry[],
    createdAt: r.created_at,
  };
}

function insertUser(db: Db, u: Omit<UserRecord, 'uid'>): number {
  // The next uid is taken inside the request's transaction, so two concurrent registrations never share one.
  const uid = db.get<{ uid: number }>('SELECT COALESCE(MAX(uid), 0) + 1 AS uid FROM users')!.uid;
  db.insert('users', {
    uid,
    phone: u.phone,
    email: u.email ?? null,
    username: u.username,
    have_shop: u.have_shop,
    birthday: u.birthday,
    avatar: u.avatar,
    company_verified: u.companyVerified,
    privacy_state: u.privacyState,
    password_hash: u.passwordHash,
    privacy_log: JSON.stringify(u.privacyLog),
    created_at: u.createdAt,
  });
  return uid;
}

/** Every member (tests look at what is stored). */
export const users = (db: Db): UserRecord[] => db.all<UserRow>('SELECT * FROM users ORDER BY uid').map(userOf);
export const findUser = (db: Db, uid: number): UserRecord | null => {
  const r = db.get<UserRow>('SELECT * FROM users WHERE uid = ?', uid);
  return r ? userOf(r) : null;
};
const findByPhone = (db: Db, phone: string): UserRecord | null => {
  const r = phone ? db.get<UserRow>('SELECT * FROM users WHERE phone = ?', phone) : undefined;
  return r ? userOf(r) : null;
};
const findByEmail = (db: Db, email: string): UserRecord | null => {
  const r = db.get<UserRow>('SELECT * FROM users WHERE email = ?', email.toLowerCase());
  return r ? userOf(r) : null;
};

/** A member named by uid or phone (hooks of other domains); 0 when there is none. */
export function memberUidOf(db: Db, raw: string | undefined): number {
  if (/^1[3-9]\d{9}$/.test(raw ?? '')) return findByPhone(db, raw!)?.uid ?? 0;
  return /^\d{1,12}$/.test(raw ?? '') ? (findUser(db, Number(raw))?.uid ?? 0) : 0;
}

/** A member's full phone and display name, for other domains (the company domain's invitations and member lists); null when there is no such member. */
export function memberContact(db: Db, uid: number): { phone: string; name: string } | null {
  const u = findUser(db, uid);
  return u && { phone: u.phone, name: u.username || maskPhone(u.phone) };
}

/** Changes a member's name and birthday (seconds, China midnight; null clears it) and answers the member as /userinfo does; for the company domain's profile call. */
export function updateProfile(db: Db, uid: number, username: string, birthday: number | null): User {
  db.run('UPDATE users SET username = ?, birthday = ? WHERE uid = ?', username, birthday, uid);
  const u = findUser(db, uid);
  if (!u) throw new Fail(401, '登录过期，请重新登录');
  return publicUser(u);
}

/** Sends a change_phone code to the member's current phone (company feature: a phone change proves the old phone too). */
export function sendOldPhoneCode(db: Db, uid: number, now: number): { phone: string; expiresIn: number } {
  const u = findUser(db, uid);
  if (!u) throw new Fail(401, '登录过期，请重新登录');
  if (!u.phone) throw new Fail(400, '当前账号未绑定手机号');
  return { phone: maskPhone(u.phone), ...issueCode(db, u.phone, 'change_phone', now) };
}

/** Adds an unread message for a member (the header's count), for other domains' notices such as an approval decided. */
export function addMessage(db: Db, uid: number, title: string, content: string, now: number): void {
  const id = db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM messages')!.id;
  db.insert('messages', { id, uid, title, content, read: 0, created_at: now });
}

/** The member's company review decides the flag /userinfo shows (set by the member domain). */
export function setCompanyVerified(db: Db, uid: number, verified: boolean): void {
  db.run('UPDATE users SET company_verified = ? WHERE uid = ?', verified ? 1 : 0, uid);
}

interface SessionRow {
  sid: string;
  uid: number;
  access: string;
  refresh: string;
  access_expires: number;
  refresh_expires: number;
  visitor: string | null;
  /** SHA-256 of the refresh token the last rotation spent, when (epoch ms), and the pair it gave sealed under it (`sealPair`). */
  prev_refresh: string | null;
  rotated_at: number | null;
  prev_pair: string | null;
}

interface SmsRow {
  code: string;
  type: CodeType;
  sent_at: number;
  expires_at: number;
  tries: number;
  used: 0 | 1;
  day: string;
  sent_today: number;
}
const smsOf = (db: Db, key: string) => db.get<SmsRow>('SELECT * FROM sms_codes WHERE key = ?', key);

export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** The member as the API shows them. */
export function publicUser(u: UserRecord): User {
  const { uid, phone, username, have_shop, birthday, avatar, companyVerified, privacyState } = u;
  // Members registered by e-mail have no phone: their masked address stands in.
  const shown = phone ? maskPhone(phone) : (u.email ?? '').replace(/^(.)[^@]*(@.*)$/, '$1***$2');
  return { uid, phone: shown, username, have_shop, birthday, avatar, companyVerified, privacyState };
}

// ---- sessions ----

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/**
 * The key of an account's failed-login guard: a hash, so typing someone's phone at the login (or a deleted member's) does not
 * leave that number in the database (privacy domain: an erased member's phone must be nowhere).
 */
const guardKey = (account: string) => sha256(`login-guard:${account}`);
const newToken = () => randomBytes(32).toString('base64url');

function ttlMs(name: string, fallbackSeconds: number): number {
  const seconds = Number(process.env[name]);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : fallbackSeconds) * 1000;
}
const accessTtl = () => ttlMs('SANDBOX_ACCESS_TTL_S', 7200);
const refreshTtl = () => ttlMs('SANDBOX_REFRESH_TTL_S', 604800);

const dropSession = (db: Db, sid: string) => db.run('DELETE FROM sessions WHERE sid = ?', sid);

interface Pair {
  access: string;
  refresh: string;
  accessExpires: number;
  refreshExpires: number;
}

/**
 * The pair a rotation gave, sealed (AES-256-GCM) under a key derived from the refresh token it replaced: only whoever holds
 * that token can open it within the reuse grace, so the table still holds no usable token (the stored hash is of the token
 * itself, the key of the token with a label, so one does not give the other).
 */
const pairKey = (spent: string) => createHash('sha256').update(`rotated-pair:${spent}`).digest();
function sealPair(pair: Pair, spent: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', pairKey(spent), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}
function openPair(sealed: string, spent: string): Pair | null {
  try {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', pairKey(spent), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as Pair;
  } catch {
    return null;
  }
}

/**
 * Gives a session fresh tokens, the old ones stop working at once; only their SHA-256 is stored. A refresh passes the token
 * it spends: that token is remembered as spent until its own expiry (its reuse ends the session), and as the session's last
 * rotated-away one, with the pair it gave, for the reuse grace.
 */
function rotate(db: Db, sid: string, now: number, spent?: { token: string; expires: number }): Pair {
  const pair = { access: newToken(), refresh: newToken(), accessExpires: now + accessTtl(), refreshExpires: now + refreshTtl() };
  db.run(
    'UPDATE sessions SET access = ?, refresh = ?, access_expires = ?, refresh_expires = ? WHERE sid = ?',
    sha256(pair.access),
    sha256(pair.refresh),
    pair.accessExpires,
    pair.refreshExpires,
    sid,
  );
  if (spent) {
    const hash = sha256(spent.token);
    db.run(
      'UPDATE sessions SET prev_refresh = ?, rotated_at = ?, prev_pair = ? WHERE sid = ?',
      hash,
      now,
      sealPair(pair, spent.token),
      sid,
    );
    db.run('INSERT OR REPLACE INTO refresh_spent (hash, sid, expires) VALUES (?, ?, ?)', hash, sid, spent.expires);
  }
  return pair;
}

/** Ends a session family: the one login's session row (its current access and refresh tokens) and the tokens it spent. */
function endFamily(db: Db, sid: string): void {
  dropSession(db, sid);
  db.run('DELETE FROM refresh_spent WHERE sid = ?', sid);
}

function openSession(db: Db, uid: number, visitor: string | null, now: number) {
  db.run('DELETE FROM sessions WHERE refresh_expires <= ?', now);
  db.run('DELETE FROM refresh_spent WHERE expires <= ?', now);
  const sid = randomBytes(12).toString('hex');
  db.insert('sessions', { sid, uid, access: `pending:${sid}`, refresh: `pending:${sid}`, access_expires: 0, refresh_expires: 0, visitor });
  return { sid, ...rotate(db, sid, now) };
}

const bearer = (request: Request) =>
  request.headers
    .get('authorization')
    ?.replace(/^Bearer\s+/i, '')
    .trim() ?? '';
const sessionOfAccess = (db: Db, token: string) =>
  token ? db.get<SessionRow>('SELECT * FROM sessions WHERE access = ?', sha256(token)) : undefined;

/** Ends every session of a member but `keepSid` (the one that changed the password). */
function revokeSessions(db: Db, uid: number, keepSid?: string): void {
  db.run('DELETE FROM sessions WHERE uid = ? AND sid <> ?', uid, keepSid ?? '');
}

/** A login the backend opens for a member by itself (a punchout session's start): the tokens of a new session. */
export function openLogin(db: Db, uid: number, now: number) {
  const t = openSession(db, uid, null, now);
  return { token: t.access, refreshToken: t.refresh, tokenExpires: t.accessExpires, refreshTokenExpires: t.refreshExpires };
}

function loginResult(ctx: Ctx<unknown>, user: UserRecord, way: 'PASSWORD' | 'SMS', sb: Sandbox): LoginResult {
  const t = openSession(ctx.db, user.uid, ctx.request.headers.get('uuid') || null, ctx.now());
  // The shop forwards the browser's user agent and address (src/pages/api/session/login.ts); the privacy domain records them.
  const h = ctx.request.headers;
  sb.emit('member.signedIn', {
    db: ctx.db,
    now: ctx.now(),
    uid: user.uid,
    sid: t.sid,
    way,
    userAgent: h.get('user-agent') ?? '',
    ip: h.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '',
  });
  return {
    token: t.access,
    refreshToken: t.refresh,
    tokenExpires: t.accessExpires,
    refreshTokenExpires: t.refreshExpires,
    privacyState: user.privacyState,
  };
}

// ---- SMS codes ----

/** Spends a code of `type`; a wrong guess counts, and the fifth one kills the code. */
function consumeSms(db: Db, phone: string, type: CodeType, code: string, now: number): void {
  const e = smsOf(db, phone);
  const live = e && !e.used && e.type === type && e.expires_at > now && e.tries < SMS_MAX_TRIES;
  if (!live) throw new Fail(400, '验证码错误或已过期');
  if (e.code !== code) {
    // The failure commits with the answer, so guesses count across requests.
    db.run('UPDATE sms_codes SET tries = tries + 1, used = (tries + 1 >= ?) WHERE key = ?', SMS_MAX_TRIES, phone);
    throw new Fail(400, '验证码错误或已过期');
  }
  db.run('UPDATE sms_codes SET used = 1 WHERE key = ?', phone);
}

/** Sends a code to a phone or an e-mail address (the key), within the 60 s window and the daily limit. */
function issueCode(db: Db, key: string, type: CodeType, now: number) {
  const last = smsOf(db, key);
  if (last && now - last.sent_at < SMS_WINDOW_MS) throw new Fail(429, '发送过于频繁，请60秒后再试');
  const day = chinaDay(now);
  const sentToday = last?.day === day ? last.sent_today : 0;
  if (sentToday >= SMS_DAILY_LIMIT) throw new Fail(429, '今日验证码发送次数已达上限，请明天再试');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  db.upsert(
    'sms_codes',
    { key, code, type, sent_at: now, expires_at: now + SMS_TTL_MS, tries: 0, used: 0, day, sent_today: sentToday + 1 },
    ['key'],
  );
  return { expiresIn: SMS_TTL_MS / 1000 };
}

// ---- checks ----

function plain(b64: string): string {
  const text = decryptCredential(b64);
  if (text === null) throw new Fail(400, '账号或密码解密失败');
  return text;
}

/** Every displayed privacy item must be in the log (docs/product.md §5 '请先同意隐私政策！'). */
function requirePrivacyAccepted(log: PrivacyLogEntry[]): void {
  const accepted = new Set(log.map((l) => l.privacyId));
  if (privacyItems.some((p) => p.isDisplay === 1 && !accepted.has(p.id))) throw new Fail(400, '请先同意隐私政策！');
}

function currentUser(ctx: Ctx<unknown>): UserRecord {
  const user = ctx.uid === null ? null : findUser(ctx.db, ctx.uid);
  if (!user) throw new Fail(401, '登录过期，请重新登录');
  return user;
}

// ---- for the privacy domain (contract/privacy.ts) ----

/** The session id of the request's access token (the sign-in history marks it as the current one). */
export const sessionIdOf = (ctx: Ctx<unknown>): string | null => sessionOfAccess(ctx.db, bearer(ctx.request))?.sid ?? null;
/** Session ids still signed in of a member. */
export const liveSessions = (db: Db, uid: number, now: number): Set<string> =>
  new Set(db.all<{ sid: string }>('SELECT sid FROM sessions WHERE uid = ? AND refresh_expires > ?', uid, now).map((r) => r.sid));
/** Ends every session of the member but `keepSid` (none kept when omitted); answers how many ended. */
export function endSessions(db: Db, uid: number, keepSid?: string): number {
  return db.run('DELETE FROM sessions WHERE uid = ? AND sid <> ?', uid, keepSid ?? '').changes;
}
/** Sends a deletion code to the member's phone, within the same 60 s window and daily limit as every SMS code. */
export function sendCloseCode(db: Db, uid: number, now: number): { phone: string; expiresIn: number } {
  const u = findUser(db, uid);
  if (!u) throw new Fail(401, '登录过期，请重新登录');
  if (!u.phone) throw new Fail(400, '当前账号未绑定手机号');
  return { phone: maskPhone(u.phone), ...issueCode(db, u.phone, 'close_account', now) };
}
/** Spends the member's deletion code; a wrong guess counts, the fifth kills it (as at login). */
export function consumeCloseCode(db: Db, uid: number, code: string, now: number): void {
  const u = findUser(db, uid);
  if (!u?.phone) throw new Fail(400, '验证码错误或已过期');
  consumeSms(db, u.phone, 'close_account', code, now);
}
/** When the member accepted the privacy policy: the newest consent in their log, else (accepted at sign-up without a log) the account's creation. */
export function policyAcceptedAt(db: Db, uid: number): number | null {
  const u = findUser(db, uid);
  if (!u || u.privacyState !== 'y') return null;
  const times = u.privacyLog.map((l) => Date.parse(l.createDate)).filter((t) => Number.isFinite(t));
  return times.length ? Math.max(...times) : u.createdAt;
}
/**
 * Erases a member's account (the privacy domain calls it last, after every other domain heard `member.erasing`): the
 * sessions, SMS codes, login guards, refresh counts and messages go; the users row stays as a tombstone (its uid is what
 * kept orders point to) with no phone, e-mail, name, birthday, avatar or password, so no one can sign in as it again.
 */
export function eraseMember(db: Db, uid: number): void {
  const u = findUser(db, uid);
  if (!u) return;
  const keys = [u.phone, u.email ?? ''].filter(Boolean);
  db.run('DELETE FROM refresh_spent WHERE sid IN (SELECT sid FROM sessions WHERE uid = ?)', uid);
  db.run('DELETE FROM sessions WHERE uid = ?', uid);
  db.run('DELETE FROM refresh_counts WHERE uid = ?', uid);
  db.run('DELETE FROM messages WHERE uid = ?', uid);
  for (const k of keys) {
    db.run('DELETE FROM sms_codes WHERE key = ?', k);
    db.run('DELETE FROM login_guards WHERE account = ?', guardKey(k));
  }
  db.run(
    "UPDATE users SET phone = '', email = NULL, username = '已注销用户', birthday = NULL, avatar = '', company_verified = 0, privacy_state = 'n', password_hash = 'erased', privacy_log = '[]' WHERE uid = ?",
    uid,
  );
}

function seedAuth({ db }: Seeding) {
  for (const { password, ...u } of seed.users) {
    db.insert('users', {
      uid: u.uid,
      phone: u.phone,
      username: u.username,
      have_shop: u.have_shop,
      birthday: u.birthday,
      avatar: u.avatar,
      company_verified: u.companyVerified,
      privacy_state: u.privacyState,
      password_hash: seedHash(password),
      privacy_log: '[]',
      created_at: SEEDED_AT,
    });
  }
  for (const m of seed.messages)
    db.insert('messages', { id: m.id, uid: m.uid, title: m.title, content: m.content, read: m.read ? 1 : 0, created_at: m.createdAt });
}

function smsSend(ctx: RouteCtx<typeof contract.smsSend>) {
  const { phone, type } = ctx.input;
  const registered = findByPhone(ctx.db, phone) !== null;
  if ((type === 'register' || type === 'change_phone') && registered) throw new Fail(400, '该手机号已注册');
  if ((type === 'login' || type === 'reset_password') && !registered) throw new Fail(400, '该手机号未注册');
  return issueCode(ctx.db, phone, type, ctx.now());
}

function emailSend(ctx: RouteCtx<typeof contract.emailSend>) {
  if (findByEmail(ctx.db, ctx.input.email)) throw new Fail(400, '该邮箱已注册');
  return issueCode(ctx.db, ctx.input.email.toLowerCase(), ctx.input.type, ctx.now());
}

function login(sb: Sandbox) {
  return async (ctx: RouteCtx<typeof contract.login>) => {
    const { input, db } = ctx;
    const now = ctx.now();
    const captcha = takeCaptcha(db, input.uuid, input.code, now);
    if (captcha === 'expired') throw new Fail(400, '验证码已过期，请刷新');
    if (captcha === 'wrong') throw new Fail(400, '验证码错误');
    // The account is a phone, or the e-mail address of a member registered by e-mail.
    const account = plain(input.username);
    const password = plain(input.password);
    const byEmail = account.includes('@');
    const phone = byEmail ? parseOrFail(Email, account).toLowerCase() : parseOrFail(Phone, account);

    const guard = db.get<{ failures: number; last_failure_at: number; locked_until: number }>(
      'SELECT * FROM login_guards WHERE account = ?',
      guardKey(phone),
    );
    if (guard && guard.locked_until > now) throw new Fail(429, '密码错误次数过多，请15分钟后再试');
    const user = byEmail ? findByEmail(db, phone) : findByPhone(db, phone);
    let ok = false;
    if (user) ok = await verifyPassword(password, user.passwordHash);
    // An unknown phone costs the same hashing as a known one, so timing does not tell which phones exist.
    else await derive(password, randomBytes(16));
    if (!user || !ok) {
      const failures = (guard && now - guard.last_failure_at < LOGIN_LOCK_MS ? guard.failures : 0) + 1;
      const locked = failures >= LOGIN_MAX_FAILURES;
      db.upsert(
        'login_guards',
        { account: guardKey(phone), failures: locked ? 0 : failures, last_failure_at: now, locked_until: locked ? now + LOGIN_LOCK_MS : 0 },
        ['account'],
      );
      throw new Fail(locked ? 429 : 400, locked ? '密码错误次数过多，请15分钟后再试' : '账号或密码错误');
    }
    db.run('DELETE FROM login_guards WHERE account = ?', guardKey(phone));
    return loginResult(ctx, user, 'PASSWORD', sb);
  };
}

function smsLogin(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.smsLogin>) => {
    const { mobile, sms_code } = ctx.input;
    const user = findByPhone(ctx.db, mobile);
    if (!user) throw new Fail(400, '该手机号未注册');
    consumeSms(ctx.db, mobile, 'login', sms_code, ctx.now());
    return loginResult(ctx, user, 'SMS', sb);
  };
}

const refreshAnswer = (t: Pair) => ({
  accessToken: t.access,
  refreshToken: t.refresh,
  accessTokenExpires: t.accessExpires,
  refreshTokenExpires: t.refreshExpires,
});

/**
 * A refresh token that is no session's current one but one a rotation spent (and not yet past its own expiry). The one the
 * last rotation spent, presented again within REFRESH_REUSE_GRACE_MS by the visitor the session is bound to, answers the
 * pair that rotation gave (idempotent, not counted as a refresh). Any other reuse (later, from another or no visitor, or an
 * older token) means two holders of the token: the session it came from ends, so neither the thief nor the member can go on
 * with it. An unknown token is refused alone.
 */
function reusedRefresh(db: Db, token: string, visitor: string | null, now: number): Pair {
  const hash = sha256(token);
  const spent = db.get<{ sid: string }>('SELECT sid FROM refresh_spent WHERE hash = ? AND expires > ?', hash, now);
  const s = spent && db.get<SessionRow>('SELECT * FROM sessions WHERE sid = ?', spent.sid);
  if (!s) throw new Fail(401, '登录过期，请重新登录');
  const graced =
    s.prev_refresh === hash &&
    s.prev_pair !== null &&
    now - (s.rotated_at ?? 0) < REFRESH_REUSE_GRACE_MS &&
    s.visitor !== null &&
    s.visitor === visitor;
  const pair = graced ? openPair(s.prev_pair!, token) : null;
  if (pair && s.refresh_expires > now && findUser(db, s.uid)) return pair;
  endFamily(db, s.sid);
  throw new Fail(401, '登录过期，请重新登录');
}

function refresh(ctx: RouteCtx<typeof contract.refresh>) {
  const now = ctx.now();
  const token = ctx.input.refresh_token;
  const visitor = ctx.request.headers.get('uuid') || null;
  if (!token) throw new Fail(401, '登录过期，请重新登录');
  const s = ctx.db.get<SessionRow>('SELECT * FROM sessions WHERE refresh = ?', sha256(token));
  if (!s) return refreshAnswer(reusedRefresh(ctx.db, token, visitor, now));
  if (s.refresh_expires <= now || !findUser(ctx.db, s.uid)) throw new Fail(401, '登录过期，请重新登录');
  // A refresh token taken to another browser (another visitor uuid) is refused.
  if (s.visitor && s.visitor !== visitor) throw new Fail(401, '登录过期，请重新登录');
  if (!s.visitor && visitor) ctx.db.run('UPDATE sessions SET visitor = ? WHERE sid = ?', visitor, s.sid);
  const t = rotate(ctx.db, s.sid, now, { token, expires: s.refresh_expires });
  ctx.db.run('INSERT INTO refresh_counts (uid, count) VALUES (?, 1) ON CONFLICT (uid) DO UPDATE SET count = count + 1', s.uid);
  return refreshAnswer(t);
}

function logout(ctx: RouteCtx<typeof contract.logout>) {
  const s = sessionOfAccess(ctx.db, bearer(ctx.request));
  if (s) dropSession(ctx.db, s.sid);
  return null;
}

function userInfo(ctx: RouteCtx<typeof contract.userInfo>) {
  return publicUser(currentUser(ctx));
}

async function register(ctx: RouteCtx<typeof contract.register>) {
  const phone = parseOrFail(Phone, plain(ctx.input.account));
  const taken = () => findByPhone(ctx.db, phone) !== null;
  return { uid: await registerAccount(ctx, phone, taken, '该手机号已注册', { phone, username: `用户${phone.slice(-4)}` }) };
}

async function registerByEmail(ctx: RouteCtx<typeof contract.registerByEmail>) {
  const email = ctx.input.email.toLowerCase();
  const taken = () => findByEmail(ctx.db, email) !== null;
  return {
    uid: await registerAccount(ctx, email, taken, '该邮箱已注册', { phone: '', email, username: email.split('@')[0]!.slice(0, 20) }),
  };
}

/**
 * Registration by phone or by email: the privacy terms accepted, the account free, its code consumed, and the account still
 * free after hashing (another registration of the same account may have finished meanwhile). The new member has no shop
 * and no company yet.
 */
async function registerAccount(
  ctx: Ctx<{ password: string; captcha: string; wsPrivacyLogList: PrivacyLogEntry[] }>,
  account: string,
  taken: () => boolean,
  takenMsg: string,
  who: Pick<UserRecord, 'phone' | 'email' | 'username'>,
): Promise<number> {
  const { input, db } = ctx;
  const password = parseOrFail(Password, plain(input.password));
  requirePrivacyAccepted(input.wsPrivacyLogList);
  if (taken()) throw new Fail(400, takenMsg);
  consumeSms(db, account, 'register', input.captcha, ctx.now());
  const passwordHash = await hashPassword(password);
  if (taken()) throw new Fail(400, takenMsg);
  return insertUser(db, {
    ...who,
    have_shop: 0,
    birthday: null,
    avatar: '',
    companyVerified: 0,
    privacyState: 'y',
    passwordHash,
    privacyLog: input.wsPrivacyLogList,
    createdAt: ctx.now(),
  });
}

function registerVerify(ctx: RouteCtx<typeof contract.registerVerify>) {
  const phone = parseOrFail(Phone, plain(ctx.input.account));
  return { registered: findByPhone(ctx.db, phone) !== null };
}

async function resetPassword(ctx: RouteCtx<typeof contract.resetPassword>) {
  const { input, db } = ctx;
  const phone = parseOrFail(Phone, plain(input.phone));
  const password = parseOrFail(Password, plain(input.password));
  const user = findByPhone(db, phone);
  if (!user) throw new Fail(400, '该手机号未注册');
  consumeSms(db, phone, 'reset_password', input.captcha, ctx.now());
  db.run('UPDATE users SET password_hash = ? WHERE uid = ?', await hashPassword(password), user.uid);
  revokeSessions(db, user.uid);
  db.run('DELETE FROM login_guards WHERE account = ?', guardKey(phone));
  return null;
}

async function resetPasswordByOldPwd(ctx: RouteCtx<typeof contract.resetPasswordByOldPwd>) {
  const user = currentUser(ctx);
  const oldPassword = plain(ctx.input.oldPassword);
  const password = parseOrFail(Password, plain(ctx.input.password));
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new Fail(400, '原密码错误');
  if (oldPassword === password) throw new Fail(400, '新密码不能与原密码相同');
  ctx.db.run('UPDATE users SET password_hash = ? WHERE uid = ?', await hashPassword(password), user.uid);
  revokeSessions(ctx.db, user.uid, sessionOfAccess(ctx.db, bearer(ctx.request))?.sid);
  return null;
}

function resetPhoneNumber(ctx: RouteCtx<typeof contract.resetPhoneNumber>) {
  const user = currentUser(ctx);
  const phone = parseOrFail(Phone, plain(ctx.input.phone));
  if (phone === user.phone) throw new Fail(400, '新手机号不能与原手机号相同');
  if (findByPhone(ctx.db, phone)) throw new Fail(400, '该手机号已注册');
  // With company buying on (contract/company.ts), the old phone proves itself too: a stolen session cannot move the account.
  if (viewOn(ctx.db, 'company_part') && user.phone) {
    if (!ctx.input.oldCaptcha) throw new Fail(400, '请输入原手机号收到的验证码');
    consumeSms(ctx.db, user.phone, 'change_phone', ctx.input.oldCaptcha, ctx.now());
  }
  consumeSms(ctx.db, phone, 'change_phone', ctx.input.captcha, ctx.now());
  ctx.db.run('UPDATE users SET phone = ? WHERE uid = ?', phone, user.uid);
  return { phone: maskPhone(phone) };
}

function protocolsRoute() {
  return protocols;
}

function privacyList({ input }: RouteCtx<typeof contract.privacyList>) {
  return privacyItems
    .filter((p) => input.isDisplay === undefined || p.isDisplay === Number(input.isDisplay))
    .sort((a, b) => (input.sort === 'sort,asc' ? a.sort - b.sort : b.sort - a.sort))
    .map(({ id, title, content, sort }) => ({ id, title, content, sort }));
}

function privacyConfirm(ctx: RouteCtx<typeof contract.privacyConfirm>) {
  const user = currentUser(ctx);
  requirePrivacyAccepted(ctx.input.wsPrivacyLogList);
  ctx.db.run(
    "UPDATE users SET privacy_log = ?, privacy_state = 'y' WHERE uid = ?",
    JSON.stringify([...user.privacyLog, ...ctx.input.wsPrivacyLogList]),
    user.uid,
  );
  return { privacyState: 'y' as const };
}

function unread(ctx: RouteCtx<typeof contract.unread>) {
  const uid = currentUser(ctx).uid;
  return { total: ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM messages WHERE uid = ? AND read = 0', uid)!.n };
}

// Creates a member directly (no SMS), so tests can own fresh accounts: `privacyState` n makes the next login ask for the privacy notice.
async function hookUsers(ctx: Ctx<unknown>) {
  const body = (ctx.input ?? {}) as { phone?: string; password?: string; privacyState?: string; have_shop?: number };
  const phone = parseOrFail(Phone, body.phone);
  const password = parseOrFail(Password, body.password);
  // Hashed before the id is taken: an await between taking the id and storing the user let two members share an id (and a cart).
  const passwordHash = await hashPassword(password);
  if (findByPhone(ctx.db, phone)) throw new Fail(400, '该手机号已注册');
  const uid = insertUser(ctx.db, {
    phone,
    username: `用户${phone.slice(-4)}`,
    have_shop: body.have_shop === 1 ? 1 : 0,
    birthday: null,
    avatar: '',
    companyVerified: 0,
    privacyState: body.privacyState === 'n' ? 'n' : 'y',
    passwordHash,
    privacyLog: [],
    createdAt: ctx.now(),
  });
  return { uid };
}

// Ends a member's tokens early: `access` expires every access token (the refresh tokens still work), `refresh` revokes the sessions.
function hookSessionsExpire(ctx: Ctx<unknown>) {
  const { phone, what } = (ctx.input ?? {}) as { phone?: string; what?: string };
  const user = findByPhone(ctx.db, String(phone ?? ''));
  if (!user) throw new Fail(404, '该手机号未注册');
  const count =
    what === 'refresh'
      ? ctx.db.run('DELETE FROM sessions WHERE uid = ?', user.uid).changes
      : ctx.db.run('UPDATE sessions SET access_expires = ? WHERE uid = ?', ctx.now() - 1, user.uid).changes;
  return { sessions: count };
}

function hookSessionsRefreshes(ctx: Ctx<unknown>) {
  const user = findByPhone(ctx.db, ctx.url.searchParams.get('phone') ?? '');
  if (!user) throw new Fail(404, '该手机号未注册');
  return { count: ctx.db.get<{ count: number }>('SELECT count FROM refresh_counts WHERE uid = ?', user.uid)?.count ?? 0 };
}

function hookEmail(ctx: Ctx<unknown>) {
  const e = smsOf(ctx.db, (ctx.url.searchParams.get('email') ?? '').toLowerCase());
  if (!e) throw new Fail(404, '该邮箱没有发送过验证码');
  return { code: e.code, type: e.type, sentAt: e.sent_at };
}

function hookSms(ctx: Ctx<unknown>) {
  const phone = ctx.url.searchParams.get('phone') ?? '';
  const e = smsOf(ctx.db, phone);
  if (!e) throw new Fail(404, '该手机号没有发送过验证码');
  return { code: e.code, type: e.type, sentAt: e.sent_at };
}

/** The member behind a bearer access token, while the token is unexpired. */
function authenticateBearer(token: string, ctx: Ctx<unknown>): number | null {
  const s = sessionOfAccess(ctx.db, token);
  return s && s.access_expires > ctx.now() ? s.uid : null;
}

export function install(sb: Sandbox): void {
  sb.seed('auth', seedAuth);
  sb.authenticate(authenticateBearer);
  sb.on(contract.smsSend, smsSend);
  sb.on(contract.emailSend, emailSend);
  sb.on(contract.login, login(sb));
  sb.on(contract.smsLogin, smsLogin(sb));
  sb.on(contract.refresh, refresh);
  sb.on(contract.logout, logout);
  sb.on(contract.userInfo, userInfo);
  sb.on(contract.register, register);
  sb.on(contract.registerByEmail, registerByEmail);
  sb.on(contract.registerVerify, registerVerify);
  sb.on(contract.resetPassword, resetPassword);
  sb.on(contract.resetPasswordByOldPwd, resetPasswordByOldPwd);
  sb.on(contract.resetPhoneNumber, resetPhoneNumber);
  sb.on(contract.protocols, protocolsRoute);
  sb.on(contract.privacyList, privacyList);
  sb.on(contract.privacyConfirm, privacyConfirm);
  sb.on(contract.unread, unread);
  sb.hook('POST', '/users', hookUsers);
  sb.hook('POST', '/sessions/expire', hookSessionsExpire);
  sb.hook('GET', '/sessions/refreshes', hookSessionsRefreshes);
  sb.hook('GET', '/email', hookEmail);
  sb.hook('GET', '/sms', hookSms);
}
