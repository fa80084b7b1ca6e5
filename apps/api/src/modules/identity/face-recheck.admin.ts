import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { faceClock } from './face-recheck.service.ts';

/**
 * The operator's side of the repeat face check (decision 0068): the KYC queue's list of re-checks (failed and
 * open first, then the latest results) and the review of an open one, each decision audited with its note.
 */

export type RecheckListFilter = 'open' | 'all';

export async function listRechecks(ctx: AppContext, filter: RecheckListFilter, limit = 100) {
  let query = ctx.db
    .selectFrom('face_rechecks as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('operators as o', 'o.id', 'r.requested_by')
    .select([
      'r.id',
      'r.user_id',
      'u.username',
      'u.kyc_name',
      'r.reason',
      'o.username as requested_by',
      'r.request_note',
      'r.status',
      'r.attempts',
      'r.check_result',
      'r.flags',
      'r.created_at',
      'r.attempted_at',
      'r.completed_at',
      'r.review_note',
    ])
    .orderBy('r.id', 'desc')
    .limit(limit);
  if (filter === 'open') query = query.where('r.status', 'in', ['due', 'failed']);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id.toString(),
    uId: row.user_id.toString(),
    username: row.username,
    name: row.kyc_name,
    reason: row.reason,
    requestedBy: row.requested_by,
    requestNote: row.request_note,
    status: row.status,
    attempts: row.attempts,
    check: (row.check_result as Record<string, unknown> | null) ?? null,
    flags: row.flags,
    createdAt: row.created_at.getTime(),
    attemptedAt: row.attempted_at?.getTime() ?? null,
    completedAt: row.completed_at?.getTime() ?? null,
    reviewNote: row.review_note,
  }));
}

/**
 * An operator decides an open re-check: `clear` (the operator confirmed the player another way: the gate opens
 * and the clearance counts as a check for the windows) or `refuse` (not the player: the gate stays closed and only
 * a new operator request lets the player try again).
 */
export async function reviewRecheck(
  ctx: AppContext,
  actor: Actor,
  id: bigint,
  decision: 'clear' | 'refuse',
  note: string,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('face_rechecks')
      .select(['id', 'user_id', 'status', 'reason'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== 'due' && row.status !== 'failed') throw conflict('identity.recheck_closed');
    const status = decision === 'clear' ? ('cleared' as const) : ('refused' as const);
    await trx
      .updateTable('face_rechecks')
      .set({ status, reviewed_by: actor.operatorId, review_note: note, completed_at: faceClock.now() })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('users')
      .set(
        decision === 'clear'
          ? { face_check_due: null, face_checked_at: faceClock.now() }
          : { face_check_due: row.reason },
      )
      .where('id', '=', row.user_id)
      .execute();
    await writeAudit(trx, actor, {
      action: `kyc.face_recheck_${decision}`,
      target: `player:${row.user_id}`,
      before: { recheck: id.toString(), status: row.status },
      after: { status, note },
    });
  });
}
