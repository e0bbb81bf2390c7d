-- More than one admin, and a GSTIN with one membership (docs/decisions/0052).
--
-- The people who may act for a membership (the cart that bought it), each with one role. The owner's row
-- is written the first time the membership is opened; after that a membership's rows are the one record
-- of who may open it, so a removed owner or admin is refused even on the cart they bought with.
CREATE TABLE membership_admins (
  id INTEGER PRIMARY KEY,
  cart_id INTEGER NOT NULL REFERENCES carts(id),
  mobile_no TEXT NOT NULL,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'hr', 'finance')),
  status TEXT NOT NULL CHECK (status IN ('invited', 'active', 'expired', 'removed')),
  invited_by TEXT,
  created_at INTEGER NOT NULL,
  -- An invitation not taken up by then lapses; null for the owner and for an accepted access request.
  expires_at INTEGER,
  joined_at INTEGER,
  removed_at INTEGER,
  removed_by TEXT
);
-- A mobile number acts for one membership at a time.
CREATE UNIQUE INDEX membership_admins_one_seat ON membership_admins (mobile_no) WHERE status IN ('invited', 'active');
-- Exactly one owner: never two (a hand-over swaps roles in one transaction).
CREATE UNIQUE INDEX membership_admins_one_owner ON membership_admins (cart_id) WHERE role = 'owner' AND status = 'active';
CREATE INDEX membership_admins_by_cart ON membership_admins (cart_id, status);

-- A buyer stopped at the GSTIN step asks the membership's owner to add them.
CREATE TABLE access_requests (
  id INTEGER PRIMARY KEY,
  cart_id INTEGER NOT NULL REFERENCES carts(id),
  mobile_no TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined')),
  role TEXT CHECK (role IN ('admin', 'hr', 'finance')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT
);
CREATE UNIQUE INDEX access_requests_one_pending ON access_requests (cart_id, mobile_no) WHERE status = 'pending';

-- The buyer's declaration that they may buy for the company, made on company details.
ALTER TABLE carts ADD COLUMN authority_declared_at INTEGER;
