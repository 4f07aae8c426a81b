/** The sandbox database's schema as numbered migrations, applied in order at start and recorded in `schema_migrations`; append a new entry, never edit an applied one. JSON columns (`data`) hold the nested details of one row that no query looks into. */

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'tables of every domain',
    sql: `
-- core
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);

-- site and view control, embed clicks
CREATE TABLE site_info (id INTEGER PRIMARY KEY CHECK (id = 1), siteon INTEGER NOT NULL, close_reson TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE view_control (view_name TEXT PRIMARY KEY, is_show INTEGER NOT NULL, pos INTEGER NOT NULL);
CREATE TABLE embed_clicks (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, body TEXT NOT NULL);

-- captchas and uploads (common)
CREATE TABLE captchas (uuid TEXT PRIMARY KEY, answer TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX captchas_expiry ON captchas (expires_at);
CREATE TABLE uploads (id INTEGER PRIMARY KEY AUTOINCREMENT, uid INTEGER NOT NULL, url TEXT NOT NULL, name TEXT NOT NULL, size INTEGER NOT NULL, type TEXT NOT NULL, sha256 TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX uploads_url ON uploads (url, uid);

-- users and sessions
CREATE TABLE users (
  uid INTEGER PRIMARY KEY, phone TEXT NOT NULL, email TEXT, username TEXT NOT NULL, have_shop INTEGER NOT NULL, birthday INTEGER,
  avatar TEXT NOT NULL, company_verified INTEGER NOT NULL, privacy_state TEXT NOT NULL, password_hash TEXT NOT NULL,
  privacy_log TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE UNIQUE INDEX users_phone ON users (phone) WHERE phone <> '';
CREATE UNIQUE INDEX users_email ON users (email) WHERE email IS NOT NULL;
CREATE TABLE sessions (
  sid TEXT PRIMARY KEY, uid INTEGER NOT NULL, access TEXT NOT NULL UNIQUE, refresh TEXT NOT NULL UNIQUE,
  access_expires INTEGER NOT NULL, refresh_expires INTEGER NOT NULL, visitor TEXT);
CREATE INDEX sessions_uid ON sessions (uid);
CREATE INDEX sessions_expiry ON sessions (refresh_expires);
CREATE TABLE sms_codes (
  key TEXT PRIMARY KEY, code TEXT NOT NULL, type TEXT NOT NULL, sent_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  tries INTEGER NOT NULL, used INTEGER NOT NULL, day TEXT NOT NULL, sent_today INTEGER NOT NULL);
CREATE TABLE login_guards (account TEXT PRIMARY KEY, failures INTEGER NOT NULL, last_failure_at INTEGER NOT NULL, locked_until INTEGER NOT NULL);
CREATE TABLE refresh_counts (uid INTEGER PRIMARY KEY, count INTEGER NOT NULL);
CREATE TABLE messages (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL, read INTEGER NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX messages_uid ON messages (uid, read);

-- catalogue: goods and their SKUs with the stock left
CREATE TABLE goods (
  id INTEGER PRIMARY KEY, goods_name TEXT NOT NULL, brief TEXT NOT NULL, thumbnail TEXT NOT NULL, price REAL NOT NULL, sales INTEGER NOT NULL,
  shop_id INTEGER NOT NULL, shop_name TEXT NOT NULL, category_id INTEGER NOT NULL, category_pid INTEGER NOT NULL,
  market_enable INTEGER NOT NULL, delist_reason TEXT NOT NULL, search_text TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX goods_category ON goods (market_enable, category_id);
CREATE INDEX goods_pid ON goods (market_enable, category_pid);
CREATE INDEX goods_shop ON goods (shop_id, market_enable);
CREATE TABLE skus (sku_id INTEGER PRIMARY KEY, goods_id INTEGER NOT NULL REFERENCES goods (id), pos INTEGER NOT NULL, price REAL NOT NULL, stock INTEGER NOT NULL CHECK (stock >= 0), data TEXT NOT NULL);
CREATE INDEX skus_goods ON skus (goods_id, pos);

-- carts
CREATE TABLE cart_lines (uid INTEGER NOT NULL, sku_id INTEGER NOT NULL, num INTEGER NOT NULL, checked INTEGER NOT NULL, pos INTEGER NOT NULL, PRIMARY KEY (uid, sku_id));
CREATE TABLE cart_activities (uid INTEGER NOT NULL, shop_id INTEGER NOT NULL, activity_id INTEGER NOT NULL, PRIMARY KEY (uid, shop_id));
CREATE TABLE cart_buy_now (uid INTEGER PRIMARY KEY, sku_id INTEGER NOT NULL, num INTEGER NOT NULL);

-- member centre: company, addresses, invoice titles and invoices, coupons, points, tickets, favourites
CREATE TABLE companies (uid INTEGER PRIMARY KEY, status TEXT, data TEXT NOT NULL);
CREATE TABLE addresses (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, is_default INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX addresses_uid ON addresses (uid);
CREATE TABLE invoice_titles (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, is_default INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX invoice_titles_uid ON invoice_titles (uid);
CREATE TABLE coupon_templates (coupon_id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, end_time INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE member_coupons (uid INTEGER NOT NULL, coupon_id INTEGER NOT NULL, received_at INTEGER NOT NULL, used_at INTEGER, order_sn TEXT NOT NULL, pos INTEGER NOT NULL, PRIMARY KEY (uid, coupon_id));
CREATE TABLE points (uid INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
CREATE TABLE points_log (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, change INTEGER NOT NULL, balance INTEGER NOT NULL, reason TEXT NOT NULL, time INTEGER NOT NULL, pos INTEGER NOT NULL);
CREATE INDEX points_log_uid ON points_log (uid, pos);
CREATE TABLE tickets (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, status TEXT NOT NULL, create_time INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX tickets_uid ON tickets (uid, create_time);
CREATE TABLE collects (uid INTEGER NOT NULL, goods_id INTEGER NOT NULL, time INTEGER NOT NULL, PRIMARY KEY (uid, goods_id));
CREATE TABLE invoices (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, order_id INTEGER NOT NULL, status TEXT NOT NULL, create_time INTEGER NOT NULL, pos INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX invoices_uid ON invoices (uid, create_time);
CREATE INDEX invoices_order ON invoices (order_id);

-- orders with their lines and status history; after-sales
CREATE TABLE orders (
  id INTEGER PRIMARY KEY, sn TEXT NOT NULL UNIQUE, uid INTEGER NOT NULL, status TEXT NOT NULL, prev_status TEXT, create_time INTEGER NOT NULL,
  payable INTEGER NOT NULL, deposit INTEGER NOT NULL, paid_at INTEGER, received_at INTEGER, transfer_at INTEGER, data TEXT NOT NULL);
CREATE INDEX orders_uid_time ON orders (uid, create_time DESC, id);
CREATE INDEX orders_uid_status ON orders (uid, status, create_time DESC, id);
CREATE TABLE order_lines (order_id INTEGER NOT NULL REFERENCES orders (id), pos INTEGER NOT NULL, sku_id INTEGER NOT NULL, num INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (order_id, pos));
CREATE TABLE order_logs (order_id INTEGER NOT NULL REFERENCES orders (id), pos INTEGER NOT NULL, status TEXT NOT NULL, time INTEGER NOT NULL, note TEXT NOT NULL, PRIMARY KEY (order_id, pos));
CREATE TABLE order_keys (uid INTEGER NOT NULL, key TEXT NOT NULL, order_id INTEGER NOT NULL, PRIMARY KEY (uid, key));
CREATE TABLE after_sales (
  id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, order_id INTEGER NOT NULL, sku_id INTEGER NOT NULL, type TEXT NOT NULL, status TEXT NOT NULL,
  create_time INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX after_sales_uid ON after_sales (uid, create_time);
CREATE INDEX after_sales_order ON after_sales (order_id);

-- content: encyclopedia, cases, news, service articles, community, comments and likes
CREATE TABLE wiki (id INTEGER PRIMARY KEY, category_id INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE cases (id INTEGER PRIMARY KEY, category_id INTEGER NOT NULL, published_at TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE news (
  id INTEGER PRIMARY KEY, category_id INTEGER NOT NULL, published_at TEXT NOT NULL, title TEXT NOT NULL, summary TEXT NOT NULL,
  synthetic INTEGER NOT NULL DEFAULT 0, data TEXT NOT NULL);
CREATE INDEX news_order ON news (published_at DESC, id DESC);
CREATE INDEX news_category ON news (category_id, published_at DESC, id DESC);
CREATE TABLE service_articles (article_id INTEGER PRIMARY KEY, category_id INTEGER NOT NULL, pos INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE posts (id INTEGER PRIMARY KEY, created_at TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX posts_order ON posts (created_at DESC, id DESC);
CREATE TABLE comments (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, target_id INTEGER NOT NULL, created_at TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX comments_target ON comments (kind, target_id, created_at DESC, id DESC);
CREATE TABLE comment_replies (id INTEGER PRIMARY KEY, comment_id INTEGER NOT NULL REFERENCES comments (id), data TEXT NOT NULL);
CREATE INDEX comment_replies_comment ON comment_replies (comment_id, id);
CREATE TABLE likes (kind TEXT NOT NULL, target_id INTEGER NOT NULL, uid INTEGER NOT NULL, PRIMARY KEY (kind, target_id, uid));
`,
  },
  {
    version: 2,
    name: 'cylinders: fleet, rent plans, holdings, return requests, ledger',
    sql: `
CREATE TABLE cylinders (serial TEXT PRIMARY KEY, kind TEXT NOT NULL, gas_id INTEGER NOT NULL, location TEXT NOT NULL, next_inspection TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX cylinders_stock ON cylinders (kind, location, serial);
CREATE TABLE cylinder_plans (id INTEGER PRIMARY KEY, uid INTEGER, goods_id INTEGER, size_class TEXT, data TEXT NOT NULL);
CREATE TABLE cylinder_holdings (
  id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, serial TEXT NOT NULL, order_id INTEGER NOT NULL, order_sn TEXT NOT NULL, line_pos INTEGER NOT NULL,
  sku_id INTEGER NOT NULL, goods_id INTEGER NOT NULL, gas_id INTEGER NOT NULL, goods_name TEXT NOT NULL, delivered_day INTEGER NOT NULL,
  picked_day INTEGER, return_id INTEGER, state TEXT NOT NULL, plan TEXT NOT NULL, deposit INTEGER NOT NULL);
CREATE INDEX cylinder_holdings_uid ON cylinder_holdings (uid, state);
CREATE INDEX cylinder_holdings_serial ON cylinder_holdings (serial, state);
CREATE INDEX cylinder_holdings_order ON cylinder_holdings (uid, order_sn, line_pos);
CREATE INDEX cylinder_holdings_return ON cylinder_holdings (return_id);
CREATE TABLE cylinder_returns (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, no TEXT NOT NULL UNIQUE, status TEXT NOT NULL, create_time INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX cylinder_returns_uid ON cylinder_returns (uid, status, create_time DESC);
CREATE TABLE cylinder_return_keys (uid INTEGER NOT NULL, key TEXT NOT NULL, return_id INTEGER NOT NULL, PRIMARY KEY (uid, key));
CREATE TABLE cylinder_ledger (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, time INTEGER NOT NULL, kind TEXT NOT NULL, amount INTEGER NOT NULL, serial TEXT NOT NULL, ref TEXT NOT NULL, note TEXT NOT NULL);
CREATE INDEX cylinder_ledger_uid ON cylinder_ledger (uid, time DESC, id DESC);
`,
  },
  {
    version: 3,
    name: 'certificates of analysis (docs/gas-features.md)',
    sql: `
CREATE TABLE coa_certificates (
  cert_no TEXT PRIMARY KEY, uid INTEGER NOT NULL, order_sn TEXT NOT NULL, line_pos INTEGER NOT NULL, goods_id INTEGER NOT NULL,
  sku_id INTEGER NOT NULL, serial TEXT NOT NULL, product_name TEXT NOT NULL, analysed_at INTEGER NOT NULL, valid_until INTEGER NOT NULL,
  data TEXT NOT NULL);
CREATE INDEX coa_certificates_uid ON coa_certificates (uid, analysed_at DESC);
CREATE INDEX coa_certificates_order ON coa_certificates (order_sn, line_pos);
CREATE UNIQUE INDEX coa_certificates_pair ON coa_certificates (cert_no, serial);
`,
  },
  {
    version: 4,
    name: 'quotes: requests, their thread, quote versions and the order of each accepted quote',
    sql: `
CREATE TABLE quotes (
  id INTEGER PRIMARY KEY, sn TEXT NOT NULL UNIQUE, uid INTEGER NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL, title TEXT NOT NULL,
  create_time INTEGER NOT NULL, update_time INTEGER NOT NULL, accepted_version INTEGER, order_id INTEGER, order_sn TEXT,
  buyer_seen INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX quotes_uid ON quotes (uid, update_time DESC);
CREATE TABLE quote_messages (
  id INTEGER PRIMARY KEY, quote_id INTEGER NOT NULL REFERENCES quotes (id), sender TEXT NOT NULL, content TEXT NOT NULL,
  attachments TEXT NOT NULL, time INTEGER NOT NULL);
CREATE INDEX quote_messages_quote ON quote_messages (quote_id, id);
CREATE TABLE quote_versions (
  quote_id INTEGER NOT NULL REFERENCES quotes (id), version INTEGER NOT NULL, lines TEXT NOT NULL, freight INTEGER NOT NULL,
  valid_until INTEGER NOT NULL, terms TEXT NOT NULL, time INTEGER NOT NULL, PRIMARY KEY (quote_id, version));
CREATE TABLE quote_orders (order_id INTEGER PRIMARY KEY, quote_id INTEGER NOT NULL UNIQUE REFERENCES quotes (id), version INTEGER NOT NULL);
`,
  },
  {
    version: 5,
    name: 'company accounts: members and roles, invitations, orders placed under a company with their PO number and approval',
    sql: `
CREATE TABLE company_accounts (id INTEGER PRIMARY KEY, owner_uid INTEGER NOT NULL UNIQUE, po_required INTEGER NOT NULL, cost_centre_required INTEGER NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE company_members (uid INTEGER PRIMARY KEY, company_id INTEGER NOT NULL REFERENCES company_accounts (id), roles TEXT NOT NULL, limit_order INTEGER, limit_month INTEGER, joined_at INTEGER NOT NULL);
CREATE INDEX company_members_company ON company_members (company_id);
CREATE TABLE company_invites (
  id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL REFERENCES company_accounts (id), phone TEXT NOT NULL, roles TEXT NOT NULL, limit_order INTEGER,
  limit_month INTEGER, invited_by INTEGER NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX company_invites_phone ON company_invites (phone, status);
CREATE INDEX company_invites_company ON company_invites (company_id, status);
CREATE TABLE company_orders (
  order_id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL REFERENCES company_accounts (id), uid INTEGER NOT NULL, sn TEXT NOT NULL, po_number TEXT NOT NULL,
  cost_centre TEXT NOT NULL, amount INTEGER NOT NULL, create_time INTEGER NOT NULL, approval TEXT, reason TEXT NOT NULL, approver_uid INTEGER,
  comment TEXT NOT NULL, decided_at INTEGER);
CREATE INDEX company_orders_company ON company_orders (company_id, create_time);
CREATE INDEX company_orders_uid ON company_orders (uid, create_time);
CREATE INDEX company_orders_sn ON company_orders (sn);
CREATE TABLE company_vat (company_id INTEGER PRIMARY KEY REFERENCES company_accounts (id), data TEXT NOT NULL, checked_by INTEGER NOT NULL, checked_at INTEGER NOT NULL);
CREATE TABLE company_invoices (
  id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL UNIQUE, company_id INTEGER NOT NULL REFERENCES company_accounts (id), uid INTEGER NOT NULL, sn TEXT NOT NULL,
  amount INTEGER NOT NULL, status TEXT NOT NULL, invoice_no TEXT NOT NULL, vat TEXT NOT NULL, po_number TEXT NOT NULL, create_time INTEGER NOT NULL, issue_time INTEGER);
CREATE INDEX company_invoices_company ON company_invoices (company_id, create_time);
`,
  },
  {
    version: 6,
    name: 'hazardous chemicals: goods classes, company permits, shipments by dangerous-goods class',
    sql: `
CREATE TABLE hazmat_goods (goods_id INTEGER PRIMARY KEY, un TEXT NOT NULL, labels TEXT NOT NULL, control_class TEXT, control_source TEXT NOT NULL DEFAULT '');
CREATE TABLE hazmat_permits (
  id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, control_class TEXT NOT NULL, number TEXT NOT NULL, authority TEXT NOT NULL,
  valid_from TEXT NOT NULL, valid_to TEXT NOT NULL, scan_url TEXT NOT NULL, status TEXT NOT NULL, review_note TEXT NOT NULL, create_time INTEGER NOT NULL);
CREATE INDEX hazmat_permits_uid ON hazmat_permits (uid, control_class);
CREATE TABLE hazmat_shipments (order_id INTEGER NOT NULL, no INTEGER NOT NULL, uid INTEGER NOT NULL, sn TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (order_id, no));
CREATE INDEX hazmat_shipments_sn ON hazmat_shipments (uid, sn);
`,
  },
  {
    version: 7,
    name: "company month spend read from the index alone (every company checkout sums the buyer's month)",
    sql: `
CREATE INDEX company_orders_uid_spend ON company_orders (uid, create_time, approval, amount);
DROP INDEX company_orders_uid;
`,
  },
  {
    version: 8,
    name: 'personal-information rights: sign-in history, deletion requests, one-time export tokens, consents, cookie choices (docs/privacy.md)',
    sql: `
CREATE TABLE privacy_signins (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, sid TEXT NOT NULL, way TEXT NOT NULL, ip TEXT NOT NULL, user_agent TEXT NOT NULL, time INTEGER NOT NULL);
CREATE INDEX privacy_signins_uid ON privacy_signins (uid, time DESC, id DESC);
CREATE TABLE privacy_deletions (
  id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, status TEXT NOT NULL, requested_at INTEGER NOT NULL, due_at INTEGER NOT NULL, ended_at INTEGER,
  note TEXT NOT NULL, notice TEXT);
CREATE INDEX privacy_deletions_uid ON privacy_deletions (uid, id DESC);
CREATE INDEX privacy_deletions_due ON privacy_deletions (status, due_at);
CREATE TABLE privacy_exports (token_hash TEXT PRIMARY KEY, uid INTEGER NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL);
CREATE INDEX privacy_exports_uid ON privacy_exports (uid, created_at);
CREATE TABLE privacy_consents (uid INTEGER PRIMARY KEY, marketing INTEGER NOT NULL, marketing_at INTEGER, cookie_choice TEXT, cookie_at INTEGER);
CREATE TABLE privacy_cookie_choices (id INTEGER PRIMARY KEY, visitor TEXT NOT NULL, uid INTEGER, choice TEXT NOT NULL, time INTEGER NOT NULL);
`,
  },
  {
    version: 9,
    name: 'bulk tanks: tanks with their gateway, readings (one per reading id), alerts sent, automatic replenishments (one open per tank)',
    sql: `
CREATE TABLE tanks (
  id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, name TEXT NOT NULL, product TEXT NOT NULL, sku_id INTEGER NOT NULL, capacity_m3 REAL NOT NULL,
  location TEXT NOT NULL, address_id INTEGER NOT NULL, reorder_pct REAL NOT NULL, lead_days INTEGER NOT NULL, auto_replenish INTEGER NOT NULL,
  po_number TEXT NOT NULL, device_id TEXT NOT NULL UNIQUE, device_key TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX tanks_uid ON tanks (uid);
CREATE TABLE tank_readings (tank_id INTEGER NOT NULL, reading_id TEXT NOT NULL, at INTEGER NOT NULL, level_pct REAL NOT NULL, source TEXT NOT NULL, PRIMARY KEY (tank_id, reading_id));
CREATE INDEX tank_readings_at ON tank_readings (tank_id, at);
CREATE TABLE tank_alerts (id INTEGER PRIMARY KEY, tank_id INTEGER NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, at INTEGER NOT NULL, message TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (tank_id, key));
CREATE TABLE tank_replenishments (
  id INTEGER PRIMARY KEY, tank_id INTEGER NOT NULL, reason TEXT NOT NULL, status TEXT NOT NULL, order_id INTEGER, sn TEXT, tonnes REAL NOT NULL,
  planned_on TEXT, note TEXT NOT NULL, created_at INTEGER NOT NULL, closed_at INTEGER);
CREATE UNIQUE INDEX tank_replenishments_open ON tank_replenishments (tank_id) WHERE status = 'OPEN';
`,
  },
  {
    version: 10,
    name: 'standing orders: the orders, their occurrences (one row per standing order and date: skipped, changed, ordered, failed) and the orders they placed',
    sql: `
CREATE TABLE standing_orders (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, no TEXT NOT NULL UNIQUE, status TEXT NOT NULL, due_from INTEGER NOT NULL, create_time INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX standing_orders_uid ON standing_orders (uid, id);
CREATE INDEX standing_orders_status ON standing_orders (status, due_from);
CREATE TABLE standing_occurrences (
  standing_id INTEGER NOT NULL REFERENCES standing_orders (id), date TEXT NOT NULL, state TEXT NOT NULL, quantity INTEGER, order_sn TEXT,
  note TEXT NOT NULL, time INTEGER NOT NULL, PRIMARY KEY (standing_id, date));
CREATE TABLE standing_order_links (order_id INTEGER PRIMARY KEY, standing_id INTEGER NOT NULL REFERENCES standing_orders (id), date TEXT NOT NULL, UNIQUE (standing_id, date));
`,
  },
  {
    version: 11,
    name: 'draft previews: per article its latest draft version (data NULL once published), beside the published tables',
    sql: `
CREATE TABLE article_drafts (kind TEXT NOT NULL, id INTEGER NOT NULL, version INTEGER NOT NULL, saved_at TEXT NOT NULL, data TEXT, PRIMARY KEY (kind, id));
`,
  },
  {
    version: 12,
    name: 'refresh-token reuse (docs/security.md): per session the refresh token last rotated away, when, and the pair it gave (sealed under it); every spent refresh token until its own expiry',
    sql: `
ALTER TABLE sessions ADD COLUMN prev_refresh TEXT;
ALTER TABLE sessions ADD COLUMN rotated_at INTEGER;
ALTER TABLE sessions ADD COLUMN prev_pair TEXT;
CREATE TABLE refresh_spent (hash TEXT PRIMARY KEY, sid TEXT NOT NULL, expires INTEGER NOT NULL);
CREATE INDEX refresh_spent_expiry ON refresh_spent (expires);
CREATE INDEX refresh_spent_sid ON refresh_spent (sid);
`,
  },
  {
    version: 13,
    name: 'delivery: area calendars, filling stations, booked windows, each order’s delivery choice and pickup code, its shipments with their steps, proof and vehicle, and the SMS notices sent',
    sql: `
CREATE TABLE delivery_calendars (region_id INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE delivery_stations (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE delivery_bookings (id INTEGER PRIMARY KEY, place TEXT NOT NULL, date TEXT NOT NULL, win TEXT NOT NULL, order_id INTEGER);
CREATE INDEX delivery_bookings_place ON delivery_bookings (place, date);
CREATE UNIQUE INDEX delivery_bookings_order ON delivery_bookings (order_id) WHERE order_id IS NOT NULL;
CREATE TABLE delivery_orders (order_id INTEGER PRIMARY KEY, uid INTEGER NOT NULL, sn TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX delivery_orders_sn ON delivery_orders (uid, sn);
CREATE TABLE delivery_shipments (order_id INTEGER NOT NULL, n INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (order_id, n));
CREATE TABLE delivery_sms (id INTEGER PRIMARY KEY, phone TEXT NOT NULL, sn TEXT NOT NULL, text TEXT NOT NULL, time INTEGER NOT NULL);
CREATE INDEX delivery_sms_phone ON delivery_sms (phone, id);
`,
  },
  {
    version: 14,
    name: 'buying on credit (docs/credit.md): terms per company (keyed by the owner of its company information), orders on account, statements, disputes, bills, remittances, bank receipts, reminders; SMS notices',
    sql: `
CREATE TABLE credit_terms (owner_uid INTEGER PRIMARY KEY, term_days INTEGER NOT NULL, working_days INTEGER NOT NULL, line_fen INTEGER NOT NULL, currency TEXT NOT NULL);
CREATE TABLE credit_orders (
  order_id INTEGER PRIMARY KEY, owner_uid INTEGER NOT NULL, uid INTEGER NOT NULL, sn TEXT NOT NULL, amount INTEGER NOT NULL, deposit INTEGER NOT NULL,
  month TEXT NOT NULL, time INTEGER NOT NULL, approval INTEGER NOT NULL, billed INTEGER NOT NULL);
CREATE INDEX credit_orders_owner ON credit_orders (owner_uid, billed, month);
CREATE TABLE credit_statements (
  id INTEGER PRIMARY KEY, owner_uid INTEGER NOT NULL, month TEXT NOT NULL, status TEXT NOT NULL, issued_at INTEGER, confirmed_at INTEGER, bill_id INTEGER,
  data TEXT NOT NULL, UNIQUE (owner_uid, month));
CREATE TABLE credit_disputes (
  id INTEGER PRIMARY KEY, statement_id INTEGER NOT NULL REFERENCES credit_statements (id), line_ids TEXT NOT NULL, reason TEXT NOT NULL, status TEXT NOT NULL,
  answer TEXT NOT NULL, by_uid INTEGER NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX credit_disputes_statement ON credit_disputes (statement_id);
CREATE TABLE credit_bills (
  id INTEGER PRIMARY KEY, owner_uid INTEGER NOT NULL, statement_id INTEGER, month TEXT NOT NULL, amount INTEGER NOT NULL, paid INTEGER NOT NULL,
  due_on TEXT NOT NULL, created_at INTEGER NOT NULL, paid_at INTEGER);
CREATE INDEX credit_bills_owner ON credit_bills (owner_uid, id);
CREATE INDEX credit_bills_open ON credit_bills (due_on) WHERE paid < amount;
CREATE TABLE credit_remittances (
  id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, owner_uid INTEGER NOT NULL, bill_ids TEXT NOT NULL, amount INTEGER NOT NULL, received INTEGER NOT NULL,
  slip TEXT, by_uid INTEGER NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX credit_remittances_owner ON credit_remittances (owner_uid);
CREATE TABLE credit_receipts (receipt_id TEXT PRIMARY KEY, amount INTEGER NOT NULL, note TEXT NOT NULL, result TEXT NOT NULL, at INTEGER NOT NULL);
CREATE TABLE credit_bill_receipts (bill_id INTEGER NOT NULL, receipt_id TEXT NOT NULL, amount INTEGER NOT NULL, code TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (bill_id, receipt_id));
CREATE TABLE credit_reminders (bill_id INTEGER NOT NULL, kind TEXT NOT NULL, sent_at INTEGER NOT NULL, PRIMARY KEY (bill_id, kind));
CREATE TABLE sms_notices (id INTEGER PRIMARY KEY, phone TEXT NOT NULL, uid INTEGER NOT NULL, text TEXT NOT NULL, sent_at INTEGER NOT NULL);
CREATE INDEX sms_notices_phone ON sms_notices (phone, id);
`,
  },
  {
    version: 15,
    name: 'one SMS log: delivery’s SMS notices move into sms_notices, which names the order a notice is about (sn); delivery_sms dropped',
    sql: `
ALTER TABLE sms_notices ADD COLUMN sn TEXT;
INSERT INTO sms_notices (phone, uid, text, sent_at, sn)
  SELECT s.phone, COALESCE((SELECT o.uid FROM delivery_orders o WHERE o.sn = s.sn LIMIT 1), 0), s.text, s.time, s.sn FROM delivery_sms s ORDER BY s.id;
DROP TABLE delivery_sms;
`,
  },
  {
    version: 16,
    name: '数电票 (einvoice_part): issued blue and red invoices with their XML, the orders each covers, red-letter 确认单',
    sql: `
CREATE TABLE einvoices (
  number TEXT PRIMARY KEY, kind TEXT NOT NULL, uid INTEGER NOT NULL, company_id INTEGER, blue_number TEXT, gross INTEGER NOT NULL,
  red INTEGER NOT NULL, used INTEGER NOT NULL, issued_at INTEGER NOT NULL, data TEXT NOT NULL, xml TEXT NOT NULL);
CREATE INDEX einvoices_uid ON einvoices (uid, issued_at);
CREATE INDEX einvoices_company ON einvoices (company_id, issued_at);
CREATE INDEX einvoices_blue ON einvoices (blue_number);
CREATE TABLE einvoice_orders (order_id INTEGER PRIMARY KEY, number TEXT NOT NULL);
CREATE TABLE einvoice_confirmations (
  no TEXT PRIMARY KEY, blue_number TEXT NOT NULL, reason TEXT NOT NULL, amount INTEGER NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL,
  red_number TEXT, data TEXT NOT NULL);
CREATE INDEX einvoice_confirmations_blue ON einvoice_confirmations (blue_number);
CREATE INDEX einvoice_confirmations_due ON einvoice_confirmations (status, created_at);
`,
  },
  {
    version: 17,
    name: 'agreed prices (docs/prices.md): one agreement per company (keyed by the company account owner), its lines per SKU with tiers, minimum and multiple',
    sql: `
CREATE TABLE price_agreements (id INTEGER PRIMARY KEY, owner_uid INTEGER NOT NULL UNIQUE, agreement_no TEXT NOT NULL UNIQUE, company_name TEXT NOT NULL, valid_from TEXT NOT NULL, valid_to TEXT NOT NULL);
CREATE TABLE price_lines (agreement_id INTEGER NOT NULL REFERENCES price_agreements (id), sku_id INTEGER NOT NULL, tiers TEXT NOT NULL, min_qty INTEGER NOT NULL, multiple INTEGER NOT NULL, PRIMARY KEY (agreement_id, sku_id)) WITHOUT ROWID;
`,
  },
  {
    version: 18,
    name: 'purchase lists (docs/quick-order.md): named lists of a company (keyed by its account owner) or a member, their lines per SKU',
    sql: `
CREATE TABLE quick_lists (id INTEGER PRIMARY KEY, owner_uid INTEGER NOT NULL, name TEXT NOT NULL, updated_at INTEGER NOT NULL, updated_by INTEGER NOT NULL);
CREATE INDEX quick_lists_owner ON quick_lists (owner_uid, updated_at);
CREATE TABLE quick_list_lines (list_id INTEGER NOT NULL REFERENCES quick_lists (id), pos INTEGER NOT NULL, sku_id INTEGER NOT NULL, qty INTEGER NOT NULL, PRIMARY KEY (list_id, pos)) WITHOUT ROWID;
`,
  },
  {
    version: 19,
    name: 'punchout (docs/punchout.md): buyer organisations, their shared secrets (hashed, each with its validity window for rotation), punchout sessions with their one-time start keys, and the orders received by orderID',
    sql: `
CREATE TABLE punchout_orgs (id INTEGER PRIMARY KEY, name TEXT NOT NULL, system TEXT NOT NULL, identity TEXT NOT NULL, domain TEXT NOT NULL, oci_user TEXT UNIQUE, owner_uid INTEGER NOT NULL, member_uid INTEGER NOT NULL, mode TEXT NOT NULL, origins TEXT NOT NULL, UNIQUE (domain, identity));
CREATE TABLE punchout_secrets (id INTEGER PRIMARY KEY, org_id INTEGER NOT NULL REFERENCES punchout_orgs (id), kind TEXT NOT NULL, salt TEXT NOT NULL, hash TEXT NOT NULL, valid_from INTEGER NOT NULL, valid_to INTEGER);
CREATE TABLE punchout_sessions (id TEXT PRIMARY KEY, org_id INTEGER NOT NULL, key_hash TEXT NOT NULL UNIQUE, key_expires INTEGER NOT NULL, key_used INTEGER NOT NULL DEFAULT 0, protocol TEXT NOT NULL, operation TEXT NOT NULL, return_url TEXT NOT NULL, buyer_cookie TEXT NOT NULL, target TEXT NOT NULL, lines TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE punchout_orders (org_id INTEGER NOT NULL, order_ref TEXT NOT NULL, order_id INTEGER NOT NULL, payload_id TEXT NOT NULL, type TEXT NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (org_id, order_ref));
`,
  },
  {
    version: 20,
    name: '数电票 on one store of titles and from statements (docs/invoices.md): the company VAT details answer as an invoice title of its own id; a confirmed credit statement’s merged invoice (one per statement)',
    sql: `
ALTER TABLE company_vat ADD COLUMN title_id INTEGER;
CREATE TABLE einvoice_statements (owner_uid INTEGER NOT NULL, month TEXT NOT NULL, number TEXT NOT NULL, PRIMARY KEY (owner_uid, month)) WITHOUT ROWID;
`,
  },
];
