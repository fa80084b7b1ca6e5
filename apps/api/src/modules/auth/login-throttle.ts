import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { rateLimited } from '../../lib/domain-error.ts';

/**
 * Password guessing is slowed per (account, address) pair and capped per account, never by a lock that a
 * stranger can trigger for the real owner:
 *
 * - pair: after FREE_FAILURES wrong passwords from one address, each further attempt from it must wait twice as
 *   long as the one before (1 s, 2 s, 4 s … up to 15 minutes) after the last failure;
 * - account: a looser ceiling of failures from all addresses together in 15 minutes, against a guesser spread
 *   over many addresses;
 * - neither applies to a trusted device (one that has signed in to this account before, see trusted-devices.ts):
 *   the right password from it always gets in.
 *
 * A failure is recorded before the password is checked (and taken back on success), so guesses arriving together
 * cannot all pass a count taken before any of them was recorded.
 */
export const FREE_FAILURES = 3;
const PAIR_WINDOW_MINUTES = 60;
const MAX_DELAY_SECONDS = 15 * 60;
const ACCOUNT_WINDOW_MINUTES = 15;
// Advisory lock space of the per-account login decision (reset codes use 727_002, idempotency 727_003).
const LOGIN_LOCK_SPACE = 727_004;

export type LoginSubject = 'player' | 'operator';

export interface LoginAttempt {
  subject: LoginSubject;
  username: string;
  address: string;
}

/** Seconds the pair must still wait after `failures` recorded failures, the last one `sinceLast` seconds ago. */
export function pairWaitSeconds(failures: number, sinceLastSeconds: number): number {
  if (failures < FREE_FAILURES) return 0;
  const delay = Math.min(MAX_DELAY_SECONDS, 2 ** (failures - FREE_FAILURES));
  return Math.max(0, Math.ceil(delay - sinceLastSeconds));
}

/**
 * For an attempt from an untrusted device: refuses it with a 429 while its pair must wait or its account is at
 * the ceiling, else records it as a failure (taken back by `forgetFailures` when the password is right).
 */
export async function claimAttempt(db: Db, attempt: LoginAttempt, accountCeiling: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOGIN_LOCK_SPACE)}, hashtext(${`${attempt.subject}:${attempt.username}`}))`.execute(
      trx,
    );
    const counts = await trx
      .selectFrom('login_failures')
      .select([
        sql<string>`count(*) FILTER (WHERE failed_at > now() - make_interval(mins => ${ACCOUNT_WINDOW_MINUTES}))`.as(
          'account',
        ),
        sql<string>`count(*) FILTER (WHERE address = ${attempt.address})`.as('pair'),
        sql<
          number | null
        >`extract(epoch from now() - max(failed_at) FILTER (WHERE address = ${attempt.address}))::float8`.as(
          'sinceLast',
        ),
      ])
      .where('subject', '=', attempt.subject)
      .where('username', '=', attempt.username)
      .where('failed_at', '>', sql<Date>`now() - make_interval(mins => ${PAIR_WINDOW_MINUTES})`)
      .executeTakeFirstOrThrow();
    if (Number(counts.account) >= accountCeiling) throw rateLimited('auth.account_locked');
    const wait = pairWaitSeconds(Number(counts.pair), Number(counts.sinceLast ?? 0));
    if (wait > 0) throw rateLimited('auth.login_wait', { seconds: wait });
    await trx
      .insertInto('login_failures')
      .values({ subject: attempt.subject, username: attempt.username, address: attempt.address })
      .execute();
  });
}

/** Records a wrong password from a trusted device (it counts for its address like any other). */
export async function recordFailure(db: Db, attempt: LoginAttempt): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ subject: attempt.subject, username: attempt.username, address: attempt.address })
    .execute();
}

/** The right password: the pair starts afresh (failures from other addresses still count for the account). */
export async function forgetFailures(db: Db, attempt: LoginAttempt): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('subject', '=', attempt.subject)
    .where('username', '=', attempt.username)
    .where('address', '=', attempt.address)
    .execute();
}
