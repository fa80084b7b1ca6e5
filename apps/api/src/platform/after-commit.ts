import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The one way a side effect (a socket push, a process-wide cache note, a mail, a partner call) waits for the
 * database transaction that caused it (docs/architecture.md, "Side effects after commit").
 *
 * Every transaction opened through the services' handle (`ctx.db.transaction()`, see http/ambient-transaction.ts)
 * runs its body inside a *unit*: `afterCommit(work)` called anywhere in that body (or in what it awaits) queues
 * `work`, and the queue runs once the transaction has committed, in order. A rollback drops the queue. When the
 * service's transaction joins a request's outer one (an Idempotency-Key), there is only the outer unit: its
 * effects wait for the outer commit. Outside any open unit the work runs at once, since whatever caused it has
 * committed already.
 */

type Effect = () => unknown;

/** Where a failed effect is told (the app's logger); a failed effect never fails the action that committed. */
export interface EffectLog {
  warn(object: unknown, message: string): void;
}

interface Unit {
  open: boolean;
  effects: { work: Effect; log: EffectLog | undefined }[];
}

const units = new AsyncLocalStorage<Unit>();

/**
 * Runs `work` once the current transaction has committed, or at once when none is open. Never throws: a failed
 * effect is logged (the money has committed; the player's answer must not turn into an error). The returned
 * promise settles when the work has run (at once) or has been queued.
 */
export function afterCommit(work: Effect, log?: EffectLog): Promise<void> {
  const unit = units.getStore();
  if (unit?.open) {
    unit.effects.push({ work, log });
    return Promise.resolve();
  }
  return runEffect(work, log);
}

/** Whether a transaction is open in the current async context (its effects would wait for its commit). */
export const inTransaction = (): boolean => units.getStore()?.open === true;

async function runEffect(work: Effect, log: EffectLog | undefined): Promise<void> {
  try {
    await work();
  } catch (error) {
    (log ?? console).warn({ err: error }, 'a side effect after commit failed');
  }
}

/**
 * Runs a transaction as a unit: `transact` receives `enter`, which it must wrap around the transaction's body
 * (inside the database transaction), and resolves once the transaction has committed. Then the effects the body
 * queued run, in order; when `transact` throws (a rollback, a failed COMMIT), they are dropped.
 */
export async function asUnit<T>(
  transact: (enter: <R>(body: () => Promise<R>) => Promise<R>) => Promise<T>,
): Promise<T> {
  const unit: Unit = { open: false, effects: [] };
  const enter = <R>(body: () => Promise<R>) =>
    units.run(unit, async () => {
      unit.open = true;
      try {
        return await body();
      } finally {
        unit.open = false;
      }
    });
  const result = await transact(enter);
  // An effect that queues another (a push that publishes a follow-up event) runs it at once: the unit is closed.
  for (const { work, log } of unit.effects.splice(0)) await runEffect(work, log);
  return result;
}
