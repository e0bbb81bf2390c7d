-- The employer's cash deposit with the insurer (docs/product.md, The money model; docs/decisions/0055):
-- what the membership's credit with Kavach was becomes the insurer's deposit ledger. Insurance Act
-- s.64VB(3): a refund on an alteration is the insurer's to pay to the insured, never the agent's credit;
-- Insurance Rules 1939 r.59: the policyholder's cash deposit with the insurer pays additions.
-- Every debit and credit with its change and document; the balance is the sum. A withdrawal or top-up
-- carries the idempotency key of the form that asked for it, so a second submit adds nothing.
CREATE TABLE cash_deposit_entries (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  kind TEXT NOT NULL CHECK (kind IN ('refund', 'addition', 'top_up', 'withdrawal')),
  change_id TEXT,
  document TEXT,
  amount_paise INTEGER NOT NULL CHECK (amount_paise <> 0),
  recorded_at INTEGER NOT NULL,
  recorded_by TEXT,
  idempotency_key TEXT,
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX cash_deposit_entries_by_order ON cash_deposit_entries (order_id, id);

-- The credit kept so far moves as it stood: a credit note's credit was the insurer's refund, into the
-- deposit; what an addition used was paid from it; a refund asked for was paid out to the company's bank.
INSERT INTO cash_deposit_entries (id, order_id, kind, change_id, document, amount_paise, recorded_at, recorded_by)
SELECT c.id, c.order_id,
       CASE c.kind WHEN 'credit_note' THEN 'refund' WHEN 'applied' THEN 'addition' ELSE 'withdrawal' END,
       COALESCE((SELECT n.change_id FROM credit_notes n WHERE n.number = c.document),
                (SELECT i.change_id FROM invoices i WHERE i.number = c.document)),
       c.document, c.amount_paise, c.recorded_at, c.recorded_by
  FROM membership_credits c;
DROP TABLE membership_credits;

-- What an open payment for an addition counts on from the deposit (decision 0042's reservation).
ALTER TABLE change_payments RENAME COLUMN credit_paise TO deposit_paise;

-- A top-up is paid through the payment sandbox, like every other payment: its order, settled once.
CREATE TABLE deposit_top_ups (
  order_id TEXT PRIMARY KEY,
  membership_order_id TEXT NOT NULL REFERENCES orders(order_id),
  amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
  callback_url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'failed', 'paid')),
  payment_id TEXT,
  created_at INTEGER NOT NULL,
  paid_at INTEGER
);
CREATE INDEX deposit_top_ups_by_membership ON deposit_top_ups (membership_order_id, created_at);
