import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { ONE_TRIP, type TripStatement } from './one-trip.ts';
import { statementName } from './statement-cache.ts';

/**
 * The pool Kysely sees on PostgreSQL: pg's own (in pipeline mode), with three changes to what goes on the wire.
 * - Marked and often-seen statements run as named prepared statements (statement-cache.ts).
 * - A transaction's BEGIN goes out with its first statement, in the same write: one wait for the database fewer
 *   per transaction. BEGIN cannot fail on its own on a healthy session: whatever makes it fail (a broken
 *   connection, an aborted transaction) fails the statement sent with it too.
 * - `inOneTrip` (one-trip.ts) sends several statements of a transaction in one write and waits once for all.
 */

/** No pooled connection came free in time (DATABASE_CONNECT_TIMEOUT_MS): answered 503, never a hang. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('no database connection came free in time', { cause });
  }
}

/**
 * A checked-out connection the server ends (idle_in_transaction_session_timeout, a restart) emits 'error'; without
 * a listener that would crash the process. The query in flight fails on its own; the pool then drops the client.
 */
const watchedClients = new WeakSet<pg.PoolClient>();
function watch(client: pg.PoolClient): void {
  if (watchedClients.has(client)) return;
  watchedClients.add(client);
  client.on('error', (error) => console.error('PostgreSQL connection error:', error.message));
}

type Answer = { command: string; rowCount: number | null; rows: unknown[] };
const noop = (command: string): Answer => ({ command, rowCount: null, rows: [] });
const isBegin = (text: string) => text === 'begin' || text.startsWith('start transaction');
const isEnd = (text: string) => text === 'commit' || text === 'rollback';

/** What /metrics reports of the pools (platform/metrics.ts): read at scrape time, counted without a clock. */
export const poolFigures = {
  /** The open pools (pg's own counters: totalCount, idleCount, waitingCount, options.max). */
  pools: new Set<PoolCounts>(),
  /** Checkouts that found every connection busy and had to queue. */
  waits: 0,
  /** Waits that ran out (DatabaseUnavailableError). */
  timeouts: 0,
};

/** pg.Pool's own counters (absent on a stand-in pool). */
export type PoolCounts = Partial<Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>> & {
  options?: { max?: number };
};
const mustQueue = (pool: PoolCounts) =>
  (pool.waitingCount ?? 0) > 0 ||
  (pool.idleCount === 0 && (pool.totalCount ?? 0) >= (pool.options?.max ?? Number.POSITIVE_INFINITY));

export function preparingPool(pool: Pick<pg.Pool, 'connect' | 'end'>): PostgresPool {
  const figures = pool as PoolCounts;
  poolFigures.pools.add(figures);
  return {
    async connect() {
      let client: pg.PoolClient;
      if (mustQueue(figures)) poolFigures.waits++;
      try {
        client = await pool.connect();
      } catch (error) {
        // pg says "timeout exceeded when trying to connect" when the wait for a free connection ran out.
        if (error instanceof Error && /timeout/i.test(error.message)) {
          poolFigures.timeouts++;
          throw new DatabaseUnavailableError(error);
        }
        throw error;
      }
      watch(client);
      // A named statement whose table changed under it (a migration by a newer server) fails with "cached plan
      // must not change result type" on every call: this connection is then closed instead of returned, and its
      // replacement prepares the statement afresh.
      let stale: Error | undefined;
      const send = (text: string, values?: readonly unknown[]): Promise<Answer> => {
        const name = statementName(text);
        if (name === undefined) return client.query(text, values as unknown[]);
        return client.query({ name, text, values: [...(values ?? [])] }).catch((error: unknown) => {
          if (isStalePlan(error)) stale = error as Error;
          throw error;
        });
      };
      let pendingBegin: string | undefined;
      /** Sends `statements` (after the pending BEGIN, if any) in one write; answers each statement's result. */
      const trip = async (statements: readonly TripStatement[]): Promise<Answer[]> => {
        const begin = pendingBegin;
        pendingBegin = undefined;
        const sent = corked(client, () => [
          ...(begin === undefined ? [] : [client.query(begin)]),
          ...statements.map((statement) => send(statement.sql, statement.parameters)),
        ]);
        // Every answer is awaited before the first failure is thrown: the rollback that follows must not overtake
        // statements still on the wire (it would not: pg answers in order; this keeps the error the first one).
        const settled = await Promise.allSettled(sent);
        const failed = settled.find((outcome) => outcome.status === 'rejected');
        if (failed) throw failed.reason;
        return settled
          .slice(begin === undefined ? 0 : 1)
          .map((outcome) => (outcome as { value: Answer }).value);
      };
      const query = async (text: string, values?: readonly unknown[]): Promise<Answer> => {
        if (isBegin(text)) {
          pendingBegin = text;
          return noop('BEGIN');
        }
        if (text === ONE_TRIP) {
          const answers = await trip(values![0] as TripStatement[]);
          return { command: 'SELECT', rowCount: answers.length, rows: answers.map(({ rows }) => ({ rows })) };
        }
        if (pendingBegin === undefined) return send(text, values);
        // A transaction that ran nothing has nothing to end.
        if (isEnd(text)) {
          pendingBegin = undefined;
          return noop(text.toUpperCase());
        }
        return (await trip([{ sql: text, parameters: values ?? [] }]))[0]!;
      };
      return { query, release: () => client.release(stale) } as unknown as PostgresPoolClient;
    },
    end: () => {
      poolFigures.pools.delete(figures);
      return pool.end();
    },
  };
}

/**
 * Issues queries on a client in pipeline mode as ONE write: each query corks and uncorks the socket itself, so
 * without an outer cork every query would be a system call of its own (on a small virtual machine, the largest
 * part of the server's CPU per bet).
 */
function corked<T>(client: pg.PoolClient, issue: () => T): T {
  const { stream } = (client as unknown as { connection: { stream: Partial<Corkable> } }).connection;
  stream.cork?.();
  try {
    return issue();
  } finally {
    stream.uncork?.();
  }
}
interface Corkable {
  cork(): void;
  uncork(): void;
}

/** PostgreSQL refusing a prepared statement whose result columns changed since it was prepared. */
export const isStalePlan = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '0A000' &&
  /cached plan must not change result type/.test(String((error as { message?: unknown }).message));
