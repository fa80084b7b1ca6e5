-- The daily report counts a sports stake on the day its bet is settled (decision 0015): an index on the
-- settlement time that carries the stake answers a range of days from the index alone, without reading every
-- bet (measured: 2 days of 1,000,000 settled bets 314 ms → 5 ms; 30 days 830–945 ms → 594–765 ms).
CREATE INDEX sports_bets_settled_idx ON sports_bets (settled_at) INCLUDE (stake_cents) WHERE settled_at IS NOT NULL;
