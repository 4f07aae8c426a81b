/**
 * Sandbox domain: punchout (punchout_part, contract/punchout.ts, docs/punchout.md). Buyer organisations authenticate by a
 * shared secret (scrypt-hashed at rest, compared in constant time; several may be valid at once while one is rotated out);
 * a setup leaves a one-time start key, whose start opens a session and a login of the organisation's member; an order is
 * kept per (organisation, orderID), so the same OrderRequest twice makes one order.
 */
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { punchout as contract, PUNCHOUT_MSG, type OrderInput, type Organisation, type Session } from '#src/shared/api/contract/punchout.ts';
import { originAllowed, SESSION_MS, START_KEY_MS } from '#src/features/punchout/rules.ts';
import { Fail, type Ctx, type RouteCtx, type Sandbox, type Seeding } from '../app.ts';
import { findSku, specsOf, type State } from '../commerce.ts';
import type { OrderRec } from '../records.ts';
import { demoOrganisation, PUNCHOUT_MEMBER } from '../seed/punchout.ts';
import { openLogin } from './auth.ts';
import { cartOf, unitCents } from './cart.ts';
import { enrolMember } from './company.ts';
import { addressesOf, memberOf, nextMemberId } from './member.ts';
import { buysOnAccount, CreditRefused, releaseOnAccount } from './credit.ts';
import { cancelBeforeShipping, findOrder, placeOrder } from './order.ts';
import { viewOn } from './site.ts';
import { installTester } from './punchout.tester.ts';

const FEATURE = 'punchout_part';

interface OrgRow {
  id: number;
  name: string;
  system: string;
  identity: string;
  domain: string;
  oci_user: string | null;
  owner_uid: number;
  member_uid: number;
  mode: 'test' | 'production';
  origins: string;
}
interface SessionRow {
  id: string;
  org_id: number;
  key_expires: number;
  key_used: number;
  protocol: 'cxml' | 'oci';
  operation: 'create' | 'edit' | 'inspect';
  return_url: string;
  buyer_cookie: string;
  target: string;
  lines: string;
  expires_at: number;
}

const hashSecret = (secret: string, salt: string): Buffer => scryptSync(secret, salt, 32);
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

const orgOut = (o: OrgRow): Organisation => ({
  id: o.id,
  name: o.name,
  identity: o.identity,
  domain: o.domain,
  system: o.system,
  mode: o.mode,
  origins: JSON.parse(o.origins) as string[],
});

/**
 * The member an organisation shops as, made on its first session or order: a user no password signs in (only a punchout
 * does), a buyer of the organisation's company, with the company's delivery address.
 */
function memberFor(s: State, org: OrgRow): number {
  if (org.member_uid) return org.member_uid;
  const m = PUNCHOUT_MEMBER;
  const uid = s.db.get<{ uid: number }>('SELECT COALESCE(MAX(uid), 0) + 1 AS uid FROM users')!.uid;
  s.db.insert('users', {
    uid,
    phone: m.phone,
    username: m.username,
    have_shop: 0,
    birthday: null,
    avatar: '',
    company_verified: 0,
    privacy_state: 'y',
    password_hash: `disabled:${randomBytes(8).toString('hex')}`,
    privacy_log: '[]',
    created_at: s.now(),
  });
  s.db.run('UPDATE punchout_orgs SET member_uid = ? WHERE id = ?', uid, org.id);
  org.member_uid = uid;
  enrolMember(s, org.owner_uid, uid, ['BUYER']);
  memberOf(s, uid).addresses.push({ id: nextMemberId(s), regionIds: [], isDefault: 1, ...demoOrganisation.address, phone: m.phone });
  return uid;
}

/** Stores a new secret for an organisation; earlier ones of the kind stay valid `overlapMs` longer (rotation). */
export function addSecret(s: State, orgId: number, kind: 'cxml' | 'oci', secret: string, overlapMs: number): void {
  const now = s.now();
  s.db.run(
    'UPDATE punchout_secrets SET valid_to = ? WHERE org_id = ? AND kind = ? AND (valid_to IS NULL OR valid_to > ?)',
    now + overlapMs,
    orgId,
    kind,
    now + overlapMs,
  );
  const salt = randomBytes(16).toString('hex');
  s.db.insert('punchout_secrets', {
    id: s.db.next('punchout_secret'),
    org_id: orgId,
    kind,
    salt,
    hash: hashSecret(secret, salt).toString('hex'),
    valid_from: now,
    valid_to: null,
  });
}

