-- The posting check of migration 0098 ran, through PL/pgSQL's cached plan, a hash anti-join that read the whole of
-- ledger_transactions on every posting statement: a plan made while the table was small (or its statistics old) is
-- kept for the connection's life, and the check then grew with the journal (1.1–1.8 ms per bet batch on a bench
-- database of a few thousand rows, decision 0058 addendum 4). Each distinct account and journal row a statement
-- names is now probed by its primary key (a scalar subquery is never turned into a join), so the check costs what
-- the statement wrote, whatever the tables' sizes or statistics. Same three answers, same errors.
CREATE OR REPLACE FUNCTION ledger_note_unbalanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing_account boolean;
  missing_journal boolean;
  unbalanced boolean;
BEGIN
  SELECT EXISTS (SELECT 1 FROM (SELECT DISTINCT account_id FROM new_postings) n
                  WHERE (SELECT a.id FROM ledger_accounts a WHERE a.id = n.account_id) IS NULL),
         EXISTS (SELECT 1 FROM (SELECT DISTINCT transaction_id FROM new_postings) n
                  WHERE (SELECT t.id FROM ledger_transactions t WHERE t.id = n.transaction_id) IS NULL),
         EXISTS (SELECT 1 FROM new_postings GROUP BY transaction_id, currency HAVING sum(amount_cents) <> 0)
    INTO missing_account, missing_journal, unbalanced;
  IF missing_account THEN
    RAISE EXCEPTION 'ledger posting names a missing account' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF missing_journal THEN
    RAISE EXCEPTION 'ledger posting names a missing journal row' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF unbalanced THEN
    INSERT INTO ledger_open_transactions (transaction_id)
    SELECT DISTINCT transaction_id FROM (
      SELECT transaction_id FROM new_postings GROUP BY transaction_id, currency HAVING sum(amount_cents) <> 0
    ) unbalanced_transactions
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
