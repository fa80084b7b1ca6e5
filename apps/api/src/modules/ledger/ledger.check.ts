import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

export interface LedgerProblem {
  kind: 'balance_mismatch' | 'negative_player_balance' | 'currency_not_zero' | 'bet_journal_mismatch';
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
  problems.push(...(await checkInstantBetJournals(db)));
  return problems;
}

/**
 * The instant games' bets (dice, limbo, row double; the bet engine writes them in batches, decision 0058) against
 * the journal transactions that name them: each bet has exactly one stake transaction whose player legs take its
 * stake and whose bank leg receives it, and a payout transaction paying exactly its payout (none when it lost).
 */
async function checkInstantBetJournals(db: Db): Promise<LedgerProblem[]> {
  const rows = await sql<{
    id: string;
    staked: string | null;
    banked: string | null;
    paid: string | null;
    stakes: string;
  }>`
    SELECT b.id::text, (-j.staked)::text AS staked, j.banked::text AS banked, j.paid::text AS paid,
           coalesce(j.stakes, 0)::text AS stakes
      FROM game_bets b
      LEFT JOIN (
        SELECT t.reference_id::bigint AS bet_id,
               count(DISTINCT t.id) FILTER (WHERE t.code = 'bet_stake') AS stakes,
               count(DISTINCT t.id) FILTER (WHERE t.code = 'bet_payout') AS payouts,
               sum(p.amount_cents) FILTER (WHERE t.code = 'bet_stake' AND a.owner_user_id IS NOT NULL) AS staked,
               sum(p.amount_cents) FILTER (WHERE t.code = 'bet_stake' AND a.owner_user_id IS NULL) AS banked,
               sum(p.amount_cents) FILTER (WHERE t.code = 'bet_payout' AND a.owner_user_id IS NOT NULL) AS paid,
               sum(p.amount_cents) FILTER (WHERE t.code = 'bet_payout' AND a.owner_user_id IS NULL) AS unbanked
          FROM ledger_transactions t
          JOIN ledger_postings p ON p.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = p.account_id
         WHERE t.reference_type = 'game_bet' AND t.code IN ('bet_stake', 'bet_payout')
         GROUP BY t.reference_id) j ON j.bet_id = b.id
     WHERE b.game IN ('dice', 'limbo', 'rowDouble')
       AND (j.stakes IS DISTINCT FROM 1 OR -j.staked IS DISTINCT FROM b.amount_cents
            OR j.banked IS DISTINCT FROM b.amount_cents OR coalesce(j.paid, 0) <> b.payout_cents
            OR coalesce(j.unbanked, 0) <> -b.payout_cents OR j.payouts > 1)`.execute(db);
  return rows.rows.map((row) => ({
    kind: 'bet_journal_mismatch' as const,
    account: `game_bet #${row.id}`,
    detail: `${row.stakes} stake journal(s) taking ${row.staked ?? 0} (bank ${row.banked ?? 0}), paid ${row.paid ?? 0}`,
  }));
}
