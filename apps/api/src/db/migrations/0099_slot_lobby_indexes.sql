-- Home's slot rows (docs/decisions/0034): "hot" counts the rounds of the last 7 days per game, "recently played"
-- reads one player's newest sessions. Each reads a range of one of these indexes instead of the whole table.
CREATE INDEX slot_rounds_created ON slot_rounds (created_at, game_code);
CREATE INDEX slot_sessions_user_opened ON slot_sessions (user_id, opened_at DESC);
