-- Bet builder (api-contract section 19, decision 0062): 2..12 legs of one match in one bet, priced from the match
-- model's joint distribution. A builder bet is a sports_bets row of type 'builder' with its legs as usual (several
-- on one match, one per selection); what its price came from is kept beside it so a void leg can be repriced
-- exactly as it was priced (same model, live state, seed and margin).
ALTER TABLE sports_bets DROP CONSTRAINT sports_bets_type_check;
ALTER TABLE sports_bets ADD CONSTRAINT sports_bets_type_check CHECK (type IN ('single', 'parlay', 'builder'));

-- A parlay still has one leg per match (the service refuses two: 'current gameplay not available for purchase');
-- a builder has several on its match, never the same selection twice.
ALTER TABLE sports_bet_legs DROP CONSTRAINT sports_bet_legs_bet_id_match_id_key;
ALTER TABLE sports_bet_legs ADD CONSTRAINT sports_bet_legs_bet_selection_key UNIQUE (bet_id, selection_id);

-- A quote the player was shown: good until expires_at, for those selections at that state of the match.
CREATE TABLE sports_builder_quotes (
  id             bigint GENERATED ALWAYS AS IDENTITY (START WITH 7000001) PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users(id),
  match_id       bigint NOT NULL REFERENCES sports_matches(id),
  selection_ids  bigint[] NOT NULL CHECK (cardinality(selection_ids) BETWEEN 2 AND 12),
  -- The legs' own odds when quoted, in the order of selection_ids.
  leg_odds_milli integer[] NOT NULL,
  odds_milli     integer NOT NULL CHECK (odds_milli BETWEEN 1010 AND 1000000),
  -- The simulated joint chance, in millionths.
  probability_ppm integer NOT NULL CHECK (probability_ppm BETWEEN 1 AND 999999),
  expires_at     timestamptz NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (cardinality(leg_odds_milli) = cardinality(selection_ids))
);
CREATE INDEX sports_builder_quotes_user_idx ON sports_builder_quotes (user_id, id DESC);

-- What a builder bet was priced from: the model, the live state (null before kick-off), the seed and the number of
-- simulated matches, and the margin; settlement reprices the legs left after a void one from exactly this.
CREATE TABLE sports_builder_bets (
  bet_id        bigint PRIMARY KEY REFERENCES sports_bets(id),
  match_id      bigint NOT NULL REFERENCES sports_matches(id),
  quote_id      bigint NOT NULL UNIQUE REFERENCES sports_builder_quotes(id),
  model         jsonb NOT NULL,
  live_state    jsonb,
  seed          bigint NOT NULL,
  samples       integer NOT NULL CHECK (samples > 0),
  margin_bp     integer NOT NULL CHECK (margin_bp BETWEEN 0 AND 10000),
  probability_ppm integer NOT NULL CHECK (probability_ppm BETWEEN 1 AND 999999),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sports_builder_bets_match_idx ON sports_builder_bets (match_id);
