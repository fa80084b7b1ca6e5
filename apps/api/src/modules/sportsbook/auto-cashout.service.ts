import { centsToReais } from '@aposta/money';
import { betResult, settleParlay } from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import { conflict, invalidInput, notFound } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import { autoCashoutCandidates, setAutoCashoutAmount } from './auto-cashout.repository.ts';
import { findPlayerBet, insertQuote, legsForCashout, marketOdds } from './cashout.repository.ts';
import { cashoutMessages, remainingStake, sellStake, valueNow } from './cashout.service.ts';

/**
 * Auto cash-out (api-contract section 19, decision 0063): the player names an amount; when the bet's cash-out
 * value reaches it, the whole remaining stake is sold. The sale runs exactly like a manual one (cashout.service.ts
 * sellStake): markets share-locked in placement's order, then the bet FOR UPDATE, the value priced again under
 * those locks (a goal's state write holds the match, so the price is never the one from before it), one quote row
 * and one ledger transaction keyed by it, and the amount cleared in the same transaction: at most once.
 */
export const autoCashoutMessages = {
  range: 'sports.auto_cashout_range',
} as const;

/** Sets (or clears, with null) the amount; a value already at or above it sells at once. */
export async function setAutoCashout(
  ctx: AppContext,
  userId: bigint,
  betId: bigint,
  amountCents: bigint | null,
) {
  const bet = await findPlayerBet(ctx.db, userId, betId);
  if (!bet) throw notFound();
  if (amountCents !== null) {
    const remaining = remainingStake(bet);
    if (remaining === null) throw conflict(cashoutMessages.unavailable);
    const legs = await legsForCashout(ctx.db, [betId]);
    const most = settleParlay(
      remaining,
      legs.map((leg) => ({ oddsMilli: leg.odds_milli, result: betResult.win })),
    ).returnCents!;
    if (amountCents <= 0n || amountCents >= most)
      throw invalidInput(autoCashoutMessages.range, { max: money(most) });
  }
  await ctx.db.transaction().execute((trx) => setAutoCashoutAmount(trx, betId, amountCents));
  const sold = amountCents === null ? null : await autoCashoutBet(ctx, userId, betId);
  return {
    betId: Number(betId),
    autoCashout: sold || amountCents === null ? null : centsToReais(amountCents),
    paid: sold ? centsToReais(sold) : null,
  };
}

/** Sells the bet if its value now reaches its auto cash-out amount; answers what was paid (null: nothing). */
export async function autoCashoutBet(ctx: AppContext, userId: bigint, betId: bigint): Promise<bigint | null> {
  const config = ctx.config.sportsbook;
  // A look without locks first: most sweeps find nothing to sell and should not queue behind the feed.
  const loose = await findPlayerBet(ctx.db, userId, betId);
  const looseTarget = loose?.auto_cashout_cents;
  if (!loose || looseTarget === null || looseTarget === undefined) return null;
  const looseNow = await valueNow(ctx.db, loose, config.cashoutMarginBasisPoints, false);
  if (!looseNow || looseNow.value < looseTarget) return null;
  const paid = await ctx.db.transaction().execute(async (trx) => {
    const legs = await legsForCashout(trx, [betId]);
    await marketOdds(trx, [...new Set(legs.map((leg) => leg.match_id))], true);
    const bet = await findPlayerBet(trx, userId, betId, true);
    const target = bet?.auto_cashout_cents;
    if (!bet || target === null || target === undefined) return null;
    const now = await valueNow(trx, bet, config.cashoutMarginBasisPoints, false);
    if (!now || now.value < target) return null;
    const quote = await insertQuote(trx, {
      betId,
      userId,
      amountCents: now.value,
      remainingStakeCents: now.remaining,
      seconds: config.cashoutQuoteSeconds,
    });
    const split = await sellStake(trx, { userId, betId, legs, now, hundredths: 100, quoteId: quote.id });
    await setAutoCashoutAmount(trx, betId, null);
    return split.paidCents;
  });
  if (paid !== null) await ctx.events.publish('balanceChanged', { userId });
  return paid;
}

/** After the odds or the state of some matches changed: the auto cash-outs that now reach their amount. */
export async function runAutoCashouts(ctx: AppContext, matchIds: readonly bigint[]): Promise<number> {
  let sold = 0;
  for (const bet of await autoCashoutCandidates(ctx.db, matchIds)) {
    if ((await autoCashoutBet(ctx, bet.user_id, bet.id)) !== null) sold += 1;
  }
  return sold;
}
