-- Each code remembers the client that asked for it (docs/decisions/0016): the number-wide slowing
-- of wrong tries never holds back the client that asked for the number's latest code.
ALTER TABLE otp_codes ADD COLUMN client TEXT NOT NULL DEFAULT '';
