-- Slots from providers (PG, EVO, BG): the catalogue's stated RTP and provider id, the players' game sessions,
-- the rounds and every wallet callback, keyed by the provider's own transaction id (docs/decisions/0023).

ALTER TABLE game_catalog ADD COLUMN rtp numeric(6, 4) CHECK (rtp IS NULL OR (rtp > 0 AND rtp < 1));
-- When the provider's game list last named this game (NULL for the in-house games).
ALTER TABLE game_catalog ADD COLUMN synced_at timestamptz;

CREATE TABLE slot_sessions (
  id          bigserial PRIMARY KEY,
  token       text NOT NULL UNIQUE CHECK (length(token) BETWEEN 32 AND 64),
  user_id     bigint NOT NULL REFERENCES users (id),
  provider    text NOT NULL CHECK (provider IN ('PG', 'EVO', 'BG')),
  game_code   text NOT NULL REFERENCES game_catalog (code),
  opened_at   timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  closed_at   timestamptz
);
-- One open session per player: the database refuses a second one even if two launches race.
CREATE UNIQUE INDEX slot_sessions_one_open ON slot_sessions (user_id) WHERE closed_at IS NULL;

CREATE TABLE slot_rounds (
  id          bigserial PRIMARY KEY,
  provider    text NOT NULL CHECK (provider IN ('PG', 'EVO', 'BG')),
  round_ref   text NOT NULL CHECK (length(round_ref) BETWEEN 1 AND 128),
  user_id     bigint NOT NULL REFERENCES users (id),
  session_id  bigint NOT NULL REFERENCES slot_sessions (id),
  game_code   text NOT NULL,
  stake_cents bigint NOT NULL DEFAULT 0 CHECK (stake_cents >= 0),
  win_cents   bigint NOT NULL DEFAULT 0 CHECK (win_cents >= 0),
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'rolled_back')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  closed_at   timestamptz,
  UNIQUE (provider, round_ref)
);
CREATE INDEX slot_rounds_user ON slot_rounds (user_id, id DESC);
CREATE INDEX slot_rounds_open ON slot_rounds (user_id) WHERE status = 'open';

-- Every callback that moved money or was remembered. `id` keys the ledger transaction
-- (slots_stake:<id>, slots_payout:<id>, slots_refund:<id>). A rollback whose debit never arrived is a row of
-- kind 'rollback' with no round: the late debit finds it and is refused.
CREATE TABLE slot_transactions (
  id               bigserial PRIMARY KEY,
  provider         text NOT NULL CHECK (provider IN ('PG', 'EVO', 'BG')),
  provider_tx_id   text NOT NULL CHECK (length(provider_tx_id) BETWEEN 1 AND 128),
  kind             text NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback')),
  user_id          bigint NOT NULL REFERENCES users (id),
  round_id         bigint REFERENCES slot_rounds (id),
  amount_cents     bigint NOT NULL CHECK (amount_cents >= 0),
  from_cash_cents  bigint NOT NULL DEFAULT 0 CHECK (from_cash_cents >= 0),
  from_bonus_cents bigint NOT NULL DEFAULT 0 CHECK (from_bonus_cents >= 0),
  -- A rollback names the debit it undoes (the provider's id of it).
  target_tx_id     text,
  -- A debit that a rollback has returned.
  rolled_back      boolean NOT NULL DEFAULT false,
  -- The player's balance (cash + bonus) right after this callback: a duplicate answers it again.
  balance_cents    bigint NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_tx_id),
  CHECK (kind <> 'rollback' OR target_tx_id IS NOT NULL),
  CHECK (from_cash_cents + from_bonus_cents <= amount_cents)
);
CREATE INDEX slot_transactions_target ON slot_transactions (provider, target_tx_id) WHERE kind = 'rollback';
CREATE INDEX slot_transactions_round ON slot_transactions (round_id);
