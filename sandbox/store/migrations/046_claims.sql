-- Claims, for the employee and the admin (docs/product.md, Claims; decision 0046).

-- An employee's own session: signed in with the mobile number the census gives for them, and scoped to
-- their family alone. Kept apart from the admin's `sessions`: neither token opens the other's calls.
CREATE TABLE employee_sessions (
  token_hash TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  employee_code TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);

-- One claim of a member: a cashless intimation (a network hospital, before or within 24 hours of the
-- admission) or a reimbursement (a bill already paid). `reason` and the documents are health data: they go
-- to the employee and the TPA only, never to the employer. The TPA acts on its own clock at `next_at`.
CREATE TABLE claims (
  claim_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE CHECK (seq > 0),
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  employee_code TEXT NOT NULL,
  member_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('cashless', 'reimbursement')),
  admission TEXT CHECK (admission IN ('planned', 'emergency')),
  care TEXT CHECK (care IN ('inpatient', 'daycare', 'outpatient')),
  hospital_id TEXT,
  hospital_name TEXT NOT NULL,
  treatment_from TEXT NOT NULL,
  treatment_to TEXT,
  reason TEXT NOT NULL,
  claimed_paise INTEGER NOT NULL CHECK (claimed_paise > 0),
  status TEXT NOT NULL CHECK (status IN ('intimated', 'queried', 'approved', 'submitted', 'settled', 'refused')),
  approved_paise INTEGER,
  paid_paise INTEGER,
  deductions TEXT NOT NULL DEFAULT '[]',
  query TEXT,
  refusal TEXT,
  next_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX claims_by_family ON claims (order_id, employee_code, seq);
CREATE INDEX claims_waiting ON claims (next_at) WHERE next_at IS NOT NULL;
-- One open intimation per admission: a member's cashless claim for an admission date, until settled or refused.
CREATE UNIQUE INDEX claims_one_open_intimation ON claims (member_id, treatment_from)
  WHERE kind = 'cashless' AND status IN ('intimated', 'queried', 'approved');

-- Each step of a claim as the employee sees it on its page (and is emailed and texted).
CREATE TABLE claim_events (
  claim_id TEXT NOT NULL REFERENCES claims(claim_id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  status TEXT NOT NULL,
  note TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (claim_id, position)
);

-- A reimbursement's bills and reports, as sent: only the employee and the TPA read them.
CREATE TABLE claim_documents (
  claim_id TEXT NOT NULL REFERENCES claims(claim_id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size INTEGER NOT NULL CHECK (size > 0),
  content BLOB NOT NULL,
  PRIMARY KEY (claim_id, position)
);
