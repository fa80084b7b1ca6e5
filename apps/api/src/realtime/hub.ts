import type { Server } from 'socket.io';
import { afterCommit } from '../platform/after-commit.ts';
import { childSpan } from '../platform/tracing.ts';
import { writeVolatile } from './volatile.ts';

/** The socket.io namespace of operators (the back office), apart from the players' default one. */
export const OPERATORS_NAMESPACE = '/operators';

/** Which players have a socket open on some server process (Redis keys the gateway keeps fresh). */
export interface Presence {
  isOnline(userId: bigint): Promise<boolean>;
}

/**
 * Where services send live events. It holds the socket.io server once the gateway is attached; with the Redis
 * adapter a room emit reaches the player on whichever server process holds the connection.
 *
 * Every event and every disconnection leaves only once the database transaction open where it was asked for has
 * committed (platform/after-commit.ts), and never after its rollback: a player never sees a balance, a message or
 * a logout that did not happen. Outside a transaction it leaves at once.
 */
export class RealtimeHub {
  #io: Server | undefined;
  #shared = false;
  #presence: Presence | undefined;
  #broadcasts: Promise<void> = Promise.resolve();
  #queued = 0;

  /**
   * `shared`: the adapter spans server processes (Redis), so this process cannot see every socket; `presence`
   * then says which players have one elsewhere.
   */
  attach(io: Server, options: { shared: boolean; presence?: Presence } = { shared: false }): void {
    this.#io = io;
    this.#shared = options.shared;
    this.#presence = options.presence;
  }

  /**
   * Whether an event for the player could reach a socket: one of this process's, or (shared adapter) one another
   * process announced in Redis. Lets a service skip the queries of a push nobody would receive (most bets: the
   * socket is closed on game pages). When presence cannot be asked, yes: an extra query beats a missed push.
   */
  async mayReach(userId: bigint): Promise<boolean> {
    if (!this.#io) return false;
    if ((this.#io.sockets.adapter.rooms.get(RealtimeHub.roomOf(userId))?.size ?? 0) > 0) return true;
    if (!this.#shared) return false;
    if (!this.#presence) return true;
    return this.#presence.isOnline(userId).catch(() => true);
  }

  static roomOf(userId: bigint): string {
    return `user:${userId}`;
  }

  /** The room of one session's sockets, named by the token's hash (never the token itself). */
  static sessionRoomOf(tokenHash: Buffer): string {
    return `session:${tokenHash.toString('hex')}`;
  }

  /** A revoked token must stop receiving events: its sockets are dropped (logout). */
  disconnectSession(tokenHash: Buffer): void {
    whenCommitted(() => this.#io?.in(RealtimeHub.sessionRoomOf(tokenHash)).disconnectSockets(true));
  }

  /** Every socket of the player is dropped (password reset revokes every token). */
  disconnectUser(userId: bigint): void {
    whenCommitted(() => this.#io?.in(RealtimeHub.roomOf(userId)).disconnectSockets(true));
  }

  emitToUser(userId: bigint, event: string, payload: unknown): void {
    whenCommitted(() => this.#io?.to(RealtimeHub.roomOf(userId)).emit(event, payload));
  }

  /** To every operator connected to the operators' namespace (support inboxes), on any server process. */
  emitToOperators(event: string, payload: unknown): void {
    whenCommitted(() => this.#io?.of(OPERATORS_NAMESPACE).emit(event, payload));
  }

  /** The players with a socket open, on every server process (fetchSockets asks the Redis adapter's peers too). */
  async connectedPlayers(): Promise<bigint[]> {
    if (!this.#io) return [];
    const sockets = await this.#io.fetchSockets();
    const ids = new Set<string>();
    for (const socket of sockets) if (typeof socket.data.userId === 'string') ids.add(socket.data.userId);
    return [...ids].map(BigInt);
  }

  /**
   * To every connected client (`gameRound`, `odds`, `notice`…). One emit to thousands of sockets writes a frame
   * to each in one go and held the event loop for 100 ms and more with 5,000 sockets, stalling every bet behind
   * it. On one process the sockets are reached in chunks, and the loop is let go whenever about
   * BROADCAST_BUDGET_MS of writing is done, so a bet's database answers wait for one short stretch, not for the
   * whole broadcast (with 500-socket slices of about 6 ms, a bet's ten round trips could each wait one). Broadcasts
   * are queued, so each socket still gets them in the order they were sent. Across processes (Redis adapter) the
   * adapter fans out, as before.
   *
   * `volatile` (a stream of ticks where only the newest matters, e.g. crash's multiplier): written to every socket
   * at once, outside the queue, encoded and framed once (realtime/volatile.ts); a socket still writing an earlier
   * packet skips it instead of queueing it, so a slow socket or a busy moment never builds a backlog.
   */
  broadcast(event: string, payload: unknown, options?: { volatile?: boolean }): void {
    if (options?.volatile) whenCommitted(() => this.#broadcastVolatile(event, payload));
    else whenCommitted(() => this.#broadcastNow(event, payload));
  }

  #broadcastVolatile(event: string, payload: unknown): void {
    if (!this.#io) return;
    if (this.#shared) this.#io.volatile.emit(event, payload);
    else writeVolatile(this.#io, event, payload);
  }

  #broadcastNow(event: string, payload: unknown): void {
    const io = this.#io;
    if (!io) return;
    // Few sockets and nothing queued: one emit is short, and it leaves at once.
    if (this.#shared || (this.#queued === 0 && io.of('/').sockets.size <= BROADCAST_CHUNK)) {
      io.emit(event, payload);
      return;
    }
    this.#queued++;
    this.#broadcasts = this.#broadcasts
      .then(async () => {
        // A socket id is also a room of that one socket: one encoded packet per chunk.
        await writeInStretches([...io.of('/').sockets.keys()], (ids) => io.to(ids).emit(event, payload));
      })
      // A broadcast that failed (the server closing) must not stop the ones queued after it.
      .catch(() => undefined)
      .finally(() => {
        this.#queued--;
      });
  }
}

/** At once outside a transaction (synchronously), after its commit inside one. */
function whenCommitted(send: () => unknown): void {
  void afterCommit(() => childSpan('realtime.push', send));
}

/** Sockets per emit of a broadcast (about 0.6 ms of writing on the bench machine). */
const BROADCAST_CHUNK = 50;
/** Writing a broadcast does before it lets the event loop serve what else is waiting. */
const BROADCAST_BUDGET_MS = 2;

/**
 * Writes `items` in chunks, in order, each once, and lets the event loop go (`pause`) whenever `budgetMs` of
 * writing has gone by since the last pause.
 */
export async function writeInStretches<T>(
  items: readonly T[],
  write: (chunk: T[]) => void,
  options: { chunk?: number; budgetMs?: number; clock?: () => number; pause?: () => Promise<void> } = {},
): Promise<void> {
  const {
    chunk = BROADCAST_CHUNK,
    budgetMs = BROADCAST_BUDGET_MS,
    clock = () => performance.now(),
    pause = () => new Promise<void>((resolve) => setImmediate(resolve)),
  } = options;
  let stretchStarted = clock();
  for (let from = 0; from < items.length; from += chunk) {
    if (clock() - stretchStarted >= budgetMs) {
      await pause();
      stretchStarted = clock();
    }
    write(items.slice(from, from + chunk));
  }
}
