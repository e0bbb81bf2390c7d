-- Wrong tries are counted per number and client (docs/product.md, Sign-in): a stranger's failures
-- lock the stranger out, not the number's owner asking from elsewhere.
ALTER TABLE otp_wrong_tries ADD COLUMN client TEXT NOT NULL DEFAULT '';
CREATE INDEX otp_wrong_tries_by_client ON otp_wrong_tries (mobile_no, client, created_at);
