-- The score in the sport's own units (api-contract section 11 `scoreDetail`: sets and games, quarters, innings
-- and overs, rounds, frames), as the feed last sent it. Display only: settlement reads the score columns.
ALTER TABLE sports_matches ADD COLUMN score_detail jsonb;
