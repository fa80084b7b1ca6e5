import type { AppContext } from '../../app-context.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { Tx } from '../../db/tx.ts';
import { sessionProblem } from './slots.rules.ts';

/** A player's session with one provider's game: what a callback's token names. */
export interface SlotSession {
  id: bigint;
  token: string;
  userId: bigint;
  provider: SlotProvider;
  gameCode: string;
  expiresAt: Date;
  closedAt: Date | null;
}

export async function findSession(
  db: AppContext['db'] | Tx,
  provider: SlotProvider,
  token: string,
): Promise<SlotSession | undefined> {
  if (token.length < 32 || token.length > 64) return undefined;
  const row = await db
    .selectFrom('slot_sessions')
    .select(['id', 'token', 'user_id', 'provider', 'game_code', 'expires_at', 'closed_at'])
    .where('token', '=', token)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    token: row.token,
    userId: row.user_id,
    provider: row.provider,
    gameCode: row.game_code,
    expiresAt: row.expires_at,
    closedAt: row.closed_at,
  };
}

/**
 * What never changes of a session once opened (its token, player, provider and game: rows are closed, never
 * deleted or re-pointed), kept per process for the sessions callbacks named. Bounded: a full map starts afresh.
 */
const KNOWN_MAX = 10_000;
const known = new Map<string, SlotSession>();

/**
 * `findSession` for a money callback of BGaming, whose session state is read again under the player's lock
 * (slots.wallet.ts `firstTrip`): a session seen before is answered from memory, without a trip to the database.
 * Its `expiresAt` and `closedAt` are as first read: only `firstTrip`'s reads may decide on them.
 */
export async function findCallbackSession(
  db: AppContext['db'] | Tx,
  provider: SlotProvider,
  token: string,
): Promise<SlotSession | undefined> {
  const key = `${provider}:${token}`;
  const cached = known.get(key);
  if (cached) return cached;
  const session = await findSession(db, provider, token);
  if (session) {
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(key, session);
  }
  return session;
}

/**
 * Closes the player's open session (stopGame, offGame, a new launch): no new bets on it. Its open rounds stay
 * open and are settled by their provider (its win, end of round or rollback, accepted on the closed session):
 * refunding them here would let the player cancel a round whose outcome the provider has already decided.
 * Nothing moves, so nothing is pushed.
 */
export async function closeSession(ctx: AppContext, userId: bigint, gameCode?: string): Promise<boolean> {
  let query = ctx.db
    .updateTable('slot_sessions')
    .set({ closed_at: new Date() })
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null);
  if (gameCode !== undefined) query = query.where('game_code', '=', gameCode);
  const session = await query.returning('id').executeTakeFirst();
  return session !== undefined;
}

/** Why the session cannot take new money now, if it cannot (closed or expired). */
export function sessionProblemOf(session: SlotSession): 'session_closed' | 'session_expired' | undefined {
  return sessionProblem(session, new Date());
}
