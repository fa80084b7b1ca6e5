import type { AppContext } from '../../app-context.ts';
import { playerBalances } from '../ledger/ledger.service.ts';
import { forfeitBonus } from './withdrawal-forfeit.ts';
import { holdForReviewOrPay } from './withdrawal-review.ts';
import { unreleasedBonus } from './withdrawals.rules.ts';
import { holdWithdrawal, insertWithdrawalOrder, type PayoutAccount } from './withdrawals.service.ts';

/**
 * The job `exclusion_payout` (decision 0052): an excluded player's whole cash balance is paid to a PIX key of
 * their own CPF (the KYC CPF is the key), through the normal withdrawal path: the order, the hold and the review
 * gate with its risk rules and 120-minute clock, then the payout job. Bonus money is not cash: the withdrawal
 * forfeits it as any withdrawal does (withdrawal-forfeit.ts). Under the player's row lock, so a re-run or a
 * second exclusion finds the cash already held and creates nothing. Answers the order, or undefined when there
 * was nothing to pay or nowhere to pay it.
 */
export async function payOutExcludedBalance(
  ctx: AppContext,
  payload: Record<string, unknown>,
): Promise<bigint | undefined> {
  const userId = BigInt(String(payload.userId));
  const orderId = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['test_flag', 'kyc_status', 'kyc_cpf', 'wagering_remaining_cents', 'wagering_total_cents'])
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    // A test account's balance is play money; without an approved CPF there is no key of the player's own.
    if (!user || user.test_flag) return undefined;
    const { cashCents, bonusCents } = await playerBalances(trx, userId);
    if (cashCents <= 0n) return undefined;
    if (user.kyc_status !== 'approved' || !user.kyc_cpf) {
      ctx.log.warn(
        { userId: userId.toString() },
        'excluded player has cash but no approved CPF to pay it to',
      );
      return undefined;
    }
    const account: PayoutAccount = {
      type: 'CPF',
      accountNo: user.kyc_cpf,
      ifsc: user.kyc_cpf,
      holderName: '',
      whatsapp: '',
    };
    const orderId = await insertWithdrawalOrder(ctx, trx, userId, cashCents, account);
    const bonus = unreleasedBonus(bonusCents, user.wagering_remaining_cents, user.wagering_total_cents);
    if (bonus || user.wagering_remaining_cents > 0n) await forfeitBonus(trx, userId, orderId, bonus);
    await holdWithdrawal(trx, userId, orderId, cashCents);
    await holdForReviewOrPay(ctx, trx, {
      orderId,
      userId,
      amountCents: cashCents,
      payCardNo: account.accountNo,
      holderName: '',
    });
    return orderId;
  });
  if (orderId !== undefined) await ctx.events.publish('balanceChanged', { userId });
  return orderId;
}
