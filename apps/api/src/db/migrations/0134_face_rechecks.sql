-- The repeat face check under br-licensed (issue 30, decision 0068): after the registration's check (decision 0065)
-- the player's face is asked again at login when the last successful check is older than a window, before a
-- withdrawal when it is older than a shorter one, and whenever an operator asks. One row per time it was asked:
-- why (`reason`), by whom (an operator's id and the reason they gave), its state, the last attempt's answer from
-- the identity provider, and an operator's review of a failed one.
CREATE TABLE face_rechecks (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  reason text NOT NULL CHECK (reason IN ('login', 'withdrawal', 'operator')),
  requested_by bigint REFERENCES operators (id),
  request_note text CHECK (length(request_note) <= 500),
  status text NOT NULL DEFAULT 'due' CHECK (status IN ('due', 'passed', 'failed', 'cleared', 'refused')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- The identity provider's answer to the last attempt (the shape of users.kyc_check), its selfie and flags.
  check_result jsonb,
  selfie_id text REFERENCES kyc_selfies (id) ON DELETE SET NULL,
  flags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  attempted_at timestamptz,
  completed_at timestamptz,
  reviewed_by bigint REFERENCES operators (id),
  review_note text CHECK (length(review_note) <= 500)
);
-- At most one open request per player: the gate's state.
CREATE UNIQUE INDEX face_rechecks_open ON face_rechecks (user_id) WHERE status IN ('due', 'failed');
CREATE INDEX face_rechecks_queue ON face_rechecks (status, attempted_at DESC);

-- The gate read with every player request's token lookup: the open request's reason when it closes the money
-- calls (login or operator), else null. And when the player's face last matched (registration or a re-check).
ALTER TABLE users ADD COLUMN face_check_due text CHECK (face_check_due IN ('login', 'withdrawal', 'operator'));
ALTER TABLE users ADD COLUMN face_checked_at timestamptz;
