import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { conflict, invalidInput } from '../lib/domain-error.ts';
import { IDEMPOTENCY_LOCK_SPACE, type IdempotencyKey, replayStored } from '../lib/idempotency-key.ts';
import { inAmbientTransaction } from './ambient-transaction.ts';

const KEY_PATTERN = /^[A-Za-z0-9_:.-]{1,100}$/;
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 50;

type Outcome<T> =
  | { kind: 'done'; result: T }
  | { kind: 'busy' }
  | { kind: 'stored'; requestHash: Buffer | null; route: string; responseBody: string | null };

/**
 * Runs a money action once per `Idempotency-Key` (per player): a repeat gets the first answer back; a repeat
 * that arrives while the first is still running waits for it; the same key on another request (other body, path
 * or query) is a 409.
 *
 * The key's row and its answer are written in the action's own database transaction (see
 * ambient-transaction.ts), under a transaction-scoped advisory lock on the key. So a key is never "claimed" apart
 * from its action: if the process dies before the commit, nothing of the action or the key remains and a retry
 * runs it; after the commit, the row holds the answer and a retry replays it. A failed action rolls back too,
 * releasing its key for a corrected retry.
 */
export async function idempotent<T>(db: Db, request: FastifyRequest, action: () => Promise<T>): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (!key) return action();
  const { userId, key: header, route, requestHash } = key;
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const outcome = await inAmbientTransaction<Outcome<T>>(db, async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(
          ${sql.lit(IDEMPOTENCY_LOCK_SPACE)}, hashtext(${`${userId}:${header}`})) AS locked`.execute(trx);
      if (!rows[0]?.locked) return { kind: 'busy' };
      const stored = await trx
        .selectFrom('idempotent_requests')
        .select(['route', 'request_hash', 'response_body'])
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', header)
        .executeTakeFirst();
      if (stored) {
        return {
          kind: 'stored',
          route: stored.route,
          requestHash: stored.request_hash,
          responseBody: stored.response_body,
        };
      }
      const result = await action();
      await trx
        .insertInto('idempotent_requests')
        .values({
          user_id: userId,
          idempotency_key: header,
          route,
          request_hash: requestHash,
          status_code: 200,
          response_body: JSON.stringify(result ?? null),
        })
        .execute();
      return { kind: 'done', result };
    });
    if (outcome.kind === 'done') return outcome.result;
    if (outcome.kind === 'stored') {
      const { route: storedRoute, requestHash: request_hash, responseBody: response_body } = outcome;
      return replayStored<T>({ route: storedRoute, request_hash, response_body }, key);
    }
    if (Date.now() > deadline) throw conflict('idempotency.in_progress');
    await sleep(POLL_MS);
  }
}

/**
 * The request's Idempotency-Key as values (undefined without the header; a malformed one is refused): for a service
 * that records the key in its own transaction (the bet engine's batches, decision 0058) instead of `idempotent`.
 */
export function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw invalidInput('validation.field', {
      field: 'Idempotency-Key',
      reason: 'A-Z a-z 0-9 _ : . - (1..100)',
    });
  }
  return {
    userId: request.playerId,
    key: header,
    route: request.routeOptions.url ?? request.url,
    requestHash: hashRequest(request),
  };
}

/** What makes two requests "the same": method, path with query, and the body the handler sees. */
function hashRequest(request: FastifyRequest): Buffer {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest();
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are one body. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return typeof value === 'bigint' ? `"${value}"` : (JSON.stringify(value) ?? 'null');
}
