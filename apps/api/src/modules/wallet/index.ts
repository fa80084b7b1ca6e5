import type { RegisterModule } from '../../app-module.ts';
import { EXCLUSION_PAYOUT_JOB } from '../rg/exclusion-payout.ts';
import { expireDeposit } from './deposits.service.ts';
import { pollPendingCharges } from './pix-poll.ts';
import { subscribeBalancePush } from './wallet.events.ts';
import { walletRoutes } from './wallet.routes.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { payOutExcludedBalance } from './withdrawal-exclusion.ts';
import { payWithdrawalJob } from './withdrawals.service.ts';

/** Deposits, withdrawals, transfers, KYC and records; the providers' payment webhooks credit deposits here. */
export const register: RegisterModule = async (app, ctx) => {
  const { providers, payouts } = ctx.payments;
  walletRoutes(app, ctx, ctx.guards, ctx.payments);
  subscribeBalancePush(ctx);
  await webhookRoutes(app, ctx, providers);
  const payWithdrawal = payWithdrawalJob(payouts);
  // check_payout: the same job, re-run later for a payout whose outcome the PSP has not told yet.
  ctx.jobs.add({
    expire_deposit: expireDeposit,
    pay_withdrawal: payWithdrawal,
    check_payout: payWithdrawal,
    // Decision 0052: an excluded player's cash goes to their own CPF key (scheduled by rg's exclusion).
    [EXCLUSION_PAYOUT_JOB]: async (jobCtx, payload) => {
      await payOutExcludedBalance(jobCtx, payload);
    },
    // Scheduled every minute by payments when its PSP can be asked about a charge (GET /cob/{txid}).
    poll_pix_charges: async () => {
      for (const provider of providers) if (provider.pollCharge) await pollPendingCharges(ctx, provider);
    },
  });
};
