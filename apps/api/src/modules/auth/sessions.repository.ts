import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

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

/** Of these token hashes, those still live and whose player is active (one query for many sockets). */
export async function liveActiveTokenHashes(db: Db, tokenHashes: Buffer[]): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.subject_id')
    .select('sessions.token_hash as tokenHash')
    .where('sessions.token_hash', 'in', tokenHashes)
    .where('sessions.subject', '=', 'player')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('users.status', '=', 'active')
    .execute();
  return new Set(rows.map((row) => Buffer.from(row.tokenHash).toString('hex')));
}
