-- A joiner is named with the change (docs/product.md, Changes during the year): the people it adds are kept
-- with the quote and saved to the census when it is confirmed. A family event (a spouse after marriage, a
-- newborn) is an addition for an employee already covered, marked by its event.
ALTER TABLE membership_changes ADD COLUMN members TEXT;
ALTER TABLE membership_changes ADD COLUMN event TEXT CHECK (event IN ('marriage', 'birth'));

-- A yearly addition is paid for through the payment sandbox before it is made: one gateway order per
-- attempt to pay, with the simulated payments offered on its page. A payment taken for an addition that
-- could then not be made is kept as a refund due.
CREATE TABLE change_payments (
  order_id TEXT PRIMARY KEY,
  change_id TEXT NOT NULL REFERENCES membership_changes(change_id),
  amount_paise INTEGER NOT NULL,
  callback_url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'attempted', 'pending', 'paid')),
  payment_id TEXT,
  pending_at INTEGER,
  paid_at INTEGER,
  refund_due INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX change_payments_by_change ON change_payments (change_id, created_at);
CREATE TABLE change_payment_attempts (
  payment_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES change_payments(order_id),
  outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failed', 'pending'))
);
