-- Responsible gambling and KYC that holds (issue 15, api-contract section 17, docs/decisions/0025).

-- A player's limits in force. Money limits in centavos per period of the player's own day, week (from Monday)
-- and month; 'session' and 'reality' are minutes (period ''). No row: no limit (reality check: the default).
CREATE TABLE rg_limits (
  user_id     bigint NOT NULL REFERENCES users(id),
  kind        text NOT NULL CHECK (kind IN ('deposit', 'loss', 'stake', 'session', 'reality')),
  period      text NOT NULL CHECK (period IN ('day', 'week', 'month', '')),
  value       bigint NOT NULL CHECK (value > 0),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, period),
  CHECK ((kind IN ('session', 'reality')) = (period = ''))
);

-- A raise or a removal waits 24 h (value NULL: removal). One pending change per limit; a new request replaces
-- it, a lower value applies at once and drops it.
CREATE TABLE rg_limit_changes (
  user_id       bigint NOT NULL REFERENCES users(id),
  kind          text NOT NULL CHECK (kind IN ('deposit', 'loss', 'stake', 'session', 'reality')),
  period        text NOT NULL CHECK (period IN ('day', 'week', 'month', '')),
  value         bigint CHECK (value IS NULL OR value > 0),
  requested_at  timestamptz NOT NULL,
  effective_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, period)
);

-- Time-outs and self-exclusions. ends_at NULL: permanent. While one runs, users.status is 'self_excluded'.
CREATE TABLE rg_exclusions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  period      text NOT NULL CHECK (period IN ('1d', '7d', '30d', '180d', 'permanent')),
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz,
  CHECK ((period = 'permanent') = (ends_at IS NULL))
);
CREATE INDEX rg_exclusions_user_idx ON rg_exclusions (user_id, starts_at DESC);

-- The player's play session: it starts with a stake after 30 minutes without one. The session limit and the
-- reality check count from started_at.
CREATE TABLE rg_play_sessions (
  user_id          bigint PRIMARY KEY REFERENCES users(id),
  started_at       timestamptz NOT NULL,
  last_play_at     timestamptz NOT NULL,
  last_reality_at  timestamptz NOT NULL
);
CREATE INDEX rg_play_sessions_recent_idx ON rg_play_sessions (last_play_at);

-- KYC that holds: birth date, the identity check's answer, and one account per CPF.
ALTER TABLE users ADD COLUMN birth_date date;
ALTER TABLE users ADD COLUMN kyc_check jsonb;

-- Accounts that already share a CPF: the oldest keeps it; the others lose their verification and go back to
-- the operator's queue (rejected, the CPF kept in the reason) instead of the migration failing.
UPDATE users SET kyc_reason = 'CPF ' || kyc_cpf || ' already verified on an older account', kyc_cpf = NULL,
  kyc = 0, kyc_status = 'rejected'
WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (PARTITION BY kyc_cpf ORDER BY id) AS n FROM users WHERE kyc_cpf IS NOT NULL
  ) ranked WHERE n > 1
);
CREATE UNIQUE INDEX users_kyc_cpf_unique ON users (kyc_cpf) WHERE kyc_cpf IS NOT NULL;
