-- The selfie a player takes for KYC (issue 29 and 30, decision 0065): the JPEG itself, kept in the database (never
-- in a folder the web server serves), at most 512 KiB, with its digest. `used_at` is set when a KYC submission sent
-- it to the identity provider; an unused selfie is dropped after a day. A used one is KYC evidence and follows the
-- KYC data's retention (the account's anonymisation deletes it).
CREATE TABLE kyc_selfies (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  jpeg bytea NOT NULL CHECK (octet_length(jpeg) BETWEEN 1 AND 524288),
  sha256 text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX kyc_selfies_user ON kyc_selfies (user_id, created_at DESC);

-- The selfie a KYC submission used, beside the provider's answer (users.kyc_check).
ALTER TABLE users ADD COLUMN kyc_selfie_id text REFERENCES kyc_selfies (id) ON DELETE SET NULL;