/**
 * The organisation behind a credential, or a 401: cXML by (domain, identity), OCI by its user (domain `OCI`). Every valid
 * secret is hashed and compared in constant time; an unknown identity still costs one hash, so timing tells nothing.
 */
function authenticate(s: State, cred: { identity: string; domain: string; secret: string; deploymentMode: string }): OrgRow {
  if (!viewOn(s.db, FEATURE)) throw new Fail(404, '页面不存在');
  const oci = cred.domain === 'OCI';
  const org = oci
    ? s.db.get<OrgRow>('SELECT * FROM punchout_orgs WHERE oci_user = ?', cred.identity)
    : s.db.get<OrgRow>('SELECT * FROM punchout_orgs WHERE domain = ? AND identity = ?', cred.domain, cred.identity);
  const now = s.now();
  const secrets = org
    ? s.db.all<{ salt: string; hash: string }>(
        'SELECT salt, hash FROM punchout_secrets WHERE org_id = ? AND kind = ? AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)',
        org.id,
        oci ? 'oci' : 'cxml',
        now,
        now,
      )
    : [{ salt: 'no-such-organisation', hash: '00'.repeat(32) }];
  let ok = false;
  for (const x of secrets) ok = timingSafeEqual(hashSecret(cred.secret, x.salt), Buffer.from(x.hash, 'hex')) || ok;
  if (!org || !ok) throw new Fail(401, PUNCHOUT_MSG.credential);
  // cXML names its deployment mode; a test organisation takes only test documents and a production one only production.
  if (!oci && cred.deploymentMode !== org.mode) throw new Fail(403, PUNCHOUT_MSG.mode);
  return org;
}

const sessionOut = (r: SessionRow, org: OrgRow): Session => ({
  id: r.id,
  protocol: r.protocol,
  operation: r.operation,
  returnUrl: r.return_url,
  buyerCookie: r.buyer_cookie,
  target: r.target,
  expiresAt: r.expires_at,
  organisation: orgOut(org),
});

function setup(ctx: RouteCtx<typeof contract.setup>) {
  const org = authenticate(ctx, ctx.input);
  const i = ctx.input;
  if (!originAllowed(i.returnUrl, JSON.parse(org.origins) as string[])) throw new Fail(403, PUNCHOUT_MSG.origin);
  const key = randomBytes(32).toString('base64url');
  const now = ctx.now();
  ctx.db.insert('punchout_sessions', {
    id: randomBytes(16).toString('hex'),
    org_id: org.id,
    key_hash: sha256(key),
    key_expires: now + START_KEY_MS,
    key_used: 0,
    protocol: i.protocol,
    operation: i.operation,
    return_url: i.returnUrl,
    buyer_cookie: i.buyerCookie,
    target: i.target || '_top',
    lines: JSON.stringify(i.operation === 'create' ? [] : i.lines),
    created_at: now,
    expires_at: now + START_KEY_MS,
  });
  return { key, expiresAt: now + START_KEY_MS, organisation: orgOut(org) };
}

/** Spends the one-time key: the session starts (its cart made from the lines sent, empty for create) with a login of the member. */
function start(ctx: RouteCtx<typeof contract.start>) {
  if (!viewOn(ctx.db, FEATURE)) throw new Fail(404, '页面不存在');
  const now = ctx.now();
  const r = ctx.db.get<SessionRow>('SELECT * FROM punchout_sessions WHERE key_hash = ?', sha256(ctx.input.key));
  if (!r || r.key_used || r.key_expires <= now) throw new Fail(403, PUNCHOUT_MSG.key);
  const org = ctx.db.get<OrgRow>('SELECT * FROM punchout_orgs WHERE id = ?', r.org_id)!;
  ctx.db.run('UPDATE punchout_sessions SET key_used = 1, expires_at = ? WHERE id = ?', now + SESSION_MS, r.id);
  const uid = memberFor(ctx, org);
  // A fresh punchout starts from the lines it was sent (none for create): never a stale basket of an earlier one.
  const cart = cartOf(ctx, uid);
  const sent = JSON.parse(r.lines) as { skuId: number; num: number }[];
  cart.lines = sent.filter((l) => findSku(ctx, l.skuId)).map((l) => ({ sku_id: l.skuId, num: l.num, checked: 1 as const }));
  cart.buyNow = null;
  return { session: sessionOut({ ...r, expires_at: now + SESSION_MS }, org), login: openLogin(ctx.db, uid, now) };
}

