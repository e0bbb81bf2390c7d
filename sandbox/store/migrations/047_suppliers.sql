-- Each supplier invoices its own supply (docs/decisions/0047): the health insurer its premium, a life
-- insurer term life, Kavach its own services, each in its own series per financial year. A purchase or a
-- change so has one document per supplier. SQLite cannot change a UNIQUE constraint: both tables are
-- rebuilt with the same rows, which were all Kavach's.
CREATE TABLE invoices_new (
  number TEXT PRIMARY KEY CHECK (length(number) <= 16),
  supplier TEXT NOT NULL CHECK (supplier IN ('health', 'life', 'kavach')),
  financial_year TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  change_id TEXT REFERENCES membership_changes(change_id),
  issued_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  email_to TEXT NOT NULL,
  email_status TEXT CHECK (email_status IN ('sending', 'sent', 'failed')),
  UNIQUE (supplier, financial_year, seq),
  UNIQUE (change_id, supplier)
);
INSERT INTO invoices_new (number, supplier, financial_year, seq, order_id, change_id, issued_at, data, email_to, email_status)
  SELECT number, 'kavach', financial_year, seq, order_id, change_id, issued_at, data, email_to, email_status FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_new RENAME TO invoices;
CREATE UNIQUE INDEX invoices_one_per_purchase ON invoices (order_id, supplier) WHERE change_id IS NULL;
CREATE INDEX invoices_by_order ON invoices (order_id);

-- Credit notes: a serial of at most 16 characters (Rule 53(1A)). Those issued before in the series
-- KV/CN/YY-YY/NNNNNN (18) are kept as issued, as a document never changes; none is numbered so again.
CREATE TABLE credit_notes_new (
  number TEXT PRIMARY KEY CHECK (length(number) <= 16 OR number LIKE 'KV/CN/%'),
  supplier TEXT NOT NULL CHECK (supplier IN ('health', 'life', 'kavach')),
  financial_year TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  change_id TEXT NOT NULL REFERENCES membership_changes(change_id),
  issued_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  email_to TEXT NOT NULL,
  email_status TEXT CHECK (email_status IN ('sending', 'sent', 'failed')),
  UNIQUE (supplier, financial_year, seq),
  UNIQUE (change_id, supplier)
);
-- The old series' numbers are kept; the new series of the same financial year starts after them.
INSERT INTO credit_notes_new (number, supplier, financial_year, seq, order_id, change_id, issued_at, data, email_to, email_status)
  SELECT number, 'kavach', financial_year, seq, order_id, change_id, issued_at, data, email_to, email_status FROM credit_notes;
DROP TABLE credit_notes;
ALTER TABLE credit_notes_new RENAME TO credit_notes;
CREATE INDEX credit_notes_by_order ON credit_notes (order_id);
