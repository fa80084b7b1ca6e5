-- Settlement moves a batch's money as one journal transaction per code (sports_payout, sports_payout_reversal)
-- with one leg per player, not one transaction per bet (decision 0020, sixth session). Each bet keeps the ids of
-- the journal transactions that moved its money, oldest first, so its trail is still one lookup away.
ALTER TABLE sports_bets ADD COLUMN settlement_journal_ids bigint[] NOT NULL DEFAULT '{}';
