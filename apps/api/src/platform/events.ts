import { afterCommit, type EffectLog } from './after-commit.ts';

/** A player's balances in centavos, as a committed transaction left them. */
export interface BalancesCents {
  cashCents: bigint;
  bonusCents: bigint;
}

/**
 * The domain events a module publishes for other modules to act on, after the commit of the transaction that
 * published them. A module that changes a player's money says so (`balanceChanged`) instead of importing the
 * modules that tell the player: the wallet, users and engagement modules subscribe, each for its own event.
 */
export interface DomainEventMap {
  /**
   * A player's balances changed (a stake, a win, a deposit, a transfer, a reward). The wallet module sends
   * `insBalance` to a connected player, then publishes `balancePushed`. `balances`: what the committed transaction
   * left, when the publisher knows them (then the push leaves without a read). `change`: 'deposit' sets the
   * recharge flag (`czflag` 1) of the events.
   */
  balanceChanged: { userId: bigint; balances?: BalancesCents; change?: 'deposit' | 'other' };
  /**
   * `insBalance` has just been sent to a connected player: the users module sends `updateUserInfo`, then the
   * engagement module `freeBalance` and the increase offer (in the order the modules are registered in app.ts).
   */
  balancePushed: { userId: bigint; balances: BalancesCents; czflag: 0 | 1 };
  /**
   * Something the player's user object shows changed without a balance change (an operator granted an award):
   * the users module sends `updateUserInfo`.
   */
  userInfoChanged: { userId: bigint };
}

export type DomainEventType = keyof DomainEventMap;
type Handler<K extends DomainEventType> = (event: DomainEventMap[K]) => unknown;

/**
 * Subscriptions are made once, when the modules register; `publish` hands the event to them after the current
 * transaction commits (platform/after-commit.ts): never while the transaction that caused it is open, never after
 * a rollback. Handlers run one after another, in the order they subscribed; one that fails is logged and the
 * others still run.
 */
export class DomainEvents {
  readonly #handlers: { [K in DomainEventType]?: Handler<K>[] } = {};
  readonly #log: EffectLog | undefined;

  constructor(log?: EffectLog) {
    this.#log = log;
  }

  on<K extends DomainEventType>(type: K, handler: Handler<K>): void {
    const handlers: Handler<K>[] = this.#handlers[type] ?? [];
    handlers.push(handler);
    (this.#handlers as Record<K, Handler<K>[]>)[type] = handlers;
  }

  /** Resolves once the event is delivered (no transaction open) or queued for after the commit. */
  publish<K extends DomainEventType>(type: K, event: DomainEventMap[K]): Promise<void> {
    return afterCommit(() => this.#deliver(type, event), this.#log);
  }

  async #deliver<K extends DomainEventType>(type: K, event: DomainEventMap[K]): Promise<void> {
    for (const handler of (this.#handlers[type] ?? []) as Handler<K>[]) {
      try {
        await handler(event);
      } catch (error) {
        (this.#log ?? console).warn({ err: error, event: type }, 'a domain event handler failed');
      }
    }
  }
}
