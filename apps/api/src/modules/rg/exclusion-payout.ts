import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';

/** The job kind the wallet registers: it pays an excluded player's cash to their own CPF (decision 0052). */
export const EXCLUSION_PAYOUT_JOB = 'exclusion_payout';

/**
 * Under br-licensed an excluded player cannot log in to ask for their money, so the exclusion's own transaction
 * schedules its payout (decision 0052): durable, once per exclusion (the job's unique key), run after the commit.
 */
export async function scheduleExclusionPayout(
  ctx: AppContext,
  trx: Tx,
  userId: bigint,
  exclusionId: bigint,
): Promise<void> {
  if (ctx.config.regulatoryProfile !== 'br-licensed') return;
  await scheduleJob(
    trx,
    EXCLUSION_PAYOUT_JOB,
    { userId: userId.toString(), exclusionId: exclusionId.toString() },
    { uniqueKey: `${EXCLUSION_PAYOUT_JOB}:${exclusionId}` },
  );
}
