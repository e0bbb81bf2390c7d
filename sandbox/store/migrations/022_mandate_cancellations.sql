-- A monthly membership's mandate cancelled online (docs/product.md, Cancelling the monthly mandate): one
-- row per order, so a second cancel finds the first and changes nothing. Cover runs to the end of the
-- last month paid, stored as the date it ends.
CREATE TABLE mandate_cancellations (
  order_id TEXT PRIMARY KEY REFERENCES orders(order_id),
  cancelled_at INTEGER NOT NULL,
  cancelled_by TEXT NOT NULL,
  months_paid INTEGER NOT NULL CHECK (months_paid BETWEEN 1 AND 12),
  cover_ends_on TEXT NOT NULL
);
