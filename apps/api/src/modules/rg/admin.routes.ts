import { PlayerParams, PlayerRg } from '@aposta/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { notFound } from '../../lib/domain-error.ts';
import { getLimits, rgClock } from './rg.service.ts';

/** What the back office shows of a player's responsible gambling: limits, breaks, the identity check. */
export async function playerRg(ctx: AppContext, userId: bigint): Promise<PlayerRg> {
  const user = await ctx.db
    .selectFrom('users')
    .select([sql<string | null>`birth_date::text`.as('birth_date'), 'kyc_check'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound();
  const now = rgClock.now().getTime();
  const exclusions = await ctx.db
    .selectFrom('rg_exclusions')
    .select(['period', 'starts_at', 'ends_at'])
    .where('user_id', '=', userId)
    .orderBy('starts_at', 'desc')
    .limit(50)
    .execute();
  const check = user.kyc_check as { cpfStatus?: unknown; nameMatch?: unknown; pep?: unknown } | null;
  return {
    limits: await getLimits(ctx, userId),
    exclusions: exclusions.map((row) => {
      const endsAt = row.ends_at === null ? null : new Date(row.ends_at).getTime();
      return {
        period: row.period,
        startsAt: new Date(row.starts_at).getTime(),
        endsAt,
        active: endsAt === null || endsAt > now,
      };
    }),
    birthDate: user.birth_date,
    kycCheck: check
      ? { cpfStatus: String(check.cpfStatus), nameMatch: check.nameMatch === true, pep: check.pep === true }
      : null,
  };
}

export function rgAdminRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  app.get(
    '/api/admin/players/:uId/rg',
    {
      onRequest: guard.allow('players.read'),
      schema: { tags: ['admin'], params: PlayerParams, response: { 200: Envelope(PlayerRg) } },
    },
    async (request) => ok(await playerRg(ctx, BigInt(request.params.uId))),
  );
}
