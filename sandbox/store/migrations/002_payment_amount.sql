-- The amount each sandbox payment was offered for, so verify can bind a payment to the order's amount
-- (docs/product.md, Payment outcomes). Rows from before this migration have none and are never believed.
ALTER TABLE payment_attempts ADD COLUMN amount_paise INTEGER;
