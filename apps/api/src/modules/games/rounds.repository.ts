import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { chainCheckpoints } from './chain.hashing.ts';

export type RoundGame = 'double' | 'luckyColor' | 'crash';

/** Chains being published by this process, per database: concurrent first requests hash one chain, not one each. */
const publishing = new WeakMap<Db, Map<string, Promise<unknown>>>();

/**
 * The table's published chain, published first if there is none: a fresh secret and its terminating hash, hashed
 * off the event loop (chain.hashing.ts; 200,000 links in production).
 */
export async function ensureChain(db: Db, game: RoundGame, periodSeconds: number, length: number) {
  const existing = await findChain(db, game, periodSeconds);
  if (existing) return existing;
  const key = `${game}:${periodSeconds}`;
  const pending = publishing.get(db) ?? new Map<string, Promise<unknown>>();
  publishing.set(db, pending);
  let publish = pending.get(key);
  if (!publish) {
    publish = publishChain(db, game, periodSeconds, length).finally(() => pending.delete(key));
    pending.set(key, publish);
  }
  await publish;
  const chain = await findChain(db, game, periodSeconds);
  if (!chain) throw new Error('chain not created');
  return chain;
}

async function publishChain(db: Db, game: RoundGame, periodSeconds: number, length: number) {
  const secret = randomBytes(32).toString('hex');
  const { terminatingHashHex } = await chainCheckpoints(secret, length);
  await db
    .insertInto('round_chains')
    .values({
      game,
      period_seconds: periodSeconds,
      chain_secret: secret,
      chain_length: length,
      terminating_hash: terminatingHashHex,
      salt: randomBytes(16).toString('hex'),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function findChain(db: Db, game: RoundGame, periodSeconds: number) {
  return db
    .selectFrom('round_chains')
    .select(['chain_secret', 'chain_length', 'terminating_hash', 'salt', 'rounds_played'])
    .where('game', '=', game)
    .where('period_seconds', '=', periodSeconds)
    .executeTakeFirst();
}

export function latestRound(db: Db, game: RoundGame, periodSeconds: number) {
  return db
    .selectFrom('game_rounds')
    .selectAll()
    .where('game', '=', game)
    .where('period_seconds', '=', periodSeconds)
    .orderBy('chain_index', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function recentRounds(db: Db, game: RoundGame, periodSeconds: number, limit: number) {
  return db
    .selectFrom('game_rounds')
    .select(['round_key', 'outcome', 'chain_index'])
    .where('game', '=', game)
    .where('period_seconds', '=', periodSeconds)
    .where('phase', '=', 'complete')
    .orderBy('chain_index', 'desc')
    .limit(limit)
    .execute();
}

export function findRound(db: Db, game: RoundGame, periodSeconds: number, roundKey: string) {
  return db
    .selectFrom('game_rounds')
    .selectAll()
    .where('game', '=', game)
    .where('period_seconds', '=', periodSeconds)
    .where('round_key', '=', roundKey)
    .executeTakeFirst();
}

/** Locks the round for a bet (shared) so the driver cannot close it while the bet is being written. */
export function lockRoundForBet(trx: Tx, game: RoundGame, periodSeconds: number, roundKey: string) {
  return trx
    .selectFrom('game_rounds')
    .select(['phase', 'betting_ends_at'])
    .select(sql<boolean>`betting_ends_at > now()`.as('open'))
    .where('game', '=', game)
    .where('period_seconds', '=', periodSeconds)
    .where('round_key', '=', roundKey)
    .forShare()
    .executeTakeFirst();
}

export interface RoundBetSettlement {
  betId: bigint;
  payoutCents: bigint;
  multiplierHundredths: number;
}

/** Settles every bet of a round in one statement: its payout and multiplier, the round's result in its detail. */
export async function settleRoundBets(
  trx: Tx,
  result: Record<string, unknown>,
  bets: readonly RoundBetSettlement[],
): Promise<void> {
  if (bets.length === 0) return;
  await sql`
    UPDATE game_bets b
       SET status = 'settled', payout_cents = s.payout, multiplier_hundredths = s.multiplier,
           detail = b.detail || ${JSON.stringify(result)}::jsonb, settled_at = now()
      FROM unnest(${bets.map((bet) => bet.betId.toString())}::bigint[],
                  ${bets.map((bet) => bet.payoutCents.toString())}::bigint[],
                  ${bets.map((bet) => bet.multiplierHundredths)}::int[]) AS s(id, payout, multiplier)
     WHERE b.id = s.id`.execute(trx);
}
