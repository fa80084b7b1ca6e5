import type { CreateOperatorBody, OperatorRole, OperatorView, UpdateOperatorBody } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { revokeAllSessions } from '../../db/sessions.repository.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { hashPassword } from '../../lib/secrets.ts';

const COLUMNS = ['id', 'username', 'roles', 'status', 'totp_secret', 'created_at', 'last_login_at'] as const;

interface OperatorRow {
  id: bigint;
  username: string;
  roles: string[];
  status: 'active' | 'disabled';
  totp_secret: string | null;
  created_at: Date;
  last_login_at: Date | null;
}

function present(row: OperatorRow): OperatorView {
  return {
    id: Number(row.id),
    username: row.username,
    roles: row.roles as OperatorRole[],
    status: row.status,
    totpEnabled: row.totp_secret !== null,
    time: row.created_at.getTime(),
    lastLoginAt: row.last_login_at?.getTime() ?? null,
  };
}

export async function listOperators(ctx: AppContext): Promise<OperatorView[]> {
  const rows = await ctx.db.selectFrom('operators').select(COLUMNS).orderBy('id').execute();
  return rows.map(present);
}

export async function createOperator(ctx: AppContext, actor: Actor, input: CreateOperatorBody) {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('operators')
      .values({ username: input.username, password_hash: passwordHash, roles: [...input.roles] })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw conflict('admin.username_taken');
    const view = present(row);
    await writeAudit(trx, actor, {
      action: 'operator.create',
      target: `operator:${row.id}`,
      before: null,
      after: { username: view.username, roles: view.roles, status: view.status },
    });
    return view;
  });
}

/** Other active owners than this one: the last one cannot be demoted or disabled (nobody could manage operators). */
async function otherActiveOwners(trx: Tx, operatorId: bigint): Promise<number> {
  const row = await trx
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', '<>', operatorId)
    .where('status', '=', 'active')
    .where((eb) => eb(eb.val('owner'), '=', eb.fn.any('roles')))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateOperator(
  ctx: AppContext,
  actor: Actor,
  operatorId: bigint,
  input: UpdateOperatorBody,
) {
  const view = await ctx.db.transaction().execute(async (trx) => {
    // Owners are serialised here, so two owners cannot disable each other at once and leave none.
    await trx
      .selectFrom('operators')
      .select('id')
      .where((eb) => eb(eb.val('owner'), '=', eb.fn.any('roles')))
      .orderBy('id')
      .forUpdate()
      .execute();
    const before = await trx
      .selectFrom('operators')
      .select(COLUMNS)
      .where('id', '=', operatorId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const roles = input.roles ? [...input.roles] : before.roles;
    const status = input.status ?? before.status;
    const staysOwner = roles.includes('owner') && status === 'active';
    const wasOwner = before.roles.includes('owner') && before.status === 'active';
    if (wasOwner && !staysOwner && (await otherActiveOwners(trx, operatorId)) === 0) {
      throw conflict('admin.last_owner');
    }
    const after = await trx
      .updateTable('operators')
      .set({ roles, status })
      .where('id', '=', operatorId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    // A disabled operator's tokens stop at once: the guard reads the status on every call, and they are revoked.
    if (status === 'disabled') await revokeAllSessions(trx, { subject: 'operator', subjectId: operatorId });
    await writeAudit(trx, actor, {
      action: 'operator.update',
      target: `operator:${operatorId}`,
      before: { roles: before.roles, status: before.status },
      after: { roles: after.roles, status: after.status },
    });
    return present(after);
  });
  return view;
}
