import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, DomainError, notFound } from '../../lib/domain-error.ts';
import { identityProviderOf } from '../rg/identity.provider.ts';
import {
  depositNeedsRecheck,
  dueAtLogin,
  type FaceState,
  mayRetry,
  movementDue,
  type RecheckReason,
  recheckVerdict,
  withdrawalNeedsRecheck,
} from './face-recheck.policy.ts';
import { freshSelfie, markSelfieUsed } from './selfie.service.ts';

/**
 * The repeat face check (issue 30, decision 0068): the rows behind the policy. A request is opened at login (after
 * the window), by an operator, or by the player after a withdrawal was refused for it; `users.face_check_due`
 * closes the money calls (the gate reads it with the token); a live selfie matching the CPF's biometric base
 * through the Datavalid adapter closes the request and opens the gate. A failed attempt keeps the gate closed and
 * waits in the operator's KYC queue.
 */

/** The clock the windows are read against (tests move it). */
export const faceClock = { now: (): Date => new Date() };

type Executor = Db | Tx;

/** The refusal while a check is due: 403 with body status 40301, the reason in `data` for the client's sheet. */
export const faceCheckRefusal = (reason: RecheckReason) =>
  new DomainError('FACE_CHECK_DUE', 'identity.face_check_due', {}, { faceCheckDue: true, reason });

interface FaceRow {
  kyc_status: string;
  kyc_name: string | null;
  kyc_cpf: string | null;
  birth: string | null;
  last_check_at: Date | null;
  face_check_due: RecheckReason | null;
}

