/**
 * Sandbox domain: personal-information rights (contract/privacy.ts, view control `privacy_part`). Records sign-ins (the auth
 * domain's `member.signedIn`), answers the sign-in history, the copy of the member's data (one-time tokens), consents, and
 * account deletion: blockers (`member.closing`, each domain adds its part), SMS confirmation, 15-day cooling-off cancelled by a
 * sign-in, and when due the erasure: `member.erasing` to every domain, then the auth domain's tombstone, then a sweep of the
 * member's literals (phone, e-mail) over every text column of every table, the net under the domains' own scrubbing.
 */
import { chinaMinute } from '#src/shared/formats/china-time.ts';
import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { privacy as contract, type Deletion, type PrivacyStatus } from '#src/shared/api/contract/privacy.ts';
import { describeDevice, maskIp } from '#src/features/privacy/device.ts';
import { CONSEQUENCES, COOLING_OFF_DAYS, deletionBlockers, dueAt, NO_FACTS, type ClosingFacts } from '#src/features/privacy/rules.ts';
import { Fail, parseOrFail, type Ctx, type Sandbox, type SandboxEvents, type RouteCtx } from '../app.ts';
import type { Db } from '../db.ts';
import {
  addMessage,
  consumeCloseCode,
  endSessions,
  eraseMember,
  findUser,
  liveSessions,
  maskPhone,
  policyAcceptedAt,
  sendCloseCode,
  sessionIdOf,
} from './auth.ts';

const HISTORY = 20;
const EXPORT_TTL_MS = 10 * 60 * 1000;
const EXPORT_PER_HOUR = 5;
/** How often the sandbox looks for due deletions. */
const TIMER_MS = 60 * 1000;
export const POLICY_VERSION = '2025-09-01 版';
const POLICY_TITLE = '隐私政策';

interface DeletionRow {
  id: number;
  uid: number;
  status: 'PENDING' | 'CANCELLED' | 'DONE';
  requested_at: number;
  due_at: number;
  ended_at: number | null;
  note: string;
  notice: string | null;
}

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

const lastDeletion = (db: Db, uid: number) =>
  db.get<DeletionRow>('SELECT * FROM privacy_deletions WHERE uid = ? ORDER BY id DESC LIMIT 1', uid);
function deletionOut(r: DeletionRow | undefined): Deletion {
  if (!r) return { status: 'NONE', requestedAt: null, dueAt: null, endedAt: null, note: '' };
  return { status: r.status, requestedAt: r.requested_at, dueAt: r.due_at, endedAt: r.ended_at, note: r.note };
}

function statusOf(db: Db, uid: number): PrivacyStatus {
  const c = db.get<{
    marketing: number;
    marketing_at: number | null;
    cookie_choice: 'ACCEPT' | 'DISMISS' | null;
    cookie_at: number | null;
  }>('SELECT * FROM privacy_consents WHERE uid = ?', uid);
  return {
    policy: { version: POLICY_VERSION, title: POLICY_TITLE, acceptedAt: policyAcceptedAt(db, uid) },
    marketing: { optIn: c?.marketing === 1, time: c?.marketing_at ?? null },
    cookie: { choice: c?.cookie_choice ?? null, time: c?.cookie_at ?? null },
    deletion: deletionOut(lastDeletion(db, uid)),
  };
}

const consentRow = (db: Db, uid: number) =>
  db.run(
    'INSERT INTO privacy_consents (uid, marketing, marketing_at, cookie_choice, cookie_at) VALUES (?, 0, NULL, NULL, NULL) ON CONFLICT (uid) DO NOTHING',
    uid,
  );

// ---- what the member holds (read here for the copy; each table's owner lists it in its own module) ----

const rowsOf = (db: Db, sql: string, ...args: (string | number)[]) => db.all<Record<string, unknown>>(sql, ...args);
const dataRows = (db: Db, sql: string, ...args: (string | number)[]) =>
  db.all<{ data: string }>(sql, ...args).map((r) => JSON.parse(r.data) as Record<string, unknown>);
const tableExists = (db: Db, name: string) => !!db.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?", name);

type Section = { key: string; title: string; rows: Record<string, unknown>[] };

/** The member's orders with their lines, newest first. */
function ordersOf(db: Db, uid: number) {
  return db.all<{ id: number; data: string }>('SELECT id, data FROM orders WHERE uid = ? ORDER BY create_time DESC', uid).map((o) => {
    const d = JSON.parse(o.data) as Record<string, unknown>;
    return {
      ...d,
      lines: rowsOf(db, 'SELECT pos, sku_id, num, data FROM order_lines WHERE order_id = ? ORDER BY pos', o.id).map((l) => ({
        ...(JSON.parse(String(l.data)) as object),
        num: l.num,
      })),
    };
  });
}

