import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/connection.ts';
import { asUnit } from '../platform/after-commit.ts';

/**
 * One database transaction around a whole request action, without changing the services it calls.
 *
 * `idempotent()` must record an Idempotency-Key's answer in the SAME transaction as the action that answer
 * describes: then a crash either keeps both (a retry replays the answer) or neither (a retry runs the action).
 * Services open their own transactions with `ctx.db.transaction()` and read with `ctx.db`; the database handle
 * built here sends all of that into the ambient transaction while one is open in the current async context, and
 * behaves as the plain handle otherwise.
 *
 * Every transaction opened through that handle is also a unit of platform/after-commit.ts: the side effects its
 * body queues with `afterCommit` run once it has committed, or, when it joined the ambient transaction, once the
 * ambient one has.
 */
interface Ambient {
  trx: Db;
  open: boolean;
}

const storage = new AsyncLocalStorage<Ambient>();
const RAW = Symbol('raw database handle');

/** The handle services receive (ctx.db). */
export function ambientCapable(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === RAW) return target;
      const ambient = storage.getStore();
      if (ambient?.open) {
        // A service's own transaction becomes part of the ambient one (no nesting: one commit decides all).
        if (property === 'transaction') return () => joinAmbient(ambient.trx);
        if (property === 'connection') {
          return () => ({ execute: <T>(fn: (db: Db) => Promise<T>) => fn(ambient.trx) });
        }
      } else if (property === 'transaction') {
        return () => asUnitBuilder(target.transaction());
      }
      // Kysely's classes keep private fields: their methods must run on the real object, not the proxy.
      const self = ambient?.open ? ambient.trx : target;
      const value = Reflect.get(self, property, self);
      return typeof value === 'function' ? value.bind(self) : value;
    },
  });
}

function joinAmbient(trx: Db) {
  const builder = {
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
    execute: <T>(fn: (trx: Db) => Promise<T>) => fn(trx),
  };
  return builder;
}

type TransactionBuilder = ReturnType<Db['transaction']>;

/** A service's own transaction, as a unit: what its body queues with `afterCommit` runs after its commit. */
function asUnitBuilder(builder: TransactionBuilder): TransactionBuilder {
  return new Proxy(builder, {
    get(target, property) {
      if (property === 'execute') {
        return <T>(fn: (trx: Parameters<Parameters<TransactionBuilder['execute']>[0]>[0]) => Promise<T>) =>
          asUnit((enter) => target.execute((trx) => enter(() => fn(trx))));
      }
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // setIsolationLevel / setAccessMode answer a new builder: it must stay a unit too.
      return (...args: unknown[]) => {
        const answer = value.apply(target, args);
        return answer && typeof answer === 'object' && 'execute' in answer ? asUnitBuilder(answer) : answer;
      };
    },
  });
}

/** The plain handle under an ambient-capable one (or the handle itself). */
export function rawDb(db: Db): Db {
  return ((db as unknown as Record<symbol, Db>)[RAW] ?? db) as Db;
}

/**
 * Runs `body` in a transaction of its own that every use of an ambient-capable handle inside `body` joins.
 * Work that outlives the transaction (a push sent later from the same async context) uses the plain handle.
 * What `body` queued with `afterCommit` (platform/after-commit.ts) runs once the commit is done, in order (nothing
 * of it on a rollback or a failed commit).
 */
export async function inAmbientTransaction<T>(db: Db, body: (trx: Db) => Promise<T>): Promise<T> {
  const ambient: Ambient = { trx: db, open: false };
  return asUnit((enter) =>
    rawDb(db)
      .transaction()
      .execute((trx) =>
        enter(async () => {
          ambient.trx = trx;
          ambient.open = true;
          try {
            return await storage.run(ambient, () => body(trx));
          } finally {
            ambient.open = false;
          }
        }),
      ),
  );
}
