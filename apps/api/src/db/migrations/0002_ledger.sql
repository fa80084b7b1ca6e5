-- The double-entry ledger (docs/ledger.md). Sign convention: a posting's amount is added to its account's
-- balance; the postings of a transaction sum to zero, so the sum over all accounts is zero per currency.

CREATE TABLE ledger_accounts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN (
                   'player_cash', 'player_bonus', 'player_withdrawal_hold',
                   'house_provider_clearing', 'house_payouts', 'house_game', 'house_sportsbook',
                   'house_bonus_cost', 'house_fees', 'house_transfers', 'house_demo')),
  owner_user_id  bigint REFERENCES users(id),
  -- House accounts are named (a provider, a game); player accounts are named by owner and kind.
  name           text NOT NULL DEFAULT '',
  currency       text NOT NULL DEFAULT 'BRL' CHECK (currency ~ '^[A-Z]{3,4}$'),
  balance_cents  bigint NOT NULL DEFAULT 0,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind LIKE 'player_%') = (owner_user_id IS NOT NULL)),
  -- The database itself refuses a negative player balance, whatever the code does.
  CHECK (kind NOT LIKE 'player_%' OR balance_cents >= 0),
  UNIQUE (kind, owner_user_id, name, currency)
);
CREATE UNIQUE INDEX ledger_accounts_player_idx ON ledger_accounts (owner_user_id, kind, currency)
  WHERE owner_user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_house_idx ON ledger_accounts (kind, name, currency)
  WHERE owner_user_id IS NULL;

CREATE TABLE ledger_transactions (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code             text NOT NULL CHECK (code ~ '^[a-z_]+$'),
  idempotency_key  text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  reference_type   text NOT NULL,
  reference_id     text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transactions_reference_idx ON ledger_transactions (reference_type, reference_id);

CREATE TABLE ledger_postings (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id  bigint NOT NULL REFERENCES ledger_transactions(id),
  account_id      bigint NOT NULL REFERENCES ledger_accounts(id),
  amount_cents    bigint NOT NULL CHECK (amount_cents <> 0),
  currency        text NOT NULL
);
CREATE INDEX ledger_postings_transaction_idx ON ledger_postings (transaction_id);
CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id);

-- Postings and journal rows are append-only: a correction is a new transaction.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END $$;
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- At commit, every transaction that received postings must balance per currency.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE unbalanced record;
BEGIN
  SELECT currency, sum(amount_cents) AS total INTO unbalanced
    FROM ledger_postings WHERE transaction_id = NEW.transaction_id
    GROUP BY currency HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in % (%)',
      NEW.transaction_id, unbalanced.currency, unbalanced.total;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
