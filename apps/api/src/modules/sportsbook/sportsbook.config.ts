import type { OddsApiOptions } from './feed/odds-api.feed.ts';

/**
 * Sportsbook limits and feed settings: the product's defaults. Each can be overridden by an environment variable,
 * read with every other one in config.ts (`config.sportsbook`):
 *
 * - SPORTSBOOK_PARLAY_MAX_LEGS (10): legs in a parlay; more is 'The parlay has reached the limit'.
 * - SPORTSBOOK_STAKE_MIN (1.00) / SPORTSBOOK_STAKE_MAX (10000): stake per bet, in reais.
 * - SPORTSBOOK_PAYOUT_MAX (500000): the most one bet can return, in reais.
 * - SPORTSBOOK_MARGIN (0.05): bookmaker margin of the simulated feed's prices.
 * - SPORTSBOOK_FEED_SPEED (10): simulated match seconds per real second (a football match lasts 10.5 minutes).
 * - SPORTSBOOK_FEED_TICK_MS (2000): how often the simulated feed advances.
 * - SPORTSBOOK_GOAL_SUSPENSION_SECONDS (4): markets stay suspended this long after a goal (simulated feed).
 * - SPORTSBOOK_SETTLE_BATCH (5000): bets settled per database transaction.
 * - SPORTSBOOK_CASHOUT_MARGIN (0.05): what the house keeps of a bet's fair value when buying it back.
 * - SPORTSBOOK_CASHOUT_QUOTE_SECONDS (5): how long a cash-out quote can be taken.
 * - SPORTSBOOK_MARKET_MAX_LIABILITY (250000): the most a market's open bets may pay on any one selection, in reais.
 * - SPORTSBOOK_MARKET_SUSPEND_LIABILITY (200000): past this the market is suspended for a trader to look at.
 * - SPORTSBOOK_MATCH_MAX_LIABILITY (1000000): the most a match's open bets may pay in all, in reais.
 * - SPORTS_FEED (sim): `sim`, the simulated feed (with SEED_DEMO), or `theodds`, The Odds API with ODDS_API_KEY,
 *   ODDS_API_URL, ODDS_API_SPORTS (provider sport keys), ODDS_API_REGIONS (eu), ODDS_API_POLL_SECONDS (60),
 *   ODDS_API_STALE_SECONDS (180) and ODDS_API_RESERVE (50 requests kept back from the quota).
 */
export interface SportsbookConfig {
  parlayLegsMax: number;
  stakeCentsMin: bigint;
  stakeCentsMax: bigint;
  payoutCentsMax: bigint;
  marginRate: number;
  feedSpeed: number;
  feedTickMs: number;
  /** Real seconds markets stay suspended after a goal in the simulated feed. */
  goalSuspensionSeconds: number;
  /** Bets settled per database transaction. */
  settleBatchSize: number;
  /** Cash-out margin in basis points (500 = 5 %). */
  cashoutMarginBasisPoints: number;
  cashoutQuoteSeconds: number;
  marketMaxLiabilityCents: bigint;
  marketSuspendLiabilityCents: bigint;
  matchMaxLiabilityCents: bigint;
  feed: 'sim' | 'theodds';
  oddsApi: OddsApiOptions;
}

export const DEFAULT_SPORTSBOOK_CONFIG: Readonly<SportsbookConfig> = Object.freeze({
  parlayLegsMax: 10,
  stakeCentsMin: 100n,
  stakeCentsMax: 1_000_000n,
  payoutCentsMax: 50_000_000n,
  marginRate: 0.05,
  feedSpeed: 10,
  feedTickMs: 2000,
  goalSuspensionSeconds: 4,
  settleBatchSize: 5000,
  cashoutMarginBasisPoints: 500,
  cashoutQuoteSeconds: 5,
  marketMaxLiabilityCents: 25_000_000n,
  marketSuspendLiabilityCents: 20_000_000n,
  matchMaxLiabilityCents: 100_000_000n,
  feed: 'sim',
  oddsApi: {
    baseUrl: 'https://api.the-odds-api.com',
    apiKey: '',
    sports: ['soccer_brazil_campeonato', 'soccer_epl', 'basketball_nba'],
    regions: 'eu',
    pollSeconds: 60,
    staleSeconds: 180,
    reserveRequests: 50,
  },
});
