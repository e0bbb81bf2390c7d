-- Endorsements (docs/product.md, The policy's papers; decision 0038): every change confirmed after the policy
-- is issued, numbered in the policy's own series inside the transaction that confirms it. The certificate
-- is issued again with each, and emailed to the admin (with a leaver's cover-end notice), claimed once.
-- Numbered 038 after the decision, so a sibling branch's next migration cannot take the same version.
CREATE TABLE endorsements (
  number TEXT PRIMARY KEY,
  policy_number TEXT NOT NULL REFERENCES policies(policy_number),
  seq INTEGER NOT NULL CHECK (seq > 0),
  change_id TEXT NOT NULL UNIQUE REFERENCES membership_changes(change_id),
  issued_at INTEGER NOT NULL,
  email_to TEXT NOT NULL,
  email_status TEXT CHECK (email_status IN ('sending', 'sent', 'failed')),
  UNIQUE (policy_number, seq)
);
