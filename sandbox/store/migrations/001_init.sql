-- Kavach embedded API schema. Times are integer milliseconds from the API's clock.

-- Catalog (filled by sandbox/store/seed.ts from sandbox/store/seed-data.ts).
CREATE TABLE states (
  code TEXT PRIMARY KEY CHECK (length(code) = 2),
  name TEXT NOT NULL
);

CREATE TABLE companies (
  gstin TEXT PRIMARY KEY CHECK (length(gstin) = 15),
  company_name TEXT NOT NULL,
  state_code TEXT NOT NULL REFERENCES states(code),
  is_sez INTEGER NOT NULL CHECK (is_sez IN (0, 1))
);

CREATE TABLE coverages (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  is_default INTEGER NOT NULL CHECK (is_default IN (0, 1)),
  is_required INTEGER NOT NULL CHECK (is_required IN (0, 1)),
  monthly_paise INTEGER NOT NULL CHECK (monthly_paise >= 0),
  sort_order INTEGER NOT NULL
);

CREATE TABLE plans (
  plan_id TEXT PRIMARY KEY,
  group_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  sum_insured_inr INTEGER NOT NULL CHECK (sum_insured_inr > 0),
  default_visibility INTEGER NOT NULL CHECK (default_visibility IN (0, 1)),
  sort_order INTEGER NOT NULL
);

CREATE TABLE plan_features (
  plan_id TEXT NOT NULL REFERENCES plans(plan_id),
  position INTEGER NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (plan_id, position)
);

CREATE TABLE age_bands (
  code TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  sort_order INTEGER NOT NULL
);

CREATE TABLE family_ranges (
  code TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  sort_order INTEGER NOT NULL
);

CREATE TABLE family_range_relations (
  range_code TEXT NOT NULL REFERENCES family_ranges(code),
  position INTEGER NOT NULL,
  relation TEXT NOT NULL,
  PRIMARY KEY (range_code, position)
);

-- Monthly insurance price per member, one explicit row per band × range × sum insured.
CREATE TABLE rates (
  band TEXT NOT NULL REFERENCES age_bands(code),
  range_code TEXT NOT NULL REFERENCES family_ranges(code),
  sum_insured_inr INTEGER NOT NULL,
  monthly_paise INTEGER NOT NULL CHECK (monthly_paise > 0),
  PRIMARY KEY (band, range_code, sum_insured_inr)
);

-- People and sign-in.
CREATE TABLE users (
  mobile_no TEXT PRIMARY KEY,
  country_id INTEGER NOT NULL,
  whatsapp INTEGER NOT NULL DEFAULT 0 CHECK (whatsapp IN (0, 1)),
  created_at INTEGER NOT NULL
);

CREATE TABLE otp_codes (
  id INTEGER PRIMARY KEY,
  mobile_no TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  salt TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX otp_codes_by_mobile ON otp_codes (mobile_no, created_at);

-- Wrong tries are kept per number (not per code) so asking for a new code does not reset them.
CREATE TABLE otp_wrong_tries (
  id INTEGER PRIMARY KEY,
  mobile_no TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX otp_wrong_tries_by_mobile ON otp_wrong_tries (mobile_no, created_at);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  mobile_no TEXT NOT NULL REFERENCES users(mobile_no),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);

CREATE TABLE sms_outbox (
  id INTEGER PRIMARY KEY,
  mobile_no TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX sms_outbox_by_mobile ON sms_outbox (mobile_no, id);

CREATE TABLE app_link_requests (
  id INTEGER PRIMARY KEY,
  mobile_no TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX app_link_requests_by_mobile ON app_link_requests (mobile_no, created_at);

-- Carts: one per user.
CREATE TABLE carts (
  id INTEGER PRIMARY KEY,
  mobile_no TEXT NOT NULL UNIQUE REFERENCES users(mobile_no),
  company_gstin TEXT REFERENCES companies(gstin),
  admin_name TEXT,
  admin_email TEXT,
  admin_total_employees INTEGER CHECK (admin_total_employees BETWEEN 2 AND 10000),
  plan_id TEXT REFERENCES plans(plan_id),
  billing_policy TEXT CHECK (billing_policy IN ('monthly', 'yearly')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE cart_coverages (
  cart_id INTEGER NOT NULL REFERENCES carts(id),
  coverage_id TEXT NOT NULL REFERENCES coverages(id),
  PRIMARY KEY (cart_id, coverage_id)
);

CREATE TABLE cart_people (
  cart_id INTEGER NOT NULL REFERENCES carts(id),
  band TEXT NOT NULL REFERENCES age_bands(code),
  range_code TEXT NOT NULL REFERENCES family_ranges(code),
  count INTEGER NOT NULL CHECK (count BETWEEN 1 AND 10000),
  PRIMARY KEY (cart_id, band, range_code)
);

-- Orders and sandbox payments.
CREATE TABLE orders (
  seq INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL UNIQUE,
  cart_id INTEGER NOT NULL REFERENCES carts(id),
  receipt TEXT NOT NULL UNIQUE,
  contents_hash TEXT NOT NULL,
  policy TEXT NOT NULL CHECK (policy IN ('monthly', 'yearly')),
  amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
  premium_paise INTEGER NOT NULL,
  tax_paise INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'INR',
  callback_url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'attempted', 'pending', 'paid', 'superseded')),
  payment_id TEXT,
  pending_at INTEGER,
  paid_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- One open order per cart, enforced by the database rather than by application checks.
CREATE UNIQUE INDEX orders_one_open_per_cart ON orders (cart_id)
  WHERE status IN ('created', 'attempted', 'pending');

CREATE TABLE payment_attempts (
  payment_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failed', 'pending')),
  created_at INTEGER NOT NULL,
  reported_at INTEGER
);
CREATE INDEX payment_attempts_by_order ON payment_attempts (order_id);
