/**
 * Sportsbook limits and feed settings. Defaults are the product's; each can be overridden by an environment
 * variable, read once here when the module loads (the server's own config.ts stays the place for everything
 * else).
 *
 * - SPORTSBOOK_PARLAY_MAX_LEGS (10): legs in a parlay; more is 'The parlay has reached the limit'.
 * - SPORTSBOOK_STAKE_MIN (1.00) / SPORTSBOOK_STAKE_MAX (10000): stake per bet, in reais.
 * - SPORTSBOOK_PAYOUT_MAX (500000): the most one bet can return, in reais.
 * - SPORTSBOOK_MARGIN (0.05): bookmaker margin of the simulated feed's prices.
 * - SPORTSBOOK_FEED_SPEED (10): simulated match seconds per real second (a football match lasts 10.5 minutes).
 * - SPORTSBOOK_FEED_TICK_MS (2000): how often the simulated feed advances.
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

function numberFrom(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number in ${min}..${max}, got "${raw}"`);
  }
  return value;
}

const reaisToCents = (reais: number) => BigInt(Math.round(reais * 100));

export const sportsbookConfig: Readonly<SportsbookConfig> = Object.freeze({
  parlayLegsMax: Math.floor(numberFrom('SPORTSBOOK_PARLAY_MAX_LEGS', 10, 2, 50)),
  stakeCentsMin: reaisToCents(numberFrom('SPORTSBOOK_STAKE_MIN', 1, 0.01, 1_000_000)),
  stakeCentsMax: reaisToCents(numberFrom('SPORTSBOOK_STAKE_MAX', 10_000, 0.01, 10_000_000)),
  payoutCentsMax: reaisToCents(numberFrom('SPORTSBOOK_PAYOUT_MAX', 500_000, 1, 100_000_000)),
  marginRate: numberFrom('SPORTSBOOK_MARGIN', 0.05, 0, 0.5),
  feedSpeed: numberFrom('SPORTSBOOK_FEED_SPEED', 10, 1, 10_000),
  feedTickMs: Math.floor(numberFrom('SPORTSBOOK_FEED_TICK_MS', 2000, 100, 60_000)),
  goalSuspensionSeconds: numberFrom('SPORTSBOOK_GOAL_SUSPENSION_SECONDS', 4, 0, 600),
  settleBatchSize: Math.floor(numberFrom('SPORTSBOOK_SETTLE_BATCH', 5000, 100, 50_000)),
});
