import { sql } from 'kysely';
import { Counter, Gauge, Registry } from 'prom-client';
import type { Db } from '../db/connection.ts';

/**
 * The figures of the database, read when Prometheus scrapes: one cheap query per family, on indexed columns
 * (partial index of due jobs, orders by type and status, the house accounts, the primary keys). They are the same
 * from every process of the database: a cluster asks one worker only, and several nodes report the same value
 * (dashboards take max() across instances, never sum()).
 */
export const databaseRegistry = new Registry();

let current: { db: Db; kind: 'pglite' | 'postgres' } | undefined;

/** The database the figures come from (the last app built in this process). */
export function useDatabase(db: Db, kind: 'pglite' | 'postgres'): void {
  current = { db, kind };
}

const failures = new Counter({
  name: 'aposta_metrics_query_failures_total',
  help: 'Scrape-time queries that failed (the family is then left out of that scrape).',
  labelNames: ['family'] as const,
  registers: [databaseRegistry],
});

/**
 * One query per family per scrape: prom-client starts the collects of a registry's gauges together, so the gauges
 * of a family share the query in flight; once it has answered, the next scrape asks afresh (never a stale answer).
 * A failed query leaves its gauges empty for that scrape and is counted.
 */
function family<Row>(name: string, query: (db: Db) => Promise<Row[]>): () => Promise<Row[] | undefined> {
  let inFlight: Promise<Row[] | undefined> | undefined;
  return () => {
    if (inFlight) return inFlight;
    const source = current;
    if (!source) return Promise.resolve(undefined);
    const rows = query(source.db)
      .catch(() => {
        failures.inc({ family: name });
        return undefined;
      })
      .finally(() => {
        inFlight = undefined;
      });
    inFlight = rows;
    return rows;
  };
}

/**
 * A gauge filled from a family's rows: `fill` sets it from each row. `zeros`: label sets reported as 0 when no row
 * names them (an empty queue is a 0 on the graph, not a gap).
 */
function gauge<Row, L extends string>(
  options: { name: string; help: string; labelNames?: readonly L[]; zeros?: Partial<Record<L, string>>[] },
  rows: () => Promise<Row[] | undefined>,
  fill: (gauge: Gauge<L>, row: Row) => void,
): void {
  const { zeros, ...gaugeOptions } = options;
  new Gauge<L>({
    ...gaugeOptions,
    labelNames: options.labelNames ?? [],
    registers: [databaseRegistry],
    async collect() {
      const answer = await rows();
      this.reset();
      if (answer === undefined) return;
      for (const labels of zeros ?? []) this.set(labels, 0);
      for (const row of answer) fill(this, row);
    },
  });
}

const PAYOUT_STATES = ['review', 'queued', 'sending', 'pending'].map((state) => ({ state }));

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

// Durable jobs (modules/jobs): the partial index jobs_due_idx holds exactly the unfinished ones.
const jobs = family('jobs', async (db) => {
  const { rows } = await sql<{ kind: string; pending: bigint; due: bigint; age: string | null }>`
    SELECT kind, count(*) AS pending, count(*) FILTER (WHERE run_at <= now()) AS due,
           EXTRACT(EPOCH FROM now() - min(run_at) FILTER (WHERE run_at <= now())) AS age
      FROM jobs WHERE done_at IS NULL AND failed_at IS NULL GROUP BY kind`.execute(db);
  return rows;
});
gauge(
  { name: 'aposta_jobs_pending', help: 'Unfinished durable jobs, per kind.', labelNames: ['kind'] },
  jobs,
  (g, row) => g.set({ kind: row.kind }, num(row.pending)),
);
gauge(
  {
    name: 'aposta_jobs_due',
    help: 'Durable jobs whose time has come and not run yet, per kind.',
    labelNames: ['kind'],
  },
  jobs,
  (g, row) => g.set({ kind: row.kind }, num(row.due)),
);
gauge(
  {
    name: 'aposta_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has waited, per kind.',
    labelNames: ['kind'],
  },
  jobs,
  (g, row) => g.set({ kind: row.kind }, num(row.age)),
);

// Withdrawals not finished (orders type 11, status 00: orders_type_status_idx), by where they wait: an operator's
// review, the payout job (queued), or the PSP (sending, pending). Portaria 615 gives 120 minutes in all.
const payouts = family('payouts', async (db) => {
  const { rows } = await sql<{ state: string; open: bigint; age: string | null }>`
    SELECT CASE WHEN r.status = 'review' THEN 'review' ELSE coalesce(a.status, 'queued') END AS state,
           count(*) AS open, EXTRACT(EPOCH FROM now() - min(o.created_at)) AS age
      FROM orders o
      LEFT JOIN withdrawal_reviews r ON r.order_id = o.id
      LEFT JOIN payout_attempts a ON a.order_id = o.id
     WHERE o.type = '11' AND o.status = '00'
     GROUP BY 1`.execute(db);
  return rows;
});
gauge(
  {
    name: 'aposta_payouts_open',
    help: 'Withdrawals not yet paid or returned, per state (review, queued, sending, pending).',
    labelNames: ['state'],
    zeros: PAYOUT_STATES,
  },
  payouts,
  (g, row) => g.set({ state: row.state }, num(row.open)),
);
gauge(
  {
    name: 'aposta_payout_oldest_open_age_seconds',
    help: 'Age of the oldest unfinished withdrawal, per state (the deadline is 7200 s).',
    labelNames: ['state'],
    zeros: PAYOUT_STATES,
  },
  payouts,
  (g, row) => g.set({ state: row.state }, num(row.age)),
);