/** The cart going back: the session's member's checked lines at the prices checkout would charge them. */
function cart(ctx: RouteCtx<typeof contract.cart>) {
  const r = ctx.db.get<SessionRow>('SELECT * FROM punchout_sessions WHERE id = ? AND key_used = 1', ctx.input.session);
  const org = r && ctx.db.get<OrgRow>('SELECT * FROM punchout_orgs WHERE id = ?', r.org_id);
  if (!r || !org || org.member_uid !== ctx.uid || r.expires_at <= ctx.now() || !viewOn(ctx.db, FEATURE))
    throw new Fail(404, PUNCHOUT_MSG.session);
  const lines = cartOf(ctx, ctx.uid).lines.flatMap((l) => {
    const found = l.checked ? findSku(ctx, l.sku_id) : null;
    if (!found) return [];
    const { unit, agreed } = unitCents(ctx, ctx.uid!, found.sku, l.num);
    const g = found.goods;
    return [
      {
        skuId: l.sku_id,
        goodsId: g.id,
        name: g.goodsName,
        specs: specsOf(found.sku),
        num: l.num,
        unitFen: unit,
        unit: found.sku.unit,
        agreementNo: agreed?.agreementNo ?? null,
      },
    ];
  });
  return { session: sessionOut(r, org), lines };
}

interface OrderLink {
  order_id: number;
  payload_id: string;
  type: string;
}

/** The member's address for a ShipTo: an existing one with the same text, else added (the company's new delivery point). */
function addressFor(s: State, uid: number, shipTo: { name: string; phone: string; address: string } | null): number {
  const have = addressesOf(s, uid);
  if (!shipTo || !shipTo.address) return have[0]?.id ?? 0;
  const same = have.find((a) => a.detail === shipTo.address && a.name === shipTo.name);
  if (same) return same.id;
  const id = nextMemberId(s);
  memberOf(s, uid).addresses.push({
    id,
    name: shipTo.name || '收货人',
    phone: shipTo.phone || PUNCHOUT_MEMBER.phone,
    regionIds: [],
    regionText: '',
    detail: shipTo.address,
    isDefault: have.length ? 0 : 1,
  });
  return id;
}

const outcome = (o: OrderRec, changed: boolean) => ({
  orderId: o.id,
  orderSn: o.sn,
  status: o.status,
  changed,
  payable: o.payable,
  onAccount: o.payType === 'CREDIT',
});

/**
 * Whether a shop order may still change: unpaid and not yet handled (NEW, CONFIRM), as the member's own cancel allows, or on
 * account and not yet shipped (PAID_OFF with nothing paid). Waiting for approval, paid or shipped, it may not.
 */
const open = (o: OrderRec): boolean => o.status === 'NEW' || o.status === 'CONFIRM' || (o.status === 'PAID_OFF' && o.payType === 'CREDIT');

/** Cancels an order the buyer's system changes or withdraws: its stock comes back, and the credit it used at once. */
function withdraw(s: State, o: OrderRec, reason: string): void {
  cancelBeforeShipping(s, o, reason);
  if (o.payType === 'CREDIT') releaseOnAccount(s, o.id);
}

/**
 * Places an OrderRequest's order: on account where the company has credit terms (docs/credit.md), else waiting for payment
 * as any order. A refusal by the credit rules (a bill overdue, over the credit left) places nothing and answers 409: the
 * same request succeeds once another act (a payment) changes the account (docs/punchout.md, "OrderRequest").
 */
