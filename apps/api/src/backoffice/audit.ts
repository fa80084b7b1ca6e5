import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/tx.ts';

/** Who makes a change, and from where: what every audit entry records. */
export interface Actor {
  operatorId: bigint;
  username: string;
  ip: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  operatorId: request.operator.id,
  username: request.operator.username,
  ip: (request.ip ?? '').slice(0, 64),
});

export interface AuditEntryInput {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** JSON for the audit columns: bigints as strings (they are ids and centavos), undefined as null. */
export function auditJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_key, inner) => (typeof inner === 'bigint' ? inner.toString() : inner));
}

/**
 * Writes the audit entry of a change, inside the transaction that makes the change: both commit or neither.
 * The table refuses updates and deletes (a trigger), so an entry, once written, stays as it was.
 */
export async function writeAudit(trx: Tx, actor: Actor, entry: AuditEntryInput): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      operator_id: actor.operatorId,
      operator_username: actor.username,
      action: entry.action,
      target: entry.target.slice(0, 200),
      before: auditJson(entry.before),
      after: auditJson(entry.after),
      ip: actor.ip,
    })
    .execute();
}
