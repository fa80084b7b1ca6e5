-- No hot house row (docs/ledger.md, decision 0020). Every bet of a game used to update, under a row lock held to
-- commit, its game's one house account: all players of a game queued on one row. House accounts are never checked
-- for overdraft, so their balance need not move with each posting: a posting to a house account writes its
-- posting as always and adds a row here instead of updating the account; a background step (and anyone at any
-- moment) folds these rows into the account's balance in one transaction. So at every moment, for every account,
--   balance_cents + sum(ledger_house_pending.amount_cents of the account) = sum(ledger_postings.amount_cents)
-- which is what ledger:check proves. Player accounts never have rows here: their balances move with the posting,
-- under their lock, as before.
CREATE TABLE ledger_house_pending (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id    bigint NOT NULL,
  amount_cents  bigint NOT NULL
);

-- Every account's balance including what is not yet folded: what a reader of a house balance wants.
CREATE VIEW ledger_balances AS
SELECT a.id, a.kind, a.owner_user_id, a.name, a.currency,
       (a.balance_cents
        + COALESCE((SELECT sum(h.amount_cents) FROM ledger_house_pending h WHERE h.account_id = a.id), 0))::bigint
         AS balance_cents
  FROM ledger_accounts a;

-- Folds every committed pending row into its account. Concurrent folds are safe: a row deleted by one is skipped
-- by the other (DELETE waits for the first and then finds the row gone), so each amount is added exactly once.
CREATE FUNCTION ledger_fold_house() RETURNS bigint LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM ledger_house_pending RETURNING account_id, amount_cents),
  sums AS (SELECT account_id, sum(amount_cents) AS total, count(*) AS n FROM moved GROUP BY account_id),
  updated AS (
    UPDATE ledger_accounts a SET balance_cents = a.balance_cents + s.total, updated_at = now()
      FROM sums s WHERE a.id = s.account_id RETURNING s.n)
  SELECT COALESCE(sum(n), 0)::bigint FROM updated
$$;

-- Balances moved so far by house legs stay where they are; from now on house legs go through the journal.
