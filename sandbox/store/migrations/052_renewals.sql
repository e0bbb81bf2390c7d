-- Renewal (docs/product.md, Renewal; docs/decisions/0051).
-- A reminder is sent once per policy period and day before its end; a missed earlier one is not sent late.
CREATE TABLE renewal_reminders (
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  days_before INTEGER NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, days_before)
);

-- A renewal is an order of the same cart for the next policy period: the period it renews, and the
-- day its cover starts (the day after that period's end, whenever it is paid).
ALTER TABLE orders ADD COLUMN renewal_of TEXT REFERENCES orders(order_id);
ALTER TABLE orders ADD COLUMN cover_starts_on TEXT;
CREATE UNIQUE INDEX orders_one_paid_renewal ON orders (renewal_of) WHERE renewal_of IS NOT NULL AND status = 'paid';
