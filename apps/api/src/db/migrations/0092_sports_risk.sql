-- Risk (issue 17): a per-player stake factor set by a trader, and the open exposure the placements build up.
-- stake_factor_bp scales the bet's maximum stake and payout (10000 = 1×, 0 = may not bet on sports).
CREATE TABLE sports_player_limits (
  user_id          bigint PRIMARY KEY REFERENCES users(id),
  stake_factor_bp  integer NOT NULL CHECK (stake_factor_bp BETWEEN 0 AND 100000),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- What the open bets on a selection would pay if it won (a parlay counts in full on each of its legs, the worst
-- case), and on a whole match. Placement adds under the row lock (two bets on one selection check one after the
-- other), cash-out takes off what it bought back. A market's liability is its worst selection.
CREATE TABLE sports_selection_exposure (
  selection_id  bigint PRIMARY KEY REFERENCES sports_selections(id),
  market_id     bigint NOT NULL REFERENCES sports_markets(id),
  payout_cents  bigint NOT NULL DEFAULT 0 CHECK (payout_cents >= 0)
);
CREATE INDEX sports_selection_exposure_market_idx ON sports_selection_exposure (market_id);

CREATE TABLE sports_match_exposure (
  match_id      bigint PRIMARY KEY REFERENCES sports_matches(id),
  payout_cents  bigint NOT NULL DEFAULT 0 CHECK (payout_cents >= 0)
);
