import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

export interface LedgerProblem {
  kind: 'balance_mismatch' | 'negative_player_balance' | 'currency_not_zero';
  account?: string;
  detail: string;
}

/**
 * Reconciliation: recomputes every balance from the postings, proves the postings sum to zero per currency and
 * that no player balance is negative. A house account's balance is its folded balance plus its rows of the house
 * journal not yet folded (migration 0041); a player account has no such rows. One statement per step, so each
 * step reads one snapshot (a fold in between moves amounts from the journal to the balance, never changing the
 * sum). Read-only; an empty answer means the books are clean.
 */
export async function checkLedger(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const mismatches = await sql<{
    id: string;
    kind: string;
    owner: string | null;
    name: string;
    stored: string;
    computed: string;
  }>`
    SELECT a.id::text, a.kind, a.owner_user_id::text AS owner, a.name,
           (a.balance_cents + COALESCE(h.total, 0))::text AS stored, COALESCE(p.total, 0)::text AS computed
      FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount_cents) AS total FROM ledger_postings GROUP BY account_id) p
        ON p.account_id = a.id
      LEFT JOIN (SELECT account_id, sum(amount_cents) AS total FROM ledger_house_pending GROUP BY account_id) h
        ON h.account_id = a.id
     WHERE a.balance_cents + COALESCE(h.total, 0) <> COALESCE(p.total, 0)
        OR (a.owner_user_id IS NOT NULL AND h.total IS NOT NULL)`.execute(db);
  for (const row of mismatches.rows) {
    problems.push({
      kind: 'balance_mismatch',
      account: `${row.kind}:${row.owner ?? row.name} (#${row.id})`,
      detail: `stored ${row.stored}, postings sum ${row.computed}`,
    });
  }
  const negatives = await sql<{ id: string; kind: string; owner: string; balance: string }>`
    SELECT id::text, kind, owner_user_id::text AS owner, balance_cents::text AS balance
      FROM ledger_accounts WHERE kind LIKE 'player_%' AND balance_cents < 0`.execute(db);
  for (const row of negatives.rows) {
    problems.push({
      kind: 'negative_player_balance',
      account: `${row.kind}:${row.owner} (#${row.id})`,
      detail: `balance ${row.balance}`,
    });
  }
  const totals = await sql<{ currency: string; total: string }>`
    SELECT currency, sum(amount_cents)::text AS total FROM ledger_postings GROUP BY currency
    HAVING sum(amount_cents) <> 0`.execute(db);
  for (const row of totals.rows) {
    problems.push({ kind: 'currency_not_zero', detail: `postings in ${row.currency} sum to ${row.total}` });
  }
  return problems;
}
