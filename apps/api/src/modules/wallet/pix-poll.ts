import type { AppContext } from '../../app-context.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { creditConfirmedPix } from './deposits.service.ts';

// The poll credits, so it lives with the crediting (wallet), which reaches the PSP through payments' provider.

/** At most this many open charges are asked about per round (oldest first); the next round takes the rest. */
export const POLL_BATCH = 500;

/**
 * Asks the PSP about one charge (`GET /cob/{txid}`) and credits it when the PSP says it is CONCLUIDA: the webhook
 * is the fast path, this is the one that does not depend on a delivery arriving. The crediting rules are the
 * webhook's (the payment time must fall within the order's life). Answers the outcome, or null when unpaid.
 */
export async function pollCharge(ctx: AppContext, provider: PaymentProvider, txid: string) {
  if (!provider.pollCharge) return null;
  const pix = await provider.pollCharge(txid);
  if (!pix || pix.txid === null) return null;
  const record = JSON.stringify({ source: 'GET /cob', txid, endToEndId: pix.endToEndId });
  return creditConfirmedPix(ctx, provider.name, { ...pix, txid: pix.txid }, record);
}

/** One round of the schedule: every open PIX charge of this provider is asked about. */
export async function pollPendingCharges(ctx: AppContext, provider: PaymentProvider) {
  const open = await ctx.db
    .selectFrom('payment_charges')
    .innerJoin('orders', 'orders.id', 'payment_charges.order_id')
    .select(['payment_charges.txid'])
    .where('payment_charges.provider', '=', provider.name)
    .where('orders.type', '=', '10')
    .where('orders.status', '=', '00')
    .orderBy('orders.id')
    .limit(POLL_BATCH)
    .execute();
  const outcomes: string[] = [];
  for (const charge of open) {
    try {
      const outcome = await pollCharge(ctx, provider, charge.txid);
      if (outcome) outcomes.push(outcome);
    } catch (error) {
      // One charge the PSP cannot answer about must not stop the round.
      ctx.log.warn({ err: error, txid: charge.txid }, 'PIX charge poll failed');
    }
  }
  return outcomes;
}

/**
 * Before an open deposit is expired: its charge is asked about once more, so a payment whose notification was
 * lost or is late is credited instead of being recorded against an expired order.
 */
export async function pollBeforeExpiry(ctx: AppContext, orderId: bigint): Promise<void> {
  const charge = await ctx.db
    .selectFrom('payment_charges')
    .innerJoin('orders', 'orders.id', 'payment_charges.order_id')
    .select(['payment_charges.txid', 'payment_charges.provider'])
    .where('payment_charges.order_id', '=', orderId)
    .where('orders.status', '=', '00')
    .executeTakeFirst();
  if (!charge) return;
  // The job runs with the module context, which carries the payment providers (app-module.ts).
  const { payments } = ctx as AppContext & { payments?: { providers: PaymentProvider[] } };
  const provider = payments?.providers.find((candidate) => candidate.name === charge.provider);
  if (!provider?.pollCharge) return;
  try {
    await pollCharge(ctx, provider, charge.txid);
  } catch (error) {
    ctx.log.warn({ err: error, txid: charge.txid }, 'PIX charge poll before expiry failed');
  }
}
