-- A player's own daily totals for the transparency page (issue 30, decision 0053): the page reads these, never the
-- journal. Kept by a job that folds the journal past a watermark (modules/transparency/transparency.fold.ts), not
-- by the money paths, so no stake, deposit or payout transaction writes one more row.

-- The sum of the postings on the player's own accounts per São Paulo day and transaction code (a deposit is
-- positive, a stake negative, a payout positive, a paid withdrawal negative).
CREATE TABLE player_daily_ledger (
  user_id      bigint NOT NULL,
  day          date NOT NULL,
  code         text NOT NULL,
  amount_cents bigint NOT NULL,
  PRIMARY KEY (user_id, day, code)
);

-- Time played: the minutes of the São Paulo day in which the player placed at least one stake. The first and
-- last minute of the folded rows let the next fold not count again a minute two folds share.
CREATE TABLE player_daily_play (
  user_id      bigint NOT NULL,
  day          date NOT NULL,
  play_minutes integer NOT NULL CHECK (play_minutes >= 0),
  first_minute timestamptz NOT NULL,
  last_minute  timestamptz NOT NULL,
  PRIMARY KEY (user_id, day)
);

CREATE TABLE player_daily_watermark (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_tx_id  bigint NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO player_daily_watermark (id, last_tx_id) VALUES (true, 0);
