// The sportsbook's JSON as the player's calls return it (api-contract.md section 11). Odds and lines are
// decimals, times epoch ms, money reais.

export type MarketStatus = 'open' | 'suspended' | 'closed';

export interface Selection {
  selectionId: number;
  /** home, away, draw, over, under, odd, even */
  outcome: string;
  odds: number;
}

export interface Market {
  marketId: number;
  /** winAlone, handicap, total, oddEven, cornersTotal, cornersHandicap */
  type: string;
  /** full or firstHalf */
  period: string;
  /** The home side's handicap, or the total; null for markets without a line. */
  line: number | null;
  status: MarketStatus;
  selections: Selection[];
}

export interface Score {
  home: number;
  away: number;
}

export interface MatchSummary {
  matchId: number;
  sport: string;
  league: string;
  home: string;
  away: string;
  startTime: number;
  /** Match period code of spec.md section 3. */
  period: number;
  score: Score;
  mainMarkets: Market[];
}

export interface MatchDetail extends MatchSummary {
  halfTimeScore: Score | null;
  corners: Score | null;
  markets: Market[];
}

export interface MatchesPage {
  records: MatchSummary[];
  total: number;
}

export interface SportCount {
  sport: string;
  live: number;
  upcoming: number;
}

export interface BetLeg {
  matchId: number;
  sport: string;
  home: string;
  away: string;
  marketId: number;
  type: string;
  period: string;
  line: number | null;
  outcome: string;
  odds: number;
  result: number;
}

export interface Bet {
  betId: number;
  type: string;
  amount: number;
  odds: number;
  potentialPayout: number;
  payout: number;
  result: number;
  time: number;
  settledAt: number | null;
  legs: BetLeg[];
}

export interface BetsPage {
  records: Bet[];
  total: number;
}

export type AcceptOdds = 'none' | 'better' | 'any';

export interface PlaceBetInput {
  /** Reais with 2 decimals, as text ("10.50"), so nothing is rounded on the way. */
  amount: string;
  selections: { selectionId: number; odds: number }[];
  acceptOdds: AcceptOdds;
}

export interface PlacedBet {
  betId: number;
  type: 'single' | 'parlay';
  odds: number;
  potentialPayout: number;
  result: number;
  balance: number;
  freeBalance: number;
}

/** Socket `odds`: the changed markets of one match (the server also sends type, period and line). */
export interface OddsEvent {
  matchId: number;
  markets: (Pick<Market, 'marketId' | 'status' | 'selections'> &
    Partial<Pick<Market, 'type' | 'period' | 'line'>>)[];
}

/** Socket `matchState`. */
export interface MatchStateEvent {
  matchId: number;
  period: number;
  score: Score;
}

/** Socket `betSettled`, to the bettor. */
export interface BetSettledEvent {
  betId: number;
  result: number;
  payout: number;
}
