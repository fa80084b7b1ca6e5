-- In-house provably fair games: per-player seed pairs, bets, mines games, and the round games' hash chains.

CREATE TABLE fair_seed_pairs (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  server_seed        text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash   text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  next_server_seed   text NOT NULL CHECK (next_server_seed ~ '^[0-9a-f]{64}$'),
  client_seed        text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
  -- The nonce the next bet uses; after rotation, the number of bets made with this pair.
  nonce              integer NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  active             boolean NOT NULL DEFAULT true,
  created_at         timestamptz NOT NULL DEFAULT now(),
  revealed_at        timestamptz,
  CHECK (active = (revealed_at IS NULL))
);
CREATE UNIQUE INDEX fair_seed_pairs_active_idx ON fair_seed_pairs (user_id) WHERE active;
CREATE INDEX fair_seed_pairs_user_idx ON fair_seed_pairs (user_id, id DESC);

CREATE TABLE game_bets (
  id                    bigint GENERATED ALWAYS AS IDENTITY (START WITH 5000001) PRIMARY KEY,
  user_id               bigint NOT NULL REFERENCES users(id),
  game                  text NOT NULL CHECK (game IN ('dice', 'limbo', 'mines', 'rowDouble', 'double', 'luckyColor')),
  amount_cents          bigint NOT NULL CHECK (amount_cents > 0),
  payout_cents          bigint NOT NULL DEFAULT 0 CHECK (payout_cents >= 0),
  multiplier_hundredths integer NOT NULL DEFAULT 0 CHECK (multiplier_hundredths >= 0),
  -- What the player chose and what came out, per game (target/direction/roll, color, pick/number, ...).
  detail                jsonb NOT NULL DEFAULT '{}',
  status                text NOT NULL DEFAULT 'settled' CHECK (status IN ('open', 'settled')),
  seed_pair_id          bigint REFERENCES fair_seed_pairs(id),
  nonce                 integer,
  round_key             text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  settled_at            timestamptz
);
CREATE INDEX game_bets_user_idx ON game_bets (user_id, created_at DESC);
CREATE INDEX game_bets_round_idx ON game_bets (game, round_key) WHERE round_key IS NOT NULL;
CREATE UNIQUE INDEX game_bets_seed_nonce_idx ON game_bets (seed_pair_id, nonce) WHERE seed_pair_id IS NOT NULL;

CREATE TABLE mines_games (
  bet_id        bigint PRIMARY KEY REFERENCES game_bets(id),
  user_id       bigint NOT NULL REFERENCES users(id),
  mine_count    smallint NOT NULL CHECK (mine_count BETWEEN 1 AND 24),
  mine_tiles    smallint[] NOT NULL,
  revealed      smallint[] NOT NULL DEFAULT '{}',
  state         text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'busted', 'cashed'))
);
CREATE UNIQUE INDEX mines_games_open_idx ON mines_games (user_id) WHERE state = 'open';

-- One published hash chain per round game (and per lucky color period), played backwards.
CREATE TABLE round_chains (
  game              text NOT NULL,
  period_seconds    integer NOT NULL DEFAULT 0,
  chain_secret      text NOT NULL CHECK (chain_secret ~ '^[0-9a-f]{64}$'),
  chain_length      integer NOT NULL CHECK (chain_length > 0),
  terminating_hash  text NOT NULL,
  salt              text NOT NULL,
  rounds_played     integer NOT NULL DEFAULT 0 CHECK (rounds_played >= 0),
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game, period_seconds)
);

CREATE TABLE game_rounds (
  game              text NOT NULL,
  period_seconds    integer NOT NULL DEFAULT 0,
  round_key         text NOT NULL,
  chain_index       integer NOT NULL,
  phase             text NOT NULL CHECK (phase IN ('betting', 'rolling', 'complete')),
  betting_ends_at   timestamptz NOT NULL,
  ends_at           timestamptz NOT NULL,
  outcome           smallint,
  seed              text,
  settled_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game, period_seconds, round_key),
  UNIQUE (game, period_seconds, chain_index)
);
CREATE INDEX game_rounds_recent_idx ON game_rounds (game, period_seconds, chain_index DESC);

-- Which server process drives each round game: a lease row renewed every tick, taken over when it lapses.
CREATE TABLE game_drivers (
  game          text PRIMARY KEY,
  owner         text NOT NULL,
  lease_until   timestamptz NOT NULL
);
