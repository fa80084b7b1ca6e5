import { centsToReais } from '@aposta/money';
import { betResult, cashoutValueCents, partialCashout, settleParlay } from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, invalidInput, notFound } from '../../lib/domain-error.ts';
import { playerBalances, postTransaction } from '../ledger/ledger.service.ts';
import { builderCashoutValues, builderSoldPayout } from './builder.cashout.ts';
import {
  type CashoutBet,
  type CashoutLegRow,
  findPlayerBet,
  insertQuote,
  legsForCashout,
  lockQuote,
  marketOdds,
  type QuoteRow,
  recordCashout,
  useQuote,
} from './cashout.repository.ts';
import { cashoutLegs, fractionHundredths } from './cashout.rules.ts';
import { removeExposure } from './risk.repository.ts';

/**
 * Cash-out (api-contract section 11, second wave): a quote for the whole remaining stake, good for a few
 * seconds; taking it (all or a fraction) re-prices under the same share locks placement takes, so a goal that
 * suspends a market or moves its odds first refuses it or answers a new quote, and a quote pays at most once.
 */
export const cashoutMessages = {
  unavailable: 'sports.cashout_unavailable',
  moved: 'sports.cashout_moved',
  fraction: 'sports.cashout_fraction',
  tooSmall: 'sports.cashout_too_small',
} as const;

const CASHOUT_CODE = 'sports_cashout';

/** Bonus-funded stakes are not bought back in cash (it would turn bonus into cash without wagering). */
export function remainingStake(bet: CashoutBet): bigint | null {
  if (bet.result !== 0 || bet.stake_bonus_cents > 0n) return null;
  const remaining = bet.stake_cents - bet.cashed_out_stake_cents;
  return remaining > 0n ? remaining : null;
}

/** The bet's cash-out value now, or null when it is not offered. */
export async function valueNow(
  db: Db | Tx,
  bet: CashoutBet,
  marginBasisPoints: number,
  lockMarkets: boolean,
): Promise<{ remaining: bigint; value: bigint } | null> {
  const remaining = remainingStake(bet);
  if (remaining === null) return null;
  // A builder bet is priced from its joint model (decision 0062), not leg by leg.
  const builder = await builderCashoutValues(db, [{ id: bet.id, remaining }], marginBasisPoints);
  if (builder.has(bet.id)) {
    const value = builder.get(bet.id);
    return value ? { remaining, value } : null;
  }
  const legs = await legsForCashout(db, [bet.id]);
  const markets = await marketOdds(db, [...new Set(legs.map((leg) => leg.match_id))], lockMarkets);
  const priced = cashoutLegs(legs, markets);
  const value = priced && cashoutValueCents(remaining, priced, marginBasisPoints);
  return value ? { remaining, value } : null;
}

const quoteView = (quote: QuoteRow) => ({
  quoteId: Number(quote.id),
  amount: centsToReais(quote.amount_cents),
  fraction: 1,
  expiresAt: quote.expires_at.getTime(),
});

export type CashoutQuote = ReturnType<typeof quoteView>;

export async function quoteCashout(ctx: AppContext, userId: bigint, betId: bigint): Promise<CashoutQuote> {
  const config = ctx.config.sportsbook;
  const bet = await findPlayerBet(ctx.db, userId, betId);
  if (!bet) throw notFound();
  const now = await valueNow(ctx.db, bet, config.cashoutMarginBasisPoints, false);
  if (!now) throw conflict(cashoutMessages.unavailable);
  const quote = await insertQuote(ctx.db, {
    betId,
    userId,
    amountCents: now.value,
    remainingStakeCents: now.remaining,
    seconds: config.cashoutQuoteSeconds,
  });
  return quoteView(quote);
}

class QuoteMoved extends Error {}

/**
 * Sells a fraction of a bet's remaining stake at the value priced under the locks (markets shared, bet for update),
 * inside the caller's transaction: the bet's record, its exposure, the quote and one ledger transaction, keyed by
 * the quote (a retry moves nothing twice). Manual and auto cash-out both end here.
 */
export async function sellStake(
  trx: Tx,
  sale: {
    userId: bigint;
    betId: bigint;
    legs: readonly CashoutLegRow[];
    now: { remaining: bigint; value: bigint };
    hundredths: number;
    quoteId: bigint;
  },
) {
  const { userId, betId, legs, now, hundredths } = sale;
  const split = partialCashout(now.remaining, now.value, hundredths);
  if (!split) throw invalidInput(cashoutMessages.tooSmall);
  await recordCashout(trx, betId, split.soldStakeCents, split.paidCents);
  // The stake sold no longer weighs on the markets' liability.
  const sold =
    (await builderSoldPayout(trx, betId, split.soldStakeCents)) ??
    settleParlay(
      split.soldStakeCents,
      legs.map((leg) => ({ oddsMilli: leg.odds_milli, result: betResult.win })),
    ).returnCents!;
  await removeExposure(
    trx,
    legs.map((leg) => ({ selectionId: leg.selection_id, matchId: leg.match_id })),
    sold,
  );
  await useQuote(trx, sale.quoteId, {
    fractionHundredths: hundredths,
    soldStakeCents: split.soldStakeCents,
    paidCents: split.paidCents,
  });
  await postTransaction(trx, {
    code: CASHOUT_CODE,
    idempotencyKey: `${CASHOUT_CODE}:${betId}:${sale.quoteId}`,
    referenceType: 'sports_bet',
    referenceId: betId.toString(),
    postings: [
      { account: { kind: 'player_cash', userId }, amountCents: split.paidCents },
      { account: { kind: 'house_sportsbook' }, amountCents: -split.paidCents },
    ],
  });
  return split;
}

