-- Players, sessions, captchas, password resets, operators and the in-house games catalogue.

CREATE TABLE users (
  id              bigint GENERATED ALWAYS AS IDENTITY (START WITH 100001) PRIMARY KEY,
  username        text NOT NULL UNIQUE CHECK (username = lower(username) AND length(username) BETWEEN 3 AND 100),
  password_hash   text NOT NULL,
  name            text NOT NULL DEFAULT '' CHECK (length(name) <= 100),
  phone           text NOT NULL DEFAULT '' CHECK (length(phone) <= 30),
  country         text NOT NULL DEFAULT '' CHECK (length(country) <= 8),
  card_no         text NOT NULL DEFAULT '' CHECK (length(card_no) <= 30),
  header          smallint NOT NULL DEFAULT 0 CHECK (header BETWEEN 0 AND 35),
  yqm             text NOT NULL UNIQUE CHECK (yqm ~ '^[A-Z0-9]{6,12}$'),
  inviter_id      bigint REFERENCES users(id),
  level           smallint NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 11),
  kyc             smallint NOT NULL DEFAULT 0 CHECK (kyc IN (0, 1)),
  kyc_name        text,
  kyc_cpf         text,
  test_flag       boolean NOT NULL DEFAULT false,
  -- Only demo test accounts keep a shown password: spec.md's test-account popup displays it.
  test_password   text,
  lx              text NOT NULL DEFAULT '10' CHECK (lx IN ('10', '20')),
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked', 'self_excluded')),
  is_app          boolean NOT NULL DEFAULT false,
  pay_cents       bigint NOT NULL DEFAULT 0 CHECK (pay_cents >= 0),
  pay_sum_cents   bigint NOT NULL DEFAULT 0 CHECK (pay_sum_cents >= 0),
  wd_sum_cents    bigint NOT NULL DEFAULT 0 CHECK (wd_sum_cents >= 0),
  game_sum_cents  bigint NOT NULL DEFAULT 0 CHECK (game_sum_cents >= 0),
  game_pay_cents  bigint NOT NULL DEFAULT 0 CHECK (game_pay_cents >= 0),
  add_pay_cents   bigint NOT NULL DEFAULT 0 CHECK (add_pay_cents >= 0),
  pay_discount    numeric(5, 4) CHECK (pay_discount IS NULL OR (pay_discount > 0 AND pay_discount < 1)),
  pay_discount_expires_at timestamptz,
  award_waiting   boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_inviter_idx ON users (inviter_id);

-- Tokens are opaque; only their SHA-256 is stored, so a database leak does not leak sessions.
CREATE TABLE sessions (
  token_hash  bytea PRIMARY KEY,
  subject     text NOT NULL CHECK (subject IN ('player', 'operator')),
  subject_id  bigint NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX sessions_subject_idx ON sessions (subject, subject_id) WHERE revoked_at IS NULL;

CREATE TABLE captchas (
  code_id     bigint PRIMARY KEY CHECK (code_id BETWEEN 1 AND 100000000),
  answer      text NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX captchas_expires_idx ON captchas (expires_at);

-- Failed logins per account: the per-account throttle that a per-IP limit cannot give.
CREATE TABLE login_failures (
  username    text NOT NULL,
  failed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_idx ON login_failures (username, failed_at);

CREATE TABLE password_reset_codes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email       text NOT NULL,
  user_id     bigint REFERENCES users(id),
  code_hash   bytea,
  attempts    smallint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_reset_codes_email_idx ON password_reset_codes (email, created_at DESC);

CREATE TABLE password_reset_checks (
  check_hash  bytea PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- Mails written while no SMTP_URL is set (development only); the /dev/outbox page lists them.
CREATE TABLE dev_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  body_text   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operators (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notices (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL CHECK (length(title) <= 200),
  content     text NOT NULL CHECK (length(content) <= 4000),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE game_catalog (
  code             text PRIMARY KEY,
  game_type        text NOT NULL,
  product_code     text NOT NULL,
  group_code       text NOT NULL CHECK (group_code IN ('SELF', 'PG', 'EVO', 'BG')),
  name             text NOT NULL,
  icon             text NOT NULL,
  stop             boolean NOT NULL DEFAULT false,
  sort             integer NOT NULL DEFAULT 0,
  bet_min_cents    bigint NOT NULL DEFAULT 10 CHECK (bet_min_cents > 0),
  bet_max_cents    bigint NOT NULL DEFAULT 100000 CHECK (bet_max_cents >= bet_min_cents),
  payout_max_cents bigint NOT NULL DEFAULT 10000000 CHECK (payout_max_cents > 0)
);

INSERT INTO game_catalog (code, game_type, product_code, group_code, name, icon, sort) VALUES
  ('mines', 'mines', 'SELF', 'SELF', 'Mines', '/games/mines.svg', 1),
  ('dice', 'dice', 'SELF', 'SELF', 'Dice', '/games/dice.svg', 2),
  ('limbo', 'limbo', 'SELF', 'SELF', 'Limbo', '/games/limbo.svg', 3),
  ('luckyColor', 'luckyColor', 'SELF', 'SELF', 'Lucky Color', '/games/luckyColor.svg', 4),
  ('rowDouble', 'rowDouble', 'SELF', 'SELF', 'Row Double', '/games/rowDouble.svg', 5),
  ('double', 'double', 'SELF', 'SELF', 'Double', '/games/double.svg', 6);
