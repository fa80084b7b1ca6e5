import { sql } from 'kysely';
import { bigintArray } from '../../../db/arrays.ts';
import type { Tx } from '../../../db/tx.ts';
import {
  IDEMPOTENCY_LOCK_SPACE,
  type IdempotencyKey,
  keyLockText,
  replayStored,
  type StoredKey,
} from '../../../lib/idempotency-key.ts';
import type { InstantBet, InstantResult } from './instant-bet.ts';

/**
 * Instant bets that carry an Idempotency-Key (the player app sends one with every bet), recorded in the bet's own
 * transaction, alone or in a batch (decision 0058), by the rules of http/idempotency.ts: the key's advisory lock,
 * then its stored answer replayed (or its conflict), else the bet placed and the key's row written with its
 * answer in the same commit. A crash before the commit leaves neither; after it, both.
 */

/** A keyed bet placed alone: waits for the key's lock (as it waits for its player's), replays or places it. */
export async function keyedAlone(
  trx: Tx,
  key: IdempotencyKey | undefined,
  place: () => Promise<InstantResult>,
): Promise<InstantResult> {
  if (!key) return place();
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(IDEMPOTENCY_LOCK_SPACE)}, hashtext(${keyLockText(key)}))`.execute(
    trx,
  );
  const { rows } = await sql<StoredKey>`/*prepared*/
    SELECT route, request_hash, response_body FROM idempotent_requests
     WHERE user_id = ${key.userId} AND idempotency_key = ${key.key}`.execute(trx);
  if (rows[0]) return { answer: replayStored(rows[0], key) };
  const result = await place();
  await keyRows([{ key, answer: result.answer }]).execute(trx);
  return result;
}

const keyedOf = (bets: readonly InstantBet[]) =>
  bets.flatMap((bet, index) => (bet.key ? [{ index, key: bet.key }] : []));

/** The batch's keys' advisory locks, tried, never waited for: a key held elsewhere makes its bet busy. */
export function tryKeyLocks(bets: readonly InstantBet[]) {
  const keyed = keyedOf(bets);
  return sql<{ i: number; locked: boolean }>`/*prepared*/
    SELECT i, pg_try_advisory_xact_lock(${sql.lit(IDEMPOTENCY_LOCK_SPACE)}, hashtext(t)) AS locked
      FROM unnest(${keyed.map(({ key }) => keyLockText(key))}::text[], ${keyed.map(({ index }) => index)}::int[])
        AS k(t, i)`;
}

/** The stored answers of the batch's keys (read once their locks are held). */
export function storedKeys(bets: readonly InstantBet[]) {
  const keyed = keyedOf(bets);
  return sql<StoredKey & { i: number }>`/*prepared*/
    SELECT k.i, r.route, r.request_hash, r.response_body
      FROM unnest(${bigintArray(keyed.map(({ key }) => key.userId))}::bigint[],
                  ${keyed.map(({ key }) => key.key)}::text[], ${keyed.map(({ index }) => index)}::int[]) AS k(u, key, i)
      JOIN idempotent_requests r ON r.user_id = k.u AND r.idempotency_key = k.key`;
}

/** The keys' rows with their answers (as `idempotent` stores them: the JSON the route answers). */
export function keyRows(keyed: readonly { key: IdempotencyKey; answer: unknown }[]) {
  return sql`/*prepared*/
    INSERT INTO idempotent_requests (user_id, idempotency_key, route, request_hash, status_code, response_body)
    SELECT u, k, r, decode(h, 'hex'), 200, b
      FROM unnest(${bigintArray(keyed.map(({ key }) => key.userId))}::bigint[], ${keyed.map(({ key }) => key.key)}::text[],
                  ${keyed.map(({ key }) => key.route)}::text[],
                  ${keyed.map(({ key }) => key.requestHash.toString('hex'))}::text[],
                  ${keyed.map(({ answer }) => JSON.stringify(answer ?? null))}::text[]) AS x(u, k, r, h, b)`;
}
