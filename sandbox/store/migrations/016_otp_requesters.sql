-- Codes belong to whoever asked for them (docs/decisions/0016, Update): the device the caller names,
-- else its address. A code is checked only against its requester's own latest code, so a newer code
-- asked by someone else voids nothing, and wrong tries are counted per requester as well.
ALTER TABLE otp_codes ADD COLUMN requester TEXT NOT NULL DEFAULT '';
-- 1 when the code was asked by a device that signed in to the number before: it spends that
-- device's own hourly allowance, not the number's shared one.
ALTER TABLE otp_codes ADD COLUMN own_allowance INTEGER NOT NULL DEFAULT 0;
UPDATE otp_codes SET requester = 'address:' || client;
CREATE INDEX otp_codes_by_requester ON otp_codes (mobile_no, requester, created_at);

ALTER TABLE otp_wrong_tries ADD COLUMN requester TEXT NOT NULL DEFAULT '';
ALTER TABLE otp_wrong_tries ADD COLUMN own_allowance INTEGER NOT NULL DEFAULT 0;
UPDATE otp_wrong_tries SET requester = 'address:' || client;
CREATE INDEX otp_wrong_tries_by_requester ON otp_wrong_tries (mobile_no, requester, created_at);

-- Devices that signed in to a number: only a hash of the device id the caller holds.
CREATE TABLE otp_devices (
  mobile_no TEXT NOT NULL,
  device_hash TEXT NOT NULL,
  signed_in_at INTEGER NOT NULL,
  PRIMARY KEY (mobile_no, device_hash)
) WITHOUT ROWID;
CREATE INDEX otp_devices_by_sign_in ON otp_devices (signed_in_at);
