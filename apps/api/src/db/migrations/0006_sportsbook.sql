-- The sportsbook (api-contract section 11): catalogue (sports, leagues, matches, markets, selections) fed by an
-- operator or a feed, and bets with their legs. Money moves only through the ledger (sports_stake,
-- sports_payout, sports_payout_reversal against house_sportsbook). Odds are integer thousandths, lines integer
-- quarters, money integer centavos: nothing here is a float.

CREATE TABLE sports (
  code   text PRIMARY KEY CHECK (code IN ('football', 'basketball', 'tennis', 'boxing', 'snooker', 'baseball',
           'volleyball', 'badminton', 'americanFootball', 'tableTennis', 'cricket', 'racing')),
  name   text NOT NULL,
  sort   smallint NOT NULL UNIQUE
);

-- Reference data: the 12 sports ship with the schema whatever SEED_DEMO says.
INSERT INTO sports (code, name, sort) VALUES
  ('football', 'Futebol', 1),
  ('basketball', 'Basquete', 2),
  ('tennis', 'Tênis', 3),
  ('boxing', 'Boxe', 4),
  ('snooker', 'Sinuca', 5),
  ('baseball', 'Beisebol', 6),
  ('volleyball', 'Vôlei', 7),
  ('badminton', 'Badminton', 8),
  ('americanFootball', 'Futebol Americano', 9),
  ('tableTennis', 'Tênis de Mesa', 10),
  ('cricket', 'Críquete', 11),
  ('racing', 'Corrida', 12);

CREATE TABLE sports_leagues (
  id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sport  text NOT NULL REFERENCES sports(code),
  name   text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  UNIQUE (sport, name)
);

CREATE TABLE sports_matches (
  id                     bigint GENERATED ALWAYS AS IDENTITY (START WITH 10001) PRIMARY KEY,
  sport                  text NOT NULL REFERENCES sports(code),
  league_id              bigint NOT NULL REFERENCES sports_leagues(id),
  home                   text NOT NULL CHECK (length(home) BETWEEN 1 AND 100),
  away                   text NOT NULL CHECK (length(away) BETWEEN 1 AND 100),
  start_time             timestamptz NOT NULL,
  -- spec.md section 3 period codes.
  period                 smallint NOT NULL DEFAULT 0 CHECK (period IN (0, 1, 2, 3, 4, 5, -1, -10, -11, -12, -13, -14)),
  -- Regulation score (so far); the score after overtime is kept apart (it never settles regulation markets).
  score_home             integer NOT NULL DEFAULT 0 CHECK (score_home >= 0),
  score_away             integer NOT NULL DEFAULT 0 CHECK (score_away >= 0),
  half_time_home         integer CHECK (half_time_home >= 0),
  half_time_away         integer CHECK (half_time_away >= 0),
  corners_home           integer CHECK (corners_home >= 0),
  corners_away           integer CHECK (corners_away >= 0),
  half_time_corners_home integer CHECK (half_time_corners_home >= 0),
  half_time_corners_away integer CHECK (half_time_corners_away >= 0),
  overtime_home          integer CHECK (overtime_home >= 0),
  overtime_away          integer CHECK (overtime_away >= 0),
  -- The official winner where the score does not tell it (tennis, boxing, racing, ...).
  winner                 text CHECK (winner IN ('home', 'away', 'draw')),
  -- Who drives the match: 'operator' (section 11 calls) or a feed; a feed's own id is unique within it.
  feed                   text NOT NULL DEFAULT 'operator' CHECK (feed ~ '^[a-z0-9_]{1,20}$'),
  external_id            text CHECK (length(external_id) <= 100),
  -- What a feed needs to keep driving the match (the simulated feed: seed and model).
  feed_meta              jsonb,
  -- Bumped by every state change: settlement jobs are keyed by it.
  state_version          integer NOT NULL DEFAULT 0,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  CHECK ((half_time_home IS NULL) = (half_time_away IS NULL)),
  CHECK ((corners_home IS NULL) = (corners_away IS NULL)),
  CHECK ((half_time_corners_home IS NULL) = (half_time_corners_away IS NULL)),
  CHECK ((overtime_home IS NULL) = (overtime_away IS NULL)),
  CHECK (home <> away),
  UNIQUE (feed, external_id)
);
CREATE INDEX sports_matches_board_idx ON sports_matches (sport, start_time, id);
CREATE INDEX sports_matches_running_idx ON sports_matches (feed, start_time) WHERE period BETWEEN 0 AND 5;

CREATE TABLE sports_markets (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  match_id           bigint NOT NULL REFERENCES sports_matches(id),
  type               text NOT NULL CHECK (type IN ('winAlone', 'handicap', 'total', 'oddEven', 'cornersTotal', 'cornersHandicap')),
  period             text NOT NULL CHECK (period IN ('full', 'firstHalf')),
  -- The line in quarters (−0.75 → −3): exact. Home handicap for handicaps, the total for totals.
  line_quarters      integer CHECK (line_quarters BETWEEN -4000 AND 40000),
  includes_overtime  boolean NOT NULL DEFAULT false,
  is_main            boolean NOT NULL DEFAULT false,
  status             text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'suspended', 'closed')),
  -- Bumped by every status or odds change. Placement share-locks the market row, writers lock it exclusively,
  -- so a bet never commits against a status or price that changed under it.
  version            integer NOT NULL DEFAULT 0,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((type IN ('winAlone', 'oddEven')) = (line_quarters IS NULL)),
  CHECK (type NOT IN ('total', 'cornersTotal') OR line_quarters >= 0),
  UNIQUE NULLS NOT DISTINCT (match_id, type, period, line_quarters)
);

