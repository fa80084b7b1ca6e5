-- A closed account's money (issue 30, decision 0051): open sports bets bought back at their stake when a list
-- closes the account, and the balance still unreturned 180 days after the refund was due moved to the liability
-- owed to the public fund (`house_unclaimed`) that the operator then pays. The chart of accounts gains that kind;
-- the rest of the function is unchanged from migration 0106.
ALTER TABLE compliance_player_status
  ADD COLUMN open_bets_refunded integer NOT NULL DEFAULT 0 CHECK (open_bets_refunded >= 0),
  ADD COLUMN open_bets_refund_cents bigint NOT NULL DEFAULT 0 CHECK (open_bets_refund_cents >= 0),
  ADD COLUMN unclaimed_at timestamptz,
  ADD COLUMN unclaimed_cents bigint CHECK (unclaimed_cents >= 0);
CREATE INDEX compliance_player_status_unclaimed ON compliance_player_status (refund_due_at)
  WHERE listed_at IS NOT NULL AND refunded_at IS NULL AND unclaimed_at IS NULL;

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
    'house_commission', 'house_tax_liability', 'house_unclaimed') THEN
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
