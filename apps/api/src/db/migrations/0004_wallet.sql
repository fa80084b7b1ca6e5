-- Deposits and withdrawals (orders), PIX charges, webhook deliveries, transfers, saved payout accounts,
-- durable jobs and the HTTP idempotency store.

ALTER TABLE users ADD COLUMN wagering_remaining_cents bigint NOT NULL DEFAULT 0 CHECK (wagering_remaining_cents >= 0);
ALTER TABLE users ADD COLUMN zone_hours smallint NOT NULL DEFAULT -3 CHECK (zone_hours BETWEEN -12 AND 14);

CREATE TABLE orders (
  id               bigint GENERATED ALWAYS AS IDENTITY (START WITH 1000001) PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users(id),
  type             text NOT NULL CHECK (type IN ('10', '11')),
  -- '00' open, '10' paid / paid out, '01' cancelled or returned, '-01' expired or failed (deposits).
  status           text NOT NULL DEFAULT '00' CHECK (status IN ('00', '10', '01', '-01')),
  amount_cents     bigint NOT NULL CHECK (amount_cents > 0),
  gift_cents       bigint NOT NULL DEFAULT 0 CHECK (gift_cents >= 0),
  pkg_id           bigint REFERENCES price_packages(pkg_id),
  provider         text NOT NULL DEFAULT 'sandbox',
  pay_no           text UNIQUE,
  pay_card_bank    text CHECK (pay_card_bank IN ('CPF', 'CNPJ', 'USDT')),
  pay_card_no      text,
  ifsc             text,
  holder_name      text,
  whatsapp         text,
  usdt_rate        numeric(12, 4),
  failure_reason   text,
  is_app           boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz,
  finished_at      timestamptz,
  CHECK (type = '10' OR pay_card_bank IS NOT NULL)
);
CREATE INDEX orders_user_idx ON orders (user_id, type, created_at DESC);

-- Our record of a PIX charge at a provider (Banco Central "API Pix" cob: txid, valor, expiração).
CREATE TABLE payment_charges (
  txid            text PRIMARY KEY CHECK (txid ~ '^[a-zA-Z0-9]{26,35}$'),
  order_id        bigint NOT NULL UNIQUE REFERENCES orders(id),
  provider        text NOT NULL,
  amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
  br_code         text NOT NULL,
  end_to_end_id   text UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  paid_at         timestamptz
);

-- Every webhook delivery, verified or not, for the operator: what came and what we did with it.
CREATE TABLE webhook_events (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider        text NOT NULL,
  received_at     timestamptz NOT NULL DEFAULT now(),
  txid            text,
  end_to_end_id   text,
  outcome         text NOT NULL CHECK (outcome IN ('credited', 'duplicate', 'unknown_charge', 'expired_charge', 'amount_mismatch', 'bad_signature')),
  body            text NOT NULL
);
CREATE INDEX webhook_events_txid_idx ON webhook_events (txid);

-- The sandbox provider's own books: it plays an external PSP, so it keeps its state apart from ours.
CREATE TABLE sandbox_charges (
  txid            text PRIMARY KEY,
  amount_cents    bigint NOT NULL,
  status          text NOT NULL DEFAULT 'ATIVA' CHECK (status IN ('ATIVA', 'CONCLUIDA', 'EXPIRADA')),
  br_code         text NOT NULL,
  end_to_end_id   text UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  paid_at         timestamptz
);

CREATE TABLE transfers (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  from_user_id    bigint NOT NULL REFERENCES users(id),
  to_user_id      bigint NOT NULL REFERENCES users(id),
  amount_cents    bigint NOT NULL CHECK (amount_cents >= 100),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (from_user_id <> to_user_id)
);
CREATE INDEX transfers_from_idx ON transfers (from_user_id, created_at DESC);

CREATE TABLE payout_accounts (
  user_id         bigint NOT NULL REFERENCES users(id),
  type            text NOT NULL CHECK (type IN ('CPF', 'CNPJ', 'USDT')),
  pay_card_no     text NOT NULL,
  ifsc            text NOT NULL DEFAULT '',
  holder_name     text NOT NULL DEFAULT '',
  whatsapp        text NOT NULL DEFAULT '',
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type)
);

-- Durable jobs: claimed with FOR UPDATE SKIP LOCKED, so each runs once across server processes and survives
-- restarts. `unique_key` makes scheduling idempotent.
CREATE TABLE jobs (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind            text NOT NULL,
  payload         jsonb NOT NULL DEFAULT '{}',
  unique_key      text UNIQUE,
  run_at          timestamptz NOT NULL DEFAULT now(),
  attempts        integer NOT NULL DEFAULT 0,
  max_attempts    integer NOT NULL DEFAULT 10 CHECK (max_attempts BETWEEN 1 AND 100),
  locked_until    timestamptz,
  done_at         timestamptz,
  failed_at       timestamptz,
  last_error      text
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE done_at IS NULL AND failed_at IS NULL;

-- A money call repeated with the same Idempotency-Key gets the first answer back.
CREATE TABLE idempotent_requests (
  user_id         bigint NOT NULL,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
  route           text NOT NULL,
  status_code     integer,
  response_body   text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idempotency_key)
);
