-- A posting's cost in the database, trimmed without giving up a guarantee (decision 0020, eleventh session).
--
-- 1. PostgreSQL evaluates every CHECK constraint of a row on every UPDATE of it, and reads each constraint's
--    expression anew for each statement. Every posting updates its players' balances, so it paid for four checks
--    of ledger_accounts, three of them about columns that never change once the account is opened (its kind,
--    owner and currency: an account is its identity). Those three are now proven where they can be broken: when
--    an account is opened, and on any update that names one of those columns, which is refused outright (the
--    product never renames an account). The balance check, the one a posting can break, stays a CHECK.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_check;
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_currency_check;

CREATE FUNCTION ledger_account_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.kind, NEW.owner_user_id, NEW.name, NEW.currency)
       IS DISTINCT FROM (OLD.kind, OLD.owner_user_id, OLD.name, OLD.currency) THEN
      RAISE EXCEPTION 'ledger account % cannot change its kind, owner, name or currency', OLD.id
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.kind NOT IN (
    'player_cash', 'player_bonus', 'player_withdrawal_hold', 'player_commission',
    'house_provider_clearing', 'house_payouts', 'house_game', 'house_sportsbook',
    'house_bonus_cost', 'house_fees', 'house_transfers', 'house_demo', 'house_adjustments', 'house_slots',
    'house_commission') THEN
    RAISE EXCEPTION 'ledger account kind % is not in the chart of accounts', NEW.kind
      USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.kind LIKE 'player\_%') IS DISTINCT FROM (NEW.owner_user_id IS NOT NULL) THEN
    RAISE EXCEPTION 'a player account needs an owner, and only a player account has one'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.currency !~ '^[A-Z]{3,4}$' THEN
    RAISE EXCEPTION 'ledger account currency % is not a currency code', NEW.currency
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_accounts_identity BEFORE INSERT OR UPDATE OF kind, owner_user_id, name, currency
  ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_account_identity();

-- 2. The statement-level check of migrations 0040 and 0043 ran three statements per posting statement: two
--    anti-joins and an INSERT that, for a balanced transaction, inserts nothing but is still planned, started and
--    ended. One statement now answers all three questions, and the INSERT runs only when something is unbalanced.
CREATE OR REPLACE FUNCTION ledger_note_unbalanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing_account boolean;
  missing_journal boolean;
  unbalanced boolean;
BEGIN
  SELECT EXISTS (SELECT 1 FROM new_postings n
                  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = n.account_id)),
         EXISTS (SELECT 1 FROM new_postings n
                  WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = n.transaction_id)),
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
