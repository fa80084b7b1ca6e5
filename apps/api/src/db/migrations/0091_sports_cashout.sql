-- Cash-out (api-contract section 11, second wave): the house buys all or part of an open bet back at a quoted
-- price. The sold stake leaves the bet (settlement pays on stake_cents − cashed_out_stake_cents); what was paid
-- is a `sports_cashout` ledger transaction keyed by the quote, so a quote pays at most once.
ALTER TABLE sports_bets
  ADD COLUMN cashed_out_stake_cents bigint NOT NULL DEFAULT 0 CHECK (cashed_out_stake_cents >= 0),
  ADD COLUMN cashout_paid_cents bigint NOT NULL DEFAULT 0 CHECK (cashout_paid_cents >= 0),
  ADD CONSTRAINT sports_bets_cashout_within_stake CHECK (cashed_out_stake_cents <= stake_cents);

CREATE TABLE sports_cashout_quotes (
  id                     bigint GENERATED ALWAYS AS IDENTITY (START WITH 5000001) PRIMARY KEY,
  bet_id                 bigint NOT NULL REFERENCES sports_bets(id),
  user_id                bigint NOT NULL REFERENCES users(id),
  -- The value of the whole remaining stake when quoted, and that stake: a quote is good only for it.
  amount_cents           bigint NOT NULL CHECK (amount_cents > 0),
  remaining_stake_cents  bigint NOT NULL CHECK (remaining_stake_cents > 0),
  expires_at             timestamptz NOT NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  -- Filled once, when the quote is taken (a retry answers what was done).
  used_at                timestamptz,
  fraction_hundredths    smallint CHECK (fraction_hundredths BETWEEN 1 AND 100),
  sold_stake_cents       bigint CHECK (sold_stake_cents > 0),
  paid_cents             bigint CHECK (paid_cents > 0),
  CHECK ((used_at IS NULL) = (paid_cents IS NULL)),
  CHECK ((used_at IS NULL) = (sold_stake_cents IS NULL)),
  CHECK ((used_at IS NULL) = (fraction_hundredths IS NULL))
);
CREATE INDEX sports_cashout_quotes_bet_idx ON sports_cashout_quotes (bet_id, id);
