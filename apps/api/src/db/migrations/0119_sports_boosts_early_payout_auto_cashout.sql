-- Odds boosts, early payout and auto cash-out (issue 33, decision 0063).

-- An operator's boost of one selection: paid at boosted_odds_milli on singles, within a stake cap per player and a
-- cap on the extra liability (what the boost adds over the normal odds, summed over the bets it took).
CREATE TABLE sports_boosts (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  selection_id          bigint NOT NULL REFERENCES sports_selections(id),
  boosted_odds_milli    integer NOT NULL CHECK (boosted_odds_milli > 1000),
  stake_cap_cents       bigint NOT NULL CHECK (stake_cap_cents > 0),
  liability_cap_cents   bigint NOT NULL CHECK (liability_cap_cents > 0),
  liability_used_cents  bigint NOT NULL DEFAULT 0 CHECK (liability_used_cents >= 0),
  status                text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
  created_by            text NOT NULL,
  created_at            timestamptz NOT NULL DEFAULT now(),
  ended_at              timestamptz,
  CHECK (liability_used_cents <= liability_cap_cents)
);
-- One active boost per selection.
CREATE UNIQUE INDEX sports_boosts_active ON sports_boosts (selection_id) WHERE status = 'active';

-- A leg taken at a boost keeps the boost and the odds it would have had without it (the boost's cost).
ALTER TABLE sports_bet_legs ADD COLUMN boost_id bigint REFERENCES sports_boosts(id);
ALTER TABLE sports_bet_legs ADD COLUMN normal_odds_milli integer;
CREATE INDEX sports_bet_legs_boost ON sports_bet_legs (boost_id) WHERE boost_id IS NOT NULL;

-- Early payout rules: a 1X2/moneyline pick is won once its side leads by `lead` during play. A league's rule wins
-- over its sport's (league_id NULL); no rule, no early payout.
CREATE TABLE sports_early_payout_rules (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sport       text NOT NULL REFERENCES sports(code),
  league_id   bigint REFERENCES sports_leagues(id),
  lead        integer NOT NULL CHECK (lead BETWEEN 1 AND 100),
  enabled     boolean NOT NULL DEFAULT true,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sports_early_payout_rules_scope ON sports_early_payout_rules (sport, coalesce(league_id, 0));
-- Football pays a 1X2 pick early at two goals ahead unless an operator says otherwise.
INSERT INTO sports_early_payout_rules (sport, league_id, lead) VALUES ('football', NULL, 2);

-- A leg decided early keeps its result whatever the final score; a bet with such a leg shows it.
ALTER TABLE sports_bet_legs ADD COLUMN early_paid boolean NOT NULL DEFAULT false;
ALTER TABLE sports_bets ADD COLUMN early_paid boolean NOT NULL DEFAULT false;

-- Auto cash-out: the amount at which the player's whole remaining stake is sold back (NULL: none set).
ALTER TABLE sports_bets ADD COLUMN auto_cashout_cents bigint CHECK (auto_cashout_cents > 0);
CREATE INDEX sports_bets_auto_cashout ON sports_bets (id) WHERE auto_cashout_cents IS NOT NULL AND result = 0;
