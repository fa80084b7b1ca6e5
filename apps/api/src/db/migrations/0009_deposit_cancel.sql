-- A player may cancel a pending deposit ('Cancelar recarga', api-contract section 5). The provider's charge is
-- removed (API Pix status REMOVIDA_PELO_USUARIO_RECEBEDOR) and a payment that still arrives for a cancelled
-- order is recorded as owed back to the payer ('refund_due'), never credited.

ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_outcome_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_outcome_check CHECK (outcome IN (
  'credited', 'duplicate', 'unknown_charge', 'expired_charge', 'amount_mismatch', 'bad_signature', 'bad_payment_time',
  'refund_due'
));

ALTER TABLE sandbox_charges DROP CONSTRAINT sandbox_charges_status_check;
ALTER TABLE sandbox_charges ADD CONSTRAINT sandbox_charges_status_check CHECK (status IN (
  'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR'
));
