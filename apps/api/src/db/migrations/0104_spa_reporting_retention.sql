-- The SPA's daily data report and the retention job (issue 30, decision 0054). Reports are kept in the database,
-- not on disk: every node sees them, the backups (decision 0047) carry them, and a rerun replaces a day's files
-- in one transaction. The manifest holds no generation time, so a rerun of an unchanged day hashes the same.
CREATE TABLE spa_reports (
  reference_day date PRIMARY KEY,
  layout text NOT NULL,
  manifest text NOT NULL,
  manifest_sha256 text NOT NULL,
  -- Goes up when a rerun's files differ from the stored ones (late data); equal reruns leave it alone.
  revision integer NOT NULL DEFAULT 1,
  generated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE spa_report_files (
  reference_day date NOT NULL REFERENCES spa_reports (reference_day) ON DELETE CASCADE,
  name text NOT NULL,
  content text NOT NULL,
  sha256 text NOT NULL,
  row_count integer NOT NULL,
  PRIMARY KEY (reference_day, name)
);

-- One row per retention run, with what each rule deleted or anonymised: the operator's evidence.
CREATE TABLE retention_runs (
  id bigserial PRIMARY KEY,
  ran_at timestamptz NOT NULL DEFAULT now(),
  clock_at timestamptz NOT NULL,
  counts jsonb NOT NULL
);

-- Players whose personal data the retention job replaced (their bets and ledger stay, keyed by id).
CREATE TABLE retention_anonymised (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  anonymised_at timestamptz NOT NULL
);
