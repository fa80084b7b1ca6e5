import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/connection.ts';

/**
 * One database transaction around a whole request action, without changing the services it calls.
 *
 * `idempotent()` must record an Idempotency-Key's answer in the SAME transaction as the action that answer
 * describes: then a crash either keeps both (a retry replays the answer) or neither (a retry runs the action).
 * Services open their own transactions with `ctx.db.transaction()` and read with `ctx.db`; the database handle
 * built here sends all of that into the ambient transaction while one is open in the current async context, and
 * behaves as the plain handle otherwise.
 */
interface Ambient {
  trx: Db;
  open: boolean;
  /** Work that must see the action committed (a push, a process-wide cache): run once the commit is done. */
  afterCommit: (() => unknown)[];
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

/** The plain handle under an ambient-capable one (or the handle itself). */
export function rawDb(db: Db): Db {
  return ((db as unknown as Record<symbol, Db>)[RAW] ?? db) as Db;
}

/**
 * Runs `body` in a transaction of its own that every use of an ambient-capable handle inside `body` joins.
 * Work that outlives the transaction (a push sent later from the same async context) uses the plain handle.
 * What `body` handed to `afterCommit` runs once the commit is done, in order (nothing of it on a rollback).
 */
export async function inAmbientTransaction<T>(db: Db, body: (trx: Db) => Promise<T>): Promise<T> {
  const ambient: Ambient = { trx: db, open: false, afterCommit: [] };
  const result = await rawDb(db)
    .transaction()
    .execute(async (trx) => {
      ambient.trx = trx;
      ambient.open = true;
      try {
        return await storage.run(ambient, () => body(trx));
      } finally {
        ambient.open = false;
      }
    });
  for (const work of ambient.afterCommit) await work();
  return result;
}

/**
 * Runs `work` once the current action's changes are committed: at once when no ambient transaction is open (a
 * service's own transaction has already committed when its caller gets here), after the ambient commit
 * otherwise. For what must never be seen before the commit: a player's balance push, or a process-wide note that
 * a row exists (another request that trusted it before the commit would look for a row it cannot see yet).
 */
export async function afterCommit(work: () => unknown): Promise<void> {
  const ambient = storage.getStore();
  if (ambient?.open) ambient.afterCommit.push(work);
  else await work();
}
