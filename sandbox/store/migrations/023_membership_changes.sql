-- Changes during the year (docs/product.md, Changes during the year): each change is quoted first, then
-- confirmed once. A quote keeps the price it showed and the date it was priced on; a confirm on
-- another day re-prices it, and a different price is quoted again instead of being charged.
CREATE TABLE membership_changes (
  change_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  kind TEXT NOT NULL CHECK (kind IN ('add', 'remove')),
  employee_code TEXT NOT NULL,
  band TEXT NOT NULL,
  range_code TEXT NOT NULL,
  effective_date TEXT NOT NULL,
  reason TEXT,
  priced_on TEXT NOT NULL,
  price TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('quoted', 'confirmed')),
  quoted_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  confirmed_by TEXT
);
CREATE INDEX membership_changes_by_order ON membership_changes (order_id, status);
-- One confirmed removal per employee.
CREATE UNIQUE INDEX membership_changes_one_removal ON membership_changes (order_id, employee_code)
  WHERE kind = 'remove' AND status = 'confirmed';
