-- After the purchase (docs/product.md, After the purchase): what an order was bought from, payments that
-- must be refunded, GST tax invoices and the email outbox.

-- The cart as it was priced when the order was created (JSON), so the membership and the invoice show
-- what was paid for, never what the cart says later.
ALTER TABLE orders ADD COLUMN contents TEXT;

-- The gateway's reason for a failed attempt, shown on the failure page.
ALTER TABLE payment_attempts ADD COLUMN failure_reason TEXT;

-- The buyer's registered address, printed on the tax invoice.
ALTER TABLE companies ADD COLUMN address TEXT NOT NULL DEFAULT '';

-- A correctly signed payment that could not be applied (its order was superseded or stale, or already
-- paid by another payment): the money was taken, so it is recorded here until it is refunded.
CREATE TABLE refunds_due (
  payment_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  amount_paise INTEGER NOT NULL,
  reason TEXT NOT NULL,
  recorded_at INTEGER NOT NULL,
  refunded_at INTEGER
);
CREATE INDEX refunds_due_by_order ON refunds_due (order_id);

-- GST tax invoices: one consecutive series per financial year, numbered inside the transaction that
-- marks the order paid. The issued data is stored whole: an invoice never changes once issued.
CREATE TABLE invoices (
  number TEXT PRIMARY KEY CHECK (length(number) <= 16),
  financial_year TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  order_id TEXT NOT NULL UNIQUE REFERENCES orders(order_id),
  issued_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  email_to TEXT NOT NULL,
  email_status TEXT CHECK (email_status IN ('sending', 'sent', 'failed')),
  UNIQUE (financial_year, seq)
);

-- The sandbox email provider's outbox: what would have been sent.
CREATE TABLE email_outbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX email_outbox_by_to ON email_outbox (to_address, id);

CREATE TABLE email_attachments (
  email_id INTEGER NOT NULL REFERENCES email_outbox(id),
  position INTEGER NOT NULL,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  content BLOB NOT NULL,
  PRIMARY KEY (email_id, position)
);
