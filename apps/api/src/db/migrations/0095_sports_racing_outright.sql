-- Racing as an outright event (api-contract section 11: `{ kind: 'outright', runners }`, a `winner` market whose
-- outcome is a runner id; ours adds a `podium` market). A race keeps home/away as its title and series so the
-- match lists stay uniform; its field is `runners` [{ id, name }], null for every other sport.
ALTER TABLE sports_matches ADD COLUMN runners jsonb;

ALTER TABLE sports_markets DROP CONSTRAINT sports_markets_type_check;
ALTER TABLE sports_markets ADD CONSTRAINT sports_markets_type_check CHECK (type IN
  ('winAlone', 'handicap', 'total', 'oddEven', 'cornersTotal', 'cornersHandicap', 'winner', 'podium'));
ALTER TABLE sports_markets DROP CONSTRAINT sports_markets_check;
ALTER TABLE sports_markets ADD CONSTRAINT sports_markets_check
  CHECK ((type IN ('winAlone', 'oddEven', 'winner', 'podium')) = (line_quarters IS NULL));

-- A selection on a race is the runner id: short, lower-case letters and digits (fa01…, tc01…).
ALTER TABLE sports_selections DROP CONSTRAINT sports_selections_outcome_check;
ALTER TABLE sports_selections ADD CONSTRAINT sports_selections_outcome_check
  CHECK (outcome IN ('home', 'away', 'draw', 'over', 'under', 'odd', 'even') OR outcome ~ '^[a-z][a-z0-9]{1,15}$');
ALTER TABLE sports_bet_legs DROP CONSTRAINT sports_bet_legs_outcome_check;
ALTER TABLE sports_bet_legs ADD CONSTRAINT sports_bet_legs_outcome_check
  CHECK (outcome IN ('home', 'away', 'draw', 'over', 'under', 'odd', 'even') OR outcome ~ '^[a-z][a-z0-9]{1,15}$');
