// Auto-bet (issue 34, docs/decisions/0060): the client places a series of ordinary bets, as Stake does. This is
// the series' pure state machine: what the next stake is after a win or a loss, and when the series stops. The
// runner (autobet-runner.ts) places each bet through the player API with its own Idempotency-Key.

/** What happens to the stake after a bet: back to the base stake, or up by a percentage of the last one. */
export type StakeChange = { mode: 'reset' } | { mode: 'increase'; percent: number };

export interface AutoBetSettings {
  /** How many bets the series places at most (1 to autoBetMaxBets). */
  bets: number;
  /** The stake of the first bet and of every bet after a reset, centavos. */
  baseCents: number;
  onWin: StakeChange;
  onLoss: StakeChange;
  /** Stop once the series' profit reaches this (centavos); undefined: no profit stop. */
  stopProfitCents?: number;
  /** Never let the series' loss pass this (centavos); undefined: no loss stop. */
  stopLossCents?: number;
  /** The game's stake limits, centavos. */
  minCents: number;
  maxCents: number;
}

/**
 * Why a series ended: all its bets placed, the profit or loss stop reached, the next stake over the game's
 * maximum, the player stopped it or left the page, the server refused a bet (a limit, the balance), or the
 * connection stayed down.
 */
export type StopReason = 'done' | 'profit' | 'loss' | 'stakeMax' | 'stopped' | 'left' | 'refused' | 'network';

export interface AutoBetState {
  placed: number;
  wins: number;
  losses: number;
  /** Payouts minus stakes over the series, centavos (negative: a loss). */
  profitCents: number;
  /** The stake of the next bet, centavos. */
  stakeCents: number;
  stop?: StopReason;
}

export interface BetOutcome {
  stakeCents: number;
  payoutCents: number;
}

export const autoBetMaxBets = 1000;
export const autoBetMaxPercent = 1000;

export type SettingsProblem = 'bets' | 'stake' | 'percent' | 'stopProfit' | 'stopLoss';

/** What is wrong with the settings, if anything (the panel names it and does not start). */
export function settingsProblem(settings: AutoBetSettings): SettingsProblem | undefined {
  const { bets, baseCents, minCents, maxCents } = settings;
  if (!Number.isInteger(bets) || bets < 1 || bets > autoBetMaxBets) return 'bets';
  if (!Number.isInteger(baseCents) || baseCents < minCents || baseCents > maxCents) return 'stake';
  for (const change of [settings.onWin, settings.onLoss]) {
    if (change.mode !== 'increase') continue;
    if (!Number.isFinite(change.percent) || change.percent < 0 || change.percent > autoBetMaxPercent)
      return 'percent';
  }
  if (settings.stopProfitCents !== undefined && !(settings.stopProfitCents > 0)) return 'stopProfit';
  if (settings.stopLossCents !== undefined && !(settings.stopLossCents > 0)) return 'stopLoss';
  return undefined;
}

/** The stake after a bet: the base again, or the last stake raised by the percentage (whole centavos, up). */
export function nextStake(change: StakeChange, lastCents: number, baseCents: number): number {
  if (change.mode === 'reset') return baseCents;
  return Math.ceil((lastCents * (100 + change.percent)) / 100 - 1e-9);
}

/** Why the series stops before its next bet, if it does. */
export function stopBefore(settings: AutoBetSettings, state: AutoBetState): StopReason | undefined {
  if (state.placed >= settings.bets) return 'done';
  if (settings.stopProfitCents !== undefined && state.profitCents >= settings.stopProfitCents)
    return 'profit';
  if (settings.stopLossCents !== undefined) {
    const loss = -state.profitCents;
    // The next bet could lose its whole stake: stop if that would take the loss past the player's limit.
    if (loss >= settings.stopLossCents || loss + state.stakeCents > settings.stopLossCents) return 'loss';
  }
  if (state.stakeCents > settings.maxCents) return 'stakeMax';
  return undefined;
}

/** The series before its first bet (it may already be over: a stake above the loss limit). */
export function startSeries(settings: AutoBetSettings): AutoBetState {
  const state: AutoBetState = {
    placed: 0,
    wins: 0,
    losses: 0,
    profitCents: 0,
    stakeCents: settings.baseCents,
  };
  const stop = stopBefore(settings, state);
  return stop ? { ...state, stop } : state;
}

/** The series after one bet: counts, profit, the next stake, and whether it stops here. */
export function recordBet(settings: AutoBetSettings, state: AutoBetState, outcome: BetOutcome): AutoBetState {
  const won = outcome.payoutCents > outcome.stakeCents;
  const stakeCents = Math.max(
    settings.minCents,
    nextStake(won ? settings.onWin : settings.onLoss, outcome.stakeCents, settings.baseCents),
  );
  const next: AutoBetState = {
    placed: state.placed + 1,
    wins: state.wins + (won ? 1 : 0),
    losses: state.losses + (won ? 0 : 1),
    profitCents: state.profitCents + outcome.payoutCents - outcome.stakeCents,
    stakeCents,
  };
  const stop = stopBefore(settings, next);
  return stop ? { ...next, stop } : next;
}

/** The series ended from outside (the player, the page, the server or the network). */
export function endSeries(state: AutoBetState, reason: StopReason): AutoBetState {
  return state.stop ? state : { ...state, stop: reason };
}
