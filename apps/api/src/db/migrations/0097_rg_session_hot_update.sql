-- Every stake moves its player's play session (last_play_at). With last_play_at indexed, each of those updates
-- wrote a new row version into both indexes (no HOT update) and left a dead tuple per bet. The reality check
-- finds its sessions by last_reality_at instead, which moves only when a session starts, when its check is sent,
-- and when the check finds the session ended (NULL: nothing is due until the next stake starts a new session),
-- so the per-bet update touches no indexed column. Decision 0020, ninth session.
ALTER TABLE rg_play_sessions ALTER COLUMN last_reality_at DROP NOT NULL;
DROP INDEX rg_play_sessions_recent_idx;
CREATE INDEX rg_play_sessions_reality_idx ON rg_play_sessions (last_reality_at);
