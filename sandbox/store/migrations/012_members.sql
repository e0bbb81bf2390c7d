-- The member census, the policy and e-cards (docs/product.md, Members, policy and e-cards).

-- One insured person of a paid membership (an order). A dependant carries its employee's code; the
-- band and family cover are the employee's, fixed when the employee is named.
CREATE TABLE members (
  member_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE CHECK (seq > 0),
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  employee_code TEXT NOT NULL CHECK (length(employee_code) BETWEEN 1 AND 40),
  full_name TEXT NOT NULL CHECK (length(full_name) BETWEEN 1 AND 200),
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'other')),
  date_of_birth TEXT NOT NULL,
  relationship TEXT NOT NULL CHECK (relationship IN ('self', 'spouse', 'son', 'daughter')),
  mobile TEXT,
  email TEXT,
  date_of_joining TEXT,
  band TEXT NOT NULL,
  range_code TEXT NOT NULL,
  age_on_cover_start INTEGER NOT NULL,
  e_card_status TEXT NOT NULL DEFAULT 'not_issued' CHECK (e_card_status IN ('not_issued', 'issued')),
  created_at INTEGER NOT NULL
);
CREATE INDEX members_by_order ON members (order_id, seq);
-- One employee per code in a company's census.
CREATE UNIQUE INDEX members_one_employee_per_code ON members (order_id, employee_code) WHERE relationship = 'self';

-- A checked upload waiting for the admin's confirm: its ready rows, kept 30 minutes, then deleted.
-- Once confirmed the rows are dropped and only the count added is kept, so a second confirm answers the same.
CREATE TABLE census_checks (
  check_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  ready TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  added INTEGER
);
CREATE INDEX census_checks_by_expiry ON census_checks (expires_at);

-- The policy the sandbox insurer issues when every employee bought is named: one consecutive series per
-- calendar year (IST), numbered inside the transaction that completes the census. Stored whole.
CREATE TABLE policies (
  policy_number TEXT PRIMARY KEY,
  year INTEGER NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  order_id TEXT NOT NULL UNIQUE REFERENCES orders(order_id),
  issued_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  email_status TEXT CHECK (email_status IN ('sending', 'sent', 'failed')),
  UNIQUE (year, seq)
);
