import type { AppContext } from '../../app-context.ts';
import { translate } from '../../lib/messages.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import { playerBalances } from '../ledger/ledger.service.ts';
import { EXCLUSION_PAYOUT_JOB } from '../rg/exclusion-payout.ts';
import { endPlayerSessions, formatUntil } from '../rg/rg.exclusions.ts';
import { refundOpenBetsAtPar } from '../sportsbook/closed-account.refund.ts';
import { ensureStatus } from './compliance.repository.ts';
import type { ListName } from './lists.adapter.ts';

const DAY_MS = 86_400_000;

/**
 * The windows IN SPA/MF 22/2025 sets once a player is found on a list (decision 0051): the account is closed
 * within 3 days of the check, the player has 2 days to withdraw, then the operator pays the balance back within
 * 2 more days. The player is notified within one business day; we notify at once.
 */
export const WINDOWS = { withdrawDays: 2, closeDays: 3, refundDays: 4, unclaimedDays: 180 } as const;

/**
 * A player found on a list: blocked at once (no bet, no deposit, no login: the conservative reading, earlier than
 * the 3 days allowed), every session ended, the balance to pay back noted in exact centavos with its deadline and
 * its payout queued, then the player is told by mail. Idempotent: a player already restricted is left as they are.
 */
export async function restrictListed(
  ctx: AppContext,
  userId: bigint,
  list: ListName,
  at: Date,
): Promise<void> {
  const restricted = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['username'])
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    await ensureStatus(trx, userId);
    const status = await trx
      .selectFrom('compliance_player_status')
      .select('listed_at')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (status.listed_at !== null) return undefined;
    // Open bets are bought back at their stake first, so the balance to pay back includes them.
    const openBets = await refundOpenBetsAtPar(trx, userId);
    const { cashCents } = await playerBalances(trx, userId);
    await trx.updateTable('users').set({ status: 'blocked' }).where('id', '=', userId).execute();
    await endPlayerSessions(trx, userId, 'exclusion');
    const refundDueAt = new Date(at.getTime() + WINDOWS.refundDays * DAY_MS);
    await trx
      .updateTable('compliance_player_status')
      .set({
        listed_list: list,
        listed_at: at,
        withdraw_until: new Date(at.getTime() + WINDOWS.withdrawDays * DAY_MS),
        close_by: new Date(at.getTime() + WINDOWS.closeDays * DAY_MS),
        refund_due_at: refundDueAt,
        refund_cents: cashCents,
        open_bets_refunded: openBets.bets,
        open_bets_refund_cents: openBets.cents,
      })
      .where('user_id', '=', userId)
      .execute();
    // The refund goes through the excluded player's payout (decision 0052): the whole cash to a PIX key of their
    // own CPF, through the withdrawal path and its review gate. The player cannot log in to withdraw, so it is
    // not held back for the 2-day window. Nothing to pay, or no approved CPF: the operator's task shows it unpaid.
    if (cashCents > 0n)
      await scheduleJob(
        trx,
        EXCLUSION_PAYOUT_JOB,
        { userId: userId.toString() },
        { uniqueKey: `${EXCLUSION_PAYOUT_JOB}:compliance:${userId}` },
      );
    return { email: user.username, refundDueAt };
  });
  if (!restricted) return;
  ctx.realtime.disconnectUser(userId);
  await notifyListed(ctx, userId, restricted.email, restricted.refundDueAt);
}

/** The player's notice (pt-BR: the ordinance's players), then the time it went, for the operator's clock. */
async function notifyListed(
  ctx: AppContext,
  userId: bigint,
  email: string,
  refundDueAt: Date,
): Promise<void> {
  try {
    await ctx.mailer.send({
      to: email,
      subject: translate('pt_BR', 'compliance.mail_subject'),
      text: translate('pt_BR', 'compliance.mail_body', { until: formatUntil(refundDueAt) }),
    });
    await ctx.db
      .updateTable('compliance_player_status')
      .set({ notified_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
  } catch (error) {
    // The operator sees "not notified" on the player's row and can reach them another way.
    ctx.log.error({ err: error, userId: userId.toString() }, 'compliance notice not sent');
  }
}
