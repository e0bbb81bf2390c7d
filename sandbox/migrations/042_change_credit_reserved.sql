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
