-- The records page lists a player's transfers sent and received (`from_user_id = $1 OR to_user_id = $1`): without
-- an index on the recipient, the received half read the whole table.
CREATE INDEX transfers_to_idx ON transfers (to_user_id, created_at DESC);
