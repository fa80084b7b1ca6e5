-- A posting's foreign keys were checked one row at a time (two RI trigger calls per posting) and each check took a
-- KEY SHARE lock on the referenced account: on a game's bank, a lock shared by every bet at once. The same
-- guarantees, set-based: the statement-level trigger of migration 0040 proves, in one anti-join per statement,
-- that every new posting names an existing journal row and account; journal rows are append-only already
-- (migration 0002), and an account that has postings or house journal rows can no longer be deleted (the RESTRICT
-- the foreign key gave). Accounts are never deleted by the product; the refusal guards against a hand-written one.

ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_transaction_id_fkey;
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_account_id_fkey;

CREATE OR REPLACE FUNCTION ledger_note_unbalanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_postings n WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = n.account_id))
  THEN
    RAISE EXCEPTION 'ledger posting names a missing account' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_postings n
              WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = n.transaction_id))
  THEN
    RAISE EXCEPTION 'ledger posting names a missing journal row' USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO ledger_open_transactions (transaction_id)
  SELECT DISTINCT transaction_id FROM (
    SELECT transaction_id FROM new_postings GROUP BY transaction_id, currency HAVING sum(amount_cents) <> 0
  ) unbalanced
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION ledger_refuse_used_account_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_postings WHERE account_id = OLD.id)
     OR EXISTS (SELECT 1 FROM ledger_house_pending WHERE account_id = OLD.id) THEN
    RAISE EXCEPTION 'ledger account % has postings and cannot be deleted', OLD.id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER ledger_accounts_keep_used BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_used_account_delete();