/** What the member bought and asked for: addresses and invoice titles to quotes. */
function dealingsOf(db: Db, uid: number): Section[] {
  const orders = ordersOf(db, uid);
  return [
    { key: 'addresses', title: '收货地址', rows: dataRows(db, 'SELECT data FROM addresses WHERE uid = ? ORDER BY id', uid) },
    { key: 'invoiceTitles', title: '发票抬头', rows: dataRows(db, 'SELECT data FROM invoice_titles WHERE uid = ? ORDER BY id', uid) },
    { key: 'company', title: '企业资料', rows: dataRows(db, 'SELECT data FROM companies WHERE uid = ?', uid) },
    { key: 'orders', title: '订单', rows: orders },
    { key: 'afterSales', title: '售后', rows: dataRows(db, 'SELECT data FROM after_sales WHERE uid = ? ORDER BY create_time DESC', uid) },
    { key: 'invoices', title: '发票', rows: dataRows(db, 'SELECT data FROM invoices WHERE uid = ? ORDER BY create_time DESC', uid) },
    { key: 'tickets', title: '服务工单', rows: dataRows(db, 'SELECT data FROM tickets WHERE uid = ? ORDER BY create_time DESC', uid) },
    {
      key: 'coupons',
      title: '优惠券',
      rows: rowsOf(db, 'SELECT coupon_id, received_at, used_at, order_sn FROM member_coupons WHERE uid = ? ORDER BY pos', uid),
    },
    {
      key: 'points',
      title: '积分',
      rows: [
        { balance: db.get<{ balance: number }>('SELECT balance FROM points WHERE uid = ?', uid)?.balance ?? 0 },
        ...rowsOf(db, 'SELECT change, balance, reason, time FROM points_log WHERE uid = ? ORDER BY pos', uid),
      ],
    },
    {
      key: 'cylinders',
      title: '钢瓶',
      rows: rowsOf(
        db,
        'SELECT serial, goods_name, order_sn, delivered_day, state, deposit FROM cylinder_holdings WHERE uid = ? ORDER BY id',
        uid,
      ),
    },
    {
      key: 'cylinderLedger',
      title: '钢瓶押金与租金',
      rows: rowsOf(db, 'SELECT time, kind, amount, serial, ref, note FROM cylinder_ledger WHERE uid = ? ORDER BY time', uid),
    },
    {
      key: 'cylinderReturns',
      title: '钢瓶回收申请',
      rows: dataRows(db, 'SELECT data FROM cylinder_returns WHERE uid = ? ORDER BY create_time DESC', uid),
    },
    { key: 'quotes', title: '询价', rows: dataRows(db, 'SELECT data FROM quotes WHERE uid = ? ORDER BY create_time DESC', uid) },
  ];
}

/** The member's account itself: uploads, messages, consents, sign-ins and (with the hazmat feature) permits. */
function accountOf(db: Db, uid: number, u: NonNullable<ReturnType<typeof findUser>>): Section[] {
  const sections: Section[] = [
    {
      key: 'uploads',
      title: '上传的文件',
      rows: rowsOf(db, 'SELECT url, name, size, type, created_at FROM uploads WHERE uid = ? ORDER BY id', uid),
    },
    {
      key: 'messages',
      title: '站内信',
      rows: rowsOf(db, 'SELECT title, content, read, created_at FROM messages WHERE uid = ? ORDER BY id', uid),
    },
    {
      key: 'consents',
      title: '同意记录',
      rows: [
        { item: POLICY_TITLE, version: POLICY_VERSION, acceptedAt: policyAcceptedAt(db, uid), log: u.privacyLog },
        { item: '营销消息', ...statusOf(db, uid).marketing },
        { item: 'Cookie', ...statusOf(db, uid).cookie },
      ],
    },
    {
      key: 'signIns',
      title: '登录记录',
      rows: rowsOf(db, 'SELECT time, way, ip, user_agent FROM privacy_signins WHERE uid = ? ORDER BY time DESC, id DESC', uid).map((r) => ({
        ...r,
        device: describeDevice(String(r.user_agent)),
      })),
    },
  ];
  if (tableExists(db, 'hazmat_permits'))
    sections.push({
      key: 'permits',
      title: '危化品购买许可证',
      rows: rowsOf(db, 'SELECT control_class, number, authority, valid_from, valid_to, status FROM hazmat_permits WHERE uid = ?', uid),
    });
  return sections;
}

