import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import type { ListAnswer, ListName } from './lists.adapter.ts';

export type CheckReason = 'registration' | 'daily_login' | 'periodic' | 'operator';
export type CheckOutcome = 'clear' | 'listed' | 'failed' | 'late';

export interface CheckRecord {
  userId: bigint | null;
  cpfHash: string;
  cpfTail: string;
  reason: CheckReason;
  attempt: number;
  adapter: string;
  requestedAt: Date;
  answeredAt: Date | null;
  /** The answers per list, or why there is none. */
  result: { answers: ListAnswer[] } | { outcome: 'failed' | 'late'; error: string };
  lists: readonly ListName[];
}

/** One row per list asked: the operator filters by list, and each list's answer stands on its own. */
export async function insertChecks(db: Db | Tx, record: CheckRecord): Promise<void> {
  const request = JSON.stringify({
    adapter: record.adapter,
    cpf: `***${record.cpfTail}`,
    lists: record.lists,
  });
  await db
    .insertInto('compliance_list_checks')
    .values(
      record.lists.map((list) => {
        const answer =
          'answers' in record.result ? record.result.answers.find((entry) => entry.list === list) : undefined;
        const outcome: CheckOutcome =
          'answers' in record.result ? (answer?.listed ? 'listed' : 'clear') : record.result.outcome;
        return {
          user_id: record.userId,
          cpf_hash: record.cpfHash,
          list,
          reason: record.reason,
          requested_at: record.requestedAt,
          answered_at: record.answeredAt,
          outcome,
          attempts: record.attempt,
          request,
          answer: JSON.stringify(
            answer ?? ('error' in record.result ? { error: record.result.error } : null),
          ),
        };
      }),
    )
    .execute();
}

/** Creates the player's status row if missing, so later updates need no upsert of their own. */
export async function ensureStatus(db: Db | Tx, userId: bigint): Promise<void> {
  await db
    .insertInto('compliance_player_status')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function markAnswered(db: Db, userId: bigint, at: Date, dailyOn: string | undefined) {
  await ensureStatus(db, userId);
  await db
    .updateTable('compliance_player_status')
    .set({ last_answered_at: at, ...(dailyOn ? { daily_checked_on: dailyOn } : {}) })
    .where('user_id', '=', userId)
    .execute();
}

export async function dailyCheckedOn(db: Db, userId: bigint): Promise<string | undefined> {
  const row = await db
    .selectFrom('compliance_player_status')
    .select(sql<string | null>`daily_checked_on::text`.as('day'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.day ?? undefined;
}

export async function playerCpf(db: Db, userId: bigint): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('kyc_cpf').where('id', '=', userId).executeTakeFirst();
  return row?.kyc_cpf ?? undefined;
}

/**
 * Players due for the periodic check: a CPF on file, not already found on a list (their account is closed), and
 * no answer since `before` (or none ever). Temporarily blocked accounts are included, as the FAQ of IN 22/2025 asks.
 */
export async function duePlayers(db: Db, before: Date, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('compliance_player_status as s', 's.user_id', 'users.id')
    .select('users.id')
    .where('users.kyc_cpf', 'is not', null)
    .where('s.listed_at', 'is', null)
    .where((eb) => eb.or([eb('s.last_answered_at', 'is', null), eb('s.last_answered_at', '<', before)]))
    .orderBy(sql`s.last_answered_at NULLS FIRST`)
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
