import type { OperatorRole } from '@aposta/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { needsSecondFactor } from '../../backoffice/access.ts';

/**
 * The operator a back-office token belongs to, with the same checks as every /api/admin call: a live, unrevoked
 * operator session of an active operator. The socket carries the token in its handshake, like the player's.
 */
export async function operatorOfToken(
  ctx: AppContext,
  tokenHash: Buffer,
): Promise<{ id: bigint; roles: OperatorRole[] } | undefined> {
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('operators', 'operators.id', 'sessions.subject_id')
    .select(['operators.id', 'operators.roles', 'operators.totp_secret'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.subject', '=', 'operator')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('operators.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return undefined;
  const roles = row.roles as OperatorRole[];
  // Where production demands a second factor, an operator who has not enrolled it gets no live events either.
  if (needsSecondFactor(ctx.config.isProduction, roles) && !row.totp_secret) return undefined;
  return { id: row.id, roles };
}