/** The member's own records, section by section (the copy of PIPL Art. 45); never another member's. */
function personalData(db: Db, uid: number, now: number) {
  const u = findUser(db, uid)!;
  const profile = {
    uid: u.uid,
    phone: u.phone,
    email: u.email ?? '',
    username: u.username,
    birthday: u.birthday,
    createdAt: u.createdAt,
    privacyState: u.privacyState,
  };
  return { generatedAt: now, profile, sections: [...dealingsOf(db, uid), ...accountOf(db, uid, u)] };
}

/** What stands in the way, asked of each domain (`member.closing`). */
function blockersOf(sb: Sandbox, db: Db, uid: number, now: number) {
  const facts: ClosingFacts = { ...NO_FACTS, openOrders: [] };
  sb.emit('member.closing', { db, now, uid, facts });
  return deletionBlockers(facts);
}

/** Every table and its text-holding columns (TEXT, or no declared type), for the sweep and the scan hook. */
export function textColumns(db: Db): { table: string; columns: string[] }[] {
  const tables = db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  return tables.map(({ name }) => ({
    table: name,
    columns: db
      .all<{ name: string; type: string }>(`PRAGMA table_info("${name.replace(/"/g, '""')}")`)
      .filter((c) => !/INT|REAL|FLOA|DOUB/i.test(c.type))
      .map((c) => c.name),
  }));
}

/** Replaces each literal in every text column of every table (the net under the domains' own erasure). */
function sweep(db: Db, literals: string[]): number {
  let changed = 0;
  for (const { table, columns } of textColumns(db)) {
    for (const col of columns) {
      for (const lit of literals) {
        const q = `"${col.replace(/"/g, '""')}"`;
        changed += db.run(`UPDATE "${table}" SET ${q} = REPLACE(${q}, ?, '***') WHERE instr(${q}, ?) > 0`, lit, lit).changes;
      }
    }
  }
  return changed;
}

/** Carries out one member's deletion: every domain erases its part, then the account, then the sweep. */
export function erase(sb: Sandbox, db: Db, uid: number, now: number): void {
  const u = findUser(db, uid);
  if (!u) return;
  sb.emit('member.erasing', { db, now, uid, phone: u.phone, email: u.email ?? '', name: u.username });
  db.run('DELETE FROM privacy_signins WHERE uid = ?', uid);
  db.run('DELETE FROM privacy_exports WHERE uid = ?', uid);
  db.run('DELETE FROM privacy_consents WHERE uid = ?', uid);
  db.run('DELETE FROM privacy_cookie_choices WHERE uid = ?', uid);
  eraseMember(db, uid);
  sweep(
    db,
    [u.phone, u.email ?? ''].filter((l) => l.length >= 5),
  );
}

/** Runs the deletions due at `at`; answers their count. */
export function runDue(sb: Sandbox, db: Db, at: number): number {
  const due = db.all<DeletionRow>("SELECT * FROM privacy_deletions WHERE status = 'PENDING' AND due_at <= ? ORDER BY id", at);
  for (const d of due) {
    erase(sb, db, d.uid, at);
    db.run(
      "UPDATE privacy_deletions SET status = 'DONE', ended_at = ?, note = '账户已注销，个人信息已删除或去标识化', notice = NULL WHERE id = ?",
      at,
      d.id,
    );
  }
  return due.length;
}

const RunDue = v.object({ at: v.optional(v.pipe(v.number('at 须为毫秒时间戳'), v.integer('at 须为毫秒时间戳'))) });

// A sign-in: recorded (the last 20 kept), and it cancels a deletion in its cooling-off, saying so.
function onMemberSignedIn({ db, now, uid, sid, way, userAgent, ip }: SandboxEvents['member.signedIn']) {
  db.insert('privacy_signins', { uid, sid, way, ip: ip.slice(0, 64), user_agent: userAgent.slice(0, 400), time: now });
  db.run(
    'DELETE FROM privacy_signins WHERE uid = ? AND id NOT IN (SELECT id FROM privacy_signins WHERE uid = ? ORDER BY time DESC, id DESC LIMIT ?)',
    uid,
    uid,
    HISTORY,
  );
  const pending = db.get<DeletionRow>("SELECT * FROM privacy_deletions WHERE uid = ? AND status = 'PENDING'", uid);
  if (pending && pending.due_at > now) {
    const note = `您于 ${chinaMinute(now)} 重新登录，注销申请已撤销，账户恢复正常使用。`;
    db.run(
      "UPDATE privacy_deletions SET status = 'CANCELLED', ended_at = ?, note = ?, notice = ? WHERE id = ?",
      now,
      note,
      note,
      pending.id,
    );
    addMessage(db, uid, '注销申请已撤销', note, now);
  }
}

