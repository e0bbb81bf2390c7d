-- A joiner is named with the change (docs/product.md, Changes during the year): the people it adds are kept
-- with the quote and saved to the census when it is confirmed. A family event (a spouse after marriage, a
-- newborn) is an addition for an employee already covered, marked by its event.
ALTER TABLE membership_changes ADD COLUMN members TEXT;
ALTER TABLE membership_changes ADD COLUMN event TEXT CHECK (event IN ('marriage', 'birth'));
