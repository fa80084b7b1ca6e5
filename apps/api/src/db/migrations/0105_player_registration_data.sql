-- What the ordinance asks of a bettor's registration beyond the account itself (Portaria SPA/MF 1.231/2024,
-- art. 31, as amended by Portaria SPA/MF 2.579/2025; decision 0055): the gender, the home address and the
-- address (IP) the account was opened from. Personal data under the LGPD: each row says why it is kept
-- (purpose, legal basis) and for how long once the account closes; every operator read of it is audited
-- (audit_log action 'player.personal_data.read'). One row per player; only br-licensed writes it unless the
-- client sends the fields of its own accord.
CREATE TABLE player_registration_data (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  gender text CHECK (gender IN ('female', 'male', 'other', 'undisclosed')),
  address_line text CHECK (char_length(address_line) <= 200),
  city text CHECK (char_length(city) <= 100),
  state text CHECK (state ~ '^[A-Z]{2}$'),
  postal_code text CHECK (postal_code ~ '^[0-9]{8}$'),
  signup_ip text CHECK (char_length(signup_ip) <= 64),
  purpose text NOT NULL DEFAULT 'bettor_registration_spa_1231_art31',
  legal_basis text NOT NULL DEFAULT 'lgpd_art7_ii_legal_obligation',
  -- Kept this many years after the account closes (Lei 14.790/2023 record keeping, five years); the retention
  -- job computes the date from the closure, so nothing here needs updating while the account is open.
  retention_years integer NOT NULL DEFAULT 5 CHECK (retention_years > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- When the play session's time limit was last announced to the player (rg.time-limit.ts): once per session, so
-- an alert is sent again only for a session started after it. Not indexed: the per-bet update stays HOT.
ALTER TABLE rg_play_sessions ADD COLUMN limit_alerted_at timestamptz;
