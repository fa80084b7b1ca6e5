// The sessions table (players' and operators' bearer tokens) and the end of a player's provider slot sessions:
// shared by the guards (http/auth.ts), the socket gateway, and the auth, admin, rg and slots modules (sign-in,
// sign-out, revocation on exclusion or block), so it sits below them.
import { sql } from 'kysely';
import type { Db } from './connection.ts';
import type { Tx } from './tx.ts';

export interface SessionSubject {
  subject: 'player' | 'operator';
  subjectId: bigint;
}

export async function insertSession(
  db: Db,
  tokenHash: Buffer,
  owner: SessionSubject,
  ttlSeconds: number,
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash,
      subject: owner.subject,
      subject_id: owner.subjectId,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
      revoked_at: null,
    })
    .execute();
}

export async function findLiveSession(db: Db, tokenHash: Buffer): Promise<SessionSubject | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['subject', 'subject_id'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { subject: row.subject, subjectId: row.subject_id } : undefined;
}

/** The player a live token belongs to, with the account's status, in one query (every player request asks). */
export async function findLivePlayer(
  db: Db,
  tokenHash: Buffer,
): Promise<{ userId: bigint; status: string } | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.subject_id')
    .select(['users.id as userId', 'users.status as status'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.subject', '=', 'player')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, tokenHash: Buffer): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Db, owner: SessionSubject): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('subject', '=', owner.subject)
    .where('subject_id', '=', owner.subjectId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The player and the end of a live token, for a socket that must close when the token ends. */
export async function findLivePlayerSession(
  db: Db,
  tokenHash: Buffer,
): Promise<{ userId: bigint; status: string; expiresAt: Date } | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.subject_id')
    .select(['users.id as userId', 'users.status as status', 'sessions.expires_at as expiresAt'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.subject', '=', 'player')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Of these token hashes (hex), those still live and whose player is active. One array parameter, not one
 * parameter per hash: a process re-checks thousands of sockets, and building a statement with thousands of
 * placeholders held its event loop for tens of milliseconds.
 */
export async function liveActiveTokenHashes(db: Db, tokenHashesHex: string[]): Promise<Set<string>> {
  if (tokenHashesHex.length === 0) return new Set();
  const rows = await sql<{ token_hex: string }>`
    SELECT encode(s.token_hash, 'hex') AS token_hex
      FROM sessions s
      JOIN users u ON u.id = s.subject_id
     WHERE s.token_hash = ANY (SELECT decode(h, 'hex') FROM unnest(${tokenHashesHex}::text[]) AS h)
       AND s.subject = 'player'
       AND s.revoked_at IS NULL
       AND s.expires_at > now()
       AND u.status = 'active'`.execute(db);
  return new Set(rows.rows.map((row) => row.token_hex));
}

/**
 * Closes every open session of the player with every provider, inside the caller's transaction: a time-out, a
 * self-exclusion or a block ends them all at once (modules/rg `endPlayerSessions`; it sits here, below rg and
 * slots, beside the player's tokens). Like slots' `closeSession`, the open rounds stay open for their provider to
 * settle; a new bet with the old token is refused as on any closed session.
 */
export async function closeEverySession(trx: Tx, userId: bigint): Promise<void> {
  await trx
    .updateTable('slot_sessions')
    .set({ closed_at: new Date() })
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .execute();
}
