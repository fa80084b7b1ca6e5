-- The repeat face check before a deposit too (decision 0068): the summaries of Portaria SPA/MF 722/2024 read
-- "sempre" for deposits and withdrawals, and the conservative reading is the default (FACE_RECHECK_DEPOSIT_HOURS).
ALTER TABLE face_rechecks DROP CONSTRAINT face_rechecks_reason_check;
ALTER TABLE face_rechecks ADD CONSTRAINT face_rechecks_reason_check
  CHECK (reason IN ('login', 'withdrawal', 'deposit', 'operator'));
ALTER TABLE users DROP CONSTRAINT users_face_check_due_check;
ALTER TABLE users ADD CONSTRAINT users_face_check_due_check
  CHECK (face_check_due IN ('login', 'withdrawal', 'deposit', 'operator'));
