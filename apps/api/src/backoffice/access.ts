import { ADMIN_PERMISSIONS, type AdminPermission, type OperatorRole } from '@aposta/contract';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../app-context.ts';
import { bearerToken } from '../http/auth.ts';
import { forbidden, unauthorized } from '../lib/domain-error.ts';
import { sha256 } from '../lib/secrets.ts';

export interface OperatorPrincipal {
  id: bigint;
  username: string;
  roles: OperatorRole[];
  totpEnabled: boolean;
  /** Production requires a second factor from owners and finance before anything else. */
  totpRequired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the back office guard: the operator making the call. */
    operator: OperatorPrincipal;
  }
}

/** Roles whose operators must enrol TOTP before doing anything else when NODE_ENV=production. */
const SECOND_FACTOR_ROLES: OperatorRole[] = ['owner', 'finance'];

/** Whether the roles may make a call of this permission (owner may make every call). */
export function mayCall(roles: readonly OperatorRole[], permission: AdminPermission): boolean {
  if (roles.includes('owner')) return true;
  const allowed: readonly OperatorRole[] = ADMIN_PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}

export function needsSecondFactor(isProduction: boolean, roles: readonly OperatorRole[]): boolean {
  return isProduction && roles.some((role) => SECOND_FACTOR_ROLES.includes(role));
}

/**
 * The back office guard. Every call looks the operator up with its token, so a disabled operator or a revoked
 * or expired token stops at once; then the role table of api-contract section 12 decides (403 otherwise).
 */
export function makeOperatorGuard(ctx: AppContext) {
  async function authenticate(request: FastifyRequest): Promise<OperatorPrincipal> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const row = await ctx.db
      .selectFrom('sessions')
      .innerJoin('operators', 'operators.id', 'sessions.subject_id')
      .select(['operators.id', 'operators.username', 'operators.roles', 'operators.totp_secret'])
      .where('sessions.token_hash', '=', sha256(token))
      .where('sessions.subject', '=', 'operator')
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', sql<Date>`now()`)
      .where('operators.status', '=', 'active')
      .executeTakeFirst();
    if (!row) throw unauthorized();
    const roles = row.roles as OperatorRole[];
    const totpEnabled = row.totp_secret !== null;
    const principal: OperatorPrincipal = {
      id: row.id,
      username: row.username,
      roles,
      totpEnabled,
      totpRequired: needsSecondFactor(ctx.config.isProduction, roles),
    };
    request.operator = principal;
    request.operatorId = row.id;
    request.tokenHash = sha256(token);
    return principal;
  }

  /** Any signed-in operator, even one who still has to enrol TOTP (me, enrol, confirm, logout). */
  const signedIn = async (request: FastifyRequest): Promise<void> => {
    await authenticate(request);
  };

  /** An operator whose roles allow the permission, with the second factor enrolled where it is required. */
  const allow = (permission: AdminPermission) => async (request: FastifyRequest) => {
    const operator = await authenticate(request);
    if (operator.totpRequired && !operator.totpEnabled) throw forbidden('admin.totp_required');
    if (!mayCall(operator.roles, permission)) throw forbidden();
  };

  return { signedIn, allow };
}

export type OperatorGuard = ReturnType<typeof makeOperatorGuard>;
