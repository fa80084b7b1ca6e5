import type { FastifyInstance } from 'fastify';
import type { Server as SocketServer } from 'socket.io';

/** The event a socket receives just before this process closes it: its client reconnects, to another node. */
export const RECONNECT_HINT_EVENT = 'reconnect';

/**
 * A graceful stop (decision 0045): once `begin` is called /health/ready answers 503, so the balancer takes this
 * node out while it still serves what it is sent; every answer from then on closes its connection, so no
 * keep-alive connection outlives the drain; `settled` tells when the requests still open have all answered.
 */
export class Drain {
  #draining = false;
  #open = 0;
  #waiters: (() => void)[] = [];

  get draining(): boolean {
    return this.#draining;
  }

  /** The requests this process has started answering and not yet finished (or lost to their client). */
  get openRequests(): number {
    return this.#open;
  }

  begin(): void {
    this.#draining = true;
  }

  /** Counts every routed request from its headers on (a slow upload counts while its body arrives). */
  install(app: FastifyInstance): void {
    app.addHook('onRequest', async (_request, reply) => {
      this.#open += 1;
      // 'close' fires both when the answer was sent and when the client went away first.
      reply.raw.once('close', () => this.#finished());
      if (this.#draining) reply.header('connection', 'close');
    });
  }

  /** Resolves true once no request is open, or false when `ms` pass first. */
  settled(ms: number): Promise<boolean> {
    if (this.#open === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  #finished(): void {
    this.#open -= 1;
    if (this.#open > 0) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * Sends every socket the reconnect hint, then closes its transport once the hint is written. A server-side
 * `disconnect(true)` would tell the client it was thrown out, and socket.io-client does not reconnect after that;
 * a closed transport is a lost connection, which it retries (through the balancer, to a node still up).
 */
export function handOffSockets(io: SocketServer): number {
  const connections = new Set<{ close(): void }>();
  for (const namespace of io._nsps.values()) {
    for (const socket of namespace.sockets.values()) {
      socket.emit(RECONNECT_HINT_EVENT, { reason: 'draining' });
      connections.add(socket.conn);
    }
  }
  // Without `discard`, engine.io closes each connection once its write buffer (the hint) is flushed.
  for (const connection of connections) connection.close();
  return connections.size;
}
