/** De-identification table by table: the demo member with data in every domain is erased, and each table is checked. */
import { expect, it } from 'vitest';
import { erase, textColumns } from '#sandbox/domains/privacy.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const { sandbox } = useSandbox();
const UID = 1;
const PHONE = '13800138000';

it('erases or de-identifies every table of the demo member, and the phone is nowhere in the database', () => {
  const sb = sandbox();
  sb.ready();
  const db = sb.db;
  const count = (sql: string) => db.get<{ n: number }>(sql, UID)!.n;
  // Data the demo member has before: the test is only worth something if these are there.
  const before = {
    orders: count('SELECT COUNT(*) AS n FROM orders WHERE uid = ?'),
    addresses: count('SELECT COUNT(*) AS n FROM addresses WHERE uid = ?'),
    holdings: count('SELECT COUNT(*) AS n FROM cylinder_holdings WHERE uid = ?'),
    company: count('SELECT COUNT(*) AS n FROM companies WHERE uid = ?'),
  };
  expect(before.orders).toBeGreaterThan(0);
  expect(before.addresses).toBeGreaterThan(0);
  expect(before.holdings).toBeGreaterThan(0);
  expect(before.company).toBeGreaterThan(0);
  // A sign-in record and a company invitation by phone, so those tables hold the member too.
  db.insert('privacy_signins', { uid: UID, sid: 'x', way: 'PASSWORD', ip: '203.0.113.9', user_agent: 'UA', time: 1 });

  db.tx(() => erase(sb, db, UID, Date.now()));

  // Deleted: the member's own lists.
  for (const t of [
    'addresses',
    'invoice_titles',
    'companies',
    'member_coupons',
    'points',
    'points_log',
    'tickets',
    'collects',
    'sessions',
    'messages',
    'uploads',
    'cart_lines',
    'privacy_signins',
    'hazmat_permits',
    'company_members',
  ])
    expect(count(`SELECT COUNT(*) AS n FROM ${t} WHERE uid = ?`), t).toBe(0);
  // Kept, de-identified: orders (accounting vouchers, 30 years).
  expect(count('SELECT COUNT(*) AS n FROM orders WHERE uid = ?')).toBe(before.orders);
  for (const o of db.all<{ data: string }>('SELECT data FROM orders WHERE uid = ?', UID)) {
    const d = JSON.parse(o.data) as { address: { name: string; phone: string; detail: string }; remark: string };
    expect(d.address).toMatchObject({ name: '已注销用户', phone: '', detail: '' });
    expect(d.remark).toBe('');
  }
  // Kept: the cylinder ledger and holdings (deposit accounts), without identity.
  expect(count('SELECT COUNT(*) AS n FROM cylinder_holdings WHERE uid = ?')).toBe(before.holdings);
  // The account is a tombstone no one can sign in as.
  expect(db.get('SELECT phone, email, username, password_hash, birthday FROM users WHERE uid = ?', UID)).toEqual({
    phone: '',
    email: null,
    username: '已注销用户',
    password_hash: 'erased',
    birthday: null,
  });
  // COA access ends.
  expect(count('SELECT COUNT(*) AS n FROM coa_certificates WHERE uid = ?')).toBe(0);

  // The whole database: no text column of any table holds the phone.
  const hits: string[] = [];
  for (const { table, columns } of textColumns(db))
    for (const c of columns)
      if (db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}" WHERE instr(CAST("${c}" AS TEXT), ?) > 0`, PHONE)!.n)
        hits.push(`${table}.${c}`);
  expect(hits).toEqual([]);
  // The other demo member is untouched.
  expect(db.get<{ phone: string }>('SELECT phone FROM users WHERE uid = 2')!.phone).toBe('13900139000');
});

it("the domains alone (without the sweep) already leave the demo member's phone in no table", () => {
  const sb = sandbox();
  sb.ready();
  const db = sb.db;
  const phone = PHONE;
  db.tx(() => {
    sb.emit('member.erasing', { db, now: Date.now(), uid: UID, phone, email: '', name: '' });
  });
  const hits: string[] = [];
  for (const { table, columns } of textColumns(db))
    for (const c of columns)
      if (db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}" WHERE instr(CAST("${c}" AS TEXT), ?) > 0`, phone)!.n)
        hits.push(`${table}.${c}`);
  // Only the account itself (users.phone, erased by the auth domain last) and its SMS state may still name it.
  expect(hits.filter((h) => !/^(users|sms_codes|login_guards)\./.test(h))).toEqual([]);
});
