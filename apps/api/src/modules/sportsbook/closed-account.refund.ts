import { betResult, settleParlay } from '@aposta/sports';
import { sql } from 'kysely';
import type { Tx } from '../../db/tx.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { legsForCashout, marketOdds, recordCashout } from './cashout.repository.ts';
import { removeExposure } from './risk.repository.ts';

/** The ledger code of a stake handed back because the account was closed (decision 0051). */
export const CLOSED_ACCOUNT_REFUND_CODE = 'sports_closed_refund';

export interface ClosedAccountRefund {
  bets: number;
  cents: bigint;
}

/**
 * An account closed by a list (IN SPA/MF 22/2025) cannot wait for its open bets: each is bought back at its stake
 * (the stake still in play, after any cash-out), as a cash-out at par, so that settlement later pays nothing more
 * and the refund of the balance includes it. It runs in the closing transaction, taking placement's lock order
 * (matches and markets shared, then the bets, then the player's cash). Idempotent: a bet bought back has no stake
 * left in play, so a second run finds nothing.
 */
export async function refundOpenBetsAtPar(trx: Tx, userId: bigint): Promise<ClosedAccountRefund> {
  const open = await sql<{ id: bigint }>`
    SELECT id FROM sports_bets
     WHERE user_id = ${userId} AND result = ${betResult.open} AND stake_cents > cashed_out_stake_cents
     ORDER BY id`.execute(trx);
  const betIds = open.rows.map((row) => row.id);
  if (betIds.length === 0) return { bets: 0, cents: 0n };
  const legs = await legsForCashout(trx, betIds);
  await marketOdds(trx, [...new Set(legs.map((leg) => leg.match_id))], true);
  const locked = await sql<{ id: bigint; stake_cents: bigint; cashed_out_stake_cents: bigint }>`
    SELECT id, stake_cents, cashed_out_stake_cents FROM sports_bets
     WHERE id = ANY(${betIds.map(String)}::bigint[]) AND result = ${betResult.open}
     ORDER BY id FOR UPDATE`.execute(trx);
  let cents = 0n;
  let bets = 0;
  for (const bet of locked.rows) {
    const remaining = BigInt(bet.stake_cents) - BigInt(bet.cashed_out_stake_cents);
    if (remaining <= 0n) continue;
    const betLegs = legs.filter((leg) => leg.bet_id === bet.id);
    await recordCashout(trx, bet.id, remaining, remaining);
    // What the bought-back stake would have paid no longer weighs on the markets' liability.
    const liability = settleParlay(
      remaining,
      betLegs.map((leg) => ({ oddsMilli: leg.odds_milli, result: betResult.win })),
    ).returnCents!;
    await removeExposure(
      trx,
      betLegs.map((leg) => ({ selectionId: leg.selection_id, matchId: leg.match_id })),
      liability,
    );
    await postTransaction(trx, {
      code: CLOSED_ACCOUNT_REFUND_CODE,
      idempotencyKey: `${CLOSED_ACCOUNT_REFUND_CODE}:${bet.id}`,
      referenceType: 'sports_bet',
      referenceId: bet.id.toString(),
      postings: [
        { account: { kind: 'player_cash', userId }, amountCents: remaining },
        { account: { kind: 'house_sportsbook' }, amountCents: -remaining },
      ],
    });
    cents += remaining;
    bets += 1;
  }
  return { bets, cents };
}
