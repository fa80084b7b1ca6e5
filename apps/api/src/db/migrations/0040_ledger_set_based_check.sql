-- The balance check of migration 0002 ran once per posting at commit and re-summed every posting of that
-- posting's transaction: a batch of n two-legged transactions paid 2n index scans at commit. Sums add up, so it
-- is enough to check what each statement wrote: if every statement's postings of a transaction sum to zero per
-- currency, so do all of them. One statement-level trigger sums the statement's new rows per transaction and
-- currency (one pass over the transition table); a transaction a statement leaves unbalanced (written over several
-- statements, or simply wrong) is remembered in `ledger_open_transactions`, whose deferred constraint trigger
-- re-sums all of its postings at commit and refuses the commit if they still do not balance. Exact as before,
-- set-based in the common case where a transaction's postings are written by one statement.

DROP TRIGGER ledger_postings_balanced ON ledger_postings;
DROP FUNCTION ledger_check_balanced();

-- Always empty between database transactions: a row lives from the statement that left its transaction
-- unbalanced to the commit-time check, which deletes it (or refuses the commit, which takes it away too).
CREATE TABLE ledger_open_transactions (
  transaction_id  bigint PRIMARY KEY
);

CREATE FUNCTION ledger_note_unbalanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_open_transactions (transaction_id)
  SELECT DISTINCT transaction_id FROM (
    SELECT transaction_id FROM new_postings GROUP BY transaction_id, currency HAVING sum(amount_cents) <> 0
  ) unbalanced
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_postings_statement_balanced AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_note_unbalanced();

CREATE FUNCTION ledger_check_open_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE unbalanced record;
BEGIN
  SELECT currency, sum(amount_cents) AS total INTO unbalanced
    FROM ledger_postings WHERE transaction_id = NEW.transaction_id
    GROUP BY currency HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in % (%)',
      NEW.transaction_id, unbalanced.currency, unbalanced.total;
  END IF;
  DELETE FROM ledger_open_transactions WHERE transaction_id = NEW.transaction_id;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_open_transactions_balanced AFTER INSERT ON ledger_open_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_open_transaction();
