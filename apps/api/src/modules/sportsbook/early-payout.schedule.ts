import type { Tx } from '../../db/tx.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';

export const EARLY_PAYOUT_JOB = 'sportsbook_early_payout';

/** Inside the state write's transaction: the job for this state version (scheduled once per version). */
export async function scheduleEarlyPayout(
  trx: Tx,
  matchId: bigint,
  version: number,
  state: { period: number; score: { home: number; away: number } },
): Promise<void> {
  if (state.period < 1 || state.period > 5) return;
  if (state.score.home === state.score.away) return;
  await scheduleJob(
    trx,
    EARLY_PAYOUT_JOB,
    { matchId: matchId.toString(), home: state.score.home, away: state.score.away },
    { uniqueKey: `${EARLY_PAYOUT_JOB}:${matchId}:${version}` },
  );
}