CREATE TABLE sports_selections (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market_id   bigint NOT NULL REFERENCES sports_markets(id),
  outcome     text NOT NULL CHECK (outcome IN ('home', 'away', 'draw', 'over', 'under', 'odd', 'even')),
  odds_milli  integer NOT NULL CHECK (odds_milli BETWEEN 1001 AND 1000000),
  UNIQUE (market_id, outcome)
);

CREATE TABLE sports_bets (
  id                      bigint GENERATED ALWAYS AS IDENTITY (START WITH 1000001) PRIMARY KEY,
  user_id                 bigint NOT NULL REFERENCES users(id),
  type                    text NOT NULL CHECK (type IN ('single', 'parlay')),
  leg_count               smallint NOT NULL CHECK (leg_count BETWEEN 1 AND 50),
  stake_cents             bigint NOT NULL CHECK (stake_cents > 0),
  stake_cash_cents        bigint NOT NULL CHECK (stake_cash_cents >= 0),
  stake_bonus_cents       bigint NOT NULL CHECK (stake_bonus_cents >= 0),
  -- Total odds in thousandths (a parlay: the product of its legs, floored); display only, money uses the legs.
  odds_milli              bigint NOT NULL CHECK (odds_milli >= 1000),
  potential_payout_cents  bigint NOT NULL CHECK (potential_payout_cents > 0),
  -- Bet result codes (spec.md section 3): 0 open, 10 win, 11 lose half, 20 lose, 21 win half, 90 refund.
  result                  smallint NOT NULL DEFAULT 0 CHECK (result IN (0, 10, 11, 20, 21, 90)),
  -- What the current settlement paid (after any correction). Earlier payouts are in the ledger.
  payout_cents            bigint NOT NULL DEFAULT 0 CHECK (payout_cents >= 0),
  -- A correction that takes money back takes at most what the player holds; the rest is written off here.
  uncollected_cents       bigint NOT NULL DEFAULT 0 CHECK (uncollected_cents >= 0),
  settle_count            integer NOT NULL DEFAULT 0 CHECK (settle_count >= 0),
  created_at              timestamptz NOT NULL DEFAULT now(),
  settled_at              timestamptz,
  CHECK ((type = 'single') = (leg_count = 1)),
  CHECK (stake_cash_cents + stake_bonus_cents = stake_cents),
  CHECK (result <> 0 OR payout_cents = 0),
  CHECK ((result = 0) = (settled_at IS NULL))
) WITH (fillfactor = 50);
CREATE INDEX sports_bets_user_idx ON sports_bets (user_id, id DESC);

CREATE TABLE sports_bet_legs (
  bet_id          bigint NOT NULL REFERENCES sports_bets(id),
  leg_no          smallint NOT NULL CHECK (leg_no >= 0),
  match_id        bigint NOT NULL REFERENCES sports_matches(id),
  market_id       bigint NOT NULL REFERENCES sports_markets(id),
  selection_id    bigint NOT NULL REFERENCES sports_selections(id),
  outcome         text NOT NULL CHECK (outcome IN ('home', 'away', 'draw', 'over', 'under', 'odd', 'even')),
  odds_milli      integer NOT NULL CHECK (odds_milli BETWEEN 1001 AND 1000000),
  -- The score when the bet was placed (0-0 before kick-off): in-play handicaps count goals after it.
  placement_home  integer NOT NULL DEFAULT 0 CHECK (placement_home >= 0),
  placement_away  integer NOT NULL DEFAULT 0 CHECK (placement_away >= 0),
  result          smallint NOT NULL DEFAULT 0 CHECK (result IN (0, 10, 11, 20, 21, 90)),
  PRIMARY KEY (bet_id, leg_no),
  -- One leg per match in a parlay (spec: 'current gameplay not available for purchase').
  UNIQUE (bet_id, match_id)
) WITH (fillfactor = 50);
CREATE INDEX sports_bet_legs_match_idx ON sports_bet_legs (match_id, market_id);

-- The odds and pick of an accepted bet never change: only a leg's result may be written after placement.
CREATE FUNCTION sports_legs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an accepted bet''s legs never change (bet %, leg %)', OLD.bet_id, OLD.leg_no;
END $$;
CREATE TRIGGER sports_bet_legs_frozen BEFORE UPDATE ON sports_bet_legs FOR EACH ROW
  WHEN (OLD.odds_milli <> NEW.odds_milli OR OLD.selection_id <> NEW.selection_id OR OLD.market_id <> NEW.market_id
        OR OLD.outcome <> NEW.outcome OR OLD.placement_home <> NEW.placement_home
        OR OLD.placement_away <> NEW.placement_away OR OLD.bet_id <> NEW.bet_id OR OLD.match_id <> NEW.match_id)
  EXECUTE FUNCTION sports_legs_refuse_change();
CREATE TRIGGER sports_bet_legs_no_delete BEFORE DELETE ON sports_bet_legs FOR EACH ROW
  EXECUTE FUNCTION sports_legs_refuse_change();

CREATE FUNCTION sports_bets_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an accepted bet''s stake and odds never change (bet %)', OLD.id;
END $$;
CREATE TRIGGER sports_bets_frozen BEFORE UPDATE ON sports_bets FOR EACH ROW
  WHEN (OLD.odds_milli <> NEW.odds_milli OR OLD.stake_cents <> NEW.stake_cents OR OLD.user_id <> NEW.user_id
        OR OLD.potential_payout_cents <> NEW.potential_payout_cents)
  EXECUTE FUNCTION sports_bets_refuse_change();
