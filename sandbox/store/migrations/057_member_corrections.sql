-- Self-serve corrections of a member's details (docs/product.md, Corrections; decision 0057): one row per
-- correction saved, naming the fields corrected, never their values (the member's row holds the details).
-- Once the policy is issued each is an endorsement, numbered in the policy's own series with the changes'.
-- Numbered 057 after the decision, so a sibling branch's next migration cannot take the same version.
CREATE TABLE member_corrections (
  correction_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  member_id TEXT NOT NULL,
  employee_code TEXT NOT NULL,
  relationship TEXT NOT NULL,
  fields TEXT NOT NULL,
  corrected_at INTEGER NOT NULL,
  corrected_by TEXT NOT NULL,
  endorsement_number TEXT UNIQUE,
  policy_number TEXT REFERENCES policies(policy_number),
  endorsement_seq INTEGER CHECK (endorsement_seq > 0),
  UNIQUE (policy_number, endorsement_seq)
);
CREATE INDEX member_corrections_by_order ON member_corrections (order_id, corrected_at);
