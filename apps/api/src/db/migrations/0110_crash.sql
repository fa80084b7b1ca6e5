-- Crash (issue 34, api-contract section 20, decision 0059): a round game on its own published hash chain
-- (round_chains, game 'crash'). Its bets are game_bets rows (game 'crash', round_key = the round id) with a
-- crash_bets row each: the player's slot in the round (at most two bets per round), the auto cash-out target and
-- where the bet was cashed out. The rounds have their own table: their phases differ from Double's and the crash
-- point (hundredths, up to 4.5e13) does not fit game_rounds.outcome.
ALTER TABLE game_bets DROP CONSTRAINT game_bets_game_check;
ALTER TABLE game_bets ADD CONSTRAINT game_bets_game_check
  CHECK (game IN ('dice', 'limbo', 'mines', 'rowDouble', 'double', 'luckyColor', 'crash'));

INSERT INTO game_catalog (code, game_type, product_code, group_code, name, icon, sort)
VALUES ('crash', 'crash', 'SELF', 'SELF', 'Crash', '/games/crash.svg', 7)
ON CONFLICT (code) DO NOTHING;

CREATE TABLE crash_rounds (
  round_id          integer PRIMARY KEY CHECK (round_id > 0),
  -- The chain link played: round_id − 1.
  chain_index       integer NOT NULL UNIQUE CHECK (chain_index = round_id - 1),
  phase             text NOT NULL CHECK (phase IN ('betting', 'running', 'crashed')),
  -- Betting closes and the curve starts from 1.00× at this instant.
  starts_at         timestamptz NOT NULL,
  -- Revealed with the seed when the round crashes.
  crash_hundredths  bigint CHECK (crash_hundredths >= 100),
  seed              text CHECK (seed ~ '^[0-9a-f]{64}$'),
  crashed_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((phase = 'crashed') = (seed IS NOT NULL AND crash_hundredths IS NOT NULL AND crashed_at IS NOT NULL))
);

CREATE TABLE crash_bets (
  bet_id                 bigint PRIMARY KEY REFERENCES game_bets(id),
  round_id               integer NOT NULL REFERENCES crash_rounds(round_id),
  user_id                bigint NOT NULL REFERENCES users(id),
  slot                   smallint NOT NULL CHECK (slot IN (1, 2)),
  auto_cashout_hundredths integer CHECK (auto_cashout_hundredths BETWEEN 101 AND 100000000),
  -- Where the bet was cashed out (by hand or at its target); null while open or when it lost.
  cashed_out_hundredths  integer CHECK (cashed_out_hundredths >= 100),
  UNIQUE (round_id, user_id, slot)
);
CREATE INDEX crash_bets_round_idx ON crash_bets (round_id, bet_id);
CREATE INDEX crash_bets_auto_idx ON crash_bets (round_id, auto_cashout_hundredths)
  WHERE auto_cashout_hundredths IS NOT NULL AND cashed_out_hundredths IS NULL;
