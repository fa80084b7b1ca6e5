import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Db } from '../db/connection.ts';
import { findLivePlayerSession, liveActiveTokenHashes } from '../db/sessions.repository.ts';
import { bearerToken } from '../http/auth.ts';
import { sha256 } from '../lib/secrets.ts';
import { OPERATORS_NAMESPACE, type Presence, RealtimeHub } from './hub.ts';

export const SOCKET_PATH = '/gamecenter-siop';
// setTimeout takes at most 2^31-1 ms (~24.8 days); a longer token is caught by the periodic check.
const MAX_TIMER_MS = 2_147_483_647;
// A player's presence key outlives the refresh that renews it (every socket re-check) by a wide margin.
const PRESENCE_TTL_SECONDS = 90;
const presenceKey = (userId: string) => `aposta:online:${userId}`;

/** What a module does when a player's socket sends `event`. */
export type SocketHandler = (userId: bigint, payload: unknown) => void | Promise<void>;

/** Who an operator's socket belongs to, from its token's hash; undefined refuses the connection. */
export type OperatorSocketAuth = (tokenHash: Buffer) => Promise<bigint | undefined>;

/** The socket events the modules listen to, one handler per event name. */
export class SocketHandlers {
  readonly #handlers = new Map<string, SocketHandler>();
  readonly #operatorHandlers = new Map<string, SocketHandler>();
  #operatorAuth: OperatorSocketAuth | undefined;

