import { SpanKind } from '@opentelemetry/api';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { ONE_TRIP, type TripStatement } from '../db/one-trip.ts';
import { childSpan, tracer } from './tracing.ts';

/**
 * A span per SQL statement, from the driver under Kysely: `db.statement` is the text with its `$n` placeholders,
 * never the values (centavos, e-mails, tokens); only inside a trace (tracing.ts, `childSpan`): the background
 * loops' statements make none. With tracing off the driver hands out its own connections unwrapped: the only cost
 * is one check per connection taken.
 */

/** Long statements (a migration, a multi-row insert) are cut: the span is for finding, not replaying. */
const STATEMENT_CHARS = 2_000;
const UNTRACED = Symbol('untraced connection');

type Traced = DatabaseConnection & { [UNTRACED]: DatabaseConnection };

const operationOf = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';

/** The span's name and text: a trip's statements (db/one-trip.ts) are one span, their texts one after another. */
function describe(query: CompiledQuery): { name: string; text: string } {
  if (query.sql !== ONE_TRIP) return { name: operationOf(query.sql), text: query.sql };
  const trip = query.parameters[0] as TripStatement[];
  return {
    name: `one trip (${trip.map((statement) => operationOf(statement.sql)).join(' ')})`,
    text: trip.map((statement) => statement.sql).join(';\n'),
  };
}

function tracedConnection(connection: DatabaseConnection): Traced {
  return {
    [UNTRACED]: connection,
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const { name, text } = describe(query);
      return childSpan(
        name,
        () => connection.executeQuery<R>(query),
        { 'db.system': 'postgresql', 'db.statement': text.slice(0, STATEMENT_CHARS) },
        SpanKind.CLIENT,
      );
    },
    streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
      return connection.streamQuery<R>(query, chunkSize);
    },
  };
}

const untraced = (connection: DatabaseConnection) => (connection as Partial<Traced>)[UNTRACED] ?? connection;

function tracedDriver(driver: Driver): Driver {
  return {
    init: () => driver.init(),
    async acquireConnection() {
      const connection = await driver.acquireConnection();
      return tracer() ? tracedConnection(connection) : connection;
    },
    // BEGIN, COMMIT and savepoints go through the wrapper's executeQuery: they are statements too.
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
    ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
    ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
    // Drivers know their connections by identity (PGlite's) or by a private method (pg's): theirs goes back.
    releaseConnection: (connection) => driver.releaseConnection(untraced(connection)),
    destroy: () => driver.destroy(),
  };
}

/** `dialect`, its statements traced while tracing is on. */
export function tracedDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => tracedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
