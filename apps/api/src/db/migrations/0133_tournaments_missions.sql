-- Tournaments and missions (issue 34, decision 0067). A tournament scores the in-house games' settled bets of its
-- period (the stake, or the best multiplier of a bet of at least min_stake_cents); its prize table is paid once,
-- after its end, each rank's prize a ledger transaction from `house_prizes` (the promotions' own account).
-- A mission counts a player's settled bets of one game at a multiplier of at least its minimum; its reward is
-- claimed once. The chart of accounts gains `house_prizes`; the rest of the function is unchanged from 0132.
CREATE TABLE tournaments (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  games text[] NOT NULL CHECK (cardinality(games) BETWEEN 1 AND 10),
  scoring text NOT NULL CHECK (scoring IN ('stake', 'multiplier')),
  min_stake_cents bigint NOT NULL DEFAULT 100 CHECK (min_stake_cents > 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  prizes_cents bigint[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  CHECK (ends_at > starts_at),
  CHECK (cardinality(prizes_cents) <= 100)
);
CREATE INDEX tournaments_period ON tournaments (ends_at DESC);

CREATE TABLE tournament_prizes (
  tournament_id bigint NOT NULL REFERENCES tournaments (id),
  rank integer NOT NULL CHECK (rank >= 1),
  user_id bigint NOT NULL REFERENCES users (id),
  score bigint NOT NULL,
  prize_cents bigint NOT NULL CHECK (prize_cents >= 0),
  paid_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tournament_id, rank)
);

CREATE TABLE missions (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  game text NOT NULL,
  min_multiplier_hundredths integer NOT NULL DEFAULT 100 CHECK (min_multiplier_hundredths >= 100),
  min_stake_cents bigint NOT NULL DEFAULT 100 CHECK (min_stake_cents > 0),
  target_count integer NOT NULL CHECK (target_count BETWEEN 1 AND 10000),
  reward_cents bigint NOT NULL DEFAULT 0 CHECK (reward_cents >= 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX missions_period ON missions (ends_at DESC);

CREATE TABLE mission_claims (
  mission_id bigint NOT NULL REFERENCES missions (id),
  user_id bigint NOT NULL REFERENCES users (id),
  reward_cents bigint NOT NULL CHECK (reward_cents >= 0),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mission_id, user_id)
);

-- The leaderboards read a period's settled bets of some games.
CREATE INDEX game_bets_settled_idx ON game_bets (game, settled_at) WHERE status = 'settled';

CREATE OR REPLACE FUNCTION ledger_account_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.kind, NEW.owner_user_id, NEW.name, NEW.currency)
       IS DISTINCT FROM (OLD.kind, OLD.owner_user_id, OLD.name, OLD.currency) THEN
      RAISE EXCEPTION 'ledger account % cannot change its kind, owner, name or currency', OLD.id
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.kind NOT IN (
    'player_cash', 'player_bonus', 'player_withdrawal_hold', 'player_commission',
    'house_provider_clearing', 'house_payouts', 'house_game', 'house_sportsbook',
    'house_bonus_cost', 'house_fees', 'house_transfers', 'house_demo', 'house_adjustments', 'house_slots',
    'house_commission', 'house_tax_liability', 'house_unclaimed', 'house_prizes') THEN
    RAISE EXCEPTION 'ledger account kind % is not in the chart of accounts', NEW.kind
      USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.kind LIKE 'player\_%') IS DISTINCT FROM (NEW.owner_user_id IS NOT NULL) THEN
    RAISE EXCEPTION 'a player account needs an owner, and only a player account has one'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.currency !~ '^[A-Z]{3,4}$' THEN
    RAISE EXCEPTION 'ledger account currency % is not a currency code', NEW.currency
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