async function faceRow(db: Executor, userId: bigint): Promise<FaceRow | undefined> {
  return db
    .selectFrom('users')
    .select([
      'kyc_status',
      'kyc_name',
      'kyc_cpf',
      'face_check_due',
      sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth'),
      // The registration's check counts when its KYC was approved with a selfie (decision 0065).
      sql<Date | null>`greatest(face_checked_at,
        CASE WHEN kyc_status = 'approved' AND kyc_selfie_id IS NOT NULL THEN kyc_submitted_at END)`.as(
        'last_check_at',
      ),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

const stateOf = (row: FaceRow): FaceState => ({
  kycApproved: row.kyc_status === 'approved' && row.kyc_cpf !== null,
  lastCheckAt: row.last_check_at,
  openReason: row.face_check_due,
});

async function openRequest(db: Executor, userId: bigint) {
  return db
    .selectFrom('face_rechecks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['due', 'failed'])
    .executeTakeFirst();
}

/** After a successful login: opens a request when the last match is outside the login window (policy on). */
export async function faceCheckAtLogin(ctx: AppContext, userId: bigint): Promise<void> {
  const settings = ctx.config.identity.recheck;
  if (!settings.enabled) return;
  const row = await faceRow(ctx.db, userId);
  if (!row || !dueAtLogin(settings, stateOf(row), faceClock.now())) return;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('face_rechecks')
      .values({ user_id: userId, reason: 'login' })
      .onConflict((oc) => oc.column('user_id').where('status', 'in', ['due', 'failed']).doNothing())
      .execute();
    await trx
      .updateTable('users')
      .set({ face_check_due: 'login' })
      .where('id', '=', userId)
      .where('face_check_due', 'is', null)
      .execute();
  });
}

/** In a withdrawal request's transaction (under the player's row lock): refused while the last match is stale. */
export async function assertFaceFreshForWithdrawal(ctx: AppContext, trx: Tx, userId: bigint): Promise<void> {
  const settings = ctx.config.identity.recheck;
  const row = await faceRow(trx, userId);
  if (!row) return;
  if (row.face_check_due) throw faceCheckRefusal(row.face_check_due);
  if (withdrawalNeedsRecheck(settings, stateOf(row), faceClock.now())) throw faceCheckRefusal('withdrawal');
}

/**
 * In a deposit order's transaction (under br-licensed the summaries of Portaria SPA/MF 722/2024 read "sempre" for
 * deposits and withdrawals; decision 0068): refused while a check is due or the last match is stale.
 */
export async function assertFaceFreshForDeposit(ctx: AppContext, trx: Tx, userId: bigint): Promise<void> {
  const settings = ctx.config.identity.recheck;
  const row = await faceRow(trx, userId);
  if (!row) return;
  if (row.face_check_due) throw faceCheckRefusal(row.face_check_due);
  if (depositNeedsRecheck(settings, stateOf(row), faceClock.now())) throw faceCheckRefusal('deposit');
}

/** What the player's client reads: whether a check is due, why, and how many attempts are left. */
export async function recheckStatus(ctx: AppContext, userId: bigint) {
  const [row, open] = await Promise.all([faceRow(ctx.db, userId), openRequest(ctx.db, userId)]);
  const settings = ctx.config.identity.recheck;
  const movement = row ? movementDue(settings, stateOf(row), faceClock.now()) : null;
  return {
    due: row?.face_check_due != null,
    reason: row?.face_check_due ?? movement,
    status: open?.status === 'due' || open?.status === 'failed' ? open.status : null,
    attemptsLeft: open ? Math.max(0, settings.maxAttempts - open.attempts) : settings.maxAttempts,
    lastCheckAt: row?.last_check_at ? row.last_check_at.getTime() : null,
  };
}

/** The request an attempt answers: the open one, or one the player opens after a refused withdrawal or deposit. */
async function requestForAttempt(ctx: AppContext, userId: bigint, row: FaceRow) {
  const open = await openRequest(ctx.db, userId);
  if (open) {
    if (open.status === 'failed' && !mayRetry(ctx.config.identity.recheck, open.attempts))
      throw conflict('identity.recheck_locked');
    return open;
  }
  // An operator refused the last one: only an operator opens the gate again.
  if (row.face_check_due) throw conflict('identity.recheck_locked');
  // Two attempts at once: the unique open request lets one insert; the other reads it.
  await ctx.db
    .insertInto('face_rechecks')
    .values({
      user_id: userId,
      reason: movementDue(ctx.config.identity.recheck, stateOf(row), faceClock.now()) ?? 'withdrawal',
    })
    .onConflict((oc) => oc.column('user_id').where('status', 'in', ['due', 'failed']).doNothing())
    .execute();
  const opened = await openRequest(ctx.db, userId);
  if (!opened) throw conflict('identity.recheck_locked');
  return opened;
}

/**
 * One attempt: the player's fresh selfie against the CPF's biometric base (Datavalid pf-facial, with the KYC's
 * name and birth date), judged by the registration's bar. Passed: the request closes and the gate opens. Failed:
 * the gate stays closed (also for a withdrawal's request: a face that is not the player's closes every money call)
 * and the request waits in the operator's KYC queue; the player may try again up to the attempts allowed.
 */
export async function attemptRecheck(ctx: AppContext, userId: bigint, selfieId: string) {
  const row = await faceRow(ctx.db, userId);
  if (!row || !stateOf(row).kycApproved || !row.kyc_cpf || !row.kyc_name)
    throw conflict('identity.recheck_no_identity');
  const request = await requestForAttempt(ctx, userId, row);
  const selfie = await freshSelfie(ctx, userId, selfieId);
  const check = await identityProviderOf(ctx.config).check({
    cpf: row.kyc_cpf,
    name: row.kyc_name,
    birthDate: row.birth,
    selfie,
  });
  const { passed, flags } = recheckVerdict(check, ctx.config.identity.minSimilarity);
  await ctx.db.transaction().execute(async (trx) => {
    await markSelfieUsed(trx, selfieId);
    await trx
      .updateTable('face_rechecks')
      .set({
        status: passed ? 'passed' : 'failed',
        attempts: sql`attempts + 1`,
        check_result: JSON.stringify(check),
        selfie_id: selfieId,
        flags,
        attempted_at: sql`now()`,
        completed_at: passed ? sql`now()` : null,
      })
      .where('id', '=', request.id)
      .execute();
    await trx
      .updateTable('users')
      .set(
        passed
          ? { face_check_due: null, face_checked_at: faceClock.now() }
          : { face_check_due: request.reason },
      )
      .where('id', '=', userId)
      .execute();
  });
  const attemptsLeft = Math.max(0, ctx.config.identity.recheck.maxAttempts - (request.attempts + 1));
  return {
    passed,
    flags,
    attemptsLeft: passed ? ctx.config.identity.recheck.maxAttempts : attemptsLeft,
    messageKey: passed
      ? 'identity.recheck_passed'
      : attemptsLeft > 0
        ? 'identity.recheck_failed'
        : 'identity.recheck_review',
  };
}

/** An operator asks for a new face check (any profile): audited with the reason given; the gate closes at once. */
export async function requestRecheckByOperator(ctx: AppContext, actor: Actor, userId: bigint, note: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'face_check_due', 'kyc_status'])
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!user) throw notFound();
    // Without an approved identity there is no face to compare with: the KYC queue is the place for that player.
    if (user.kyc_status !== 'approved') throw conflict('identity.recheck_no_identity');
    const open = await openRequest(trx, userId);
    const fields = { reason: 'operator' as const, requested_by: actor.operatorId, request_note: note };
    let id = open?.id;
    if (id !== undefined) await trx.updateTable('face_rechecks').set(fields).where('id', '=', id).execute();
    else
      id = (
        await trx
          .insertInto('face_rechecks')
          .values({ user_id: userId, ...fields })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await trx.updateTable('users').set({ face_check_due: 'operator' }).where('id', '=', userId).execute();
    await writeAudit(trx, actor, {
      action: 'kyc.face_recheck_request',
      target: `player:${userId}`,
      before: { faceCheckDue: user.face_check_due },
      after: { recheck: id.toString(), reason: note },
    });
  });
}
