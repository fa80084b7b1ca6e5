-- Shared slips (issue 33, api-contract section 19, decision 0064): a player turns a slip or one of their bets into
-- a short code. Only the selections are kept (never a stake or a payout), so opening the code shows nothing of the
-- sharer's money; `bet_id` says which bet it came from, for the operator. The code alphabet leaves out 0/O, 1/I/L.
CREATE TABLE sports_slips (
  code text PRIMARY KEY CHECK (code ~ '^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$'),
  user_id bigint NOT NULL REFERENCES users (id),
  bet_id bigint REFERENCES sports_bets (id),
  selection_ids bigint[] NOT NULL CHECK (cardinality(selection_ids) BETWEEN 1 AND 20),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sports_slips_user ON sports_slips (user_id, created_at);
