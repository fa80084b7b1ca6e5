import type { AppContext } from './app-context.ts';
import type { AuthGuards } from './http/auth.ts';
import type { TypedApp } from './http/typed-app.ts';
import { type Loop, type LoopOptions, stoppableLoop } from './lib/loop.ts';
import type { JobHandler } from './modules/jobs/jobs.service.ts';
import type { PaymentProviders } from './modules/payments/index.ts';
import type { SocketHandlers } from './realtime/gateway.ts';

/**
 * What a module's `register(app, ctx)` receives: the services' context plus the places where a module hands
 * over its routes' guards, its durable job kinds, its background loops and its socket events.
 */
export interface ModuleContext extends AppContext {
  guards: AuthGuards;
  jobs: JobRegistry;
  background: Background;
  sockets: SocketHandlers;
  /** The payment providers the wallet charges and pays out through (modules/payments). */
  payments: PaymentProviders;
}

/** A module: `register` adds its routes, jobs, loops and socket handlers to the app. */
export type RegisterModule<Result = void> = (app: TypedApp, ctx: ModuleContext) => Result | Promise<Result>;

/** The durable job kinds of all modules; one poller runs them (modules/jobs). */
export class JobRegistry {
  readonly handlers: Record<string, JobHandler> = {};

  add(handlers: Record<string, JobHandler>): void {
    for (const [kind, handler] of Object.entries(handlers)) {
      if (this.handlers[kind]) throw new Error(`job kind ${kind} is registered twice`);
      this.handlers[kind] = handler;
    }
  }
}

/**
 * The loops that run beside the HTTP server (job poller, round games, sports feed, reconciliation). They start
 * when the server is ready, and only when background work is enabled (API tests drive time by hand); they stop
 * before it closes, each waiting for its tick in flight.
 */
export class Background {
  readonly #log: AppContext['log'];
  readonly #loops: Loop[] = [];
  readonly #onStop: (() => void | Promise<void>)[] = [];

  constructor(log: AppContext['log']) {
    this.#log = log;
  }

  /** Adds a loop built by `stoppableLoop`. */
  every(options: Omit<LoopOptions, 'log'>): void {
    this.#loops.push(stoppableLoop({ ...options, log: this.#log }));
  }

  /** Adds a loop the module built itself (one that also has other methods, like the feed runner). */
  add(loop: Loop): void {
    this.#loops.push(loop);
  }

  /** Runs after every loop has stopped, whether or not the loops ran. */
  onStop(cleanup: () => void | Promise<void>): void {
    this.#onStop.push(cleanup);
  }

  start(): void {
    for (const loop of this.#loops) loop.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.#loops.map((loop) => loop.stop()));
    for (const cleanup of this.#onStop) await cleanup();
  }
}
