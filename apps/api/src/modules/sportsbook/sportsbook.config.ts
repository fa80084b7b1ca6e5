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
});
