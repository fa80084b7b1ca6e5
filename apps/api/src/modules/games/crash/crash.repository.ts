import { chainSeedForRound, crashPointHundredths } from '@aposta/fair';
import { sql } from 'kysely';
import type { Db } from '../../../db/connection.ts';
import type { Tx } from '../../../db/tx.ts';
import { chainCheckpoints } from '../chain.hashing.ts';
import { ensureChain } from '../rounds.repository.ts';

/** Crash's published chain: a row of round_chains (game 'crash', period 0), its own secret and salt. */
export const crashChain = (db: Db, length: number) => ensureChain(db, 'crash', 0, length);

/** Round `roundId`'s seed (chain link roundId − 1) and its crash point: known to the server before anyone else. */
export async function crashRoundSecret(db: Db, length: number, roundId: number) {
  const chain = await crashChain(db, length);
  const checkpoints = await chainCheckpoints(chain.chain_secret, chain.chain_length);
  const seed = chainSeedForRound(checkpoints, roundId - 1);
  return { seed, crashHundredths: crashPointHundredths(seed, chain.salt), chainLength: chain.chain_length };
}

export function latestCrashRound(db: Db) {
  return db.selectFrom('crash_rounds').selectAll().orderBy('round_id', 'desc').limit(1).executeTakeFirst();
}

export function findCrashRound(db: Db, roundId: number) {
  return db.selectFrom('crash_rounds').selectAll().where('round_id', '=', roundId).executeTakeFirst();
}

export function recentCrashRounds(db: Db, limit: number) {
  return db
    .selectFrom('crash_rounds')
    .select(['round_id', 'crash_hundredths'])
    .where('phase', '=', 'crashed')
    .orderBy('round_id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertCrashRound(db: Db, roundId: number, startsAt: Date) {
  await db
    .insertInto('crash_rounds')
    .values({
      round_id: roundId,
      chain_index: roundId - 1,
      phase: 'betting',
      starts_at: startsAt,
      crash_hundredths: null,
      seed: null,
      crashed_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The bets of a round, oldest first, with the players' names (masked by the caller). */
export function crashRoundBets(db: Db, roundId: number) {
  return db
    .selectFrom('crash_bets')
    .innerJoin('game_bets', 'game_bets.id', 'crash_bets.bet_id')
    .innerJoin('users', 'users.id', 'crash_bets.user_id')
    .select([
      'crash_bets.bet_id',
      'crash_bets.user_id',
      'crash_bets.auto_cashout_hundredths',
      'crash_bets.cashed_out_hundredths',
      'game_bets.amount_cents',
      'game_bets.status',
      'users.username',
    ])
    .where('crash_bets.round_id', '=', roundId)
    .orderBy('crash_bets.bet_id')
    .limit(2000)
    .execute();
}

/** A round's open bets with what paying them needs: the one query both the driver's reads below refine. */
function openRoundBets(db: Db | Tx, roundId: number) {
  return db
    .selectFrom('crash_bets')
    .innerJoin('game_bets', 'game_bets.id', 'crash_bets.bet_id')
    .innerJoin('users', 'users.id', 'crash_bets.user_id')
    .select([
      'crash_bets.bet_id',
      'crash_bets.user_id',
      'crash_bets.auto_cashout_hundredths',
      'game_bets.amount_cents',
      'users.username',
    ])
    .where('crash_bets.round_id', '=', roundId)
    .where('game_bets.status', '=', 'open');
}

/** The open auto cash-outs of a round, lowest target first: what the driver pays as the curve climbs. */
export function openAutoCashouts(db: Db, roundId: number) {
  return openRoundBets(db, roundId)
    .where('crash_bets.auto_cashout_hundredths', 'is not', null)
    .orderBy('crash_bets.auto_cashout_hundredths')
    .execute();
}

/** The round's open bets, locked, at its crash: each is paid at its target when the round reached it. */
export function openCrashBetsForUpdate(trx: Tx, roundId: number) {
  return openRoundBets(trx, roundId).orderBy('crash_bets.bet_id').forUpdate('game_bets').execute();
}

/** Locks the round for a bet (shared) so the driver cannot start it while the bet is written. */
export function lockCrashRoundForBet(trx: Tx, roundId: number, now: Date) {
  return trx
    .selectFrom('crash_rounds')
    .select(['phase'])
    .select(sql<boolean>`starts_at > ${now}`.as('open'))
    .where('round_id', '=', roundId)
    .forShare()
    .executeTakeFirst();
}

export interface CrashSettlement {
  betId: bigint;
  /** Where the bet was cashed out, or null for a loss. */
  cashedOutHundredths: number | null;
  payoutCents: bigint;
}

/**
 * Settles open bets once (`status = 'open'` is the guard): game_bets gets the payout and the multiplier, crash_bets
 * where it was cashed out. Answers the bets it settled, with their players; any other was settled already.
 */
export async function settleCrashBets(trx: Tx, settlements: readonly CrashSettlement[]) {
  if (settlements.length === 0) return [];
  const ids = settlements.map((bet) => bet.betId.toString());
  const payouts = settlements.map((bet) => bet.payoutCents.toString());
  const points = settlements.map((bet) => bet.cashedOutHundredths ?? 0);
  const settled = await sql<{ id: bigint; user_id: bigint; payout_cents: bigint; multiplier: number }>`
    UPDATE game_bets b
       SET status = 'settled', payout_cents = s.payout, multiplier_hundredths = s.multiplier,
           detail = b.detail || jsonb_build_object('cashedOutAt', NULLIF(s.multiplier, 0)), settled_at = now()
      FROM unnest(${ids}::bigint[], ${payouts}::bigint[], ${points}::int[]) AS s(id, payout, multiplier)
     WHERE b.id = s.id AND b.status = 'open'
    RETURNING b.id, b.user_id, b.payout_cents, s.multiplier`.execute(trx);
  const won = settled.rows.filter((row) => row.multiplier > 0);
  if (won.length > 0) {
    await sql`
      UPDATE crash_bets c SET cashed_out_hundredths = s.multiplier
        FROM unnest(${won.map((row) => row.id.toString())}::bigint[], ${won.map((row) => row.multiplier)}::int[])
             AS s(id, multiplier)
       WHERE c.bet_id = s.id`.execute(trx);
  }
  return settled.rows;
}
