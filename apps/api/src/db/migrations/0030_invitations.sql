-- Invitations and agents (issue 13): the stakes per player per day, the commission rates, the commissions of
-- each settled day, and the ledger accounts that hold a player's claimable commission.

-- Kept by the one stake path (modules/stakes) in the stake's own transaction, after the player's row is locked:
-- one row per player and America/Sao_Paulo day, so the daily job reads these rows, never the bets.
CREATE TABLE stake_daily (
  day          date NOT NULL,
  user_id      bigint NOT NULL REFERENCES users(id),
  stake_cents  bigint NOT NULL CHECK (stake_cents >= 0),
  PRIMARY KEY (day, user_id)
);
CREATE INDEX stake_daily_user_idx ON stake_daily (user_id, day);

-- Operator-editable (role marketing); a fraction of the stake, e.g. 0.005 = 0.5 %.
CREATE TABLE commission_rates (
  depth       smallint PRIMARY KEY CHECK (depth BETWEEN 1 AND 3),
  rate        numeric(6, 5) NOT NULL CHECK (rate >= 0 AND rate <= 0.1),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO commission_rates (depth, rate) VALUES (1, 0.005), (2, 0.002), (3, 0.001);

-- One row per settled day: the job's "done" mark, written in the settlement's own transaction.
CREATE TABLE commission_days (
  day           date PRIMARY KEY,
  settled_at    timestamptz NOT NULL DEFAULT now(),
  paid_cents    bigint NOT NULL CHECK (paid_cents >= 0),
  refused_count integer NOT NULL CHECK (refused_count >= 0)
);

-- What each earner made from each invitee's stakes of a day. The primary key is the "exactly once": a second
-- run of the same day (or a run on another server at the same moment) cannot write a row twice. Keyed by earner
-- first (the player's pages read by earner). No foreign keys: the job writes ~3 rows per staking player in one
-- statement from a join on `users` itself, players are never deleted, and per-row FK checks were half its time.
CREATE TABLE commissions (
  earner_id     bigint NOT NULL,
  day           date NOT NULL,
  invitee_id    bigint NOT NULL,
  depth         smallint NOT NULL CHECK (depth BETWEEN 1 AND 3),
  stake_cents   bigint NOT NULL CHECK (stake_cents >= 0),
  rate          numeric(6, 5) NOT NULL,
  amount_cents  bigint NOT NULL CHECK (amount_cents >= 0),
  -- Set when the commission was not paid, for the operator: the invitee is the earner, or both share a device
  -- or a CPF.
  refused       text CHECK (refused IN ('self', 'shared_device', 'shared_cpf')),
  PRIMARY KEY (earner_id, day, invitee_id)
);
CREATE INDEX commissions_refused_idx ON commissions (day DESC) WHERE refused IS NOT NULL;

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (
  'player_cash', 'player_bonus', 'player_withdrawal_hold', 'player_commission',
  'house_provider_clearing', 'house_payouts', 'house_game', 'house_sportsbook',
  'house_bonus_cost', 'house_fees', 'house_transfers', 'house_demo', 'house_adjustments', 'house_slots',
  'house_commission'));
