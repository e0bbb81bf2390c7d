-- Members' personal data is erased three years after their policy ends (docs/product.md, Personal data;
-- decision 0039). One row per erased membership: when, and how many members, never who.
CREATE TABLE member_erasures (
  order_id TEXT PRIMARY KEY REFERENCES orders(order_id),
  erased_on TEXT NOT NULL,
  policy_ended_on TEXT NOT NULL,
  members INTEGER NOT NULL CHECK (members >= 0),
  erased_at INTEGER NOT NULL
);
