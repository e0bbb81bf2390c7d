-- A payment for an addition that could not be used (the change no longer possible when it arrived, or a
-- second payment of an order already paid) is a refund due, kept on the very payment that goes back, so
-- that the membership's refunds notice names it like the purchase's (docs/decisions/0034).
ALTER TABLE change_payment_attempts ADD COLUMN refund_due_at INTEGER;
