import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { OperatorPrincipal } from '../../backoffice/access.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { insertSession, revokeSession } from '../../db/sessions.repository.ts';
import { conflict, invalidInput } from '../../lib/domain-error.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import { type LoginClient, throttledLogin } from '../auth/auth.service.ts';
import { acceptedStep, enrolmentOf, newTotpSecret } from './totp.ts';

/**
 * Failures (from all addresses, in the throttle's 15-minute window) at which an operator account refuses every
 * untrusted device: tighter than a player's ceiling, since an operator holds the back office's powers. A desk the
 * operator signed in from before is never refused the right password, so a stranger cannot lock the owner out.
 */
export const OPERATOR_ACCOUNT_CEILING = 10;

export interface OperatorLoginInput {
  username: string;
  password: string;
  totp?: string;
}

/**
 * Operator sign-in under the players' throttle (auth/login-throttle.ts): per (account, address) slowing, the
 * per-account ceiling above, trusted devices. After the password: an active account, then the TOTP code once
 * enrolled (each step signs in once). Every refusal of a known or unknown account reads the same, except a wrong
 * TOTP code after the right password.
 */
export async function operatorLogin(ctx: AppContext, input: OperatorLoginInput, client: LoginClient) {
  const operator = await ctx.db
    .selectFrom('operators')
    .select(['id', 'username', 'password_hash', 'status', 'totp_secret'])
    .where('username', '=', input.username)
    .executeTakeFirst();
  let refusal = 'admin.login_failed';
  const result = await throttledLogin(ctx, 'operator', input.username, input.password, client, operator, {
    accountCeiling: OPERATOR_ACCOUNT_CEILING,
    confirm: async () => {
      if (operator?.status !== 'active') return false;
      if (operator.totp_secret === null) return true;
      const step = input.totp ? acceptedStep(operator.totp_secret, operator.username, input.totp) : undefined;
      if (step === undefined || !(await useTotpStep(ctx, operator.id, step))) {
        refusal = 'admin.totp_wrong';
        return false;
      }
      return true;
    },
  });
  if (!operator || !result.ok) throw invalidInput(refusal);
  await ctx.db
    .updateTable('operators')
    .set({ last_login_at: sql`now()` })
    .where('id', '=', operator.id)
    .execute();
  const token = newToken();
  const ttl = ctx.config.adminTokenTtlSeconds;
  await insertSession(ctx.db, sha256(token), { subject: 'operator', subjectId: operator.id }, ttl);
  return { answer: { access_token: token, expires_in: ttl }, deviceCookie: result.deviceCookie };
}

/** Stores a TOTP step as used, only if it is newer than the last: one code signs in once, even at once. */
async function useTotpStep(ctx: AppContext, operatorId: bigint, step: bigint): Promise<boolean> {
  const row = await ctx.db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
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
