-- Security fixes of issue 8.

-- An Idempotency-Key's row is written with its answer in the action's own transaction; the request's hash
-- tells a retry of the same request from another request reusing the key.
ALTER TABLE idempotent_requests ADD COLUMN request_hash bytea;

-- The player's own day: a zone fixed on the account (minutes east of UTC, in quarter hours), taken from `zone`
-- at registration and changeable at most once a week. Never the zone of the current request.
ALTER TABLE users ADD COLUMN zone_minutes smallint NOT NULL DEFAULT -180
  CHECK (zone_minutes BETWEEN -720 AND 840 AND zone_minutes % 15 = 0);
ALTER TABLE users ADD COLUMN zone_changed_at timestamptz;
UPDATE users SET zone_minutes = zone_hours * 60;
ALTER TABLE users DROP COLUMN zone_hours;

-- Login throttling per (account, address) and per account, for players and operators alike.
ALTER TABLE login_failures ADD COLUMN subject text NOT NULL DEFAULT 'player' CHECK (subject IN ('player', 'operator'));
ALTER TABLE login_failures ADD COLUMN address text NOT NULL DEFAULT '';
DROP INDEX login_failures_idx;
CREATE INDEX login_failures_idx ON login_failures (subject, username, failed_at);

-- Devices that have signed in to an account (a device cookie or the client's deviceId, hashed): the right
-- password from one of them is never throttled.
CREATE TABLE trusted_devices (
  subject      text NOT NULL CHECK (subject IN ('player', 'operator')),
  subject_id   bigint NOT NULL,
  device_hash  bytea NOT NULL,
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subject, subject_id, device_hash)
);

-- Webhooks: a payment time outside the order's life is refused and recorded as such; refused deliveries with a
-- bad signature are counted per minute to cap what a flood can write.
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_outcome_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_outcome_check CHECK (outcome IN
  ('credited', 'duplicate', 'unknown_charge', 'expired_charge', 'amount_mismatch', 'bad_signature', 'bad_payment_time'));
CREATE INDEX webhook_events_bad_signature_idx ON webhook_events (provider, received_at) WHERE outcome = 'bad_signature';
