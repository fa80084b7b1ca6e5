import { centsToReais, tryParseAmountToCents } from '@aposta/money';
import { type SportCode, sportCodes } from '@aposta/sports';
import { ConfigError, type Env, parseInteger, parseNumber } from '../config.parse.ts';

/**
 * Sportsbook limits and feed settings: the product's defaults. Each can be overridden by an environment variable,
 * read at start by `parseSportsbook` below, which config.ts calls (`config.sportsbook`):
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
 * - SPORTSBOOK_SIM_KICKOFF_NOW (none): for tests only, refused when NODE_ENV=production: sport codes (e.g.
 *   `tennis`) of which the simulated feed kicks an extra match off at its first poll and every quarter of a match
 *   after, so a journey need not wait for the schedule.
 */
/** The Odds API feed's settings (feed/odds-api.feed.ts). */
export interface OddsApiOptions {
  baseUrl: string;
  apiKey: string;
  /** Provider sport keys to follow, e.g. soccer_brazil_campeonato, basketball_nba, tennis_atp_french_open. */
  sports: readonly string[];
  regions: string;
  pollSeconds: number;
  staleSeconds: number;
  reserveRequests: number;
}

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
  /** Test-only: sports of which the simulated feed kicks a match off at its first poll (and every quarter match). */
  simKickoffNow: SportCode[];
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
  simKickoffNow: [],
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

/** A setting in reais as exact centavos (@aposta/money): more than 2 decimals is refused, never rounded. */
function reaisSetting(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): bigint {
  const parsed = tryParseAmountToCents(parseNumber(name, raw, fallback, min, max));
  if (!parsed.ok) throw new ConfigError(`${name} must be an amount in reais with at most 2 decimals`);
  return parsed.amountCents;
}

/** The sportsbook's section of the configuration (the variables listed above). */
export function parseSportsbook(env: Env): SportsbookConfig {
  const d = DEFAULT_SPORTSBOOK_CONFIG;
  return {
    ...parseSportsbookAmounts(env, d),
    ...parseSportsbookPace(env, d),
    ...parseSportsFeed(env, d),
    simKickoffNow: parseSimKickoffNow(env),
  };
}

/** The stake, payout and liability limits, in reais. */
function parseSportsbookAmounts(env: Env, d: SportsbookConfig) {
  const reais = centsToReais;
  return {
    stakeCentsMin: reaisSetting(
      'SPORTSBOOK_STAKE_MIN',
      env.SPORTSBOOK_STAKE_MIN,
      reais(d.stakeCentsMin),
      0.01,
      1_000_000,
    ),
    stakeCentsMax: reaisSetting(
      'SPORTSBOOK_STAKE_MAX',
      env.SPORTSBOOK_STAKE_MAX,
      reais(d.stakeCentsMax),
      0.01,
      10_000_000,
    ),
    payoutCentsMax: reaisSetting(
      'SPORTSBOOK_PAYOUT_MAX',
      env.SPORTSBOOK_PAYOUT_MAX,
      reais(d.payoutCentsMax),
      1,
      100_000_000,
    ),
    marketMaxLiabilityCents: reaisSetting(
      'SPORTSBOOK_MARKET_MAX_LIABILITY',
      env.SPORTSBOOK_MARKET_MAX_LIABILITY,
      reais(d.marketMaxLiabilityCents),
      1,
      1_000_000_000,
    ),
    marketSuspendLiabilityCents: reaisSetting(
      'SPORTSBOOK_MARKET_SUSPEND_LIABILITY',
      env.SPORTSBOOK_MARKET_SUSPEND_LIABILITY,
      reais(d.marketSuspendLiabilityCents),
      1,
      1_000_000_000,
    ),
    matchMaxLiabilityCents: reaisSetting(
      'SPORTSBOOK_MATCH_MAX_LIABILITY',
      env.SPORTSBOOK_MATCH_MAX_LIABILITY,
      reais(d.matchMaxLiabilityCents),
      1,
      1_000_000_000,
    ),
  } satisfies Partial<SportsbookConfig>;
}

