import type { DailyReportRow } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { REPORT_TIME_ZONE, reportDays } from '../../backoffice/report-days.ts';
import type { Db } from '../../db/connection.ts';
import { boostCostByDay } from '../sportsbook/boosts.report.ts';
import { foldReport, type LedgerDaySum } from './reports.rules.ts';

/** Journal rows younger than this are left to the live tail: a money transaction commits well within it. */
const FOLD_SETTLE_SECONDS = 120;
const FOLD_BATCH = 200_000;

const dayOf = (column: string) => sql.raw(`(${column} AT TIME ZONE '${REPORT_TIME_ZONE}')::date`);
const STAKE_CODES = sql`t.code LIKE '%\\_stake'`;

/**
 * Folds the journal past the watermark into the daily rollup, by transaction id, in one transaction with the new
 * watermark (so a fold is all or nothing, and two servers folding at once serialise on the watermark row).
 * Only rows older than FOLD_SETTLE_SECONDS are folded: ids are taken before commit, so a younger id may still
 * have an uncommitted smaller neighbour; the report's live tail covers everything past the watermark.
 */
export async function foldJournal(db: Db, settleSeconds = FOLD_SETTLE_SECONDS): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const mark = await trx
      .selectFrom('report_watermark')
      .select('last_tx_id')
      .forUpdate()
      .executeTakeFirstOrThrow();
    const upper = await sql<{ upper: string | null }>`
      SELECT max(id)::text AS upper FROM (
        SELECT id FROM ledger_transactions
         WHERE id > ${mark.last_tx_id} AND created_at < now() - make_interval(secs => ${settleSeconds})
         ORDER BY id LIMIT ${FOLD_BATCH}) batch`.execute(trx);
    const upperId = upper.rows[0]?.upper;
    if (!upperId) return 0;
    await sql`
      INSERT INTO report_ledger_daily (day, code, kind, amount_cents)
      SELECT ${dayOf('t.created_at')}, t.code, a.kind, sum(p.amount_cents)
        FROM ledger_transactions t
        JOIN ledger_postings p ON p.transaction_id = t.id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE t.id > ${mark.last_tx_id} AND t.id <= ${upperId}::bigint
       GROUP BY 1, 2, 3
      ON CONFLICT (day, code, kind) DO UPDATE SET amount_cents = report_ledger_daily.amount_cents + EXCLUDED.amount_cents`.execute(
      trx,
    );
    await sql`
      INSERT INTO report_active_players (day, user_id)
      SELECT DISTINCT ${dayOf('t.created_at')}, a.owner_user_id
        FROM ledger_transactions t
        JOIN ledger_postings p ON p.transaction_id = t.id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE t.id > ${mark.last_tx_id} AND t.id <= ${upperId}::bigint AND ${STAKE_CODES}
         AND a.owner_user_id IS NOT NULL
      ON CONFLICT DO NOTHING`.execute(trx);
    await trx
      .updateTable('report_watermark')
      .set({ last_tx_id: BigInt(upperId), updated_at: sql`now()` })
      .execute();
    return Number(BigInt(upperId) - mark.last_tx_id);
  });
}

/**
 * The daily report of api-contract section 12: the rollup's days plus a live query over the journal past the
 * watermark (bounded by the range), so it is exact at every moment. All in one snapshot (REPEATABLE READ), so a
 * fold committing meanwhile is seen either wholly or not at all.
 */
export async function dailyReport(ctx: AppContext, from: string, to: string): Promise<DailyReportRow[]> {
  const days = reportDays(from, to);
  const last = days[days.length - 1]!;
  return ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const range = sql`BETWEEN ${from}::date AND ${last}::date`;
      const start = sql`(${from}::date::timestamp AT TIME ZONE ${REPORT_TIME_ZONE})`;
      const end = sql`((${last}::date + 1)::timestamp AT TIME ZONE ${REPORT_TIME_ZONE})`;
      const mark = await trx.selectFrom('report_watermark').select('last_tx_id').executeTakeFirstOrThrow();
      const sums = await sql<{ day: string; code: string; kind: string; amount: string }>`
        SELECT day::text, code, kind, sum(amount)::text AS amount FROM (
          SELECT day, code, kind, amount_cents AS amount FROM report_ledger_daily WHERE day ${range}
          UNION ALL
          SELECT ${dayOf('t.created_at')}, t.code, a.kind, p.amount_cents
            FROM ledger_transactions t
            JOIN ledger_postings p ON p.transaction_id = t.id
            JOIN ledger_accounts a ON a.id = p.account_id
           WHERE t.id > ${mark.last_tx_id} AND t.created_at >= ${start} AND t.created_at < ${end}) all_sums
        GROUP BY day, code, kind`.execute(trx);
      // Folded players are distinct per day already (their primary key); the tail adds only players not there.
      const active = await sql<{ day: string; n: string }>`
        SELECT day::text, sum(n)::text AS n FROM (
          SELECT day, count(*) AS n FROM report_active_players WHERE day ${range} GROUP BY day
          UNION ALL
          SELECT tail.day, count(DISTINCT tail.user_id) FROM (
            SELECT ${dayOf('t.created_at')} AS day, a.owner_user_id AS user_id
              FROM ledger_transactions t
              JOIN ledger_postings p ON p.transaction_id = t.id
              JOIN ledger_accounts a ON a.id = p.account_id
             WHERE t.id > ${mark.last_tx_id} AND t.created_at >= ${start} AND t.created_at < ${end}
               AND ${STAKE_CODES} AND a.owner_user_id IS NOT NULL) tail
           WHERE NOT EXISTS (SELECT 1 FROM report_active_players r WHERE r.day = tail.day AND r.user_id = tail.user_id)
           GROUP BY tail.day) counts
        GROUP BY day`.execute(trx);
      // A sports stake is earned when its bet is settled (reports.rules.ts); a corrected result moves the bet
      // to the day of its latest settlement, and a bet reopened by a correction is open again.
      const settled = await sql<{ day: string; amount: string }>`
        SELECT ${dayOf('settled_at')}::text AS day, sum(stake_cents)::text AS amount FROM sports_bets
         WHERE settled_at >= ${start} AND settled_at < ${end} GROUP BY 1`.execute(trx);
      const fresh = await sql<{ day: string; n: string }>`
        SELECT ${dayOf('created_at')}::text AS day, count(*)::text AS n FROM users
         WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1`.execute(trx);
      const ledgerSums: LedgerDaySum[] = sums.rows.map((row) => ({
        day: row.day,
        code: row.code,
        kind: row.kind,
        amountCents: BigInt(row.amount),
      }));
      const boosts = await boostCostByDay(trx, REPORT_TIME_ZONE, start, end);
      return foldReport(
        days,
        ledgerSums,
        new Map(settled.rows.map((row) => [row.day, BigInt(row.amount)])),
        new Map(fresh.rows.map((row) => [row.day, Number(row.n)])),
        new Map(active.rows.map((row) => [row.day, Number(row.n)])),
      ).map((row) => ({ ...row, boostCost: centsToReais(boosts.get(row.day) ?? 0n) }));
    });
}
