-- Money changes hands once (docs/decisions/0042): the membership's credit an addition's payment counts on
-- is reserved on that payment when it opens, so no other payment or refund can count on it too; the
-- reservation holds while the payment is open (created and not expired, or pending) and is used or
-- released when it settles or fails.
ALTER TABLE change_payments ADD COLUMN credit_paise INTEGER NOT NULL DEFAULT 0 CHECK (credit_paise >= 0);
-- A leaver's first day of cover, and every change of one employee, found without reading the whole list.
CREATE INDEX membership_changes_by_employee ON membership_changes (order_id, employee_code, kind, status);
CREATE INDEX members_by_employee ON members (order_id, employee_code);
-- Quotes not confirmed expire and are removed (docs/product.md, Changes during the year): found by age.
CREATE INDEX membership_changes_by_quote_age ON membership_changes (order_id, status, quoted_at);
-- An upload's changes are quoted in one call and keep its id, so "confirm all" names the upload, not each
-- change (docs/decisions/0042).
ALTER TABLE membership_changes ADD COLUMN batch_id TEXT;
CREATE INDEX membership_changes_by_batch ON membership_changes (order_id, batch_id) WHERE batch_id IS NOT NULL;
