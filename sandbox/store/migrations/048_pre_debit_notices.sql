-- The pre-debit notice of each monthly mandate charge (docs/product.md, Cancelling the monthly mandate;
-- RBI's e-mandate framework: at least 24 hours before each debit), sent once per charge to the admin.
CREATE TABLE pre_debit_notices (
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  charge_number INTEGER NOT NULL CHECK (charge_number BETWEEN 2 AND 12),
  charge_date TEXT NOT NULL,
  amount_paise INTEGER NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, charge_number)
);
