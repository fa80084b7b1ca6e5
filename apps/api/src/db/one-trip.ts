import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery as Compiled, type CompiledQuery, type QueryExecutorProvider } from 'kysely';
import type { Tx } from './tx.ts';

/**
 * Several statements of one transaction sent to the database together, with one wait for all their answers
 * instead of one each. A bet's waits, more than its statements, are what a small server spends its time on: each
 * is a system call and a wake-up on both sides. Only for statements that do not need each other's answers;
 * PostgreSQL still runs them one after another, in order, in the caller's transaction. A statement that fails
 * fails the call (the ones after it then fail too: the transaction is aborted), and the caller's transaction
 * rolls back as for any error.
 *
 * On PostgreSQL the statements go out in one write on a pipelined connection (pooled-client.ts); the embedded
 * database runs them one after another in process, where a wait costs nothing.
 */

/** The text of the carrier statement: its one parameter is the list of statements to send. */
export const ONE_TRIP = '/*one trip*/';

export interface TripStatement {
  sql: string;
  parameters: readonly unknown[];
}

/** A Kysely query builder or `sql` template, not yet executed. */
export interface Statement<Row> {
  compile(executorProvider: QueryExecutorProvider): CompiledQuery<Row>;
}
type RowsOf<S> = S extends Statement<infer Row> ? Row[] : never;
/** The rows of each statement of a trip, in order. */
export type RowsOfEach<S extends readonly unknown[]> = { -readonly [K in keyof S]: RowsOf<S[K]> };

export async function inOneTrip<const S extends readonly Statement<unknown>[]>(
  trx: Tx,
  statements: S,
): Promise<RowsOfEach<S>> {
  const compiled = statements.map((statement): TripStatement => {
    const { sql, parameters } = statement.compile(trx);
    return { sql, parameters };
  });
  const result = await trx.executeQuery<{ rows: unknown[] }>(Compiled.raw(ONE_TRIP, [compiled]));
  return result.rows.map((answer) => answer.rows) as RowsOfEach<S>;
}

/** The embedded database as its Kysely dialect sees it, with the carrier statement run one statement at a time. */
export function oneTripPglite(pglite: PGlite): PGlite {
  const query = async (text: string, parameters?: unknown[]) => {
    if (text !== ONE_TRIP) return pglite.query(text, parameters);
    const answers = [];
    for (const statement of parameters![0] as TripStatement[])
      answers.push({ rows: (await pglite.query(statement.sql, [...statement.parameters])).rows });
    return { rows: answers, fields: [] };
  };
  return { query, close: () => pglite.close() } as unknown as PGlite;
}
