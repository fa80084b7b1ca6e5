import type { Mission, MissionClaimAnswer } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import { lockPlayer } from '../../db/player-lock.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { playerBalances, postTransaction } from '../ledger/ledger.service.ts';
import { type MissionRow, missionsWithProgress } from './tournaments.repository.ts';
import { missionProgress } from './tournaments.rules.ts';
import { tournamentClock } from './tournaments.service.ts';

/** The ledger code of a mission's reward: house_prizes −r, the player's cash +r. */
export const MISSION_REWARD_CODE = 'mission_reward';
/** A completed mission can be claimed for a week after it ends. */
const CLAIM_WINDOW_MS = 7 * 86_400_000;

export function presentMission(row: MissionRow): Mission {
  return {
    id: Number(row.id),
    name: row.name,
    game: row.game,
    minMultiplier: row.min_multiplier_hundredths,
    minStake: centsToReais(row.min_stake_cents),
    target: row.target_count,
    reward: centsToReais(row.reward_cents),
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    progress: missionProgress(row.counted, row.target_count),
    claimed: row.claimed,
  };
}

export async function listMissions(ctx: AppContext, userId: bigint | null): Promise<Mission[]> {
  const since = new Date(tournamentClock.now().getTime() - CLAIM_WINDOW_MS);
  return (await missionsWithProgress(ctx.db, userId, since)).map(presentMission);
}

/**
 * Claims a completed mission's reward, once: under the player's lock the bets are counted again and the claim row's
 * key (mission, player) and the ledger key refuse a second payment, whichever arrives second.
 */
export async function claimMission(
  ctx: AppContext,
  userId: bigint,
  missionId: bigint,
): Promise<MissionClaimAnswer> {
  const since = new Date(tournamentClock.now().getTime() - CLAIM_WINDOW_MS);
  const reward = await ctx.db.transaction().execute(async (trx) => {
    await lockPlayer(trx, userId);
    const [mission] = await missionsWithProgress(trx, userId, since, missionId);
    if (!mission) throw notFound();
    if (mission.claimed) throw conflict('missions.already_claimed');
    if (mission.counted < mission.target_count)
      throw conflict('missions.not_complete', { done: mission.counted, target: mission.target_count });
    await trx
      .insertInto('mission_claims')
      .values({ mission_id: missionId, user_id: userId, reward_cents: mission.reward_cents })
      .execute();
    if (mission.reward_cents > 0n) {
      await postTransaction(trx, {
        code: MISSION_REWARD_CODE,
        idempotencyKey: `${MISSION_REWARD_CODE}:${missionId}:${userId}`,
        referenceType: 'mission',
        referenceId: missionId.toString(),
        postings: [
          { account: { kind: 'house_prizes' }, amountCents: -mission.reward_cents },
          { account: { kind: 'player_cash', userId }, amountCents: mission.reward_cents },
        ],
      });
      await ctx.events.publish('balanceChanged', { userId });
    }
    return mission.reward_cents;
  });
  const { cashCents, bonusCents } = await playerBalances(ctx.db, userId);
  return {
    reward: centsToReais(reward),
    balance: centsToReais(cashCents),
    freeBalance: centsToReais(bonusCents),
  };
}
