import { randomBytes } from 'node:crypto';
import {
  diceRoll,
  doubleColor,
  hashServerSeed,
  isValidClientSeed,
  limboResult,
  minesLayout,
  rowDoubleRoll,
  serverSeedFromBytes,
} from '@aposta/fair';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, invalidInput } from '../../lib/domain-error.ts';
import { afterCommit } from '../../platform/after-commit.ts';

const newServerSeed = () => serverSeedFromBytes(new Uint8Array(randomBytes(32)));
const newClientSeed = () => randomBytes(5).toString('hex');

export interface SeedPair {
  id: bigint;
  serverSeed: string;
  serverSeedHash: string;
  nextServerSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The player's active seed pair, created on first use; with `lock`, held until the bet's transaction ends. */
export async function activeSeedPair(
  trx: Tx,
  userId: bigint,
  options: { lock?: boolean } = {},
): Promise<SeedPair> {
  const select = () => seedPairRow(trx, userId, options).executeTakeFirst();
  let row = await select();
  if (!row) {
    const serverSeed = newServerSeed();
    await trx
      .insertInto('fair_seed_pairs')
      .values({
        user_id: userId,
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        next_server_seed: newServerSeed(),
        client_seed: newClientSeed(),
        revealed_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = await select();
  }
  if (!row) throw new Error('could not open a seed pair');
  return seedPairOf(row);
}

/**
 * Players this process has seen with an active seed pair. A pair, once opened, always has an active successor
 * (rotation opens the next one in the same transaction), so an entry never goes stale on one database.
 */
const pairedPlayers = new Set<bigint>();
const PAIRED_PLAYERS_MAX = 100_000;

/**
 * Opens the player's seed pair if this process has not seen one, before a bet that locks the pair after the
 * player's row (the instant games): opening it inside such a bet, after that lock, could deadlock with a mines game
 * of the same player, which locks the pair first. In a transaction of its own, or first in the request's (an
 * Idempotency-Key's), before anything of the bet is locked.
 */
export async function ensureSeedPair(db: Db, userId: bigint): Promise<void> {
  if (pairedPlayers.has(userId)) return;
  await db.transaction().execute((trx) => activeSeedPair(trx, userId));
  // Noted only once the pair is committed: inside a request's transaction (an Idempotency-Key's) it is not yet,
  // and a bet of the same player that trusted the note then would miss the pair in its first trip, open it after
  // the player's row, and deadlock with this request, which locks the pair first (issue 27).
  await afterCommit(() => {
    if (pairedPlayers.size >= PAIRED_PLAYERS_MAX) pairedPlayers.clear();
    pairedPlayers.add(userId);
  });
}

/** The pair was not there after all (a request's transaction that opened it rolled back; another database). */
export const forgetSeedPair = (userId: bigint) => pairedPlayers.delete(userId);

/**
 * `activeSeedPair`'s read, for a caller that sends it with others in one trip: no row when the player has no pair
 * yet (then `activeSeedPair` opens one).
 */
export function seedPairRow(trx: Tx, userId: bigint, options: { lock?: boolean } = {}) {
  const query = trx
    .selectFrom('fair_seed_pairs')
    .select(['id', 'server_seed', 'server_seed_hash', 'next_server_seed', 'client_seed', 'nonce'])
    .where('user_id', '=', userId)
    .where('active', '=', true);
  return options.lock ? query.forUpdate() : query;
}

export function seedPairOf(row: {
  id: bigint;
  server_seed: string;
  server_seed_hash: string;
  next_server_seed: string;
  client_seed: string;
  nonce: number;
}): SeedPair {
  return {
    id: row.id,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    nextServerSeed: row.next_server_seed,
    clientSeed: row.client_seed,
    nonce: row.nonce,
  };
}

export async function advanceNonce(trx: Tx, pair: SeedPair): Promise<void> {
  await trx
    .updateTable('fair_seed_pairs')
    .set({ nonce: pair.nonce + 1 })
    .where('id', '=', pair.id)
    .execute();
}

function presentPair(pair: SeedPair) {
  return {
    serverSeedHash: pair.serverSeedHash,
    nextServerSeedHash: hashServerSeed(pair.nextServerSeed),
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
  };
}

export async function getSeeds(ctx: AppContext, userId: bigint) {
  return presentPair(await ctx.db.transaction().execute((trx) => activeSeedPair(trx, userId)));
}

/**
 * Reveals the current server seed, promotes the next one and starts the nonce again; refused while a mines
 * game is open, since that game's outcome depends on the seed being revealed.
 */
export async function rotateSeeds(ctx: AppContext, userId: bigint, clientSeed: string | undefined) {
  if (clientSeed !== undefined && !isValidClientSeed(clientSeed)) {
    throw invalidInput('validation.field', { field: 'clientSeed', reason: '1..64 printable characters' });
  }
  return ctx.db.transaction().execute(async (trx) => {
    const current = await activeSeedPair(trx, userId, { lock: true });
    const open = await trx
      .selectFrom('mines_games')
      .select('bet_id')
      .where('user_id', '=', userId)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (open) throw conflict('fair.mines_open');
    await trx
      .updateTable('fair_seed_pairs')
      .set({ active: false, revealed_at: sql`now()` })
      .where('id', '=', current.id)
      .execute();
    const promoted = current.nextServerSeed;
    await trx
      .insertInto('fair_seed_pairs')
      .values({
        user_id: userId,
        server_seed: promoted,
        server_seed_hash: hashServerSeed(promoted),
        next_server_seed: newServerSeed(),
        client_seed: clientSeed ?? current.clientSeed,
        revealed_at: null,
      })
      .execute();
    const next = await activeSeedPair(trx, userId);
    return {
      revealed: {
        serverSeed: current.serverSeed,
        serverSeedHash: current.serverSeedHash,
        clientSeed: current.clientSeed,
        nonce: current.nonce,
      },
      current: presentPair(next),
    };
  });
}

export type VerifyQuery = {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  mines?: number;
};

/** Public: recomputes any single-player result from revealed seeds (the same code the web verifier runs). */
export function verify(query: VerifyQuery) {
  if (!/^(?:[0-9a-f]{2}){8,64}$/.test(query.serverSeed)) {
    throw invalidInput('validation.field', { field: 'serverSeed', reason: 'lowercase hex' });
  }
  const seeds = { serverSeedHex: query.serverSeed, clientSeed: query.clientSeed, nonce: query.nonce };
  switch (query.game) {
    case 'dice':
      return { roll: diceRoll(seeds) };
    case 'limbo':
      return { multiplier: limboResult(seeds) };
    case 'rowDouble': {
      const roll = rowDoubleRoll(seeds);
      return { roll, color: doubleColor(roll) };
    }
    case 'mines': {
      if (query.mines === undefined)
        throw invalidInput('validation.field', { field: 'mines', reason: '1..24' });
      return { mines: [...minesLayout(seeds, query.mines).mineTiles] };
    }
    default:
      throw invalidInput('validation.field', { field: 'game', reason: 'dice, limbo, mines, rowDouble' });
  }
}
