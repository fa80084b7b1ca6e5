import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { conflict, invalidInput, rateLimited } from '../../lib/domain-error.ts';
import { dummyPasswordHash, newToken, sha256, verifyPassword } from '../../lib/secrets.ts';
import { insertSession, revokeSession } from '../auth/sessions.repository.ts';
import type { OperatorPrincipal } from './access.ts';
import { type Actor, writeAudit } from './audit.ts';
import { acceptedStep, enrolmentOf, newTotpSecret } from './totp.ts';

/** Failed sign-ins an operator account takes before it locks; each further failure doubles the lock. */
export const OPERATOR_FAILURES_BEFORE_LOCK = 5;
const MAX_LOCK_MINUTES = 24 * 60;

export function lockMinutes(failures: number): number {
  if (failures < OPERATOR_FAILURES_BEFORE_LOCK) return 0;
  return Math.min(2 ** (failures - OPERATOR_FAILURES_BEFORE_LOCK), MAX_LOCK_MINUTES);
}

export interface OperatorLoginInput {
  username: string;
  password: string;
  totp?: string;
}

/**
 * Operator sign-in: password, then the TOTP code once enrolled. The attempt is counted before the password is
 * checked (so parallel guesses each count) and a locked account is refused before any check; the count is
 * cleared by a success. Every refusal of a known or unknown account reads the same.
 */
export async function operatorLogin(ctx: AppContext, input: OperatorLoginInput) {
  const claimed = await ctx.db
    .updateTable('operators')
    .set({ failed_logins: sql`failed_logins + 1` })
    .where('username', '=', input.username)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
    .returning([
      'id',
      'username',
      'password_hash',
      'status',
      'totp_secret',
      'totp_last_step',
      'failed_logins',
    ])
    .executeTakeFirst();
  if (!claimed) {
    const locked = await ctx.db
      .selectFrom('operators')
      .select(sql<number>`ceil(extract(epoch FROM locked_until - now()) / 60)::int`.as('minutes'))
      .where('username', '=', input.username)
      .executeTakeFirst();
    if (locked) throw rateLimited('admin.account_locked', { minutes: Math.max(1, Number(locked.minutes)) });
    await verifyPassword(await dummyPasswordHash(), input.password);
    throw invalidInput('admin.login_failed');
  }
  const fail = async (messageKey: string) => {
    const minutes = lockMinutes(claimed.failed_logins);
    if (minutes > 0) {
      await ctx.db
        .updateTable('operators')
        .set({ locked_until: sql`now() + make_interval(mins => ${minutes})` })
        .where('id', '=', claimed.id)
        .execute();
    }
    return invalidInput(messageKey);
  };
  const passwordOk = await verifyPassword(claimed.password_hash, input.password);
  if (!passwordOk || claimed.status !== 'active') throw await fail('admin.login_failed');
  let step: bigint | undefined;
  if (claimed.totp_secret !== null) {
    step = input.totp ? acceptedStep(claimed.totp_secret, claimed.username, input.totp) : undefined;
    if (step === undefined || (claimed.totp_last_step !== null && step <= claimed.totp_last_step)) {
      throw await fail('admin.totp_wrong');
    }
  }
  await ctx.db
    .updateTable('operators')
    .set({
      failed_logins: 0,
      locked_until: null,
      last_login_at: sql`now()`,
      ...(step !== undefined ? { totp_last_step: step } : {}),
    })
    .where('id', '=', claimed.id)
    .execute();
  const token = newToken();
  const ttl = ctx.config.adminTokenTtlSeconds;
  await insertSession(ctx.db, sha256(token), { subject: 'operator', subjectId: claimed.id }, ttl);
  return { access_token: token, expires_in: ttl };
}

export async function operatorLogout(ctx: AppContext, tokenHash: Buffer): Promise<void> {
  await revokeSession(ctx.db, tokenHash);
}

export function describeMe(operator: OperatorPrincipal) {
  return {
    username: operator.username,
    roles: operator.roles,
    totpEnabled: operator.totpEnabled,
    totpRequired: operator.totpRequired,
  };
}

/** Starts (or restarts) TOTP enrolment: a new pending secret, active only once a code from it is confirmed. */
export async function enrolTotp(ctx: AppContext, actor: Actor) {
  const secret = newTotpSecret();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('operators')
      .set({ totp_pending_secret: secret })
      .where('id', '=', actor.operatorId)
      .where('totp_secret', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw conflict('admin.totp_already');
    await writeAudit(trx, actor, {
      action: 'auth.totp_enrol',
      target: `operator:${actor.operatorId}`,
      before: null,
      after: { pending: true },
    });
  });
  return enrolmentOf(secret, actor.username);
}

export async function confirmTotp(ctx: AppContext, actor: Actor, code: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('operators')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', actor.operatorId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.totp_secret !== null) throw conflict('admin.totp_already');
    if (row.totp_pending_secret === null) throw invalidInput('admin.totp_not_started');
    const step = acceptedStep(row.totp_pending_secret, actor.username, code);
    if (step === undefined) throw invalidInput('admin.totp_wrong');
    await trx
      .updateTable('operators')
      .set({ totp_secret: row.totp_pending_secret, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', actor.operatorId)
      .execute();
    await writeAudit(trx, actor, {
      action: 'auth.totp_confirm',
      target: `operator:${actor.operatorId}`,
      before: { totpEnabled: false },
      after: { totpEnabled: true },
    });
  });
  return { totpEnabled: true };
}
