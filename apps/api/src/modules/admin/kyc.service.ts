import type { KycRecord } from '@aposta/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { offsetOf, type Paging } from '../../backoffice/paging.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { flagsOf, type IdentityCheck } from '../rg/identity.provider.ts';
import { pushUserInfo } from '../users/users.service.ts';

type KycStatus = 'pending' | 'approved' | 'rejected';

function kycQuery(ctx: AppContext, status: KycStatus | undefined) {
  let query = ctx.db.selectFrom('users').where('kyc_status', '<>', 'none');
  if (status) query = query.where('kyc_status', '=', status);
  return query;
}

const COLUMNS = [
  'id',
  'username',
  'kyc_name',
  'kyc_cpf',
  'kyc_status',
  'kyc_reason',
  'kyc_submitted_at',
  'created_at',
  'kyc_check',
  'kyc_selfie_id',
  sql<string | null>`birth_date::text`.as('birth_date'),
] as const;

function present(
  row: {
    id: bigint;
    username: string;
    kyc_name: string | null;
    kyc_cpf: string | null;
    kyc_status: string;
    kyc_reason: string | null;
    kyc_submitted_at: Date | null;
    created_at: Date;
    kyc_check: Record<string, unknown> | null;
    kyc_selfie_id: string | null;
    birth_date: string | null;
  },
  minSimilarity: number,
): KycRecord {
  const check = row.kyc_check as unknown as IdentityCheck | null;
  return {
    uId: Number(row.id),
    username: row.username,
    name: row.kyc_name ?? '',
    cpf: row.kyc_cpf ?? '',
    status: row.kyc_status as KycStatus,
    reason: row.kyc_reason,
    time: (row.kyc_submitted_at ?? row.created_at).getTime(),
    birthDate: row.birth_date,
    flags: flagsOf(check, minSimilarity),
    // A check of the old sandbox bureau (before decision 0065) has no face: it is shown as flags only.
    check: check && 'face' in check ? check : null,
    selfie: row.kyc_selfie_id !== null,
  };
}

/** The KYC queue: oldest submission first, so the queue is worked in order. */
export async function listKyc(ctx: AppContext, status: KycStatus | undefined, paging: Paging) {
  const [rows, total] = await Promise.all([
    kycQuery(ctx, status)
      .select(COLUMNS)
      .orderBy('kyc_submitted_at')
      .orderBy('id')
      .limit(paging.size)
      .offset(offsetOf(paging))
      .execute(),
    kycQuery(ctx, status)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => present(row, ctx.config.identity.minSimilarity)),
    total: Number(total.n),
  };
}

/** Approve or reject a player's KYC; the user object's `kyc` follows (1 approved, 0 rejected). */
export async function decideKyc(
  ctx: AppContext,
  actor: Actor,
  userId: bigint,
  decision: 'approve' | 'reject',
  reason: string | undefined,
) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select(COLUMNS)
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    if (before.kyc_status === 'none') throw conflict('admin.kyc_nothing');
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const after = await trx
      .updateTable('users')
      .set({ kyc_status: status, kyc: status === 'approved' ? 1 : 0, kyc_reason: reason?.trim() || null })
      .where('id', '=', userId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      action: `kyc.${decision}`,
      target: `player:${userId}`,
      before: { status: before.kyc_status },
      after: { status, reason: after.kyc_reason },
    });
    return after;
  });
  await pushUserInfo(ctx, userId);
  return present(row, ctx.config.identity.minSimilarity);
}
