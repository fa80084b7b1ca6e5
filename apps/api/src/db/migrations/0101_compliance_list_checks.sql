-- SIGAP list checks (issue 30, decision 0051): every question asked of the government's lists of people barred
-- from betting (Bolsa Família/BPC beneficiaries, the central self-exclusion register), why it was asked, when,
-- and what came back. A check made before the account holds a CPF (onboarding) names the CPF's hash only.
CREATE TABLE compliance_list_checks (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  cpf_hash text NOT NULL,
  list text NOT NULL CHECK (list IN ('social_programs', 'self_exclusion')),
  reason text NOT NULL CHECK (reason IN ('registration', 'daily_login', 'periodic', 'operator')),
  requested_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  outcome text NOT NULL CHECK (outcome IN ('clear', 'listed', 'failed', 'late')),
  attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  -- What was sent (no CPF in clear: its last digits only) and what came back, for the operator's view.
  request jsonb NOT NULL,
  answer jsonb
);
CREATE INDEX compliance_list_checks_recent ON compliance_list_checks (requested_at DESC, id DESC);
CREATE INDEX compliance_list_checks_user ON compliance_list_checks (user_id, requested_at DESC);
CREATE INDEX compliance_list_checks_outcome ON compliance_list_checks (outcome, requested_at DESC);

-- A player's standing with the lists: when they were last answered (the 15-day sweep picks the oldest), the day
-- of their last daily-login check, and once found on a list the restriction's clock: notified, the end of the
-- window for a voluntary withdrawal, the refund's deadline, and the refund once made.
CREATE TABLE compliance_player_status (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  last_answered_at timestamptz,
  daily_checked_on date,
  listed_list text CHECK (listed_list IN ('social_programs', 'self_exclusion')),
  listed_at timestamptz,
  notified_at timestamptz,
  withdraw_until timestamptz,
  close_by timestamptz,
  refund_due_at timestamptz,
  refund_cents bigint CHECK (refund_cents >= 0),
  refunded_at timestamptz,
  refund_order_id bigint
);
CREATE INDEX compliance_player_status_due ON compliance_player_status (last_answered_at NULLS FIRST)
  WHERE listed_at IS NULL;
