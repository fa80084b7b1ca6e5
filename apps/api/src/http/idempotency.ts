import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.ts';
import { conflict, invalidInput } from '../lib/domain-error.ts';

const KEY_PATTERN = /^[A-Za-z0-9_:.-]{1,100}$/;
const WAIT_FOR_FIRST_MS = 5_000;

/**
 * Runs a money action once per `Idempotency-Key` (per player): a repeat gets the first answer back; a repeat
 * that arrives while the first is still running waits for it. Failed attempts release the key, so a player can
 * retry after fixing the cause (the client reuses the key only for a retry of the same action).
 */
export async function idempotent<T>(db: Db, request: FastifyRequest, action: () => Promise<T>): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return action();
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw invalidInput('validation.field', {
      field: 'Idempotency-Key',
      reason: 'A-Z a-z 0-9 _ : . - (1..100)',
    });
  }
  const userId = request.playerId;
  const route = request.routeOptions.url ?? request.url;
  const claimed = await db
    .insertInto('idempotent_requests')
    .values({ user_id: userId, idempotency_key: header, route, status_code: null, response_body: null })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!claimed) return replay<T>(db, userId, header, route);
  try {
    const result = await action();
    await db
      .updateTable('idempotent_requests')
      .set({ status_code: 200, response_body: JSON.stringify(result) })
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', header)
      .execute();
    return result;
  } catch (error) {
    await db
      .deleteFrom('idempotent_requests')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', header)
      .execute();
    throw error;
  }
}

async function replay<T>(db: Db, userId: bigint, key: string, route: string): Promise<T> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const row = await db
      .selectFrom('idempotent_requests')
      .select(['route', 'status_code', 'response_body'])
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (row && row.route !== route) throw conflict('idempotency.key_reused');
    if (row?.status_code != null && row.response_body !== null) return JSON.parse(row.response_body) as T;
    if (!row) throw conflict('idempotency.in_progress');
    if (Date.now() > deadline) throw conflict('idempotency.in_progress');
    await sleep(50);
  }
}
