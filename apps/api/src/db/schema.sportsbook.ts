import type { ColumnType, Generated } from 'kysely';

/** Table types of the sportsbook (migration 0006_sportsbook.sql). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Cents = ColumnType<bigint, bigint | undefined, bigint>;

export type SportCodeColumn =
  | 'football'
  | 'basketball'
  | 'tennis'
  | 'boxing'
  | 'snooker'
  | 'baseball'
  | 'volleyball'
  | 'badminton'
  | 'americanFootball'
  | 'tableTennis'
  | 'cricket'
  | 'racing';
export type MarketStatus = 'open' | 'suspended' | 'closed';

export interface SportsTable {
  code: SportCodeColumn;
  name: string;
  sort: number;
}

export interface SportsLeaguesTable {
  id: Generated<bigint>;
  sport: SportCodeColumn;
  name: string;
}

export interface SportsMatchesTable {
  id: Generated<bigint>;
  sport: SportCodeColumn;
  league_id: bigint;
  home: string;
  away: string;
  start_time: Timestamp;
  period: Generated<number>;
  score_home: Generated<number>;
  score_away: Generated<number>;
  half_time_home: number | null;
  half_time_away: number | null;
  corners_home: number | null;
  corners_away: number | null;
  half_time_corners_home: number | null;
  half_time_corners_away: number | null;
  overtime_home: number | null;
  overtime_away: number | null;
  winner: 'home' | 'away' | 'draw' | null;
  score_detail: ColumnType<unknown, string | null | undefined, string | null>;
  feed: Generated<string>;
  external_id: string | null;
  feed_meta: ColumnType<unknown, string | null | undefined, string | null>;
  runners: ColumnType<unknown, string | null | undefined, string | null>;
  state_version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SportsMarketsTable {
  id: Generated<bigint>;
  match_id: bigint;
  type: string;
  period: 'full' | 'firstHalf';
  line_quarters: number | null;
  includes_overtime: Generated<boolean>;
  is_main: Generated<boolean>;
  status: Generated<MarketStatus>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface SportsSelectionsTable {
  id: Generated<bigint>;
  market_id: bigint;
  outcome: string;
  odds_milli: number;
}

export interface SportsBetsTable {
  id: Generated<bigint>;
  user_id: bigint;
  type: 'single' | 'parlay';
  leg_count: number;
  stake_cents: bigint;
  stake_cash_cents: bigint;
  stake_bonus_cents: bigint;
  odds_milli: bigint;
  potential_payout_cents: bigint;
  result: Generated<number>;
  payout_cents: Cents;
  uncollected_cents: Cents;
  settle_count: Generated<number>;
  created_at: Generated<Date>;
  settled_at: Date | null;
  cashed_out_stake_cents: Cents;
  cashout_paid_cents: Cents;
  /** The journal transactions of the settlements that moved the bet's money, oldest first (migration 0096). */
  settlement_journal_ids: Generated<string[]>;
}

export interface SportsBetLegsTable {
  bet_id: bigint;
  leg_no: number;
  match_id: bigint;
  market_id: bigint;
  selection_id: bigint;
  outcome: string;
  odds_milli: number;
  placement_home: Generated<number>;
  placement_away: Generated<number>;
  result: Generated<number>;
}

export type SportsbookTables = {
  sports: SportsTable;
  sports_leagues: SportsLeaguesTable;
  sports_matches: SportsMatchesTable;
  sports_markets: SportsMarketsTable;
  sports_selections: SportsSelectionsTable;
  sports_bets: SportsBetsTable;
  sports_bet_legs: SportsBetLegsTable;
};