  /** Opens the operators' namespace, admitting the sockets `authenticate` accepts. */
  operators(authenticate: OperatorSocketAuth): void {
    if (this.#operatorAuth) throw new Error('the operators namespace is opened twice');
    this.#operatorAuth = authenticate;
  }

  get operatorAuth(): OperatorSocketAuth | undefined {
    return this.#operatorAuth;
  }

  /** What an operator's socket sending `event` does (the handler gets the operator's id). */
  onOperator(event: string, handler: SocketHandler): void {
    if (this.#operatorHandlers.has(event)) throw new Error(`operator socket event ${event} is handled twice`);
    this.#operatorHandlers.set(event, handler);
  }

  operatorEntries(): [string, SocketHandler][] {
    return [...this.#operatorHandlers.entries()];
  }

  on(event: string, handler: SocketHandler): void {
    if (this.#handlers.has(event)) throw new Error(`socket event ${event} is handled twice`);
    this.#handlers.set(event, handler);
  }

  entries(): [string, SocketHandler][] {
    return [...this.#handlers.entries()];
  }
}

export interface Gateway {
  io: Server;
  close(): Promise<void>;
}

type GatewayOptions = {
  db: Db;
  hub: RealtimeHub;
  log: FastifyBaseLogger;
  redisUrl: string | undefined;
  handlers: SocketHandlers;
  /** How often this process re-checks its sockets' tokens and players (revoked elsewhere, blocked). */
  recheckSeconds: number;
};

type AnnouncingPresence = Presence & { announce(userIds: readonly string[]): Promise<void> };

/**
 * The live socket of spec.md section 7: the token comes in the query, a bad one is refused at the handshake
 * (`connect_error`), and each player's sockets share one room so events reach all their tabs. The Redis client and
 * adapter are loaded only when REDIS_URL is set: a single process on the embedded database never pays for them.
 */
export async function attachGateway(httpServer: HttpServer, options: GatewayOptions): Promise<Gateway> {
  const io = new Server(httpServer, { path: SOCKET_PATH, serveClient: false, cors: { origin: false } });
  const { redisClients, presence } = options.redisUrl
    ? await shareThroughRedis(io, options.redisUrl, options.log)
    : { redisClients: [] as Redis[], presence: undefined };
  servePlayers(io, options, presence);
  serveOperators(io, options);

  options.hub.attach(io, { shared: redisClients.length > 0, ...(presence ? { presence } : {}) });
  // Logout and password changes drop their sockets at once; this catches what another process or an operator
  // did (a block, a revocation) within recheckSeconds.
  const recheck = setInterval(() => {
    recheckSockets(io, options.db)
      .then(() => presence?.announce(connectedUserIds(io)))
      .catch((error: unknown) => options.log.error({ err: error }, 'socket re-check failed'));
  }, options.recheckSeconds * 1000);
  recheck.unref();
  return {
    io,
    async close() {
      clearInterval(recheck);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      for (const client of redisClients) client.disconnect();
    },
  };
}

/** Several processes: events cross them through Redis, and Redis says which players have a socket somewhere. */
async function shareThroughRedis(
  io: Server,
  redisUrl: string,
  log: FastifyBaseLogger,
): Promise<{ redisClients: Redis[]; presence: AnnouncingPresence }> {
  const [{ Redis }, { createAdapter }] = await Promise.all([
    import('ioredis'),
    import('@socket.io/redis-adapter'),
  ]);
  const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // The subscriber waits for Redis however long it is down (its subscriptions then go through), rather than
  // giving up after three tries and leaving this process deaf to the others' events.
  const sub = pub.duplicate({ maxRetriesPerRequest: null });
  watchSubscriptions(sub, log);
  io.adapter(createAdapter(pub, sub));
  // Which players have a socket on some process: a push for anyone else is skipped with its queries.
  const presence: AnnouncingPresence = {
    async isOnline(userId) {
      return (await pub.exists(presenceKey(userId.toString()))) === 1;
    },
    async announce(userIds) {
      if (userIds.length === 0) return;
      const batch = pub.pipeline();
      for (const userId of userIds) batch.set(presenceKey(userId), '1', 'EX', PRESENCE_TTL_SECONDS);
      await batch.exec();
    },
  };
  return { redisClients: [pub, sub], presence };
}

/**
 * The Redis adapter subscribes without waiting for the answer; a subscription cut short (the process closing while
 * Redis is down) is logged here instead of surfacing as an unhandled rejection.
 */
function watchSubscriptions(sub: Redis, log: FastifyBaseLogger): void {
  for (const method of ['subscribe', 'psubscribe'] as const) {
    const subscribe = sub[method].bind(sub) as (...args: unknown[]) => Promise<unknown>;
    (sub as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const answer = subscribe(...args);
      answer.catch((error: unknown) => log.warn({ err: error, method }, 'Redis subscription not made'));
      return answer;
    };
  }
}

/** The players' namespace: a live, active session's token opens it; the socket lives no longer than the token. */
function servePlayers(io: Server, options: GatewayOptions, presence: AnnouncingPresence | undefined): void {
  io.use(async (socket, next) => {
    try {
      const token = bearerToken(socket.handshake.query.token ?? socket.handshake.auth?.token);
      const tokenHash = token ? sha256(token) : undefined;
      const player = tokenHash ? await findLivePlayerSession(options.db, tokenHash) : undefined;
      // A blocked or self-excluded player gets no events, as every HTTP call answers them 1403.
      if (!tokenHash || player?.status !== 'active') return next(new Error('unauthorized'));
      socket.data.userId = player.userId.toString();
      socket.data.tokenHash = tokenHash.toString('hex');
      socket.data.expiresAt = player.expiresAt.getTime();
      socket.data.sessionRoom = RealtimeHub.sessionRoomOf(tokenHash);
      // Announced before the client hears `connect`, so no push made after it is skipped.
      await presence
        ?.announce([socket.data.userId as string])
        .catch((error: unknown) => options.log.warn({ err: error }, 'socket presence not announced'));
      return next();
    } catch (error) {
      options.log.error({ err: error }, 'socket handshake failed');
      return next(new Error('unavailable'));
    }
  });

  io.on('connection', (socket) => {
    const userId = BigInt(socket.data.userId as string);
    void socket.join([RealtimeHub.roomOf(userId), socket.data.sessionRoom as string]);
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(MAX_TIMER_MS, Math.max(0, (socket.data.expiresAt as number) - Date.now())),
    );
    socket.once('disconnect', () => clearTimeout(expiry));
    for (const [event, handler] of options.handlers.entries()) {
      socket.on(event, (payload: unknown) => {
        Promise.resolve()
          .then(() => handler(userId, payload))
          .catch((error: unknown) =>
            options.log.error({ err: error, event, userId: userId.toString() }, 'socket event failed'),
          );
      });
    }
  });
}

/** The operators' namespace (back office), opened only when a module serves operator events. */
function serveOperators(io: Server, options: GatewayOptions): void {
  const operatorAuth = options.handlers.operatorAuth;
  if (!operatorAuth) return;
  const operators = io.of(OPERATORS_NAMESPACE);
  operators.use(async (socket, next) => {
    try {
      const token = bearerToken(socket.handshake.query.token ?? socket.handshake.auth?.token);
      const operatorId = token ? await operatorAuth(sha256(token)) : undefined;
      if (operatorId === undefined) return next(new Error('unauthorized'));
      socket.data.operatorId = operatorId.toString();
      return next();
    } catch (error) {
      options.log.error({ err: error }, 'operator socket handshake failed');
      return next(new Error('unavailable'));
    }
  });
  operators.on('connection', (socket) => {
    const operatorId = BigInt(socket.data.operatorId as string);
    for (const [event, handler] of options.handlers.operatorEntries()) {
      socket.on(event, (payload: unknown) => {
        Promise.resolve()
          .then(() => handler(operatorId, payload))
          .catch((error: unknown) =>
            options.log.error(
              { err: error, event, operatorId: operatorId.toString() },
              'socket event failed',
            ),
          );
      });
    }
  });
}

/** The players with a socket on this process. */
function connectedUserIds(io: Server): string[] {
  return [...new Set([...io.of('/').sockets.values()].map((socket) => socket.data.userId as string))];
}

/** Drops this process's sockets whose token was revoked or expired, or whose player is no longer active. */
async function recheckSockets(io: Server, db: Db): Promise<void> {
  const sockets = [...io.of('/').sockets.values()];
  if (sockets.length === 0) return;
  const live = new Set<string>();
  const hashes = [...new Set(sockets.map((socket) => socket.data.tokenHash as string))];
  // In slices, so a process holding many sockets answers bets between them.
  for (let from = 0; from < hashes.length; from += 1_000)
    for (const hash of await liveActiveTokenHashes(db, hashes.slice(from, from + 1_000))) live.add(hash);
  for (const socket of sockets) if (!live.has(socket.data.tokenHash as string)) socket.disconnect(true);
}
