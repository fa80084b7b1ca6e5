-- The operator back office (api-contract section 12): operator roles, status and second factor, the audit log,
-- withdrawal review, the KYC queue, game flags, the adjustment account and the daily report's rollup.

-- Operators: roles, status, TOTP, and a per-account progressive lock after failed sign-ins.
ALTER TABLE operators ADD COLUMN roles text[] NOT NULL DEFAULT '{}'
  CHECK (roles <@ ARRAY['owner', 'finance', 'risk', 'support', 'trader', 'marketing']::text[]);
ALTER TABLE operators ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled'));
ALTER TABLE operators ADD COLUMN totp_secret text;
ALTER TABLE operators ADD COLUMN totp_pending_secret text;
-- The last accepted TOTP time step: a code is accepted once (replay-safe).
ALTER TABLE operators ADD COLUMN totp_last_step bigint;
ALTER TABLE operators ADD COLUMN failed_logins integer NOT NULL DEFAULT 0 CHECK (failed_logins >= 0);
ALTER TABLE operators ADD COLUMN locked_until timestamptz;
ALTER TABLE operators ADD COLUMN last_login_at timestamptz;
-- Operators that existed before roles (the ADMIN_USERNAME one) are owners.
UPDATE operators SET roles = ARRAY['owner'];

-- Every change an operator makes, written in the same transaction as the change. Append-only.
CREATE TABLE audit_log (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id        bigint NOT NULL REFERENCES operators(id),
  operator_username  text NOT NULL,
  action             text NOT NULL CHECK (action ~ '^[a-z0-9_.]{1,60}$'),
  target             text NOT NULL CHECK (length(target) <= 200),
  before             jsonb,
  after              jsonb,
  ip                 text NOT NULL DEFAULT '' CHECK (length(ip) <= 64),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_operator_idx ON audit_log (operator_username, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or deleted (% on audit_log)', TG_OP;
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- The review of each withdrawal: 'auto' (paid without review), 'review' (waiting), 'approved', 'rejected'.
CREATE TABLE withdrawal_reviews (
  order_id     bigint PRIMARY KEY REFERENCES orders(id),
  user_id      bigint NOT NULL REFERENCES users(id),
  status       text NOT NULL CHECK (status IN ('auto', 'review', 'approved', 'rejected')),
  risk         text[] NOT NULL DEFAULT '{}',
  reviewed_by  bigint REFERENCES operators(id),
  reason       text CHECK (length(reason) <= 200),
  created_at   timestamptz NOT NULL DEFAULT now(),
  decided_at   timestamptz
);
CREATE INDEX withdrawal_reviews_waiting_idx ON withdrawal_reviews (created_at) WHERE status = 'review';
CREATE INDEX orders_type_status_idx ON orders (type, status, id DESC);
CREATE INDEX orders_pay_card_no_idx ON orders (pay_card_no) WHERE type = '11';

-- KYC: the player's submission counts at once (spec: deposits need kyc = 1); an operator approves or rejects it.
ALTER TABLE users ADD COLUMN kyc_status text NOT NULL DEFAULT 'none'
  CHECK (kyc_status IN ('none', 'pending', 'approved', 'rejected'));
ALTER TABLE users ADD COLUMN kyc_submitted_at timestamptz;
ALTER TABLE users ADD COLUMN kyc_reason text CHECK (length(kyc_reason) <= 200);
UPDATE users SET kyc_status = 'pending', kyc_submitted_at = created_at WHERE kyc = 1;
CREATE INDEX users_kyc_queue_idx ON users (kyc_status, kyc_submitted_at) WHERE kyc_status <> 'none';
CREATE INDEX users_created_idx ON users (created_at);
CREATE INDEX users_kyc_cpf_idx ON users (kyc_cpf);

ALTER TABLE game_catalog ADD COLUMN hot boolean NOT NULL DEFAULT false;

-- Operator adjustments post against their own house account.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (
  'player_cash', 'player_bonus', 'player_withdrawal_hold',
  'house_provider_clearing', 'house_payouts', 'house_game', 'house_sportsbook',
  'house_bonus_cost', 'house_fees', 'house_transfers', 'house_demo', 'house_adjustments', 'house_slots'));

-- The daily report's rollup. A job folds the journal, by transaction id, into one row per (day, code, account
-- kind) and one row per (day, player) who staked; the report adds a live query over the journal past the
-- watermark, so it is exact at every moment and no row is updated by every bet.
CREATE TABLE report_ledger_daily (
  day          date NOT NULL,
  code         text NOT NULL,
  kind         text NOT NULL,
  amount_cents bigint NOT NULL,
  PRIMARY KEY (day, code, kind)
);
CREATE TABLE report_active_players (
  day      date NOT NULL,
  user_id  bigint NOT NULL,
  PRIMARY KEY (day, user_id)
);
CREATE TABLE report_watermark (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_tx_id  bigint NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO report_watermark (id, last_tx_id) VALUES (true, 0);