function signIns(ctx: RouteCtx<typeof contract.signIns>) {
  const current = sessionIdOf(ctx as Ctx<unknown>);
  const live = liveSessions(ctx.db, ctx.uid!, ctx.now());
  return ctx.db
    .all<{ id: number; sid: string; way: 'PASSWORD' | 'SMS'; ip: string; user_agent: string; time: number }>(
      'SELECT id, sid, way, ip, user_agent, time FROM privacy_signins WHERE uid = ? ORDER BY time DESC, id DESC LIMIT ?',
      ctx.uid!,
      HISTORY,
    )
    .map((r) => ({
      id: r.id,
      time: r.time,
      way: r.way,
      device: describeDevice(r.user_agent),
      ip: maskIp(r.ip),
      current: r.sid === current,
      active: live.has(r.sid),
    }));
}

function signOutOthers(ctx: RouteCtx<typeof contract.signOutOthers>) {
  const keep = sessionIdOf(ctx as Ctx<unknown>);
  if (!keep) throw new Fail(401, '登录过期，请重新登录');
  return { ended: endSessions(ctx.db, ctx.uid!, keep) };
}

function status(ctx: RouteCtx<typeof contract.status>) {
  return statusOf(ctx.db, ctx.uid!);
}

// Withdrawing is one call, the same as giving (PIPL Art. 15); nothing else depends on it (Art. 16).
function marketing(ctx: RouteCtx<typeof contract.marketing>) {
  consentRow(ctx.db, ctx.uid!);
  ctx.db.run('UPDATE privacy_consents SET marketing = ?, marketing_at = ? WHERE uid = ?', ctx.input.optIn ? 1 : 0, ctx.now(), ctx.uid!);
  return statusOf(ctx.db, ctx.uid!);
}

function cookieChoice(ctx: RouteCtx<typeof contract.cookieChoice>) {
  const visitor = (ctx.request.headers.get('uuid') ?? '').slice(0, 64);
  ctx.db.insert('privacy_cookie_choices', { visitor, uid: ctx.uid, choice: ctx.input.choice, time: ctx.now() });
  if (ctx.uid !== null) {
    consentRow(ctx.db, ctx.uid);
    ctx.db.run('UPDATE privacy_consents SET cookie_choice = ?, cookie_at = ? WHERE uid = ?', ctx.input.choice, ctx.now(), ctx.uid);
  }
  return { recorded: true };
}

function exportLink(ctx: RouteCtx<typeof contract.exportLink>) {
  const now = ctx.now();
  const recent = ctx.db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM privacy_exports WHERE uid = ? AND created_at > ?',
    ctx.uid!,
    now - 3600_000,
  )!.n;
  if (recent >= EXPORT_PER_HOUR) throw new Fail(429, '请求过于频繁，请稍后再试');
  ctx.db.run('DELETE FROM privacy_exports WHERE expires_at <= ? AND created_at <= ?', now, now - 3600_000);
  const token = randomBytes(24).toString('base64url');
  ctx.db.insert('privacy_exports', { token_hash: sha256(token), uid: ctx.uid!, created_at: now, expires_at: now + EXPORT_TTL_MS, used: 0 });
  return { token, expiresAt: now + EXPORT_TTL_MS };
}

// Spends the token: a GET that writes, so the sandbox runs it as a write (a second use answers 404).
function exportData(ctx: RouteCtx<typeof contract.exportData>) {
  const hash = sha256(ctx.params.token ?? '');
  const row = ctx.db.get<{ uid: number; expires_at: number; used: number }>(
    'SELECT uid, expires_at, used FROM privacy_exports WHERE token_hash = ?',
    hash,
  );
  if (!row || row.uid !== ctx.uid || row.used || row.expires_at <= ctx.now()) throw new Fail(404, '下载链接无效或已过期');
  ctx.db.run('UPDATE privacy_exports SET used = 1 WHERE token_hash = ?', hash);
  return personalData(ctx.db, ctx.uid!, ctx.now());
}

function deletionCheck(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.deletionCheck>) => {
    const u = findUser(ctx.db, ctx.uid!)!;
    return {
      blockers: blockersOf(sb, ctx.db, ctx.uid!, ctx.now()),
      consequences: [...CONSEQUENCES],
      coolingOffDays: COOLING_OFF_DAYS,
      phone: u.phone ? maskPhone(u.phone) : '',
      deletion: deletionOut(lastDeletion(ctx.db, ctx.uid!)),
    };
  };
}

