import type { AppContext } from '../../app-context.ts';
import type { SportsbookConfig } from '../../config/sportsbook.config.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, invalidInput } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import { setMarketStatus } from './catalog.service.ts';
import { addMatchExposure, addSelectionExposure, FULL_FACTOR_BP, stakeFactorOf } from './risk.repository.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';

/**
 * Risk at placement (issue 17): the bet's maximum stake and payout scaled by the player's stake factor (set by a
 * trader), then the open exposure of every picked selection (its market's liability is its worst selection) and
 * of every match, added under row locks so two bets cannot both slip under a limit. A bet that would cross a
 * limit is refused with the most it could stake; a market past the suspension threshold is suspended after the
 * bet commits, for a trader to look at.
 */
export const riskMessages = { stakeLimit: 'sports.stake_limit' } as const;

const scaled = (cents: bigint, factorBp: number) => (cents * BigInt(factorBp)) / BigInt(FULL_FACTOR_BP);

export async function checkPlayerLimits(
  trx: Tx,
  userId: bigint,
  stakeCents: bigint,
  potentialCents: bigint,
  config: SportsbookConfig,
): Promise<void> {
  const factor = await stakeFactorOf(trx, userId);
  if (factor === FULL_FACTOR_BP) return;
  const maxStake = scaled(config.stakeCentsMax, factor);
  if (stakeCents > maxStake)
    throw conflict(riskMessages.stakeLimit, { max: money(maxStake) }, { maxStake: cents(maxStake) });
  const maxPayout = scaled(config.payoutCentsMax, factor);
  if (potentialCents > maxPayout) throw invalidInput('game.payout_max', { max: money(maxPayout) });
}

const cents = (value: bigint) => Number(value) / 100;

/** The largest stake whose payout still fits in `roomCents` at these total odds (floored like the payout). */
function stakeFitting(roomCents: bigint, stakeCents: bigint, potentialCents: bigint): bigint {
  if (roomCents <= 0n) return 0n;
  return (roomCents * stakeCents) / potentialCents;
}

/** Adds the bet's payout to its selections' and matches' exposure; answers the markets to suspend. */
export async function addExposure(
  trx: Tx,
  legs: readonly { id: bigint; market_id: bigint; match_id: bigint }[],
  stakeCents: bigint,
  potentialCents: bigint,
  config: SportsbookConfig,
): Promise<bigint[]> {
  const refuse = (total: bigint, limit: bigint) => {
    const fits = stakeFitting(limit - (total - potentialCents), stakeCents, potentialCents);
    throw conflict(riskMessages.stakeLimit, { max: money(fits) }, { maxStake: cents(fits) });
  };
  const suspend: bigint[] = [];
  for (const leg of [...legs].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const total = await addSelectionExposure(trx, leg.id, leg.market_id, potentialCents);
    if (total > config.marketMaxLiabilityCents) refuse(total, config.marketMaxLiabilityCents);
    if (total >= config.marketSuspendLiabilityCents) suspend.push(leg.market_id);
  }
  for (const matchId of [...new Set(legs.map((leg) => leg.match_id))].sort((a, b) => (a < b ? -1 : 1))) {
    const total = await addMatchExposure(trx, matchId, potentialCents);
    if (total > config.matchMaxLiabilityCents) refuse(total, config.matchMaxLiabilityCents);
  }
  return suspend;
}

/** After the bet committed: suspends the markets whose liability passed the threshold (and tells everyone). */
export async function suspendOverexposed(
  ctx: AppContext,
  events: SportsbookEvents | undefined,
  marketIds: readonly bigint[],
): Promise<void> {
  if (!events) return;
  for (const marketId of new Set(marketIds)) {
    ctx.log.warn({ marketId: String(marketId) }, 'sportsbook: market suspended on liability');
    await setMarketStatus(ctx, events, marketId, 'suspended');
  }
}
