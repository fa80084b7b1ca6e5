-- The winnings tax (issue 30, decision 0057): the IRRF withheld from players' withdrawals is owed to the Receita
-- Federal until the operator pays it, so it sits in its own house account, `house_tax_liability`, one per tax
-- period (named `2026`, or `2026-03` with WINNINGS_TAX_PERIOD=month). The chart of accounts that migration 0098
-- checks when an account is opened gains that kind; the rest of the function is unchanged.
CREATE OR REPLACE FUNCTION ledger_account_identity() RETURNS trigger LANGUAGE plpgsql AS $$
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
    'house_commission', 'house_tax_liability') THEN
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