export async function takeCashout(
  ctx: AppContext,
  userId: bigint,
  betId: bigint,
  input: { quoteId: bigint; fraction: number },
) {
  const hundredths = fractionHundredths(input.fraction);
  if (hundredths === null) throw invalidInput(cashoutMessages.fraction);
  const config = ctx.config.sportsbook;
  let taken: { paidCents: bigint; remainingCents: bigint; cashCents: bigint; bonusCents: bigint };
  try {
    taken = await ctx.db.transaction().execute(async (trx) => {
      // The quote first: a retry of a taken quote waits here and answers what the first one did.
      const quote = await lockQuote(trx, userId, betId, input.quoteId);
      if (!quote) throw notFound();
      if (quote.used_at) {
        const bet = (await findPlayerBet(trx, userId, betId))!;
        const balances = await playerBalances(trx, userId);
        return {
          paidCents: quote.paid_cents!,
          remainingCents: bet.stake_cents - bet.cashed_out_stake_cents,
          cashCents: balances.cashCents,
          bonusCents: balances.bonusCents,
        };
      }
      // Matches and markets share-locked (placement's order), then the bet: settlement locks bets too.
      const unlocked = await findPlayerBet(trx, userId, betId);
      if (!unlocked) throw notFound();
      const legs = await legsForCashout(trx, [betId]);
      await marketOdds(trx, [...new Set(legs.map((leg) => leg.match_id))], true);
      const bet = (await findPlayerBet(trx, userId, betId, true))!;
      const now = await valueNow(trx, bet, config.cashoutMarginBasisPoints, false);
      if (!now) throw conflict(cashoutMessages.unavailable);
      if (quote.expired || now.value !== quote.amount_cents || now.remaining !== quote.remaining_stake_cents)
        throw new QuoteMoved();
      const split = await sellStake(trx, { userId, betId, legs, now, hundredths, quoteId: quote.id });
      const balances = await playerBalances(trx, userId);
      return {
        paidCents: split.paidCents,
        remainingCents: split.remainingStakeCents,
        cashCents: balances.cashCents,
        bonusCents: balances.bonusCents,
      };
    });
  } catch (error) {
    if (!(error instanceof QuoteMoved)) throw error;
    // Expired or moved: a fresh quote the player can accept (or the refusal, if it is no longer offered).
    const fresh = await quoteCashout(ctx, userId, betId);
    throw conflict(cashoutMessages.moved, {}, fresh);
  }
  await ctx.events.publish('balanceChanged', { userId });
  return {
    paid: centsToReais(taken.paidCents),
    remainingStake: centsToReais(taken.remainingCents),
    balance: centsToReais(taken.cashCents),
    freeBalance: centsToReais(taken.bonusCents),
  };
}

/**
 * The cash-out value of each of a page of bets now (my bets shows it live), in two reads for the whole page;
 * a bet not offered has none. Display only: taking it goes through a quote.
 */
export async function cashoutValues(
  db: Db,
  bets: readonly CashoutBet[],
  marginBasisPoints: number,
): Promise<Map<bigint, bigint>> {
  const offered = bets.filter((bet) => remainingStake(bet) !== null);
  const values = new Map<bigint, bigint>();
  if (offered.length === 0) return values;
  const legs = await legsForCashout(
    db,
    offered.map((bet) => bet.id),
  );
  const markets = await marketOdds(db, [...new Set(legs.map((leg) => leg.match_id))]);
  const builders = await builderCashoutValues(
    db,
    offered.map((bet) => ({ id: bet.id, remaining: remainingStake(bet)! })),
    marginBasisPoints,
  );
  for (const bet of offered) {
    if (builders.has(bet.id)) {
      const value = builders.get(bet.id);
      if (value) values.set(bet.id, value);
      continue;
    }
    const priced = cashoutLegs(
      legs.filter((leg) => leg.bet_id === bet.id),
      markets,
    );
    const value = priced && cashoutValueCents(remainingStake(bet)!, priced, marginBasisPoints);
    if (value) values.set(bet.id, value);
  }
  return values;
}
