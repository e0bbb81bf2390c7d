-- The documents of changes during the year (docs/product.md, Changes during the year; decision 0026).

-- An addition's tax invoice is in the purchase's series, so an order now has several invoices: the
-- purchase's (change_id NULL, still one per order) and one per addition. SQLite cannot drop a UNIQUE
-- constraint, so the table is rebuilt with the same rows.
CREATE TABLE invoices_new (
  number TEXT PRIMARY KEY CHECK (length(number) <= 16),
  financial_year TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  change_id TEXT UNIQUE REFERENCES membership_changes(change_id),
  issued_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  email_to TEXT NOT NULL,
  email_status TEXT CHECK (email_status IN ('sending', 'sent', 'failed')),
  UNIQUE (financial_year, seq)
);
INSERT INTO invoices_new (number, financial_year, seq, order_id, change_id, issued_at, data, email_to, email_status)
  SELECT number, financial_year, seq, order_id, NULL, issued_at, data, email_to, email_status FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_new RENAME TO invoices;
CREATE UNIQUE INDEX invoices_one_per_purchase ON invoices (order_id) WHERE change_id IS NULL;

-- GST credit notes for removals: their own consecutive series per financial year (KV/CN/26-27/000001),
-- numbered inside the transaction that confirms the removal. Stored whole: never changed once issued.
CREATE TABLE credit_notes (
  number TEXT PRIMARY KEY CHECK (length(number) <= 18),
  financial_year TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  change_id TEXT NOT NULL UNIQUE REFERENCES membership_changes(change_id),
  issued_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  email_to TEXT NOT NULL,
  email_status TEXT CHECK (email_status IN ('sending', 'sent', 'failed')),
  UNIQUE (financial_year, seq)
);
CREATE INDEX credit_notes_by_order ON credit_notes (order_id);

-- The membership's credit balance as a ledger: a credit note adds to it; an addition's invoice uses it;
-- a refund the admin asks for takes what is left and records it as due. The balance is the sum.
CREATE TABLE membership_credits (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  kind TEXT NOT NULL CHECK (kind IN ('credit_note', 'applied', 'refund_due')),
  document TEXT,
  amount_paise INTEGER NOT NULL CHECK (amount_paise <> 0),
  recorded_at INTEGER NOT NULL,
  recorded_by TEXT
);
CREATE INDEX membership_credits_by_order ON membership_credits (order_id, id);

-- A leaver's cover ends on their last day: their e-card says so and is no longer offered as active.
ALTER TABLE members ADD COLUMN cover_ended_on TEXT;
