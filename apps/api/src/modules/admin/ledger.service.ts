import type { AuditEntry, JournalQuery, JournalRecord, LedgerCheckAnswer } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import { offsetOf, type Paging } from '../../backoffice/paging.ts';
import { checkLedger } from '../ledger/ledger.check.ts';

/** The same reconciliation as `npm run ledger:check`. */
export async function ledgerCheck(ctx: AppContext): Promise<LedgerCheckAnswer> {
  const problems = await checkLedger(ctx.db);
  return {
    ok: problems.length === 0,
    differences: problems.map((problem) => ({
      kind: problem.kind,
      detail: problem.account ? `${problem.account}: ${problem.detail}` : problem.detail,
    })),
  };
}

/** The journal, newest first, by code, by reference (`type:id` or the id alone) and by the player it touches. */
export async function searchJournal(ctx: AppContext, query: JournalQuery, paging: Paging) {
  let base = ctx.db.selectFrom('ledger_transactions as t');
  if (query.code) base = base.where('t.code', '=', query.code);
  if (query.ref) {
    const [type, id] = query.ref.includes(':') ? query.ref.split(':', 2) : [undefined, query.ref];
    if (type !== undefined) base = base.where('t.reference_type', '=', type);
    base = base.where('t.reference_id', '=', id ?? '');
  }
  if (query.uId !== undefined) {
    const userId = BigInt(query.uId);
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_postings as p')
          .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
          .select('p.id')
          .whereRef('p.transaction_id', '=', 't.id')
          .where('a.owner_user_id', '=', userId),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select(['t.id', 't.code', 't.reference_type', 't.reference_id', 't.created_at'])
      .orderBy('t.id', 'desc')
      .limit(paging.size)
      .offset(offsetOf(paging))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const postings =
    rows.length === 0
      ? []
      : await ctx.db
          .selectFrom('ledger_postings as p')
          .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
          .select(['p.transaction_id', 'a.kind', 'a.name', 'a.owner_user_id', 'p.amount_cents'])
          .where(
            'p.transaction_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('p.id')
          .execute();
  const records: JournalRecord[] = rows.map((row) => ({
    txId: Number(row.id),
    code: row.code,
    ref: `${row.reference_type}:${row.reference_id}`,
    time: row.created_at.getTime(),
    postings: postings
      .filter((posting) => posting.transaction_id === row.id)
      .map((posting) => ({
        account: posting.name ? `${posting.kind}:${posting.name}` : posting.kind,
        uId: posting.owner_user_id === null ? null : Number(posting.owner_user_id),
        amount: centsToReais(posting.amount_cents),
      })),
  }));
  return { records, total: Number(total.n) };
}

/** The audit log, newest first, by operator username and action. */
export async function listAudit(
  ctx: AppContext,
  filter: { operator?: string; action?: string },
  paging: Paging,
) {
  let base = ctx.db.selectFrom('audit_log');
  if (filter.operator) base = base.where('operator_username', '=', filter.operator);
  if (filter.action) base = base.where('action', '=', filter.action);
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'operator_username', 'action', 'target', 'before', 'after', 'ip', 'created_at'])
      .orderBy('id', 'desc')
      .limit(paging.size)
      .offset(offsetOf(paging))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const records: AuditEntry[] = rows.map((row) => ({
    id: Number(row.id),
    operator: row.operator_username,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    time: row.created_at.getTime(),
  }));
  return { records, total: Number(total.n) };
}
