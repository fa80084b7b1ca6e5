import type { RegisterModule } from '../../app-module.ts';
import { expireDeposit } from './deposits.service.ts';
import { walletRoutes } from './wallet.routes.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { payWithdrawalJob } from './withdrawals.service.ts';

/** Deposits, withdrawals, transfers, KYC and records; the providers' payment webhooks credit deposits here. */
export const register: RegisterModule = async (app, ctx) => {
  const { sandbox, providers } = ctx.payments;
  walletRoutes(app, ctx, ctx.guards, sandbox);
  await webhookRoutes(app, ctx, providers);
  ctx.jobs.add({ expire_deposit: expireDeposit, pay_withdrawal: payWithdrawalJob(sandbox) });
};
