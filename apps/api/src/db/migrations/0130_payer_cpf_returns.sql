-- Decision 0066: the sandbox PSP is gone (deposits run through the API Pix adapter, in development against the
-- in-process emulator), and under br-licensed a deposit paid from another CPF than the player's is returned.

-- The sandbox's own books of charges: no code reads them any more.
DROP TABLE IF EXISTS sandbox_charges;

-- 'payer_mismatch': a confirmed Pix whose payer (the PSP's record, `pagador.cpf`) is not the player's own CPF,
-- under br-licensed. Nothing is credited; the order closes ('01') and the Pix is returned (devolução).
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_outcome_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_outcome_check CHECK (outcome IN (
  'credited', 'duplicate', 'unknown_charge', 'expired_charge', 'amount_mismatch', 'bad_signature', 'bad_payment_time',
  'refund_due', 'unconfirmed', 'payer_mismatch'
));
DROP INDEX IF EXISTS webhook_events_refundable_idx;
CREATE INDEX webhook_events_refundable_idx ON webhook_events (received_at DESC)
  WHERE outcome IN ('duplicate', 'unknown_charge', 'expired_charge', 'amount_mismatch', 'refund_due', 'payer_mismatch');

-- A return the server asks by itself (payer_mismatch) has no operator.
ALTER TABLE pix_refunds ALTER COLUMN operator_id DROP NOT NULL;

-- An order written without a provider (fixtures, old scripts) names the one provider there is.
ALTER TABLE orders ALTER COLUMN provider SET DEFAULT 'apipix';