function placeFor(sb: Sandbox, s: State, uid: number, i: OrderInput, addressId: number): OrderRec {
  const input = { poNumber: i.poNumber, ...(buysOnAccount(s, uid) ? { payMethod: 'CREDIT' } : {}) };
  try {
    return placeOrder(sb, s, { uid, lines: i.lines, addressId, remark: i.comments, input });
  } catch (e) {
    if (e instanceof CreditRefused) throw new Fail(409, e.message);
    throw e;
  }
}

function order(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.order>) => {
    const org = authenticate(ctx, ctx.input);
    const i = ctx.input;
    const uid = memberFor(ctx, org);
    const link = ctx.db.get<OrderLink>(
      'SELECT order_id, payload_id, type FROM punchout_orders WHERE org_id = ? AND order_ref = ?',
      org.id,
      i.orderId,
    );
    const existing = link ? findOrder(ctx, link.order_id) : null;
    const place = () => placeFor(sb, ctx, uid, i, addressFor(ctx, uid, i.shipTo));
    const save = (orderId: number) =>
      ctx.db.run(
        'INSERT OR REPLACE INTO punchout_orders (org_id, order_ref, order_id, payload_id, type, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        org.id,
        i.orderId,
        orderId,
        i.payloadId,
        i.type,
        ctx.now(),
      );
    if (i.type === 'new') {
      // The same orderID again (a retry, a resend): the order it made, nothing new.
      if (existing) return outcome(existing, false);
      const o = place();
      save(o.id);
      return outcome(o, true);
    }
    if (!existing) throw new Fail(404, PUNCHOUT_MSG.noOrder);
    if (i.type === 'delete') {
      if (existing.status === 'CANCELLED') return outcome(existing, false);
      if (!open(existing)) throw new Fail(409, PUNCHOUT_MSG.locked);
      withdraw(ctx, existing, '采购系统取消订单');
      save(existing.id);
      return outcome(existing, true);
    }
    if (link?.payload_id === i.payloadId) return outcome(existing, false);
    if (!open(existing)) throw new Fail(409, PUNCHOUT_MSG.locked);
    // An update replaces the order: the open one is cancelled (its stock and credit come back) and the new lines are placed
    // under the same orderID.
    withdraw(ctx, existing, `采购系统更新订单 ${i.orderId}`);
    const o = place();
    save(o.id);
    return outcome(o, true);
  };
}

function verify(ctx: RouteCtx<typeof contract.verify>) {
  return orgOut(authenticate(ctx, ctx.input));
}

// The demo organisation with its two secrets. Its member is made on first use (memberOf below), so seeding adds no user.
function seedPunchout(s: Seeding) {
  const o = demoOrganisation;
  s.db.insert('punchout_orgs', {
    id: o.id,
    name: o.name,
    system: o.system,
    identity: o.identity,
    domain: o.domain,
    oci_user: o.ociUser,
    owner_uid: o.ownerUid,
    member_uid: 0,
    mode: o.mode,
    origins: JSON.stringify(o.origins),
  });
  const state: State = { db: s.db, now: () => s.at };
  addSecret(state, o.id, 'cxml', o.cxmlSecret, 0);
  addSecret(state, o.id, 'oci', o.ociPassword, 0);
}

/** Rotation (the back office's act): a new secret for an organisation; the old ones stay valid `overlapHours` longer. */
function hookRotate(ctx: Ctx<unknown>) {
  const body = (ctx.input ?? {}) as { org?: number; kind?: string; secret?: string; overlapHours?: number };
  if (typeof body.secret !== 'string' || body.secret.length < 12) throw new Fail(400, '新密钥至少 12 个字符');
  const kind = body.kind === 'oci' ? 'oci' : 'cxml';
  const org = ctx.db.get<{ id: number }>('SELECT id FROM punchout_orgs WHERE id = ?', body.org ?? 0);
  if (!org) throw new Fail(404, '采购组织不存在');
  addSecret(ctx, org.id, kind, body.secret, Math.max(0, body.overlapHours ?? 24) * 3600_000);
  return { rotated: true };
}

export function install(sb: Sandbox): void {
  sb.seed('punchout', seedPunchout);
  sb.on(contract.verify, verify);
  sb.on(contract.setup, setup);
  sb.on(contract.start, start);
  sb.on(contract.cart, cart);
  sb.on(contract.order, order(sb));
  sb.hook('POST', '/punchout/rotate', hookRotate);
  installTester(sb);
}
