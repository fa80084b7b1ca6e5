-- The lobby's "new" badge (issue 34, docs/decisions/0060): when a game joined the catalogue. A game is new for
-- 30 days after it joined, unless it came with its provider's first listing (a new casino's whole launch set is
-- not "new"). The games already listed are the launch set, apart from Crash, the in-house game issue 34 adds.
ALTER TABLE game_catalog ADD COLUMN added_at timestamptz NOT NULL DEFAULT now();
UPDATE game_catalog SET added_at = timestamptz '2026-01-01 00:00:00+00' WHERE code <> 'crash';
