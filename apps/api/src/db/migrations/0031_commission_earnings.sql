-- The lean commission job (issue 13, ADR 0018): what a day paid is one row per (earner, day) with the per-depth
-- breakdown; `commissions` keeps only the refused pairs (the operator's list). The per-friend figures of the
-- player's pages are derived at read time from `stake_daily` and the rates the day was settled at, kept here.

CREATE TABLE commission_earnings (
  earner_id     bigint NOT NULL,
  day           date NOT NULL,
  depth1_cents  bigint NOT NULL CHECK (depth1_cents >= 0),
  depth2_cents  bigint NOT NULL CHECK (depth2_cents >= 0),
  depth3_cents  bigint NOT NULL CHECK (depth3_cents >= 0),
  amount_cents  bigint NOT NULL CHECK (amount_cents > 0 AND amount_cents = depth1_cents + depth2_cents + depth3_cents),
  -- The exactly-once of the paid side, like the refused pairs' key: a second run cannot write an earner twice.
  PRIMARY KEY (earner_id, day)
);

ALTER TABLE commission_days
  ADD COLUMN rate1 numeric(6, 5),
  ADD COLUMN rate2 numeric(6, 5),
  ADD COLUMN rate3 numeric(6, 5);

-- Days settled before this migration: their rates as the pair rows recorded them, their earnings summed.
UPDATE commission_days d SET
  rate1 = (SELECT max(rate) FROM commissions c WHERE c.day = d.day AND c.depth = 1),
  rate2 = (SELECT max(rate) FROM commissions c WHERE c.day = d.day AND c.depth = 2),
  rate3 = (SELECT max(rate) FROM commissions c WHERE c.day = d.day AND c.depth = 3);
UPDATE commission_days d SET
  rate1 = coalesce(d.rate1, (SELECT rate FROM commission_rates WHERE depth = 1)),
  rate2 = coalesce(d.rate2, (SELECT rate FROM commission_rates WHERE depth = 2)),
  rate3 = coalesce(d.rate3, (SELECT rate FROM commission_rates WHERE depth = 3));
ALTER TABLE commission_days
  ALTER COLUMN rate1 SET NOT NULL, ALTER COLUMN rate2 SET NOT NULL, ALTER COLUMN rate3 SET NOT NULL;

INSERT INTO commission_earnings (earner_id, day, depth1_cents, depth2_cents, depth3_cents, amount_cents)
SELECT earner_id, day,
       coalesce(sum(amount_cents) FILTER (WHERE depth = 1), 0), coalesce(sum(amount_cents) FILTER (WHERE depth = 2), 0),
       coalesce(sum(amount_cents) FILTER (WHERE depth = 3), 0), sum(amount_cents)
  FROM commissions WHERE refused IS NULL GROUP BY earner_id, day HAVING sum(amount_cents) > 0;
DELETE FROM commissions WHERE refused IS NULL;
ALTER TABLE commissions ALTER COLUMN refused SET NOT NULL;
DROP INDEX commissions_refused_idx;
CREATE INDEX commissions_day_idx ON commissions (day DESC);
