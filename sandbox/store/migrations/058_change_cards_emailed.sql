-- A family event at no charge (a newborn the family cover already takes) has no invoice to carry its
-- e-cards: the family's cards go by themselves, once, claimed by this column (docs/product.md, Changes
-- during the year).
ALTER TABLE membership_changes ADD COLUMN cards_emailed_at INTEGER;
