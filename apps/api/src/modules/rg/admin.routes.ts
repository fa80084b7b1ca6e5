import { PlayerParams, PlayerRegistrationData, PlayerRg } from '@aposta/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { type Actor, actorOf, writeAudit } from '../../backoffice/audit.ts';
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

/**
 * A player's registration data (Portaria SPA/MF 1.231/2024 art. 31; migration 0105), read with its audit entry in
 * one transaction: personal data is never shown to an operator without a record of who saw it (decision 0055).
 */
export async function readPlayerRegistrationData(
  ctx: AppContext,
  actor: Actor,
  userId: bigint,
): Promise<PlayerRegistrationData> {
  return ctx.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound();
    const row = await trx
      .selectFrom('player_registration_data')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await writeAudit(trx, actor, {
      action: 'player.personal_data.read',
      target: `user:${userId}`,
      before: null,
      after: { fields: row ? Object.keys(row).filter((key) => key !== 'user_id') : [] },
    });
    if (!row) return null;
    return {
      gender: row.gender,
      addressLine: row.address_line,
      city: row.city,
      state: row.state,
      postalCode: row.postal_code,
      signupIp: row.signup_ip,
      purpose: row.purpose,
      legalBasis: row.legal_basis,
      retentionYears: row.retention_years,
      createdAt: new Date(row.created_at).getTime(),
    };
  });
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
  app.get(
    '/api/admin/players/:uId/registration-data',
    {
      onRequest: guard.allow('players.read'),
      schema: { tags: ['admin'], params: PlayerParams, response: { 200: Envelope(PlayerRegistrationData) } },
    },
    async (request) =>
      ok(await readPlayerRegistrationData(ctx, actorOf(request), BigInt(request.params.uId))),
  );
}