/** Legs, margins, the feed's pace and the settlement and cash-out timings. */
function parseSportsbookPace(env: Env, d: SportsbookConfig) {
  return {
    parlayLegsMax: parseInteger(
      'SPORTSBOOK_PARLAY_MAX_LEGS',
      env.SPORTSBOOK_PARLAY_MAX_LEGS,
      d.parlayLegsMax,
      2,
      50,
    ),
    marginRate: parseNumber('SPORTSBOOK_MARGIN', env.SPORTSBOOK_MARGIN, d.marginRate, 0, 0.5),
    feedSpeed: parseNumber('SPORTSBOOK_FEED_SPEED', env.SPORTSBOOK_FEED_SPEED, d.feedSpeed, 1, 10_000),
    feedTickMs: parseInteger(
      'SPORTSBOOK_FEED_TICK_MS',
      env.SPORTSBOOK_FEED_TICK_MS,
      d.feedTickMs,
      100,
      60_000,
    ),
    goalSuspensionSeconds: parseNumber(
      'SPORTSBOOK_GOAL_SUSPENSION_SECONDS',
      env.SPORTSBOOK_GOAL_SUSPENSION_SECONDS,
      d.goalSuspensionSeconds,
      0,
      600,
    ),
    settleBatchSize: parseInteger(
      'SPORTSBOOK_SETTLE_BATCH',
      env.SPORTSBOOK_SETTLE_BATCH,
      d.settleBatchSize,
      100,
      50_000,
    ),
    cashoutMarginBasisPoints: Math.round(
      parseNumber(
        'SPORTSBOOK_CASHOUT_MARGIN',
        env.SPORTSBOOK_CASHOUT_MARGIN,
        d.cashoutMarginBasisPoints / 10_000,
        0,
        0.5,
      ) * 10_000,
    ),
    cashoutQuoteSeconds: parseInteger(
      'SPORTSBOOK_CASHOUT_QUOTE_SECONDS',
      env.SPORTSBOOK_CASHOUT_QUOTE_SECONDS,
      d.cashoutQuoteSeconds,
      1,
      60,
    ),
  } satisfies Partial<SportsbookConfig>;
}

/** SPORTSBOOK_SIM_KICKOFF_NOW: a control for tests, never on in production. */
function parseSimKickoffNow(env: Env): SportCode[] {
  const raw = env.SPORTSBOOK_SIM_KICKOFF_NOW ?? '';
  if (raw === '') return [];
  if (env.NODE_ENV === 'production')
    throw new ConfigError('SPORTSBOOK_SIM_KICKOFF_NOW is for tests and is refused when NODE_ENV=production');
  const sports = raw.split(',').map((code) => code.trim());
  const unknown = sports.filter((code) => !(sportCodes as readonly string[]).includes(code));
  if (unknown.length > 0)
    throw new ConfigError(`SPORTSBOOK_SIM_KICKOFF_NOW lists unknown sports: ${unknown.join(', ')}`);
  return sports as SportCode[];
}

/** SPORTS_FEED: the simulated feed (default) or The Odds API, whose key comes only from the environment. */
function parseSportsFeed(env: Env, d: SportsbookConfig): Pick<SportsbookConfig, 'feed' | 'oddsApi'> {
  const feed = env.SPORTS_FEED ?? d.feed;
  if (feed !== 'sim' && feed !== 'theodds')
    throw new ConfigError(`SPORTS_FEED must be sim or theodds, got "${feed}"`);
  const apiKey = env.ODDS_API_KEY ?? '';
  if (feed === 'theodds' && apiKey === '') throw new ConfigError('SPORTS_FEED=theodds needs ODDS_API_KEY');
  const sports = env.ODDS_API_SPORTS
    ? env.ODDS_API_SPORTS.split(',').map((key) => key.trim())
    : d.oddsApi.sports;
  if (sports.some((key) => !/^[a-z0-9_]{1,60}$/.test(key)))
    throw new ConfigError('ODDS_API_SPORTS must list sport keys');
  return {
    feed,
    oddsApi: {
      baseUrl: env.ODDS_API_URL ?? d.oddsApi.baseUrl,
      apiKey,
      sports,
      regions: env.ODDS_API_REGIONS ?? d.oddsApi.regions,
      pollSeconds: parseInteger(
        'ODDS_API_POLL_SECONDS',
        env.ODDS_API_POLL_SECONDS,
        d.oddsApi.pollSeconds,
        1,
        3600,
      ),
      staleSeconds: parseInteger(
        'ODDS_API_STALE_SECONDS',
        env.ODDS_API_STALE_SECONDS,
        d.oddsApi.staleSeconds,
        10,
        86_400,
      ),
      reserveRequests: parseInteger(
        'ODDS_API_RESERVE',
        env.ODDS_API_RESERVE,
        d.oddsApi.reserveRequests,
        0,
        1_000_000,
      ),
    },
  };
}