function deletionCode(ctx: RouteCtx<typeof contract.deletionCode>) {
  return sendCloseCode(ctx.db, ctx.uid!, ctx.now());
}

function requestDeletion(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.requestDeletion>) => {
    const { db } = ctx;
    const uid = ctx.uid!;
    const now = ctx.now();
    if (lastDeletion(db, uid)?.status === 'PENDING') throw new Fail(400, '注销申请已提交');
    // Blockers first: a code is not spent on a request that cannot go ahead.
    const blockers = blockersOf(sb, db, uid, now);
    if (blockers.length) throw new Fail(400, `账户暂不能注销：${blockers.map((b) => b.message).join('；')}`);
    consumeCloseCode(db, uid, ctx.input.code, now);
    db.insert('privacy_deletions', {
      uid,
      status: 'PENDING',
      requested_at: now,
      due_at: dueAt(now),
      ended_at: null,
      note: '',
      notice: null,
    });
    // Every session ends: the member is signed out, and signing in again is what cancels the request.
    endSessions(db, uid);
    return deletionOut(lastDeletion(db, uid));
  };
}

function cancelDeletion(ctx: RouteCtx<typeof contract.cancelDeletion>) {
  const last = lastDeletion(ctx.db, ctx.uid!);
  if (last?.status !== 'PENDING') throw new Fail(400, '没有待处理的注销申请');
  ctx.db.run("UPDATE privacy_deletions SET status = 'CANCELLED', ended_at = ?, note = '您已撤销注销申请' WHERE id = ?", ctx.now(), last.id);
  return deletionOut(lastDeletion(ctx.db, ctx.uid!));
}

function takeNotice(ctx: RouteCtx<typeof contract.takeNotice>) {
  const row = ctx.db.get<{ id: number; notice: string | null }>(
    'SELECT id, notice FROM privacy_deletions WHERE uid = ? AND notice IS NOT NULL ORDER BY id DESC LIMIT 1',
    ctx.uid!,
  );
  if (row) ctx.db.run('UPDATE privacy_deletions SET notice = NULL WHERE id = ?', row.id);
  return { message: row?.notice ?? null };
}

// Test hook and back office: runs the deletions due at `at` (default now).
function hookPrivacyRunDue(sb: Sandbox) {
  return (ctx: Ctx<unknown>) => {
    const { at } = parseOrFail(RunDue, ctx.input ?? {});
    return { done: runDue(sb, ctx.db, at ?? ctx.now()) };
  };
}

// Test hook: where a text occurs in the database (every table, every text column); answers the table and column of each hit.
function hookPrivacyScan(ctx: Ctx<unknown>) {
  const needle = ctx.url.searchParams.get('q') ?? '';
  if (needle.length < 4) throw new Fail(400, 'q 至少 4 个字符');
  const hits: { table: string; column: string; rows: number }[] = [];
  for (const { table, columns } of textColumns(ctx.db))
    for (const column of columns) {
      const n = ctx.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}" WHERE instr(CAST("${column}" AS TEXT), ?) > 0`, needle)!.n;
      if (n) hits.push({ table, column, rows: n });
    }
  return { hits };
}

export function install(sb: Sandbox): void {
  sb.listen('member.signedIn', onMemberSignedIn);
  sb.on(contract.signIns, signIns);
  sb.on(contract.signOutOthers, signOutOthers);
  sb.on(contract.status, status);
  sb.on(contract.marketing, marketing);
  sb.on(contract.cookieChoice, cookieChoice);
  sb.on(contract.exportLink, exportLink);
  sb.on(contract.exportData, exportData);
  sb.on(contract.deletionCheck, deletionCheck(sb));
  sb.on(contract.deletionCode, deletionCode);
  sb.on(contract.requestDeletion, requestDeletion(sb));
  sb.on(contract.cancelDeletion, cancelDeletion);
  sb.on(contract.takeNotice, takeNotice);
  sb.hook('POST', '/privacy/run-due', hookPrivacyRunDue(sb));
  sb.hook('GET', '/privacy/scan', hookPrivacyScan);
  // The timer: due deletions are carried out within a minute, through the same request path (lock, transaction) as the hook.
  let timer: ReturnType<typeof setInterval> | null = null;
  sb.onStart(() => {
    if (timer) return;
    timer = setInterval(() => {
      void sb
        .handle(
          new Request('http://sandbox/__sandbox/privacy/run-due', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          }),
        )
        .catch(() => undefined);
    }, TIMER_MS);
    timer.unref();
  });
}
