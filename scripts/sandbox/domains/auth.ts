/** Accounts and sessions: SMS codes, login with lockout, rotating refresh tokens, register, password and phone changes, user info, privacy consent, protocols. */
import { createHash, randomBytes, randomInt, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import {
  auth as contract,
  Password,
  Phone,
  type LoginResult,
  type PrivacyLogEntry,
  type SmsType,
  type User,
} from '../../../src/lib/api/contract/auth.ts';
import { Email } from '../../../src/lib/validation/rules.ts';
import { Fail, parseOrFail, type Ctx, type Sandbox } from '../app.ts';
import { takeCaptcha } from '../captcha.ts';
import type { Db } from '../db.ts';
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

export interface UserRecord extends Omit<seed.SeedUser, 'password'> {
  /** Set for members registered by e-mail (their phone is empty); they log in with it. */
  email?: string;
  /** `scrypt$salt$hash`, both base64; the password itself is never stored. */
  passwordHash: string;
  privacyLog: PrivacyLogEntry[];
  /** Epoch milliseconds. */
  createdAt: number;
}

interface Session {
  uid: number;
  /** SHA-256 of the tokens: the state file alone cannot be used to act as a member. */
  access: string;
  refresh: string;
  accessExpires: number;
  refreshExpires: number;
  /** Visitor uuid the session is bound to once a login or refresh names one (header `uuid`). */
  visitor: string | null;
}
interface SessionStore {
  bySid: Record<string, Session>;
  /** Token hash to session id, for O(1) lookups on every authenticated call. */
  access: Record<string, string>;
  refresh: Record<string, string>;
}

interface SmsEntry {
  code: string;
  type: SmsType;
  sentAt: number;
  expiresAt: number;
  tries: number;
  used: boolean;
  /** China-time day of `sentToday`, YYYY-MM-DD. */
  day: string;
  sentToday: number;
}

/** Failed password logins of a phone; failures older than the lock period are forgotten. */
interface LoginGuard {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

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

export const users = (db: Db) =>
  db.slice<UserRecord[]>('users', () =>
    seed.users.map(({ password, ...u }) => ({ ...u, passwordHash: seedHash(password), privacyLog: [], createdAt: SEEDED_AT })),
  );
export const findUser = (db: Db, uid: number) => users(db).find((u) => u.uid === uid) ?? null;
const findByPhone = (db: Db, phone: string) => (phone ? (users(db).find((u) => u.phone === phone) ?? null) : null);
const findByEmail = (db: Db, email: string) => users(db).find((u) => u.email !== undefined && u.email.toLowerCase() === email.toLowerCase()) ?? null;

/** Member messages; the unread count of the header reads them, the member centre may list them. */
export const messages = (db: Db) => db.slice<seed.SeedMessage[]>('messages', () => structuredClone(seed.messages));

const sessions = (db: Db) => db.slice<SessionStore>('sessions', () => ({ bySid: {}, access: {}, refresh: {} }));
const smsCodes = (db: Db) => db.slice<Record<string, SmsEntry>>('sms', () => ({}));
const loginGuards = (db: Db) => db.slice<Record<string, LoginGuard>>('loginGuards', () => ({}));
/** Successful token refreshes per member, read by the e2e test of the one-refresh-at-a-time rule. */
const refreshCounts = (db: Db) => db.slice<Record<string, number>>('refreshCounts', () => ({}));

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
const newToken = () => randomBytes(32).toString('base64url');

function ttlMs(name: string, fallbackSeconds: number): number {
  const seconds = Number(process.env[name]);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : fallbackSeconds) * 1000;
}
const accessTtl = () => ttlMs('SANDBOX_ACCESS_TTL_S', 7200);
const refreshTtl = () => ttlMs('SANDBOX_REFRESH_TTL_S', 604800);

function dropSession(store: SessionStore, sid: string): void {
  const s = store.bySid[sid];
  if (!s) return;
  delete store.access[s.access];
  delete store.refresh[s.refresh];
  delete store.bySid[sid];
}

/** Gives a session fresh tokens, the old ones stop working at once. */
function rotate(store: SessionStore, sid: string, s: Session, now: number) {
  delete store.access[s.access];
  delete store.refresh[s.refresh];
  const access = newToken();
  const refresh = newToken();
  Object.assign(s, { access: sha256(access), refresh: sha256(refresh), accessExpires: now + accessTtl(), refreshExpires: now + refreshTtl() });
  store.access[s.access] = sid;
  store.refresh[s.refresh] = sid;
  return { access, refresh, accessExpires: s.accessExpires, refreshExpires: s.refreshExpires };
}

function openSession(db: Db, uid: number, visitor: string | null, now: number) {
  const store = sessions(db);
  for (const [sid, s] of Object.entries(store.bySid)) if (s.refreshExpires <= now) dropSession(store, sid);
  const sid = randomBytes(12).toString('hex');
  const s: Session = { uid, access: '', refresh: '', accessExpires: 0, refreshExpires: 0, visitor };
  store.bySid[sid] = s;
  return rotate(store, sid, s, now);
}

const bearer = (request: Request) => request.headers.get('authorization')?.replace(/^Bearer\s+/i, '').trim() ?? '';
const sidOfAccess = (db: Db, token: string) => (token ? sessions(db).access[sha256(token)] : undefined);

/** Ends every session of a member but `keepSid` (the one that changed the password). */
function revokeSessions(db: Db, uid: number, keepSid?: string): void {
  const store = sessions(db);
  for (const [sid, s] of Object.entries(store.bySid)) if (s.uid === uid && sid !== keepSid) dropSession(store, sid);
}

function loginResult(ctx: Ctx<unknown>, user: UserRecord): LoginResult {
  const t = openSession(ctx.db, user.uid, ctx.request.headers.get('uuid') || null, ctx.now());
  return { token: t.access, refreshToken: t.refresh, tokenExpires: t.accessExpires, refreshTokenExpires: t.refreshExpires, privacyState: user.privacyState };
}

// ---- SMS codes ----

const chinaDay = (now: number) => new Date(now + 8 * 60 * MINUTE).toISOString().slice(0, 10);

/** Spends a code of `type`; a wrong guess counts, and the fifth one kills the code. */
function consumeSms(db: Db, phone: string, type: SmsType, code: string, now: number): void {
  const e = smsCodes(db)[phone];
  const live = e && !e.used && e.type === type && e.expiresAt > now && e.tries < SMS_MAX_TRIES;
  if (!live) throw new Fail(400, '验证码错误或已过期');
  if (e.code !== code) {
    e.tries++;
    if (e.tries >= SMS_MAX_TRIES) e.used = true;
    throw new Fail(400, '验证码错误或已过期');
  }
  e.used = true;
}

/** Sends a code to a phone or an e-mail address (the key), within the 60 s window and the daily limit. */
function issueCode(db: Db, key: string, type: SmsType, now: number) {
  const codes = smsCodes(db);
  const last = codes[key];
  if (last && now - last.sentAt < SMS_WINDOW_MS) throw new Fail(429, '发送过于频繁，请60秒后再试');
  const day = chinaDay(now);
  const sentToday = last?.day === day ? last.sentToday : 0;
  if (sentToday >= SMS_DAILY_LIMIT) throw new Fail(429, '今日验证码发送次数已达上限，请明天再试');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  codes[key] = { code, type, sentAt: now, expiresAt: now + SMS_TTL_MS, tries: 0, used: false, day, sentToday: sentToday + 1 };
  return { expiresIn: SMS_TTL_MS / 1000 };
}

// ---- checks ----

function plain(b64: string): string {
  const text = decryptCredential(b64);
  if (text === null) throw new Fail(400, '账号或密码解密失败');
  return text;
}

/** Every displayed privacy item must be in the log (SPEC §5 '请先同意隐私政策！'). */
function requirePrivacyAccepted(log: PrivacyLogEntry[]): void {
  const accepted = new Set(log.map((l) => l.privacyId));
  if (privacyItems.some((p) => p.isDisplay === 1 && !accepted.has(p.id))) throw new Fail(400, '请先同意隐私政策！');
}

function currentUser(ctx: Ctx<unknown>): UserRecord {
  const user = ctx.uid === null ? null : findUser(ctx.db, ctx.uid);
  if (!user) throw new Fail(401, '登录过期，请重新登录');
  return user;
}

export function install(sb: Sandbox): void {
  sb.authenticate((token, ctx) => {
    const sid = sidOfAccess(ctx.db, token);
    const s = sid ? sessions(ctx.db).bySid[sid] : undefined;
    return s && s.accessExpires > ctx.now() ? s.uid : null;
  });

  sb.on(contract.smsSend, (ctx) => {
    const { phone, type } = ctx.input;
    const registered = findByPhone(ctx.db, phone) !== null;
    if ((type === 'register' || type === 'change_phone') && registered) throw new Fail(400, '该手机号已注册');
    if ((type === 'login' || type === 'reset_password') && !registered) throw new Fail(400, '该手机号未注册');
    return issueCode(ctx.db, phone, type, ctx.now());
  });

  sb.on(contract.emailSend, (ctx) => {
    if (findByEmail(ctx.db, ctx.input.email)) throw new Fail(400, '该邮箱已注册');
    return issueCode(ctx.db, ctx.input.email.toLowerCase(), ctx.input.type, ctx.now());
  });

  sb.on(contract.login, async (ctx) => {
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

    const guards = loginGuards(db);
    const guard = guards[phone];
    if (guard && guard.lockedUntil > now) throw new Fail(429, '密码错误次数过多，请15分钟后再试');
    const user = byEmail ? findByEmail(db, phone) : findByPhone(db, phone);
    let ok = false;
    if (user) ok = await verifyPassword(password, user.passwordHash);
    // An unknown phone costs the same hashing as a known one, so timing does not tell which phones exist.
    else await derive(password, randomBytes(16));
    if (!user || !ok) {
      const failures = (guard && now - guard.lastFailureAt < LOGIN_LOCK_MS ? guard.failures : 0) + 1;
      const locked = failures >= LOGIN_MAX_FAILURES;
      guards[phone] = { failures: locked ? 0 : failures, lastFailureAt: now, lockedUntil: locked ? now + LOGIN_LOCK_MS : 0 };
      throw new Fail(locked ? 429 : 400, locked ? '密码错误次数过多，请15分钟后再试' : '账号或密码错误');
    }
    delete guards[phone];
    return loginResult(ctx, user);
  });

  sb.on(contract.smsLogin, (ctx) => {
    const { mobile, sms_code } = ctx.input;
    const user = findByPhone(ctx.db, mobile);
    if (!user) throw new Fail(400, '该手机号未注册');
    consumeSms(ctx.db, mobile, 'login', sms_code, ctx.now());
    return loginResult(ctx, user);
  });

  sb.on(contract.refresh, (ctx) => {
    const now = ctx.now();
    const store = sessions(ctx.db);
    const sid = ctx.input.refresh_token ? store.refresh[sha256(ctx.input.refresh_token)] : undefined;
    const s = sid ? store.bySid[sid] : undefined;
    const visitor = ctx.request.headers.get('uuid') || null;
    if (!sid || !s || s.refreshExpires <= now || !findUser(ctx.db, s.uid)) throw new Fail(401, '登录过期，请重新登录');
    // A refresh token taken to another browser (another visitor uuid) is refused.
    if (s.visitor && s.visitor !== visitor) throw new Fail(401, '登录过期，请重新登录');
    s.visitor ??= visitor;
    const t = rotate(store, sid, s, now);
    const counts = refreshCounts(ctx.db);
    counts[s.uid] = (counts[s.uid] ?? 0) + 1;
    return { accessToken: t.access, refreshToken: t.refresh, accessTokenExpires: t.accessExpires, refreshTokenExpires: t.refreshExpires };
  });

  sb.on(contract.logout, (ctx) => {
    const sid = sidOfAccess(ctx.db, bearer(ctx.request));
    if (sid) dropSession(sessions(ctx.db), sid);
    return null;
  });

  sb.on(contract.userInfo, (ctx) => publicUser(currentUser(ctx)));

  sb.on(contract.register, async (ctx) => {
    const { input, db } = ctx;
    const phone = parseOrFail(Phone, plain(input.account));
    const password = parseOrFail(Password, plain(input.password));
    requirePrivacyAccepted(input.wsPrivacyLogList);
    if (findByPhone(db, phone)) throw new Fail(400, '该手机号已注册');
    consumeSms(db, phone, 'register', input.captcha, ctx.now());
    const passwordHash = await hashPassword(password);
    // Another registration of the same phone may have finished while hashing.
    if (findByPhone(db, phone)) throw new Fail(400, '该手机号已注册');
    const list = users(db);
    const uid = Math.max(0, ...list.map((u) => u.uid)) + 1;
    list.push({
      uid,
      phone,
      username: `用户${phone.slice(-4)}`,
      have_shop: 0,
      birthday: null,
      avatar: '',
      companyVerified: 0,
      privacyState: 'y',
      passwordHash,
      privacyLog: input.wsPrivacyLogList,
      createdAt: ctx.now(),
    });
    return { uid };
  });

  sb.on(contract.registerByEmail, async (ctx) => {
    const { input, db } = ctx;
    const email = input.email.toLowerCase();
    const password = parseOrFail(Password, plain(input.password));
    requirePrivacyAccepted(input.wsPrivacyLogList);
    if (findByEmail(db, email)) throw new Fail(400, '该邮箱已注册');
    consumeSms(db, email, 'register', input.captcha, ctx.now());
    const passwordHash = await hashPassword(password);
    if (findByEmail(db, email)) throw new Fail(400, '该邮箱已注册');
    const list = users(db);
    const uid = Math.max(0, ...list.map((u) => u.uid)) + 1;
    list.push({
      uid,
      phone: '',
      email,
      username: email.split('@')[0]!.slice(0, 20),
      have_shop: 0,
      birthday: null,
      avatar: '',
      companyVerified: 0,
      privacyState: 'y',
      passwordHash,
      privacyLog: input.wsPrivacyLogList,
      createdAt: ctx.now(),
    });
    return { uid };
  });

  sb.on(contract.registerVerify, (ctx) => {
    const phone = parseOrFail(Phone, plain(ctx.input.account));
    return { registered: findByPhone(ctx.db, phone) !== null };
  });

  sb.on(contract.resetPassword, async (ctx) => {
    const { input, db } = ctx;
    const phone = parseOrFail(Phone, plain(input.phone));
    const password = parseOrFail(Password, plain(input.password));
    const user = findByPhone(db, phone);
    if (!user) throw new Fail(400, '该手机号未注册');
    consumeSms(db, phone, 'reset_password', input.captcha, ctx.now());
    user.passwordHash = await hashPassword(password);
    revokeSessions(db, user.uid);
    delete loginGuards(db)[phone];
    return null;
  });

  sb.on(contract.resetPasswordByOldPwd, async (ctx) => {
    const user = currentUser(ctx);
    const oldPassword = plain(ctx.input.oldPassword);
    const password = parseOrFail(Password, plain(ctx.input.password));
    if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new Fail(400, '原密码错误');
    if (oldPassword === password) throw new Fail(400, '新密码不能与原密码相同');
    user.passwordHash = await hashPassword(password);
    revokeSessions(ctx.db, user.uid, sidOfAccess(ctx.db, bearer(ctx.request)));
    return null;
  });

  sb.on(contract.resetPhoneNumber, (ctx) => {
    const user = currentUser(ctx);
    const phone = parseOrFail(Phone, plain(ctx.input.phone));
    if (phone === user.phone) throw new Fail(400, '新手机号不能与原手机号相同');
    if (findByPhone(ctx.db, phone)) throw new Fail(400, '该手机号已注册');
    consumeSms(ctx.db, phone, 'change_phone', ctx.input.captcha, ctx.now());
    user.phone = phone;
    return { phone: maskPhone(phone) };
  });

  sb.on(contract.protocols, () => protocols);

  sb.on(contract.privacyList, ({ input }) =>
    privacyItems
      .filter((p) => input.isDisplay === undefined || p.isDisplay === Number(input.isDisplay))
      .sort((a, b) => (input.sort === 'sort,asc' ? a.sort - b.sort : b.sort - a.sort))
      .map(({ id, title, content, sort }) => ({ id, title, content, sort })),
  );

  sb.on(contract.privacyConfirm, (ctx) => {
    const user = currentUser(ctx);
    requirePrivacyAccepted(ctx.input.wsPrivacyLogList);
    user.privacyLog.push(...ctx.input.wsPrivacyLogList);
    user.privacyState = 'y';
    return { privacyState: user.privacyState };
  });

  sb.on(contract.unread, (ctx) => {
    const uid = currentUser(ctx).uid;
    return { total: messages(ctx.db).filter((m) => m.uid === uid && !m.read).length };
  });

  // Creates a member directly (no SMS), so tests can own fresh accounts: `privacyState` n makes the next login ask for the privacy notice.
  sb.hook('POST', '/users', async (ctx) => {
    const body = (ctx.input ?? {}) as { phone?: string; password?: string; privacyState?: string; have_shop?: number };
    const phone = parseOrFail(Phone, body.phone);
    const password = parseOrFail(Password, body.password);
    // Hashed before the id is taken: an await between taking the id and storing the user let two members share an id (and a cart).
    const passwordHash = await hashPassword(password);
    if (findByPhone(ctx.db, phone)) throw new Fail(400, '该手机号已注册');
    const list = users(ctx.db);
    const uid = Math.max(0, ...list.map((u) => u.uid)) + 1;
    list.push({
      uid,
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
  });

  // Ends a member's tokens early: `access` expires every access token (the refresh tokens still work), `refresh` revokes the sessions.
  sb.hook('POST', '/sessions/expire', (ctx) => {
    const { phone, what } = (ctx.input ?? {}) as { phone?: string; what?: string };
    const user = findByPhone(ctx.db, String(phone ?? ''));
    if (!user) throw new Fail(404, '该手机号未注册');
    const store = sessions(ctx.db);
    let count = 0;
    for (const [sid, s] of Object.entries(store.bySid)) {
      if (s.uid !== user.uid) continue;
      count++;
      if (what === 'refresh') dropSession(store, sid);
      else s.accessExpires = ctx.now() - 1;
    }
    return { sessions: count };
  });

  sb.hook('GET', '/sessions/refreshes', (ctx) => {
    const user = findByPhone(ctx.db, ctx.url.searchParams.get('phone') ?? '');
    if (!user) throw new Fail(404, '该手机号未注册');
    return { count: refreshCounts(ctx.db)[user.uid] ?? 0 };
  });

  sb.hook('GET', '/email', (ctx) => {
    const e = smsCodes(ctx.db)[(ctx.url.searchParams.get('email') ?? '').toLowerCase()];
    if (!e) throw new Fail(404, '该邮箱没有发送过验证码');
    return { code: e.code, type: e.type, sentAt: e.sentAt };
  });

  sb.hook('GET', '/sms', (ctx) => {
    const phone = ctx.url.searchParams.get('phone') ?? '';
    const e = smsCodes(ctx.db)[phone];
    if (!e) throw new Fail(404, '该手机号没有发送过验证码');
    return { code: e.code, type: e.type, sentAt: e.sentAt };
  });
}
