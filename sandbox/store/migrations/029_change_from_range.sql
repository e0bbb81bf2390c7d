-- A family event that moves an employee to a wider family cover keeps the cover they left, so that the
-- employees covered now by band and cover count them once, on their new cover (docs/product.md,
-- Changes during the year).
ALTER TABLE membership_changes ADD COLUMN from_range TEXT;
