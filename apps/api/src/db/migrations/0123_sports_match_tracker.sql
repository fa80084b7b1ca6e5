-- The live match tracker (issue 33, api-contract section 19, decision 0064): the feed's match events (goals,
-- cards, corners, dangerous attacks, shots) kept per match, written in the feed's transaction with the state they
-- go with and pushed as `matchEvent` after its commit. `feed_key` makes a repeated delivery a no-op.
-- `sports_match_tracker` holds the feed's latest possession figure.
CREATE TABLE sports_match_events (
  id bigserial PRIMARY KEY,
  match_id bigint NOT NULL REFERENCES sports_matches (id) ON DELETE CASCADE,
  feed_key text NOT NULL CHECK (length(feed_key) BETWEEN 1 AND 64),
  minute smallint NOT NULL CHECK (minute BETWEEN 0 AND 200),
  kind text NOT NULL CHECK (kind IN ('goal', 'card', 'corner', 'danger', 'shot')),
  side text CHECK (side IN ('home', 'away')),
  detail text CHECK (detail IN ('yellow', 'red')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (match_id, feed_key),
  CHECK ((kind = 'card') = (detail IS NOT NULL))
);

CREATE TABLE sports_match_tracker (
  match_id bigint PRIMARY KEY REFERENCES sports_matches (id) ON DELETE CASCADE,
  possession_home smallint NOT NULL CHECK (possession_home BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);