// Deposits: open orders (index by type and status), the newest paid one (same index, newest id first) and the
// newest webhook delivery (primary key, newest first; the poll's own records are not deliveries).
const deposits = family('deposits', async (db) => {
  const { rows } = await sql<{
    open: bigint;
    age: string | null;
    last_paid: string | null;
    last_webhook: string | null;
  }>`
    SELECT (SELECT count(*) FROM orders WHERE type = '10' AND status = '00') AS open,
           (SELECT EXTRACT(EPOCH FROM now() - min(created_at)) FROM orders WHERE type = '10' AND status = '00') AS age,
           (SELECT EXTRACT(EPOCH FROM finished_at) FROM orders WHERE type = '10' AND status = '10'
             ORDER BY id DESC LIMIT 1) AS last_paid,
           (SELECT EXTRACT(EPOCH FROM received_at) FROM webhook_events
             WHERE body NOT LIKE '{"source":"GET /cob"%' ORDER BY id DESC LIMIT 1) AS last_webhook`.execute(
    db,
  );
  return rows;
});
gauge(
  { name: 'aposta_deposits_open', help: 'Deposit orders waiting for their Pix (status 00).' },
  deposits,
  (g, row) => g.set(num(row.open)),
);
gauge(
  { name: 'aposta_deposit_oldest_open_age_seconds', help: 'Age of the oldest deposit order still waiting.' },
  deposits,
  (g, row) => g.set(num(row.age)),
);
gauge(
  {
    name: 'aposta_deposit_last_paid_timestamp_seconds',
    help: 'When the newest paid deposit was credited (by webhook or by the poll), Unix seconds.',
  },
  deposits,
  (g, row) => row.last_paid !== null && g.set(num(row.last_paid)),
);
gauge(
  {
    name: 'aposta_psp_webhook_last_received_timestamp_seconds',
    help: 'When the newest PSP webhook delivery was recorded, Unix seconds.',
  },
  deposits,
  (g, row) => row.last_webhook !== null && g.set(num(row.last_webhook)),
);

// The house accounts (a handful of rows, ledger_accounts_house_idx): their balances move with every bet, win,
// deposit and payout. house_game, house_sportsbook and house_slots are the GGR of each product.
const house = family('house', async (db) => {
  const { rows } = await sql<{ kind: string; cents: bigint }>`
    SELECT kind, sum(balance_cents) AS cents FROM ledger_balances
     WHERE owner_user_id IS NULL GROUP BY kind`.execute(db);
  return rows;
});
gauge(
  {
    name: 'aposta_house_balance_cents',
    help: "The house accounts' balances in centavos, per account kind (house_game etc. are the GGR so far).",
    labelNames: ['account'],
  },
  house,
  (g, row) => g.set({ account: row.kind }, num(row.cents)),
);

// Size figures PostgreSQL keeps itself: no table is scanned (reltuples is the planner's estimate).
const storage = family('storage', async (db) => {
  const { rows } = await sql<{ bytes: bigint; keys: string | number | null }>`
    SELECT pg_database_size(current_database()) AS bytes,
           (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = 'idempotent_requests'::regclass) AS keys`.execute(
    db,
  );
  return rows;
});
gauge(
  { name: 'aposta_database_size_bytes', help: 'Size of the database on disk (pg_database_size).' },
  storage,
  (g, row) => g.set(num(row.bytes)),
);
gauge(
  {
    name: 'aposta_idempotency_keys',
    help: 'Idempotency keys kept (their answers replay a repeated money call), estimated by PostgreSQL.',
  },
  storage,
  (g, row) => g.set(num(row.keys)),
);

// The WAL archiver (pgBackRest's archive-push, decision 0047): a failing or silent archive is a hole in every
// point-in-time restore from then on. pg_stat_archiver is one row kept by PostgreSQL itself.
const archiver = family('archiver', async (db) => {
  const { rows } = await sql<{ archived: string | number; failed: string | number; last: string | null }>`
    SELECT archived_count AS archived, failed_count AS failed,
           extract(epoch FROM last_archived_time) AS last
      FROM pg_stat_archiver`.execute(db);
  return rows;
});
gauge(
  {
    name: 'aposta_wal_archived',
    help: 'WAL segments archived since the statistics were reset (pg_stat_archiver).',
  },
  archiver,
  (g, row) => g.set(num(row.archived)),
);
gauge(
  {
    name: 'aposta_wal_archive_failures',
    help: 'Failed WAL archive attempts since the statistics were reset.',
  },
  archiver,
  (g, row) => g.set(num(row.failed)),
);
gauge(
  {
    name: 'aposta_wal_last_archived_timestamp_seconds',
    help: 'When the last WAL segment was archived (0: never, e.g. archiving is off).',
  },
  archiver,
  (g, row) => g.set(num(row.last)),
);
