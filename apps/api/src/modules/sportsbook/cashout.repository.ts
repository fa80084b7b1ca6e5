import { sql } from 'kysely';
import { bigintArray } from '../../db/arrays.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';

/** SQL of cash-out: a player's bet with its legs and their markets' current odds, and the quotes. */

export interface CashoutBet {
  id: bigint;
  user_id: bigint;
  stake_cents: bigint;
  stake_bonus_cents: bigint;
  cashed_out_stake_cents: bigint;
  cashout_paid_cents: bigint;
  result: number;
  /** The auto cash-out amount the player set (null: none). */
  auto_cashout_cents?: bigint | null;
}

export interface CashoutLegRow {
  bet_id: bigint;
  selection_id: bigint;
  match_id: bigint;
  market_id: bigint;
  outcome: string;
  odds_milli: number;
  /** A boosted leg's odds without the boost (null: not boosted): cash-out prices an open leg at them. */
  normal_odds_milli: number | null;
  result: number;
  placement_home: number;
  placement_away: number;
  type: string;
  period: string;
  line_quarters: number | null;
  match_period: number;
  score_home: number;
  score_away: number;
}

/** Current odds and status of every market of some matches (the cash-out's leg markets and their neighbours). */
export interface MarketOddsRow {
  market_id: bigint;
  match_id: bigint;
  type: string;
  period: string;
  line_quarters: number | null;
  status: string;
  outcome: string;
  odds_milli: number;
}

/** The player's bet (another player's is not found); `lock` takes it FOR UPDATE (settlement locks bets too). */
export async function findPlayerBet(
  db: Db | Tx,
  userId: bigint,
  betId: bigint,
  lock = false,
): Promise<CashoutBet | undefined> {
  const result = await sql<CashoutBet>`
    SELECT id, user_id, stake_cents, stake_bonus_cents, cashed_out_stake_cents, cashout_paid_cents, result,
           auto_cashout_cents
      FROM sports_bets WHERE id = ${betId} AND user_id = ${userId}
      ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return result.rows[0];
}

export async function legsForCashout(db: Db | Tx, betIds: readonly bigint[]): Promise<CashoutLegRow[]> {
  if (betIds.length === 0) return [];
  const result = await sql<CashoutLegRow>`
    SELECT l.bet_id, l.selection_id, l.match_id, l.market_id, l.outcome, l.odds_milli, l.normal_odds_milli, l.result,
           l.placement_home,
           l.placement_away, k.type, k.period, k.line_quarters, m.period AS match_period, m.score_home, m.score_away
      FROM sports_bet_legs l
      JOIN sports_markets k ON k.id = l.market_id
      JOIN sports_matches m ON m.id = l.match_id
     WHERE l.bet_id = ANY(${bigintArray(betIds)}::bigint[])
     ORDER BY l.bet_id, l.leg_no`.execute(db);
  return result.rows;
}

/**
 * Markets of the given (match, type, period) groups with their selections. `lock` share-locks the matches and
 * then the markets in id order, as placement does, so a cash-out commits only against the odds it read.
 */
export async function marketOdds(
  db: Db | Tx,
  matchIds: readonly bigint[],
  lock = false,
): Promise<MarketOddsRow[]> {
  if (matchIds.length === 0) return [];
  if (lock) {
    await sql`SELECT id FROM sports_matches WHERE id = ANY(${bigintArray(matchIds)}::bigint[]) ORDER BY id FOR SHARE`.execute(
      db,
    );
  }
  const result = await sql<MarketOddsRow>`
    SELECT k.id AS market_id, k.match_id, k.type, k.period, k.line_quarters, k.status, s.outcome, s.odds_milli
      FROM sports_markets k JOIN sports_selections s ON s.market_id = k.id
     WHERE k.match_id = ANY(${bigintArray(matchIds)}::bigint[]) AND k.status <> 'closed'
     ORDER BY k.id, s.id
     ${lock ? sql`FOR SHARE OF k` : sql``}`.execute(db);
  return result.rows;
}

export interface QuoteRow {
  id: bigint;
  bet_id: bigint;
  amount_cents: bigint;
  remaining_stake_cents: bigint;
  expires_at: Date;
  used_at: Date | null;
  sold_stake_cents: bigint | null;
  paid_cents: bigint | null;
}

export async function insertQuote(
  db: Db | Tx,
  quote: { betId: bigint; userId: bigint; amountCents: bigint; remainingStakeCents: bigint; seconds: number },
): Promise<QuoteRow> {
  const result = await sql<QuoteRow>`
    INSERT INTO sports_cashout_quotes (bet_id, user_id, amount_cents, remaining_stake_cents, expires_at)
    VALUES (${quote.betId}, ${quote.userId}, ${quote.amountCents}, ${quote.remainingStakeCents},
            now() + make_interval(secs => ${quote.seconds}))
    RETURNING id, bet_id, amount_cents, remaining_stake_cents, expires_at, used_at, sold_stake_cents, paid_cents`.execute(
    db,
  );
  return result.rows[0]!;
}

/** The player's quote on that bet, locked (two takes of one quote run one after the other). */
export async function lockQuote(
  trx: Tx,
  userId: bigint,
  betId: bigint,
  quoteId: bigint,
): Promise<(QuoteRow & { expired: boolean }) | undefined> {
  const result = await sql<QuoteRow & { expired: boolean }>`
    SELECT id, bet_id, amount_cents, remaining_stake_cents, expires_at, used_at, sold_stake_cents, paid_cents,
           expires_at < now() AS expired
      FROM sports_cashout_quotes WHERE id = ${quoteId} AND bet_id = ${betId} AND user_id = ${userId}
       FOR UPDATE`.execute(trx);
  return result.rows[0];
}

export async function useQuote(
  trx: Tx,
  quoteId: bigint,
  taken: { fractionHundredths: number; soldStakeCents: bigint; paidCents: bigint },
): Promise<void> {
  await sql`
    UPDATE sports_cashout_quotes
       SET used_at = now(), fraction_hundredths = ${taken.fractionHundredths},
           sold_stake_cents = ${taken.soldStakeCents}, paid_cents = ${taken.paidCents}
     WHERE id = ${quoteId}`.execute(trx);
}

export async function recordCashout(
  trx: Tx,
  betId: bigint,
  soldStakeCents: bigint,
  paidCents: bigint,
): Promise<void> {
  await sql`
    UPDATE sports_bets
       SET cashed_out_stake_cents = cashed_out_stake_cents + ${soldStakeCents},
           cashout_paid_cents = cashout_paid_cents + ${paidCents}
     WHERE id = ${betId}`.execute(trx);
}
