-- A real PIX provider (issue 16): the Banco Central's API Pix for charges, a PSP's send-Pix call for payouts,
-- refunds (devolução) as an operator action, and a daily reconciliation against the PSP's received Pix.

-- 'unconfirmed': a signed webhook whose GET /pix/{endToEndId} at the PSP disagrees (unknown, other txid or
-- amount). Nothing is credited on the webhook's word alone.
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_outcome_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_outcome_check CHECK (outcome IN (
  'credited', 'duplicate', 'unknown_charge', 'expired_charge', 'amount_mismatch', 'bad_signature', 'bad_payment_time',
  'refund_due', 'unconfirmed'
));
CREATE INDEX webhook_events_refundable_idx ON webhook_events (received_at DESC)
  WHERE outcome IN ('duplicate', 'unknown_charge', 'expired_charge', 'amount_mismatch', 'refund_due');

-- One payout per withdrawal, at most: the intent (and its id at the PSP) is committed before the PSP is called, so
-- a crash or a timeout is followed by a status query with the same id, never by a second transfer.
CREATE TABLE payout_attempts (
  order_id        bigint PRIMARY KEY REFERENCES orders(id),
  provider        text NOT NULL,
  id_envio        text NOT NULL UNIQUE CHECK (id_envio ~ '^[a-zA-Z0-9]{1,35}$'),
  -- sending: asked (or about to ask) and no answer yet; pending: the PSP accepted it and is processing.
  status          text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'pending', 'paid', 'failed')),
  end_to_end_id   text,
  detail          text,
  checks          integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- Refunds (devolução) of received Pix we did not credit: late, duplicate, mismatched or cancelled-order payments.
-- Money that was never credited to a player moves nothing in our ledger; it only leaves the PSP account.
CREATE TABLE pix_refunds (
  id               text PRIMARY KEY CHECK (id ~ '^[a-zA-Z0-9]{1,35}$'),
  webhook_event_id bigint NOT NULL REFERENCES webhook_events(id),
  provider         text NOT NULL,
  -- One refund per received Pix: redeliveries of the same payment are several events of one end_to_end_id.
  end_to_end_id    text NOT NULL UNIQUE,
  amount_cents     bigint NOT NULL CHECK (amount_cents > 0),
  status           text NOT NULL DEFAULT 'EM_PROCESSAMENTO'
                   CHECK (status IN ('EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO')),
  operator_id      bigint NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- The daily reconciliation: what the PSP says it received for a day against the orders we credited.
CREATE TABLE pix_reconciliations (
  day             date NOT NULL,
  provider        text NOT NULL,
  ran_at          timestamptz NOT NULL DEFAULT now(),
  psp_count       integer NOT NULL,
  psp_cents       bigint NOT NULL,
  credited_count  integer NOT NULL,
  credited_cents  bigint NOT NULL,
  PRIMARY KEY (day, provider)
);

CREATE TABLE pix_reconciliation_diffs (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day             date NOT NULL,
  provider        text NOT NULL,
  -- received_not_credited: at the PSP, not credited by us; credited_not_received: credited, unknown to the PSP;
  -- amount_differs: both, different amounts.
  kind            text NOT NULL CHECK (kind IN ('received_not_credited', 'credited_not_received', 'amount_differs')),
  end_to_end_id   text NOT NULL,
  txid            text,
  psp_cents       bigint,
  credited_cents  bigint,
  found_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (day, provider, kind, end_to_end_id)
);
CREATE INDEX pix_reconciliation_diffs_day_idx ON pix_reconciliation_diffs (day DESC);
